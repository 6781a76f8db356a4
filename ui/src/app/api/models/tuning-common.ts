// Mirrors middleware/tuning/common_models.py (the source of truth).
import { TuningDeviceChoices } from './tuning-devices';

export type SettingKind = 'ZFS_PARAMETER' | 'SYSCTL' | 'DATASET_PROPERTY' | 'POOL_DEVICE' | 'SERVICE';
export type ApplyMode = 'LIVE' | 'NEW_DATA' | 'SERVICE_RESTART' | 'REBOOT';
export type Risk = 'SAFE' | 'CAUTION' | 'DANGEROUS';
export type ValueSource = 'LOCAL' | 'INHERITED' | 'DEFAULT' | 'INHERIT';

export interface TuningTarget {
  pool: string;
  dataset?: string | null;
  cache_disks?: string[];
  log_disks?: string[];
}

export interface TuningChange {
  key: string;
  setting: string;
  /** What the setting is, in words; null in rows stored before summaries came. */
  summary?: string | null;
  kind: SettingKind;
  scope: string;
  current: string | null;
  proposed: string | null;
  proposed_source?: ValueSource | null;
  apply_mode: ApplyMode;
  risk: Risk;
  risk_reason?: string | null;
  rationale: string;
  source: string;
  /** `current` already equals `proposed`: only where the value comes from changes (a dataset inheriting again). */
  same_value?: boolean;
}

export interface TuningPrerequisite {
  id: string;
  met: boolean;
  message: string;
}

export interface TuningPlan {
  preset: string;
  target: TuningTarget;
  changes: TuningChange[];
  unchanged: TuningChange[];
  prerequisites: TuningPrerequisite[];
  warnings: string[];
  needs_reboot: boolean;
  dangerous: string[];
  computed_for: Record<string, unknown>;
  /** Previews: every disk as a cache/log choice, with why it is not offered. */
  devices?: TuningDeviceChoices | null;
}

export interface TuningTunableState {
  id: number;
  value: string;
  enabled: boolean;
}

export interface TuningSettingValue {
  key: string;
  kind: SettingKind;
  scope: string;
  setting: string;
  value: string | null;
  exists: boolean;
  source?: ValueSource | null;
  writable?: boolean | null;
  tunable?: TuningTunableState | null;
}

export interface TuningApplyOutcome {
  restore_point_id: number | null;
  preset: string | null;
  target: TuningTarget | null;
  applied: TuningChange[];
  pending_reboot: string[];
  verified: string[];
}
