// Reading a benchmark job as it runs and as it ends (pure).
import { FailedJobError } from '../../api/api-errors';
import { BenchmarkProgressExtra, BenchmarkTest, SpaceFigures } from '../../api/models/tuning-benchmark';
import { T } from '../../i18n/translate-marker';
import { TEST_WORDS } from '../../shared/benchmark-metrics';
import { formatBytes, formatIops, formatNumber } from '../../shared/format';

const ENOSPC = 28;

export interface LiveFigure {
  test: string;
  run: string;
  phase: string;
  mbps: string;
  iops: string;
}

/**
 * `progress.extra` of `tuning.benchmark.run` while fio runs. Job rows of every method share `extra: unknown`, so the
 * shape is checked here; `null` before fio starts and after it ends.
 */
export function benchmarkExtra(extra: unknown): BenchmarkProgressExtra | null {
  if (!extra || typeof extra !== 'object') {
    return null;
  }
  const e = extra as Partial<BenchmarkProgressExtra>;
  return typeof e.mbps === 'number' && typeof e.iops === 'number' && typeof e.test === 'string' ? e as BenchmarkProgressExtra : null;
}

/** The live rate for the progress dialog: MB/s (10^6) and IOPS of the current run. */
export function liveFigure(extra: unknown): LiveFigure | null {
  const e = benchmarkExtra(extra);
  if (!e) {
    return null;
  }
  return {
    test: TEST_WORDS[e.test as BenchmarkTest] ?? e.test,
    run: `${e.run}/${e.runs}`,
    phase: e.phase === 'ramp' ? T('warming up (not measured)') : T('measuring'),
    mbps: `${formatNumber(e.mbps)} MB/s`,
    iops: formatIops(e.iops),
  };
}

export interface SpaceRefusal {
  message: string;
  figures: [label: string, value: string][];
}

/** A run refused for space (job error ENOSPC): the server's sentence and its figures, ZFS pool or plain directory. */
export function spaceRefusal(error: unknown): SpaceRefusal | null {
  if (!(error instanceof FailedJobError) || error.job.exc_info?.errno !== ENOSPC) {
    return null;
  }
  const extra = error.job.exc_info.extra as { space?: SpaceFigures } | null;
  const s = extra?.space;
  const figures: [string, string][] = [];
  if (s) {
    figures.push([T('Working set'), formatBytes(s.required_bytes)], [T('Needed (working set + 10 %)'), formatBytes(s.refquota_bytes)]);
    if (s.pool_size_bytes !== undefined) {
      figures.push(
        [T('Pool size'), formatBytes(s.pool_size_bytes)],
        [T('Pool used'), formatBytes(s.pool_used_bytes)],
        [T('Pool used after'), `${formatNumber(s.used_percent_after)} %`],
        [T('Limit'), `${formatNumber(s.max_used_percent)} %`],
      );
    } else {
      figures.push(
        [T('Filesystem size'), formatBytes(s.filesystem_size_bytes)],
        [T('Free'), formatBytes(s.filesystem_free_bytes)],
        [T('Must stay free'), formatBytes(s.margin_bytes)],
      );
    }
  }
  return { message: error.message, figures };
}

export function wasAborted(error: unknown): boolean {
  return error instanceof FailedJobError && error.job.state === 'ABORTED';
}
