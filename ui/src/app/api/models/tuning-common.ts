// Mirrors middleware/tuning/common_models.py (the source of truth).
import { TuningDeviceChoices } from './tuning-devices';

export type SettingKind = 'ZFS_PARAMETER' | 'SYSCTL' | 'DATASET_PROPERTY' | 'POOL_DEVICE' | 'SERVICE';
export type ApplyMode = 'LIVE' | 'NEW_DATA' | 'SERVICE_RESTART' | 'REBOOT';
export type Risk = 'SAFE' | 'CAUTION' | 'DANGEROUS';
/** What a setting's value counts (mirrors SettingUnit): the panel shows "24.0 GiB" for BYTES "25769803776". */
export type SettingUnit = 'BYTES' | 'BYTES_PER_SECOND' | 'PERCENT' | 'SECONDS' | 'COUNT';
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
  /** What `current` and `proposed` count; null: no unit (an enum, a switch); absent from older plugins. */
  unit?: SettingUnit | null;
  /** 0 leaves the setting to OpenZFS (zfs_arc_max/min): show "0 (OpenZFS default)", not 0 B. */
  zero_is_default?: boolean;
  /** Preset previews, a dataset property: child datasets of `scope` that inherit the change (at most 50 names);
   *  null on other rows. */
  children_inheriting?: string[] | null;
  /** How many child datasets inherit the change in all. */
  children_inheriting_count?: number | null;
  /** Child datasets that hold their own value (or sit below one that does): the change does not reach them. */
  children_overriding?: string[] | null;
  children_overriding_count?: number | null;
}

/** A setting that can lose data on power loss, in effect when a figure was measured (a result's
 * `context.data_loss_settings`, the ladder's POOL layer): sync Disabled on a dataset, a cache-flush switch on. */
export interface TuningDataLossSetting {
  kind: SettingKind;
  setting: string;
  /** The setting in words ("Synchronous writes"). */
  name: string;
  /** The dataset, or `global` for the box-wide switches. */
  scope: string;
  value: string;
  /** "Synchronous writes Disabled on tank/media: not safe on power loss". */
  words: string;
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
