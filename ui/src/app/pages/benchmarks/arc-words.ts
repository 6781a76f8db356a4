// What the box's ARC answered from RAM of a result's reads, a line a test in words (pure).
import { ArcShare, BenchmarkResult, ResultTest, isImported } from '../../api/models/tuning-benchmark';
import { T } from '../../i18n/translate-marker';
import { TEST_WORDS, orderedTests } from '../../shared/benchmark-metrics';

export interface ArcLine {
  test: ResultTest;
  /** Above 10 % of its blocks: its figures are the ARC's, left out of verdicts and the bottleneck ladder. */
  fromRam: boolean;
  words: string;
}

const FROM_RAM = T(
  '{test}: {p} % of its blocks came from RAM (the ARC): left out of verdicts and the bottleneck ladder');
const FROM_DISKS = T('{test}: {p} % from RAM: a disk figure');
const DIRECT_IO = T('{test}: no read went through the ARC (Direct I/O)');

/** Each test of `context.arc` in catalog order, said through `say` (the translate service's `instant`); none for
 *  an imported result or one stored before the ARC's counters were kept. The share in whole percent, as the
 *  server's notes give it. */
export function arcLines(result: BenchmarkResult,
  say: (key: string, params?: Record<string, unknown>) => string): ArcLine[] {
  const context = result.context;
  const arc = isImported(context) ? {} : context.arc ?? {};
  const tests = orderedTests(Object.keys(arc) as ResultTest[]).filter((test) => arc[test]);
  return tests.map((test) => {
    const share = arc[test] as ArcShare;
    const title = say(TEST_WORDS[test] ?? test);
    const words = share.ram_share === null ? say(DIRECT_IO, { test: title })
      : say(share.from_ram ? FROM_RAM : FROM_DISKS, { test: title, p: Math.round(share.ram_share * 100) });
    return { test, fromRam: share.from_ram, words };
  });
}
