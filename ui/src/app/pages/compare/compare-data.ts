// What the compare page draws, from stored results and the server's comparison (pure).
import {
  BenchmarkComparison, BenchmarkResult, ResultTest, Verdict,
} from '../../api/models/tuning-benchmark';
import { T } from '../../i18n/translate-marker';
import {
  IoDirection, LATENCY_PERCENTILES, MetricFamily, TEST_WORDS, compareMetrics, isSequential, metricLabel, orderedTests, parseMetric,
} from '../../shared/benchmark-metrics';

export interface Bar {
  series: string;
  value: number;
  ciLow: number | null;
  ciHigh: number | null;
}

export interface BarGroup {
  label: string;
  bars: Bar[];
}

export interface LatencySeries {
  series: string;
  /** [percentile label, median latency in ns] from p50 to p99.9. */
  points: [string, number][];
}

export interface LatencyChoice {
  key: string;
  test: ResultTest;
  direction: IoDirection;
}

export interface DeltaRow {
  otherId: number;
  otherName: string;
  test: ResultTest;
  metric: string;
  metricLabel: string;
  baseline: number;
  other: number;
  ratio: number | null;
  ciLow: number | null;
  ciHigh: number | null;
  pAdjusted: number | null;
  verdict: Verdict;
  minRuns: number | null;
}

export const VERDICT_WORDS: Record<Verdict, string> = {
  BETTER: T('better'),
  WORSE: T('worse'),
  NO_CHANGE: T('no meaningful change'),
  INCONCLUSIVE: T('inconclusive'),
  INSUFFICIENT_RUNS: T('too few runs'),
};

/** "too few runs for a verdict (need 5 per side)" — said instead of an interval and a p. */
export const TOO_FEW_RUNS = T('too few runs for a verdict (need {n} per side)');

export function seriesName(result: { id: number; label: string }): string {
  return `#${result.id} ${result.label}`.trim();
}

/** The baseline first, then the others by id. */
export function baselineFirst<R extends { id: number }>(results: R[], baselineId: number | null): R[] {
  return [...results].sort((a, b) => (a.id === baselineId ? -1 : b.id === baselineId ? 1 : a.id - b.id));
}

function testsOf(results: BenchmarkResult[], keep: (test: ResultTest) => boolean): ResultTest[] {
  const all = new Set(results.flatMap((r) => Object.keys(r.summary) as ResultTest[]));
  return orderedTests([...all].filter(keep));
}

/** One group per (test, metric) of `family`; a test with two such metrics (mixed) names the direction. */
function groups(results: BenchmarkResult[], family: MetricFamily, keep: (test: ResultTest) => boolean,
  scale: number): BarGroup[] {
  const out: BarGroup[] = [];
  for (const test of testsOf(results, keep)) {
    const metrics = [...new Set(results.flatMap((r) => Object.keys(r.summary[test] ?? {})))]
      .filter((m) => parseMetric(m)?.family === family).sort();
    for (const metric of metrics) {
      const direction = metrics.length > 1 ? ` · ${parseMetric(metric)?.direction ?? metric}` : '';
      const bars = results.flatMap((r): Bar[] => {
        const stats = r.summary[test]?.[metric];
        return stats ? [{
          series: seriesName(r), value: stats.median / scale,
          ciLow: stats.ci_low === null ? null : stats.ci_low / scale, ciHigh: stats.ci_high === null ? null : stats.ci_high / scale,
        }] : [];
      });
      out.push({ label: `${TEST_WORDS[test] ?? test}${direction}`, bars });
    }
  }
  return out;
}

/** Sequential bandwidth in MB/s (10^6 B/s), median with its CI. */
export function bandwidthGroups(results: BenchmarkResult[]): BarGroup[] {
  return groups(results, 'BANDWIDTH', isSequential, 1e6);
}

/** IOPS of the random, sync and mixed tests (and imported seeks). */
export function iopsGroups(results: BenchmarkResult[]): BarGroup[] {
  return groups(results, 'IOPS', (t) => !isSequential(t), 1);
}

/** The (test, direction) pairs some result has latency percentiles for. */
export function latencyChoices(results: BenchmarkResult[]): LatencyChoice[] {
  const seen = new Map<string, LatencyChoice>();
  for (const test of testsOf(results, () => true)) {
    for (const r of results) {
      for (const metric of Object.keys(r.summary[test] ?? {}).sort()) {
        const info = parseMetric(metric);
        if (info?.family === 'LATENCY' && info.direction) {
          const key = `${test}:${info.direction}`;
          seen.set(key, seen.get(key) ?? { key, test, direction: info.direction });
        }
      }
    }
  }
  return [...seen.values()];
}

/** p50 → p99.9 medians of one test and direction, per result that has them. */
export function latencySeries(results: BenchmarkResult[], choice: LatencyChoice | undefined): LatencySeries[] {
  if (!choice) {
    return [];
  }
  return results.map((r) => ({
    series: seriesName(r),
    points: LATENCY_PERCENTILES.flatMap((p): [string, number][] => {
      const stats = r.summary[choice.test]?.[`${choice.direction}_lat_p${p.replace('.', '_')}_ns`];
      return stats ? [[`p${p}`, stats.median]] : [];
    }),
  })).filter((s) => s.points.length);
}

/** The server's comparison as table rows, tests in catalog order. */
export function deltaRows(comparison: BenchmarkComparison | null): DeltaRow[] {
  if (!comparison) {
    return [];
  }
  return comparison.comparisons.flatMap((c) => {
    const rows = c.metrics.map((m): DeltaRow => ({
      otherId: c.id, otherName: seriesName(c), test: m.test, metric: m.metric, metricLabel: metricLabel(m.metric),
      baseline: m.baseline.median, other: m.other.median, ratio: m.ratio, ciLow: m.ratio_ci_low,
      ciHigh: m.ratio_ci_high, pAdjusted: m.p_adjusted, verdict: m.verdict, minRuns: m.min_runs ?? null,
    }));
    const order = orderedTests(new Set(rows.map((r) => r.test)));
    return order.flatMap((t) => rows.filter((r) => r.test === t).sort((a, b) => compareMetrics(a.metric, b.metric)));
  });
}
