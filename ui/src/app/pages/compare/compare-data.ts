// The compare page's table, from the server's comparison (pure); its charts and tiles come drawn-ready from the server.
import { BenchmarkComparison, ResultTest, Verdict } from '../../api/models/tuning-benchmark';
import { T } from '../../i18n/translate-marker';
import { compareMetrics, metricLabel, orderedTests } from '../../shared/benchmark-metrics';

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
  /** The rank test's p before the Holm adjustment: says why a one-sided interval stayed inconclusive. */
  pValue: number | null;
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
  FROM_RAM: T('from RAM, not judged'),
};

/** "too few runs for a verdict (need 5 per side)" — said instead of an interval and a p. */
export const TOO_FEW_RUNS = T('too few runs for a verdict (need {n} per side)');

/** Said instead of an interval and a p on a read the ARC answered from RAM: its figures are not the disks'. */
export const FROM_RAM_WORDS = T('answered from RAM (the ARC), not the disks: no interval or p');

/** Below this adjusted p a verdict can be BETTER or WORSE (core/bench/comparison.py ALPHA, in the words below). */
const ALPHA = 0.05;

/** Why a verdict is INCONCLUSIVE, as the report and the tiles say it (core/report/wording.py verdict_reason): an
 *  interval wholly on one side of no change is not a verdict by itself, and the reader is told what held it back. */
export const REASON_WORDS = {
  baselineZero: T("the baseline's median is 0, so there is no change to judge"),
  spans: T('the interval spans no change'),
  aboveAdjusted: T("the interval is wholly above no change, but adjusted for the test's other metrics p is {p}, not below 0.05"),
  belowAdjusted: T("the interval is wholly below no change, but adjusted for the test's other metrics p is {p}, not below 0.05"),
  aboveRaw: T("the interval is wholly above no change, but even before adjusting for the test's other metrics p is {p}, not below 0.05"),
  belowRaw: T("the interval is wholly below no change, but even before adjusting for the test's other metrics p is {p}, not below 0.05"),
};

/** The reason's words and the p they quote (the adjusted one, or the raw one when even that is not below 0.05);
 *  null for any verdict but INCONCLUSIVE. */
export function verdictReason(row: Pick<DeltaRow, 'verdict' | 'ratio' | 'ciLow' | 'ciHigh' | 'pValue' | 'pAdjusted'>):
  { words: string; p: number | null } | null {
  if (row.verdict !== 'INCONCLUSIVE') {
    return null;
  }
  if (row.ratio === null) {   // the comparison's only ratio it cannot make
    return { words: REASON_WORDS.baselineZero, p: null };
  }
  const { ciLow: low, ciHigh: high, pValue: p, pAdjusted: adjusted } = row;
  if (low === null || high === null || (low <= 1 && 1 <= high)) {
    return { words: REASON_WORDS.spans, p: null };
  }
  if (adjusted === null) {
    return null;
  }
  const above = low > 1;
  if (p !== null && p < ALPHA) {   // the rank test alone would have called it: the adjustment did not
    return { words: above ? REASON_WORDS.aboveAdjusted : REASON_WORDS.belowAdjusted, p: adjusted };
  }
  return { words: above ? REASON_WORDS.aboveRaw : REASON_WORDS.belowRaw, p };
}

/** A Verdict sort, in the words' order (every verdict by construction): the clear answers first, then what could not
 *  be told, then what was left unjudged. */
export const VERDICT_ORDER = Object.keys(VERDICT_WORDS) as Verdict[];

export function seriesName(result: { id: number; label: string }): string {
  return `#${result.id} ${result.label}`.trim();
}

/** The baseline first, then the others by id. */
export function baselineFirst<R extends { id: number }>(results: R[], baselineId: number | null): R[] {
  return [...results].sort((a, b) => (a.id === baselineId ? -1 : b.id === baselineId ? 1 : a.id - b.id));
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
      ciHigh: m.ratio_ci_high, pValue: m.p_value, pAdjusted: m.p_adjusted, verdict: m.verdict, minRuns: m.min_runs ?? null,
    }));
    const order = orderedTests(new Set(rows.map((r) => r.test)));
    return order.flatMap((t) => rows.filter((r) => r.test === t).sort((a, b) => compareMetrics(a.metric, b.metric)));
  });
}
