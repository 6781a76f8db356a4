import { BenchmarkResult } from '../api/models/tuning-benchmark';

export type MetricKind = 'THROUGHPUT' | 'IOPS' | 'LATENCY' | 'OTHER';

/** One metric of one test, normalised from the server's summary dict. */
export interface MetricPoint {
  test: string;
  metric: string;
  kind: MetricKind;
  median: number;
  ciLow: number | null;
  ciHigh: number | null;
  n: number | null;
}

/** Which family a summary metric name belongs to (`bw_mbps`, `read_iops`, `lat_p99_us`, `clat_p50_ns` …). */
export function metricKind(name: string): MetricKind {
  const n = name.toLowerCase();
  if (n.includes('iops')) {
    return 'IOPS';
  }
  if (n.includes('lat') || /^p\d/.test(n) || n.includes('percentile')) {
    return 'LATENCY';
  }
  if (n.includes('bw') || n.includes('mbps') || n.includes('mb_s') || n.includes('throughput') || n.includes('bytes')) {
    return 'THROUGHPUT';
  }
  return 'OTHER';
}

function num(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

function ciOf(stats: Record<string, unknown>): [number | null, number | null] {
  const ci = stats['ci'] ?? stats['median_ci'];
  if (Array.isArray(ci) && ci.length === 2) {
    return [num(ci[0]), num(ci[1])];
  }
  if (ci && typeof ci === 'object') {
    const c = ci as Record<string, unknown>;
    return [num(c['low'] ?? c['lo']), num(c['high'] ?? c['hi'])];
  }
  return [num(stats['ci_low']), num(stats['ci_high'])];
}

/** Flatten `summary[test][metric] = {median, ci…}` (a bare number counts as the median). */
export function summaryPoints(result: Pick<BenchmarkResult, 'summary'>): MetricPoint[] {
  const points: MetricPoint[] = [];
  for (const [test, metrics] of Object.entries(result.summary ?? {})) {
    if (!metrics || typeof metrics !== 'object') {
      continue;
    }
    for (const [metric, raw] of Object.entries(metrics as Record<string, unknown>)) {
      const stats = (typeof raw === 'number' ? { median: raw } : raw) as Record<string, unknown> | null;
      const median = stats ? num(stats['median']) : null;
      if (median === null || !stats) {
        continue;
      }
      const [ciLow, ciHigh] = ciOf(stats);
      points.push({ test, metric, kind: metricKind(metric), median, ciLow, ciHigh, n: num(stats['n']) });
    }
  }
  return points;
}

/** The headline figure of a test: throughput for sequential tests, IOPS otherwise. */
export function headline(points: MetricPoint[], test: string): MetricPoint | undefined {
  const own = points.filter((p) => p.test === test);
  return own.find((p) => p.kind === 'THROUGHPUT' && test.startsWith('SEQ')) ?? own.find((p) => p.kind === 'IOPS')
    ?? own.find((p) => p.kind === 'THROUGHPUT');
}
