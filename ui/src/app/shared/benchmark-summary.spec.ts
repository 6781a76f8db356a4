import { headline, metricKind, summaryPoints } from './benchmark-summary';

describe('benchmark summary', () => {
  it('classifies metric names', () => {
    expect(metricKind('bw_mbps')).toBe('THROUGHPUT');
    expect(metricKind('read_iops')).toBe('IOPS');
    expect(metricKind('lat_p99_us')).toBe('LATENCY');
    expect(metricKind('cpu_sys')).toBe('OTHER');
  });

  it('flattens summaries with CI as fields, pair or object', () => {
    const points = summaryPoints({
      summary: {
        SEQ_WRITE: { bw_mbps: { median: 400, ci_low: 380, ci_high: 420, n: 5 }, iops: { median: 400, ci: [390, 410] } },
        RAND_READ_4K: { iops: { median: 9000, ci: { low: 8000, high: 9500 } }, lat_p50_us: 120, junk: 'x' },
      },
    });
    expect(points).toEqual([
      { test: 'SEQ_WRITE', metric: 'bw_mbps', kind: 'THROUGHPUT', median: 400, ciLow: 380, ciHigh: 420, n: 5 },
      { test: 'SEQ_WRITE', metric: 'iops', kind: 'IOPS', median: 400, ciLow: 390, ciHigh: 410, n: null },
      { test: 'RAND_READ_4K', metric: 'iops', kind: 'IOPS', median: 9000, ciLow: 8000, ciHigh: 9500, n: null },
      { test: 'RAND_READ_4K', metric: 'lat_p50_us', kind: 'LATENCY', median: 120, ciLow: null, ciHigh: null, n: null },
    ]);
    expect(headline(points, 'SEQ_WRITE')?.metric).toBe('bw_mbps');
    expect(headline(points, 'RAND_READ_4K')?.metric).toBe('iops');
  });
});
