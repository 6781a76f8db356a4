// Small realistic rows for component tests (shapes from middleware/tuning/*_models.py).
import { Job } from '../api/models/job';
import { BenchmarkResult } from '../api/models/tuning-benchmark';
import { TuningChange, TuningPlan } from '../api/models/tuning-common';
import { TuningPreset, TuningRestorePoint } from '../api/models/tuning-preset';
import { TuningProfile, TuningState } from '../api/models/tuning-profile';

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
    backend: 'sandbox', boot_id: 'boot-1', active: null, pending_reboot: [], drift: [], busy: null, recovered: [],
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
    source: 'OpenZFS docs', ...partial,
  };
}

export function fakePlan(changes: TuningChange[] = [fakeChange()], partial: Partial<TuningPlan> = {}): TuningPlan {
  return {
    preset: 'max-iops', target: { pool: 'tank' }, changes, unchanged: [], prerequisites: [], warnings: [],
    needs_reboot: changes.some((c) => c.apply_mode === 'REBOOT'),
    dangerous: changes.filter((c) => c.risk === 'DANGEROUS').map((c) => c.key), computed_for: {}, ...partial,
  };
}

export function fakeRestorePoint(partial: Partial<TuningRestorePoint> = {}): TuningRestorePoint {
  return {
    id: 1, created_at: '2026-01-01T10:00:00Z', kind: 'APPLY', preset: 'max-iops', target: { pool: 'tank' },
    state: 'APPLIED', entries: [], changes: [fakeChange()], reverts: null, reverted_by: null, message: null,
    ...partial,
  };
}

export function fakeJob<R>(partial: Partial<Job<R>> = {}): Job<R> {
  return {
    id: 5, method: 'tuning.preset.apply', arguments: [], state: 'RUNNING', result: null, error: null,
    progress: { percent: 40, description: 'Applying recordsize', extra: null }, ...partial,
  };
}

export function fakeBenchmark(partial: Partial<BenchmarkResult> = {}): BenchmarkResult {
  return {
    id: 1, label: 'baseline', created_at: '2026-01-01T10:00:00Z', source: 'FIO',
    spec: { dataset: 'tank', tests: ['SEQ_WRITE'], profile: 'QUICK', runs: 3 },
    context: { preset: 'max-iops', settings: [{ setting: 'recordsize', value: '16K' }] },
    summary: {
      SEQ_WRITE: { bw_mbps: { median: 400, ci_low: 380, ci_high: 420, n: 3 }, lat_p99_us: { median: 900, n: 3 } },
      RAND_READ_4K: { iops: { median: 12000, ci_low: 11000, ci_high: 13000, n: 3 } },
    },
    runs: {}, jobs: [], notes: [], ...partial,
  };
}
