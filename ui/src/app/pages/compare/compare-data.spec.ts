import { fakeBenchmark, fakeComparison, fakeImportedBenchmark } from '../../testing/fixtures';
import { REASON_WORDS, VERDICT_ORDER, VERDICT_WORDS, baselineFirst, deltaRows, verdictReason } from './compare-data';

const base = fakeBenchmark({ id: 1, label: 'before' });
const tuned = fakeBenchmark({ id: 2, label: 'after' });
const bonnie = fakeImportedBenchmark({ id: 3 });

describe('compare data', () => {
  it('puts the baseline first, then the others by id', () => {
    expect(baselineFirst([bonnie, base, tuned], 2).map((r) => r.id)).toEqual([2, 1, 3]);
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

  it('says why a verdict is inconclusive, as the report does (core/report/wording.py verdict_reason)', () => {
    const row = (ciLow: number, ciHigh: number, pValue: number, pAdjusted: number, verdict = 'INCONCLUSIVE' as const) =>
      ({ ratio: 1, ciLow, ciHigh, pValue, pAdjusted, verdict });
    expect(verdictReason({ ...row(0.9, 1.1, 0.5, 0.5), ratio: null })).toEqual({ words: REASON_WORDS.baselineZero, p: null });
    expect(verdictReason(row(0.62, 1.12, 0.2, 0.43))).toEqual({ words: REASON_WORDS.spans, p: null });
    expect(verdictReason(row(1.34, 17.4, 0.017, 0.069))).toEqual({ words: REASON_WORDS.aboveAdjusted, p: 0.069 });
    expect(verdictReason(row(0.5, 0.9, 0.12, 0.24))).toEqual({ words: REASON_WORDS.belowRaw, p: 0.12 });
    expect(verdictReason({ ...row(1.2, 1.4, 0.008, 0.008), verdict: 'BETTER' })).toBeNull();
  });

  it('says a read the ARC answered from RAM was not judged, and sorts it after every judged verdict', () => {
    expect(VERDICT_WORDS.FROM_RAM).toBe('from RAM, not judged');
    expect(VERDICT_ORDER).toEqual(['BETTER', 'WORSE', 'NO_CHANGE', 'INCONCLUSIVE', 'INSUFFICIENT_RUNS', 'FROM_RAM']);
  });
});
