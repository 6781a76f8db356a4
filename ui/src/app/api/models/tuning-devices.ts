// Mirrors middleware/tuning/device_models.py (the source of truth).
import { DiskKind } from './tuning-profile';

/** One disk of the box as a cache (L2ARC) or log (SLOG) choice for the previewed pool. */
export interface TuningDeviceChoice {
  name: string;
  kind: DiskKind | null;
  size_bytes: number;
  model?: string | null;
  eligible: boolean;
  /** Why it is not offered, in words ("is already chosen as the log device"); null when eligible. */
  reason?: string | null;
}

export interface TuningDeviceChoices {
  cache: TuningDeviceChoice[];
  log: TuningDeviceChoice[];
}
