// Mirrors middleware/tuning/ladder_models.py: the component ladder (disks, pool, network, protocol) and the
// bottleneck named in words.

export type LadderLayerKind = 'DISKS' | 'POOL' | 'NETWORK' | 'PROTOCOL';

/** `tuning.ladder.read_disks` options: a bounded, read-only sequential read of each of the pool's disks. */
export interface LadderReadDisksOptions {
  pool: string;
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
  /** The stored result the figure comes from (`disk_read`, `benchmark`, `network` …). */
  source: { kind: string; id: number } | null;
  note: string | null;
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
  disk: string;
  read_bytes_per_second: number | null;
}

/** What `tuning.ladder.read_disks` stores and answers (table `disk_read`). */
export interface DiskRead {
  id: number;
  created_at: string;
  pool: string;
  disks: DiskReadFigure[];
  /** The disks read together: the ladder's lowest rung. */
  total_read_bytes_per_second: number | null;
  /** True in the sandbox: the disks are files standing in for them. */
  stand_in: boolean;
}
