import { fakeBenchmark, fakeComparison, fakeImportedBenchmark, fakeStats } from '../../testing/fixtures';
import {
  bandwidthGroups, baselineFirst, deltaRows, iopsGroups, latencyChoices, latencySeries,
} from './compare-data';

const base = fakeBenchmark({ id: 1, label: 'before' });
const tuned = fakeBenchmark({
  id: 2, label: 'after',
  summary: { SEQ_WRITE: { write_bw_bytes: fakeStats([500e6, 520e6, 540e6]), write_lat_p50_ns: fakeStats([1e6]) } },
});
const bonnie = fakeImportedBenchmark({ id: 3 });

describe('compare data', () => {
  it('puts the baseline first, then the others by id', () => {
    expect(baselineFirst([bonnie, base, tuned], 2).map((r) => r.id)).toEqual([2, 1, 3]);
  });

  it('groups sequential bandwidth in MB/s with the CI of each median', () => {
    expect(bandwidthGroups([base, tuned, bonnie])).toEqual([
      {
        label: 'Sequential write (1M)',
        bars: [
          { series: '#1 before', value: 400, ciLow: 390, ciHigh: 410 },
          { series: '#2 after', value: 520, ciLow: 500, ciHigh: 540 },
          { series: '#3 old bonnie', value: 100, ciLow: 95, ciHigh: 105 },
        ],
      },
      { label: 'Sequential read (1M)', bars: [{ series: '#3 old bonnie', value: 180, ciLow: 180, ciHigh: 180 }] },
    ]);
  });

  it('groups IOPS of non-sequential tests, naming the direction only where a test has two', () => {
    const mixed = fakeBenchmark({
      id: 4, label: 'mixed',
      summary: { MIXED_70_30: { read_iops: fakeStats([7000]), write_iops: fakeStats([3000]) } },
    });
    expect(iopsGroups([base, bonnie, mixed]).map((g) => [g.label, g.bars.map((b) => b.value)])).toEqual([
      ['Random read 4K', [12000]],
      ['Mixed 70/30 (8K) · read', [7000]],
      ['Mixed 70/30 (8K) · write', [3000]],
      ['Random seeks (imported)', [10291]],
    ]);
  });

  it('offers latency per test and direction and draws p50 to p99.9 per result', () => {
    const choices = latencyChoices([base, tuned, bonnie]);
    expect(choices.map((c) => c.key)).toEqual(['SEQ_WRITE:write', 'RAND_READ_4K:read']);
    expect(latencySeries([base, tuned, bonnie], choices[0])).toEqual([
      { series: '#1 before', points: [['p50', 1.4e6], ['p90', 2.1e6], ['p99', 3.5e6], ['p99.9', 5.5e6]] },
      { series: '#2 after', points: [['p50', 1e6]] },
    ]);
    expect(latencySeries([base], undefined)).toEqual([]);
  });

  it('flattens the server comparison into table rows', () => {
    const rows = deltaRows(fakeComparison());
    expect(rows.map((r) => [r.otherName, r.test, r.metricLabel, r.baseline, r.other, r.verdict])).toEqual([
      ['#2 tuned', 'SEQ_WRITE', 'write bandwidth', 400e6, 480e6, 'BETTER'],
      ['#2 tuned', 'SEQ_WRITE', 'write latency p99', 3.5e6, 3.5e6, 'NO_CHANGE'],
    ]);
    expect(rows[0]).toMatchObject({ ratio: 1.2, ciLow: 1.15, ciHigh: 1.25, pAdjusted: 0.02 });
    expect(deltaRows(null)).toEqual([]);
  });
});
