// Mirrors middleware/tuning/profile_models.py.
import { ApplyMode, Risk, SettingKind } from './tuning-common';

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
}

export interface TuningStatePending {
  key: string;
  setting: string;
  proposed: string | null;
  since: string;
  restore_point_id: number;
}

export interface TuningStateDrift {
  key: string;
  setting: string;
  scope: string;
  expected: string | null;
  actual: string | null;
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
  busy: { job_id: number | null; method: string } | null;
  recovered: string[];
}
