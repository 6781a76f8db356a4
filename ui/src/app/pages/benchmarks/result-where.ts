// Where a stored result was measured, and what the network link means for it, in words (pure).
import { BenchmarkResult, ResultTest, TheoreticalMax, isImported } from '../../api/models/tuning-benchmark';
import { T } from '../../i18n/translate-marker';
import { TEST_WORDS, formatMetric, metricLabel, orderedTests, parseMetric } from '../../shared/benchmark-metrics';
import { clientContext, resultProtocolWords } from '../clients/client-words';

/** A message id and its parameters in the reader's language (TranslateService.instant; `interpolate` in English). */
export type Say = (key: string, params?: Record<string, unknown>) => string;

export interface Where {
  /** The place in words: a dataset of a pool, a plain directory, or a path on a client. */
  where: string;
  /** The pool's layout when a ZFS pool was measured ("RAIDZ2 6×HDD"); null otherwise. */
  pool: string | null;
}

/**
 * Where a measured result ran: on a ZFS dataset of a pool; on a plain directory (the sandbox backend's stand-in for
 * a dataset, or any other file system), where no pool was involved; or on a client, over a share of the box.
 * Null for an imported result (its file says nothing about where).
 */
export function whereMeasured(result: BenchmarkResult, say: Say): Where | null {
  if (isImported(result.context)) {
    return null;
  }
  const c = result.context;
  const client = clientContext(result);
  if (client) {
    const { path, dataset } = client.target;
    const protocol = resultProtocolWords(client);
    const params = { path, host: client.client.hostname, protocol: say(protocol.key, protocol.params), dataset };
    return {
      where: dataset ? say(T('{path} on the client {host}, over {protocol}, of the box’s dataset {dataset}'), params)
        : say(T('{path} on the client {host}, over {protocol}'), params),
      // a sandbox's pools are stand-ins: no ZFS pool served its share
      pool: c.backend !== 'sandbox' && dataset ? c.pool?.layout ?? null : null,
    };
  }
  const { dataset, pool, mountpoint, filesystem } = c.target;
  if (filesystem === 'zfs') {
    return {
      where: say(T('dataset {dataset} of pool {pool}, mounted at {mountpoint}'), { dataset, pool, mountpoint }),
      pool: c.pool?.layout ?? null,
    };
  }
  return {
    where: c.backend === 'sandbox'
      ? say(T('a plain directory on {filesystem} ({mountpoint}), the sandbox’s stand-in for {dataset}: no ZFS pool'),
        { filesystem, mountpoint, dataset })
      : say(T('a plain directory on {filesystem} ({mountpoint}), not a ZFS dataset'), { filesystem, mountpoint }),
    pool: null,
  };
}

/** The link's theoretical maximum where it bounds the figures: a client's, measured over the network. */
export function linkLimit(result: BenchmarkResult): TheoreticalMax | null {
  const client = clientContext(result);
  // A client measuring its own disk moved nothing over the link (results stored before the box knew may carry one).
  if (!client || isImported(result.context) || client.target.protocol === 'LOCAL') {
    return null;
  }
  return result.context.theoretical_max ?? null;
}

/** The keys (`test:metric`) of the bandwidth medians above the link's maximum: they cannot all have crossed it. */
export function aboveLinkLimit(result: BenchmarkResult): Set<string> {
  const limit = linkLimit(result);
  if (!limit) {
    return new Set();
  }
  return new Set(orderedTests(Object.keys(result.summary) as ResultTest[]).flatMap((test) =>
    Object.entries(result.summary[test] ?? {})
      .filter(([metric, stats]) => parseMetric(metric)?.family === 'BANDWIDTH' && stats.median > limit.bytes_per_second)
      .map(([metric]) => `${test}:${metric}`)));
}

/** "Sequential read 1 MiB, read bandwidth 160.0 MB/s": one figure above the link, for the sentence that flags it. */
export function figureWords(result: BenchmarkResult, key: string, say: Say): string {
  const [test, metric] = key.split(':') as [ResultTest, string];
  const median = result.summary[test]?.[metric]?.median;
  return `${say(TEST_WORDS[test] ?? test)}, ${metricLabel(metric)} ${formatMetric(metric, median)}`;
}
