// Mirrors middleware/tuning/profile_models.py.
import { ApplyMode, Risk, SettingKind, SettingUnit } from './tuning-common';

export type DiskKind = 'HDD' | 'SSD' | 'NVME';
export type PoolDiskKind = DiskKind | 'MIXED';

export interface TuningProfileDisk {
  name: string;
  kind: DiskKind;
  size_bytes: number;
  model: string | null;
  serial: string | null;
  pool: string | null;
}

export interface TuningProfileVdev {
  type: string;
  disks: string[];
  disk_kind: PoolDiskKind;
}

export interface TuningProfilePool {
  name: string;
  status: string;
  size_bytes: number;
  allocated_bytes: number;
  free_bytes: number;
  used_percent: number;
  layout: string;
  data_vdevs: TuningProfileVdev[];
  cache: string[];
  log: string[];
  disk_kind: PoolDiskKind;
  data_disk_count: number;
  datasets: string[];
}

export interface TuningProfileNic {
  name: string;
  link_up: boolean;
  speed_mbps: number | null;
  /** MTU in bytes as the kernel has it (absent from older servers). */
  mtu?: number | null;
}

export interface TuningProfile {
  backend: 'truenas' | 'openzfs' | 'sandbox';
  platform: { name: string; version: string };
  openzfs_version: string | null;
  cpu: { model: string; cores: number };
  memory: { physical_bytes: number; arc_max_bytes: number; arc_min_bytes: number; arc_size_bytes: number };
  pools: TuningProfilePool[];
  disks: TuningProfileDisk[];
  unused_disks: TuningProfileDisk[];
  nics: TuningProfileNic[];
  zfs_parameters_count: number;
}

export interface TuningStateActive {
  preset: string;
  target: Record<string, unknown>;
  restore_point_id: number;
  applied_at: string;
}

/** A setting tuning changed that is still in effect (mirrors TuningStateInEffect in profile_models.py). */
export interface TuningStateInEffect {
  key: string;
  kind: SettingKind;
  setting: string;
  /** What the setting changes, in words. */
  summary: string;
  scope: string;
  value: string | null;
  inherited: boolean;
  apply_mode: ApplyMode;
  risk: Risk;
  risk_reason: string | null;
  preset: string | null;
  /** Reverting this restore point undoes the setting. */
  restore_point_id: number;
  applied_at: string;
  pending_reboot: boolean;
  /** How many settings reverting `restore_point_id` puts back (1: this row alone; a revert is of a whole restore point). */
  restore_point_changes?: number;
  /** What the box holds now; null when it could not be read. */
  actual?: string | null;
  /** The box holds another value than `value` (changed outside tuning): the same key is in `drift`. */
  drifted?: boolean;
  /** What the values count; null: no unit; absent from older plugins. */
  unit?: SettingUnit | null;
  /** 0 leaves the setting to OpenZFS (zfs_arc_max/min). */
  zero_is_default?: boolean;
}

export interface TuningStatePending {
  key: string;
  setting: string;
  proposed: string | null;
  since: string;
  restore_point_id: number;
  /** The setting's name in words, what `proposed` counts and whether 0 leaves it to OpenZFS (absent from older
   *  plugins). */
  name?: string | null;
  unit?: SettingUnit | null;
  zero_is_default?: boolean;
}

/** A setting changed outside tuning (mirrors TuningStateDrift): put it back or keep the box's value by `key`. */
export interface TuningStateDrift {
  key: string;
  kind?: SettingKind;
  setting: string;
  summary?: string;
  scope: string;
  /** The value tuning set. */
  expected: string | null;
  inherited?: boolean;
  /** What the box holds now. */
  actual: string | null;
  /** The risk of the tuned value: putting back a DANGEROUS one needs it acknowledged. */
  risk?: Risk;
  restore_point_id?: number;
  /** What the values count; null: no unit; absent from older plugins. */
  unit?: SettingUnit | null;
  /** 0 leaves the setting to OpenZFS (zfs_arc_max/min). */
  zero_is_default?: boolean;
}

/** Drift the admin accepted (`tuning.drift.accept`): the box's value kept; `put_back` sets `expected` again. */
export interface TuningStateAccepted {
  key: string;
  kind: SettingKind;
  setting: string;
  summary: string;
  scope: string;
  expected: string | null;
  value: string | null;
  restore_point_id: number;
  accepted_at: string;
  /** What the values count; null: no unit; absent from older plugins. */
  unit?: SettingUnit | null;
  /** 0 leaves the setting to OpenZFS (zfs_arc_max/min). */
  zero_is_default?: boolean;
}

export interface TuningState {
  backend: string;
  boot_id: string;
  /** The latest preset applied; earlier ones may still hold settings (see in_effect). */
  active: TuningStateActive | null;
  /** Every setting tuning changed still in effect, DANGEROUS first (absent from plugins older than this panel). */
  in_effect: TuningStateInEffect[];
  pending_reboot: TuningStatePending[];
  drift: TuningStateDrift[];
  /** Drift the admin accepted (absent from plugins older than this panel). */
  accepted?: TuningStateAccepted[];
  busy: { job_id: number | null; method: string } | null;
  recovered: string[];
}
