// Mirrors middleware/tuning/ladder_models.py: the component ladder (disks, pool, network, protocol) and the
// bottleneck named in words.
import { SettingUnit, TuningDataLossSetting } from './tuning-common';

export type LadderLayerKind = 'DISKS' | 'POOL' | 'NETWORK' | 'PROTOCOL';
export type LadderSourceKind = 'DISK_READ' | 'BENCHMARK' | 'NETWORK' | 'CLIENT';

/** `tuning.ladder.read_disks` options: a bounded, read-only sequential read of each of the pool's data disks. */
export interface LadderReadDisksOptions {
  pool: string;
  /** 3–60 (default 10). */
  seconds_per_disk?: number;
}

export interface LadderGetOptions {
  pool: string;
  dataset?: string | null;
}

/** One rung: what this layer moves, and where the figure comes from. */
export interface LadderLayer {
  layer: LadderLayerKind;
  /** In words: "disks of tank (6 × HDD)", "1 GbE link (eno1)", "NFS 4.2 from ws1". */
  name: string;
  protocol: string | null;
  read_bytes_per_second: number | null;
  write_bytes_per_second: number | null;
  measured_at: string | null;
  /** The stored row the figure comes from: a disk read, a benchmark (local or from a client), a network result. */
  source: { kind: LadderSourceKind; id: number } | null;
  note: string | null;
  /** NETWORK: the directions whose figure is the link's nominal rate, standing in for a measurement that did not
   * cross the link. */
  nominal: ('read' | 'write')[];
  /** POOL: its result was measured under the settings the box holds now (false: see `settings_then`). */
  current_settings?: boolean;
  /** POOL: the settings its result was measured under that the box no longer holds. */
  settings_then?: LadderSettingThen[];
  /** POOL: the settings that can lose data on power loss its result was measured with (its write figure is faster
   * than safe writes allow; the note and the verdict say it); null: the result does not tell; absent from older
   * servers. */
  data_loss_settings?: TuningDataLossSetting[] | null;
}

export interface LadderSettingThen {
  kind: string;
  scope: string;
  setting: string;
  /** The setting in words, as in `tuning.preset.settings` ("Record size"); absent from older servers. */
  name?: string | null;
  then: string | null;
  now: string | null;
  /** What `then` and `now` count, as on plan rows (null: no unit, an enum or a switch); absent from older servers. */
  unit?: SettingUnit | null;
  /** A value 0 leaves the setting to OpenZFS (the ARC sizes); absent from older servers. */
  zero_is_default?: boolean;
}

export interface LadderBottleneckSide {
  layer: LadderLayerKind;
  protocol: string | null;
  words: string;
}

export interface Ladder {
  pool: string;
  dataset: string | null;
  layers: LadderLayer[];
  bottleneck: { read: LadderBottleneckSide | null; write: LadderBottleneckSide | null };
  /** The sentence that names the limiting layer. */
  verdict: string;
  /** What is not measured yet, as next steps. */
  missing: string[];
}

/** One disk's raw sequential read. */
export interface DiskReadFigure {
  /** `sda`. */
  name: string;
  /** What fio read: `/dev/<name>`, or on the sandbox the stand-in file. */
  device: string;
  read_bytes_per_second: number | null;
  seconds: number | null;
  /** Why this disk has no figure, in words. */
  error: string | null;
}

/** What `tuning.ladder.read_disks` stores and answers. */
export interface DiskRead {
  id: number;
  created_at: string;
  pool: string;
  disks: DiskReadFigure[];
  /** The sum of the disks' reads: an upper bound for what the pool can read. */
  total_read_bytes_per_second: number | null;
  options: Record<string, unknown>;
  /** True on the sandbox: stand-in files were read, not disks. */
  stand_in: boolean;
  /** Devices of the pool that were not read, in words (cache, log, spare, special). */
  skipped: string[];
  /** What was read, in words. */
  words: string;
}
