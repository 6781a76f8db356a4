// The tile grid of one stored result (pure): its headline medians, as the server's compare tiles show them.
import { BenchmarkSummary, CompareTile } from '../../api/models/tuning-benchmark';
import { TEST_WORDS, formatMetric, headlines, parseMetric } from '../benchmark-metrics';
import { formatLatencyNs } from '../format';

/** Colour of a lone result's tiles: the theme's, as there is nothing to tell apart. */
export const LONE_RESULT_COLOUR = 'var(--primary)';

function latency(summary: BenchmarkSummary, test: string, metric: string): string | null {
  const direction = parseMetric(metric)?.direction;
  const parts = (['p50', 'p99'] as const).flatMap((p) => {
    const stats = direction ? summary[test as keyof BenchmarkSummary]?.[`${direction}_lat_${p}_ns`] : undefined;
    return stats ? [`${p} ${formatLatencyNs(stats.median)}`] : [];
  });
  return parts.length ? `latency ${parts.join(' · ')}` : null;
}

export function resultTiles(result: { id: number; label: string; summary: BenchmarkSummary }): CompareTile[] {
  return headlines(result.summary).map((h) => {
    const text = formatMetric(h.metric, h.stats.median);
    const cut = text.lastIndexOf(' ');
    const unitWord = cut < 0 ? '' : text.slice(cut + 1);
    return {
      key: `${h.test}:${h.metric}`, test: h.test, metric: h.metric, title: `${TEST_WORDS[h.test] ?? h.test}${h.detail}`,
      unit_word: unitWord,
      values: [{
        configuration_id: result.id, label: result.label, colour: LONE_RESULT_COLOUR, baseline: true,
        median: h.stats.median, number: cut < 0 ? text : text.slice(0, cut), unit_word: unitWord, text,
        latency: latency(result.summary, h.test, h.metric), change: null,
      }],
    };
  });
}
