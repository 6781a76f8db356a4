import { Campaign } from '../api/models/tuning-campaign';

export function fakeCampaign(overrides: Partial<Campaign> = {}): Campaign {
  return {
    id: 1, label: 'tank/media campaign', created_at: '2026-01-01T10:00:00Z', updated_at: '2026-01-01T10:00:00Z',
    spec: {
      dataset: 'tank/media', presets: ['max-iops'], benchmark: { tests: ['SEQ_WRITE'], profile: 'QUICK', runs: 2 },
      rounds: 2, allow_reboot: false, order: 'INTERLEAVED', finish: { mode: 'ORIGINAL' },
    },
    state: 'RUNNING', phase: 'BENCHMARK', cursor: 1,
    steps: [
      { round: 1, configuration: 'BASELINE', benchmark_id: 11, status: 'DONE', note: null },
      { round: 1, configuration: 'max-iops', benchmark_id: null, status: 'PENDING', note: null },
    ],
    configurations: [{ name: 'BASELINE', preset: null, skipped: null }, { name: 'max-iops', preset: 'max-iops', skipped: null }],
    results: {}, recommendation: null, message: null, job_id: 40, abort_requested: false, log: [],
    progress: 'round 1/2 · Max IOPS · benchmarking',
    ...overrides,
  };
}

export function fakeDoneCampaign(overrides: Partial<Campaign> = {}): Campaign {
  return fakeCampaign({
    state: 'DONE', phase: 'END', cursor: 2, job_id: null, progress: 'done',
    results: { BASELINE: 21, 'max-iops': 22 },
    recommendation: [{
      test: 'SEQ_WRITE', metric: 'write_bw_bytes', direction: 'higher', winner: 'max-iops', ratio: 1.12,
      ratio_ci_low: 1.05, ratio_ci_high: 1.2, p_adjusted: 0.004, verdict: 'BETTER',
      summary: 'max-iops writes 12 % faster than the baseline',
    }],
    ...overrides,
  });
}
