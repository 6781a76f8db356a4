// The metric ids of core/bench/catalog.py, read into what they measure and how to print them (pure).
import { BenchmarkSummary, MetricStats, ResultTest } from '../api/models/tuning-benchmark';
import { T } from '../i18n/translate-marker';
import { formatIops, formatLatencyNs, formatMBps, formatNumber } from './format';

export type MetricFamily = 'BANDWIDTH' | 'IOPS' | 'LATENCY';
export type IoDirection = 'read' | 'write';
export const LATENCY_PERCENTILES = ['50', '90', '99', '99.9'] as const;
export type LatencyPercentile = (typeof LATENCY_PERCENTILES)[number];

export interface MetricInfo {
  id: string;
  family: MetricFamily;
  /** `null` for the single `iops` figure of imported bonnie++/gobonniego seeks. */
  direction: IoDirection | null;
  percentile: LatencyPercentile | null;
}

/** The same names the server gives tests in charts, tiles and reports (core/report/metric_info.py). */
export const TEST_WORDS: Record<ResultTest, string> = {
  SEQ_WRITE: T('Sequential write 1 MiB'),
  SEQ_READ: T('Sequential read 1 MiB'),
  RAND_READ_4K: T('Random read 4 KiB'),
  RAND_WRITE_4K: T('Random write 4 KiB'),
  SYNC_WRITE_4K: T('Sync write 4 KiB'),
  MIXED_70_30: T('Mixed 70/30 8 KiB'),
  RANDOM_IOPS: T('Random seeks (imported)'),
};

/** A server sentence with test names in words ("It did not run SEQ_READ." → "... Sequential read 1 MiB."). */
export function testNamesInWords(text: string): string {
  return text.replace(/\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\b/g, (name) => (TEST_WORDS as Record<string, string>)[name] ?? name);
}

const TEST_ORDER: ResultTest[] = [
  'SEQ_WRITE', 'SEQ_READ', 'RAND_READ_4K', 'RAND_WRITE_4K', 'SYNC_WRITE_4K', 'MIXED_70_30', 'RANDOM_IOPS',
];

/** Tests in the catalog's order (the server stores them as a dict, keys sorted); unknown ones last. */
export function orderedTests<T extends string>(tests: Iterable<T>): T[] {
  const rank = (t: string) => {
    const i = TEST_ORDER.indexOf(t as ResultTest);
    return i < 0 ? TEST_ORDER.length : i;
  };
  return [...tests].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}

/** Sequential tests are judged by bandwidth, the others by IOPS (catalog.py `primary`). */
export function isSequential(test: string): boolean {
  return test === 'SEQ_WRITE' || test === 'SEQ_READ';
}

/** `write_bw_bytes`, `read_iops`, `iops`, `read_lat_p99_9_ns` → what they are; `null` for an id the panel does not know. */
export function parseMetric(id: string): MetricInfo | null {
  if (id === 'iops') {
    return { id, family: 'IOPS', direction: null, percentile: null };
  }
  const m = /^(read|write)_(?:(bw_bytes)|(iops)|lat_p(50|90|99|99_9)_ns)$/.exec(id);
  if (!m) {
    return null;
  }
  const direction = m[1] as IoDirection;
  if (m[2]) {
    return { id, family: 'BANDWIDTH', direction, percentile: null };
  }
  if (m[3]) {
    return { id, family: 'IOPS', direction, percentile: null };
  }
  return { id, family: 'LATENCY', direction, percentile: m[4].replace('_', '.') as LatencyPercentile };
}

const FAMILY_RANK: Record<MetricFamily, number> = { BANDWIDTH: 0, IOPS: 1, LATENCY: 2 };

/** Sort order people read metrics in: bandwidth, IOPS, latency p50 → p99.9; read before write; unknown ids last. */
export function compareMetrics(a: string, b: string): number {
  const rank = (id: string): [number, number, number] => {
    const info = parseMetric(id);
    if (!info) {
      return [9, 0, 0];
    }
    const percentile = info.percentile ? LATENCY_PERCENTILES.indexOf(info.percentile) : 0;
    return [FAMILY_RANK[info.family], percentile, info.direction === 'write' ? 1 : 0];
  };
  const [ra, rb] = [rank(a), rank(b)];
  return ra[0] - rb[0] || ra[2] - rb[2] || ra[1] - rb[1] || a.localeCompare(b);
}

/** `write bandwidth`, `read IOPS`, `read latency p99.9`, `IOPS`. */
export function metricLabel(id: string): string {
  const info = parseMetric(id);
  if (!info) {
    return id;
  }
  const dir = info.direction ? `${info.direction} ` : '';
  switch (info.family) {
    case 'BANDWIDTH':
      return `${dir}bandwidth`;
    case 'IOPS':
      return `${dir}IOPS`;
    case 'LATENCY':
      return `${dir}latency p${info.percentile}`;
  }
}

/** A value of a metric in the unit people read it in: MB/s, IOPS, µs/ms. */
export function formatMetric(id: string, value: number | null | undefined): string {
  switch (parseMetric(id)?.family) {
    case 'BANDWIDTH':
      return formatMBps(value);
    case 'IOPS':
      return formatIops(value);
    case 'LATENCY':
      return formatLatencyNs(value);
    default:
      return formatNumber(value);
  }
}

export interface Headline {
  test: ResultTest;
  metric: string;
  stats: MetricStats;
  text: string;
  /** ' · read' / ' · write' after the test's name where the test has a headline each way (Mixed 70/30), else '':
   *  two figures under one name would not say which is which. */
  detail: string;
}

/** The headline medians of a result: bandwidth per direction for sequential tests, IOPS for the others. */
export function headlines(summary: BenchmarkSummary): Headline[] {
  const out: Headline[] = [];
  for (const test of orderedTests(Object.keys(summary) as ResultTest[])) {
    const metrics = summary[test] ?? {};
    const family: MetricFamily = isSequential(test) ? 'BANDWIDTH' : 'IOPS';
    const lines = Object.entries(metrics).sort(([a], [b]) => compareMetrics(a, b))
      .filter(([metric]) => parseMetric(metric)?.family === family);
    for (const [metric, stats] of lines) {
      const direction = lines.length > 1 ? parseMetric(metric)?.direction : null;
      out.push({ test, metric, stats, text: formatMetric(metric, stats.median), detail: direction ? ` · ${direction}` : '' });
    }
  }
  return out;
}
