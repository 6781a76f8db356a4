import { fakeBenchmark, fakeImportedBenchmark } from '../testing/fixtures';
import { compareMetrics, formatMetric, headlines, metricLabel, orderedTests, parseMetric, testNamesInWords } from './benchmark-metrics';

describe('benchmark metrics', () => {
  it('reads every metric id of the catalog', () => {
    expect(parseMetric('write_bw_bytes')).toEqual({ id: 'write_bw_bytes', family: 'BANDWIDTH', direction: 'write', percentile: null });
    expect(parseMetric('read_iops')).toEqual({ id: 'read_iops', family: 'IOPS', direction: 'read', percentile: null });
    expect(parseMetric('iops')).toEqual({ id: 'iops', family: 'IOPS', direction: null, percentile: null });
    expect(parseMetric('read_lat_p99_9_ns')?.percentile).toBe('99.9');
    expect(parseMetric('write_lat_p50_ns')).toEqual({ id: 'write_lat_p50_ns', family: 'LATENCY', direction: 'write', percentile: '50' });
    expect(parseMetric('bw_mbps')).toBeNull();
    expect(parseMetric('read_lat_p75_ns')).toBeNull();
  });

  it('names and prints metrics in MB/s, IOPS and µs/ms', () => {
    expect(metricLabel('read_lat_p99_9_ns')).toBe('read latency p99.9');
    expect(metricLabel('iops')).toBe('IOPS');
    expect(metricLabel('cpu_sys')).toBe('cpu_sys');
    expect(formatMetric('write_bw_bytes', 412_300_000)).toBe('412 MB/s');
    expect(formatMetric('read_iops', 12_000)).toBe('12,000 IOPS');
    expect(formatMetric('read_lat_p50_ns', 90_000)).toBe('90.0 µs');
  });

  it('headlines bandwidth for sequential tests and IOPS for the others, in catalog order', () => {
    expect(headlines(fakeBenchmark().summary).map((h) => [h.test, h.metric, h.text])).toEqual([
      ['SEQ_WRITE', 'write_bw_bytes', '400 MB/s'],
      ['RAND_READ_4K', 'read_iops', '12,000 IOPS'],
    ]);
    expect(headlines(fakeImportedBenchmark().summary).map((h) => [h.test, h.text])).toEqual([
      ['SEQ_WRITE', '100 MB/s'], ['SEQ_READ', '180 MB/s'], ['RANDOM_IOPS', '10,291 IOPS'],
    ]);
  });

  it('headlines both directions of the mixed test', () => {
    const summary = { MIXED_70_30: { write_iops: fakeBenchmark().summary.RAND_READ_4K!['read_iops'], read_iops: fakeBenchmark().summary.RAND_READ_4K!['read_iops'] } };
    expect(headlines(summary).map((h) => h.metric)).toEqual(['read_iops', 'write_iops']);
    // two figures under one test's name say which is which, as the tiles do; a test with one figure says nothing more
    expect(headlines(summary).map((h) => h.detail)).toEqual([' · read', ' · write']);
    expect(headlines(fakeBenchmark().summary).map((h) => h.detail)).toEqual(['', '']);
  });

  it('orders metrics bandwidth, IOPS, then latency by percentile, read before write', () => {
    const ids = ['write_lat_p99_ns', 'read_lat_p99_9_ns', 'write_iops', 'zzz', 'read_lat_p99_ns', 'write_bw_bytes', 'read_lat_p50_ns'];
    expect(ids.sort(compareMetrics)).toEqual([
      'write_bw_bytes', 'write_iops', 'read_lat_p50_ns', 'read_lat_p99_ns', 'read_lat_p99_9_ns', 'write_lat_p99_ns', 'zzz',
    ]);
  });

  it('orders tests as the catalog does', () => {
    expect(orderedTests(['RANDOM_IOPS', 'RAND_READ_4K', 'SEQ_READ', 'SEQ_WRITE'])).toEqual(['SEQ_WRITE', 'SEQ_READ', 'RAND_READ_4K', 'RANDOM_IOPS']);
  });
});

describe('testNamesInWords', () => {
  it('says the test names a server sentence holds in words, leaving other words alone', () => {
    expect(testNamesInWords('It did not run SEQ_READ or SEQ_WRITE.'))
      .toBe('It did not run Sequential read 1 MiB or Sequential write 1 MiB.');
    expect(testNamesInWords('Benchmark #7 (NOT_A_TEST)')).toBe('Benchmark #7 (NOT_A_TEST)');
  });
});
