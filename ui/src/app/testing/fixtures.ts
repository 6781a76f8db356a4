// Small realistic rows for component tests (shapes from middleware/tuning/*_models.py).
import { Job } from '../api/models/job';
import {
  BenchmarkComparison, BenchmarkResult, ComparisonRow, MeasuredContext, MetricStats,
} from '../api/models/tuning-benchmark';
import { TuningChange, TuningPlan } from '../api/models/tuning-common';
import { TuningPreset, TuningRestorePoint } from '../api/models/tuning-preset';
import { TuningProfile, TuningState } from '../api/models/tuning-profile';
import { COMPARE_SAMPLE } from './compare-sample';

export function fakeProfile(): TuningProfile {
  return {
    backend: 'sandbox',
    platform: { name: 'tuning-host', version: 'tuning-host sandbox 0.1' },
    openzfs_version: '2.2.7',
    cpu: { model: 'Xeon', cores: 8 },
    memory: { physical_bytes: 64 * 1024 ** 3, arc_max_bytes: 32 * 1024 ** 3, arc_min_bytes: 1024 ** 3, arc_size_bytes: 8 * 1024 ** 3 },
    pools: [{
      name: 'tank', status: 'ONLINE', size_bytes: 10 * 1024 ** 4, allocated_bytes: 1024 ** 4, free_bytes: 9 * 1024 ** 4,
      used_percent: 10, layout: 'RAIDZ2 6×HDD',
      data_vdevs: [{ type: 'RAIDZ2', disks: ['sda', 'sdb', 'sdc', 'sdd', 'sde', 'sdf'], disk_kind: 'HDD' }],
      cache: [], log: [], disk_kind: 'HDD', data_disk_count: 6, datasets: ['tank', 'tank/vms'],
    }],
    disks: [],
    unused_disks: [{ name: 'nvme0n1', kind: 'NVME', size_bytes: 512 * 1024 ** 3, model: 'Fast', serial: 'S1', pool: null }],
    nics: [{ name: 'eno1', link_up: true, speed_mbps: 10000 }],
    zfs_parameters_count: 300,
  };
}

export function fakeState(partial: Partial<TuningState> = {}): TuningState {
  return {
    backend: 'sandbox', boot_id: 'boot-1', active: null, in_effect: [], pending_reboot: [], drift: [], busy: null,
    recovered: [],
    ...partial,
  };
}

export function fakePreset(partial: Partial<TuningPreset> = {}): TuningPreset {
  return {
    id: 'max-iops', name: 'Max IOPS', description: 'Small random I/O', builtin: true,
    optimizes: ['random IOPS'], costs: ['less sequential throughput'], base: null, settings: [],
    created_at: null, updated_at: null, ...partial,
  };
}

export function fakeChange(partial: Partial<TuningChange> = {}): TuningChange {
  return {
    key: 'DATASET_PROPERTY:tank:recordsize', setting: 'recordsize', kind: 'DATASET_PROPERTY', scope: 'tank',
    current: '128K', proposed: '16K', apply_mode: 'NEW_DATA', risk: 'SAFE', rationale: 'Small blocks for small I/O',
    source: 'OpenZFS docs', unit: 'BYTES', zero_is_default: false, children_inheriting: null,
    children_inheriting_count: null, children_overriding: null, children_overriding_count: null, ...partial,
  };
}

export function fakePlan(changes: TuningChange[] = [fakeChange()], partial: Partial<TuningPlan> = {}): TuningPlan {
  return {
    preset: 'max-iops', target: { pool: 'tank' }, changes, unchanged: [], prerequisites: [], warnings: [],
    needs_reboot: changes.some((c) => c.apply_mode === 'REBOOT'),
    dangerous: changes.filter((c) => c.risk === 'DANGEROUS').map((c) => c.key), computed_for: {}, ...partial,
  };
}

/** As an older server sends it, without `title` (the page then says the kind and preset): give one to test it. */
export function fakeRestorePoint(partial: Partial<TuningRestorePoint> = {}): TuningRestorePoint {
  return {
    id: 1, created_at: '2026-01-01T10:00:00Z', kind: 'APPLY', preset: 'max-iops', target: { pool: 'tank' },
    state: 'APPLIED', entries: [], changes: [fakeChange()], reverts: null, reverted_by: null, message: null,
    ...partial,
  } as TuningRestorePoint;
}

export function fakeJob<R>(partial: Partial<Job<R>> = {}): Job<R> {
  return {
    id: 5, method: 'tuning.preset.apply', arguments: [], state: 'RUNNING', result: null, error: null,
    progress: { percent: 40, description: 'Applying recordsize', extra: null }, ...partial,
  };
}

/** Summary statistics of some values as the server writes them (CI = min…max is enough for the panel's tests). */
export function fakeStats(values: number[]): MetricStats {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
  const mean = values.reduce((a, b) => a + b, 0) / values.length;
  return {
    n: values.length, values, median, ci_low: sorted[0], ci_high: sorted[sorted.length - 1], ci_confidence: 0.75,
    mean, stdev: null, cv_percent: 2, min: sorted[0], max: sorted[sorted.length - 1], outliers: [],
  };
}

export function fakeMeasuredContext(partial: Partial<MeasuredContext> = {}): MeasuredContext {
  const profile = fakeProfile();
  return {
    preset: null, pending_reboot: [], drift: [],
    target: { dataset: 'tank', pool: 'tank', mountpoint: '/mnt/tank', filesystem: 'zfs' },
    settings: [
      { kind: 'DATASET_PROPERTY', scope: 'tank', setting: 'recordsize', value: '128K', source: 'DEFAULT', exists: true },
      { kind: 'ZFS_PARAMETER', scope: 'global', setting: 'zfs_txg_timeout', value: '5', source: null, exists: true },
    ],
    pool: profile.pools[0], backend: 'sandbox', platform: profile.platform, openzfs_version: '2.2.7',
    memory: profile.memory, cpu: profile.cpu, nics: profile.nics,
    theoretical_max: { bytes_per_second: 1_250_000_000, basis: 'eno1 link at 10000 Mb/s' },
    cache_defeat: { method: 'O_DIRECT', explanation: 'not ZFS: O_DIRECT bypasses the page cache; 256 MiB working set' },
    plan: {
      profile: 'QUICK', runs: 3, max_runs: 3, adaptive: false, runtime_seconds: 3, ramp_seconds: 1,
      space: { required_bytes: 268435456, refquota_bytes: 295279002 }, tests: ['SEQ_WRITE', 'RAND_READ_4K'],
    },
    profile, fio_version: 'fio-3.33', ...partial,
  };
}

/** A measured result: SEQ_WRITE ≈ 400 MB/s and RAND_READ_4K ≈ 12k IOPS, with latency percentiles. */
export function fakeBenchmark(partial: Partial<BenchmarkResult> = {}): BenchmarkResult {
  return {
    id: 1, label: 'baseline', created_at: '2026-01-01T10:00:00Z', source: 'FIO',
    spec: {
      dataset: 'tank', tests: ['SEQ_WRITE', 'RAND_READ_4K'], profile: 'QUICK', runs: 3, adaptive: false, label: 'baseline',
      runtime_seconds: null, ramp_seconds: null, working_set_bytes: null,
    },
    context: fakeMeasuredContext(),
    summary: {
      SEQ_WRITE: {
        write_bw_bytes: fakeStats([390e6, 400e6, 410e6]), write_iops: fakeStats([372, 381, 391]),
        write_lat_p50_ns: fakeStats([1.3e6, 1.4e6, 1.5e6]), write_lat_p90_ns: fakeStats([2e6, 2.1e6, 2.2e6]),
        write_lat_p99_ns: fakeStats([3e6, 3.5e6, 4e6]), write_lat_p99_9_ns: fakeStats([5e6, 5.5e6, 6e6]),
      },
      RAND_READ_4K: {
        read_iops: fakeStats([11000, 12000, 13000]), read_bw_bytes: fakeStats([45e6, 49e6, 53e6]),
        read_lat_p50_ns: fakeStats([80e3, 90e3, 100e3]), read_lat_p90_ns: fakeStats([150e3, 160e3, 170e3]),
        read_lat_p99_ns: fakeStats([400e3, 450e3, 500e3]), read_lat_p99_9_ns: fakeStats([900e3, 1e6, 1.1e6]),
      },
    },
    runs: {
      SEQ_WRITE: [{
        run: 1, metrics: { write_bw_bytes: 400e6 }, bw_bytes: 400e6, iops: 381,
        lat_ns: { p50: 1.4e6, p90: 2.1e6, p99: 3.5e6, p99_9: 5.5e6 },
        iodepth: { requested: 4, achieved: 4, ok: true, distribution: { '4': 100 } },
      }],
    },
    jobs: ['; tuning benchmark: sequential write (O_DIRECT)\n[global]\ndirect=1\n[seq_write]\nrw=write\nbs=1m\n'],
    notes: ['Sequential write 1 MiB: 3 runs planned'],
    ...partial,
  };
}

/** A bonnie++ import: three runs of block write/read and seeks; no spec, no fio jobs. */
export function fakeImportedBenchmark(partial: Partial<BenchmarkResult> = {}): BenchmarkResult {
  return {
    id: 3, label: 'old bonnie', created_at: '2026-01-02T10:00:00Z', source: 'BONNIE', spec: null,
    context: { imported: { format: 'BONNIE', tool_version: '2.00a' } },
    summary: {
      SEQ_WRITE: { write_bw_bytes: fakeStats([95e6, 100e6, 105e6]) },
      SEQ_READ: { read_bw_bytes: fakeStats([180e6]) },
      RANDOM_IOPS: { iops: fakeStats([9144, 10291, 12103]) },
    },
    runs: { RANDOM_IOPS: [{ run: 1, metrics: { iops: 12103 }, bw_bytes: null, iops: 12103, lat_ns: null }] },
    jobs: [],
    notes: ['bonnie++ reports one worst-case latency per test, not percentiles: latency is not imported'],
    ...partial,
  };
}

export function fakeComparisonRow(partial: Partial<ComparisonRow> = {}): ComparisonRow {
  return {
    test: 'SEQ_WRITE', metric: 'write_bw_bytes', direction: 'HIGHER',
    baseline: fakeStats([390e6, 400e6, 410e6]), other: fakeStats([470e6, 480e6, 490e6]),
    ratio: 1.2, ratio_ci_low: 1.15, ratio_ci_high: 1.25, p_value: 0.01, p_adjusted: 0.02, verdict: 'BETTER',
    ...partial,
  };
}

export function fakeComparison(partial: Partial<BenchmarkComparison> = {}): BenchmarkComparison {
  return {
    baseline: { id: 1, label: 'baseline', source: 'FIO' },
    comparisons: [{
      id: 2, label: 'tuned', source: 'FIO',
      metrics: [
        fakeComparisonRow(),
        fakeComparisonRow({
          metric: 'write_lat_p99_ns', direction: 'LOWER', baseline: fakeStats([3e6, 3.5e6, 4e6]),
          other: fakeStats([3.4e6, 3.5e6, 3.6e6]), ratio: 1, ratio_ci_low: 0.97, ratio_ci_high: 1.03,
          p_value: 0.9, p_adjusted: 1, verdict: 'NO_CHANGE',
        }),
      ],
    }],
    theoretical_max: { bytes_per_second: 1_250_000_000, basis: 'eno1 link at 10000 Mb/s' },
    warnings: ["#1 'baseline' SEQ_WRITE write_bw_bytes: noisy (CV 12.0 % over 3 runs)"],
    ...COMPARE_SAMPLE, // what the server draws, computed by its own code
    ...partial,
  };
}
