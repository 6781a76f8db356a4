import { MetricPoint } from '../../shared/benchmark-summary';
import { localDeltaRows, percentileOf, serverDeltaRows } from './comparison-rows';

const point = (metric: string, median: number, kind: MetricPoint['kind']): MetricPoint => ({
  test: 'SEQ_WRITE', metric, kind, median, ciLow: null, ciHigh: null, n: 5,
});

describe('comparison rows', () => {
  it('finds verdict rows nested by candidate, test and metric', () => {
    const rows = serverDeltaRows({
      baseline: 1,
      candidates: [{ id: 2, tests: { SEQ_WRITE: { bw_mbps: { ratio: 1.2, ratio_ci: [1.1, 1.3], p_holm: 0.01, verdict: 'better' } } } }],
    });
    expect(rows).toEqual([{
      candidate: 2, test: 'SEQ_WRITE', metric: 'bw_mbps', baseline: null, value: null, ratio: 1.2, ciLow: 1.1,
      ciHigh: 1.3, p: 0.01, verdict: 'BETTER', local: false,
    }]);
  });

  it('judges locally with a ±5 % band, latency lower is better', () => {
    const rows = localDeltaRows(
      [point('bw_mbps', 100, 'THROUGHPUT'), point('lat_p99_us', 100, 'LATENCY'), point('iops', 100, 'IOPS')],
      [point('bw_mbps', 110, 'THROUGHPUT'), point('lat_p99_us', 110, 'LATENCY'), point('iops', 103, 'IOPS')],
      2,
    );
    expect(rows.map((r) => [r.metric, r.verdict])).toEqual([
      ['bw_mbps', 'BETTER'], ['lat_p99_us', 'WORSE'], ['iops', 'NO_CHANGE'],
    ]);
  });

  it('reads percentiles from metric names', () => {
    expect(percentileOf('lat_p99_9_us')).toBe(99.9);
    expect(percentileOf('clat_p50')).toBe(50);
    expect(percentileOf('p99.9')).toBe(99.9);
    expect(percentileOf('bw')).toBeNull();
  });
});
