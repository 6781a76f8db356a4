import { T } from '../../i18n/translate-marker';
import { MetricPoint } from '../../shared/benchmark-summary';

export type Verdict = 'BETTER' | 'WORSE' | 'NO_CHANGE' | 'UNKNOWN';

export interface DeltaRow {
  candidate: number;
  test: string;
  metric: string;
  baseline: number | null;
  value: number | null;
  ratio: number | null;
  ciLow: number | null;
  ciHigh: number | null;
  p: number | null;
  verdict: Verdict;
  /** Computed in the panel from medians (no CI, no test) because the server gave none. */
  local: boolean;
}

export const VERDICT_WORDS: Record<Verdict, string> = {
  BETTER: T('better'),
  WORSE: T('worse'),
  NO_CHANGE: T('no meaningful change'),
  UNKNOWN: T('unknown'),
};

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

function normaliseVerdict(v: unknown): Verdict {
  const s = String(v ?? '').toUpperCase().replace(/[\s-]+/g, '_');
  if (s.startsWith('BETTER') || s === 'FASTER' || s === 'IMPROVED') {
    return 'BETTER';
  }
  if (s.startsWith('WORSE') || s === 'SLOWER' || s === 'REGRESSED') {
    return 'WORSE';
  }
  if (s.includes('NO') || s.includes('SAME') || s.includes('NEUTRAL')) {
    return 'NO_CHANGE';
  }
  return 'UNKNOWN';
}

/** Rows of the server's comparison: every object carrying a `verdict`, wherever it sits in the dict. */
export function serverDeltaRows(result: unknown, candidateHint: number | null = null): DeltaRow[] {
  const rows: DeltaRow[] = [];
  const walk = (node: unknown, candidate: number | null, test: string | null, metric: string | null): void => {
    if (Array.isArray(node)) {
      node.forEach((n) => walk(n, candidate, test, metric));
      return;
    }
    if (!node || typeof node !== 'object') {
      return;
    }
    const o = node as Record<string, unknown>;
    const here = num(o['candidate_id']) ?? num(o['candidate']) ?? num(o['id']) ?? candidate;
    if ('verdict' in o) {
      const ci = Array.isArray(o['ratio_ci']) ? (o['ratio_ci'] as unknown[]) : [o['ratio_ci_low'], o['ratio_ci_high']];
      rows.push({
        candidate: here ?? candidateHint ?? 0,
        test: String(o['test'] ?? test ?? ''),
        metric: String(o['metric'] ?? metric ?? ''),
        baseline: num(o['baseline_median']) ?? num(o['baseline']),
        value: num(o['candidate_median']) ?? num(o['median']) ?? num(o['value']),
        ratio: num(o['ratio']),
        ciLow: num(ci[0]),
        ciHigh: num(ci[1]),
        p: num(o['p_holm']) ?? num(o['p_adjusted']) ?? num(o['p_value']) ?? num(o['p']),
        verdict: normaliseVerdict(o['verdict']),
        local: false,
      });
      return;
    }
    for (const [key, value] of Object.entries(o)) {
      const isTest = /^[A-Z0-9_]+$/.test(key) && key.includes('_');
      walk(value, here, isTest ? key : test, !isTest && test ? key : metric);
    }
  };
  walk(result, null, null, null);
  return rows;
}

/** Fallback when the server has no comparison: ratio of medians, ±5 % counts as no meaningful change. */
export function localDeltaRows(baseline: MetricPoint[], candidate: MetricPoint[], candidateId: number): DeltaRow[] {
  return candidate.flatMap((c) => {
    const b = baseline.find((p) => p.test === c.test && p.metric === c.metric);
    if (!b || b.median === 0) {
      return [];
    }
    const ratio = c.median / b.median;
    const higherIsBetter = c.kind !== 'LATENCY';
    const gain = higherIsBetter ? ratio : 1 / ratio;
    const verdict: Verdict = gain > 1.05 ? 'BETTER' : gain < 0.95 ? 'WORSE' : 'NO_CHANGE';
    return [{
      candidate: candidateId, test: c.test, metric: c.metric, baseline: b.median, value: c.median, ratio,
      ciLow: null, ciHigh: null, p: null, verdict, local: true,
    }];
  });
}

/** `p99_9` / `lat_p99.9_us` / `clat_p50` → 99.9 / 50, for sorting and labels. */
export function percentileOf(metric: string): number | null {
  const m = /p(\d+)(?:[._](\d+))?/i.exec(metric);
  return m ? Number(m[2] ? `${m[1]}.${m[2]}` : m[1]) : null;
}
