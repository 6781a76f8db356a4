// The API's shapes of middleware/tuning/device_models.py, from the generated types (scripts/gen-api-types.py).
import * as api from './generated/api-types.generated';
import { Narrowed } from './api-shapes';
import { DiskKind } from './tuning-profile';

/** One disk of the box as a cache (L2ARC) or log (SLOG) choice for the previewed pool; `kind` is a `str` in the
 *  model, one of the profile's disk kinds. */
export type TuningDeviceChoice = Narrowed<api.TuningDeviceChoice, { kind: DiskKind | null }>;

export type TuningDeviceChoices = Narrowed<api.TuningDeviceChoices, {
  cache: TuningDeviceChoice[];
  log: TuningDeviceChoice[];
}>;
