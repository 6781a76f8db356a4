"""The compare series: what every chart and tile grid of a comparison shows, computed once (pure).

``compare_series(configurations, summaries, rows, theoretical_max)`` → ``{series, tiles, charts}``, the very data
``tuning.benchmark.compare`` returns and the report draws, so the panel and the report show the same figures in the
same words and colours. ``configurations`` are ``[{id, label}]``, the baseline first; ``summaries`` ``{id: summary}``
(medians with their interval); ``rows`` ``{(id, test, metric): comparison row}`` of the compared results.

- ``series``: ``[{configuration_id, label, baseline, colour}]``; colours from ``PALETTE`` (one definition: the panel
  and the report read them from here), each with a contrast of at least 3:1 on the panel's light and dark backgrounds.
- ``tiles`` (a CrystalDiskMark-style grid): one tile per test and headline metric (MB/s for sequential tests, IOPS
  for the others, per direction) ``{key, test, metric, title, unit_word, values: [{configuration_id, label, colour,
  baseline, median, number, unit_word, text, latency, change}]}``; ``latency`` is "latency p50 85.2 µs · p99 1.10 ms"
  or None, ``change`` (compared results only) ``{ratio, verdict, words}`` with words such as "+12.3 % · better" or
  "−16.3 % · inconclusive: the interval spans no change" (``wording.verdict_text``), or "too few runs for a verdict (need 5 per side)" and no percentage when the runs cannot reach a verdict.
- ``charts``: ``[{id, title, kind, scale, unit, axis_label, axis: {low, high, ticks: [{value, label}]}, groups:
  [{test, metric, label}], series: [{configuration_id, label, colour, points: [point|None]}], reference,
  description}]``; point = ``{median, ci_low, ci_high, text, title, plotted, whisker}``. ``kind`` BAR is drawn on a
  LINEAR axis from 0 (sequential MB/s, with the theoretical maximum as ``reference {value, label, text}``); DOT on a LOG axis (IOPS, and
  one latency chart per test and direction): bars on a log axis would make lengths lie. ``plotted`` is False where a
  value cannot sit on the axis (zero on a log axis), ``whisker`` the interval ``[low, high]`` to draw or None.
  ``description`` is the whole chart in words (the accessible name of the picture).
Groups no configuration has are dropped; a chart with no group is left out.
"""
import math

from ..bench.catalog import TESTS
from .columns import IOPS_GROUPS, LATENCY_PERCENTILES, THROUGHPUT_GROUPS
from .metric_info import metric_info, title_of_test
from .numbers import LATENCY_STEPS, format_change, format_tick, format_value
from .svg import log_ticks, nice_ticks
from .wording import ci_text, insufficient_text, unit_word, verdict_text

# The baseline neutral grey, then hues told apart with colour-blindness; all ≥ 3:1 against the panel's light
# (#ffffff, #f2f2f2) and dark (#282828, #1e1e1e) backgrounds.
PALETTE = ('#858585', '#2f80c0', '#c8690c', '#2b9449', '#a45bc4', '#d4503f', '#278f9c')
PERCENTILE_WORDS = {'p50': 'p50 (median)', 'p90': 'p90', 'p99': 'p99', 'p99_9': 'p99.9'}


def _stats(summaries, cid, test, metric):
    return summaries.get(cid, {}).get(test, {}).get(metric)


def _tests_in_order(summaries):
    seen = set().union(*(set(s) for s in summaries.values())) if summaries else set()
    return [t for t in TESTS if t in seen] + sorted(t for t in seen if t not in TESTS)


# --- tiles -------------------------------------------------------------------------------------------------------

def _headline_metrics(test, metrics):
    """Bandwidth for a sequential test, IOPS otherwise (the catalog's primary), read before write."""
    primary = 'bw_bytes' if test in TESTS and TESTS[test].primary == 'bw' else 'iops'
    return [m for m in ('read_' + primary, 'write_' + primary, 'iops') if m in metrics]


def _latency_words(summary_of_test, metric):
    direction = metric.partition('_')[0]
    parts = [f'{label} {format_value(stats["median"], "ns")}' for suffix, label in (('p50', 'p50'), ('p99', 'p99'))
             if (stats := summary_of_test.get(f'{direction}_lat_{suffix}_ns')) is not None]
    return f'latency {" · ".join(parts)}' if parts else None


def _change(row):
    if row is None:
        return None
    if row.get('verdict') == 'INSUFFICIENT_RUNS':
        return {'ratio': row.get('ratio'), 'verdict': 'INSUFFICIENT_RUNS',
                'words': insufficient_text(row.get('min_runs'))}
    if row.get('ratio') is None:
        return {'ratio': None, 'verdict': row.get('verdict'), 'words': verdict_text(row)}
    # an inconclusive verdict says why (an interval wholly on one side is not one by itself)
    return {'ratio': row['ratio'], 'verdict': row.get('verdict'),
            'words': f'{format_change(row["ratio"])} · {verdict_text(row)}'}


def _tiles(series, summaries, rows):
    tiles = []
    for test in _tests_in_order(summaries):
        metrics = set().union(*(set(summaries[s['configuration_id']].get(test, {})) for s in series))
        direction_named = len(_headline_metrics(test, metrics)) > 1
        for metric in _headline_metrics(test, metrics):
            info = metric_info(metric)
            word = unit_word(info['unit'])
            values = []
            for s in series:
                cid = s['configuration_id']
                stats = _stats(summaries, cid, test, metric)
                if stats is None:
                    continue
                text = format_value(stats['median'], info['unit'])
                values.append({
                    'configuration_id': cid, 'label': s['label'], 'colour': s['colour'], 'baseline': s['baseline'],
                    'median': stats['median'], 'number': text.rpartition(' ')[0] or text, 'unit_word': word,
                    'text': text, 'latency': _latency_words(summaries[cid].get(test, {}), metric),
                    'change': None if s['baseline'] else _change(rows.get((cid, test, metric))),
                })
            direction = f' · {metric.partition("_")[0]}' if direction_named else ''
            tiles.append({'key': f'{test}:{metric}', 'test': test, 'metric': metric,
                          'title': f'{title_of_test(test)}{direction}', 'unit_word': word, 'values': values})
    return tiles


# --- charts ------------------------------------------------------------------------------------------------------

def _point(stats, unit, log, who):
    if stats is None:
        return None
    median, low, high = stats['median'], stats.get('ci_low'), stats.get('ci_high')
    text = format_value(median, unit)
    has_ci = low is not None and high is not None
    return {   # the tooltip names the interval as the report's tables do (wording.ci_text)
        'median': median, 'ci_low': low, 'ci_high': high, 'text': text,
        'title': f'{who}: {text} ({ci_text(stats, unit)})',
        'plotted': median > 0 if log else True,
        'whisker': [low, high] if has_ci and (low > 0 if log else True) else None,
    }


def _axis(values, reference, unit, log):
    if log:
        positive = [v for v in values if v > 0] or [1.0]
        low = 10.0 ** math.floor(math.log10(min(positive)))
        high = 10.0 ** math.ceil(math.log10(max(positive)))
        if high <= low:
            high = low * 10
        ticks = log_ticks(low, high)
    else:
        top = max([v for v in values if v is not None] + ([reference] if reference else []) + [0.0])
        factor = 1e6 if unit == 'B/s' else 1.0
        ticks = [t * factor for t in nice_ticks(0.0, (top / factor) or 1.0, 4)]
        low, high = 0.0, ticks[-1]
    return {'low': low, 'high': high, 'ticks': [{'value': t, 'label': _tick_label(t, unit, log)} for t in ticks]}


def _tick_label(value, unit, log):
    if unit == 'ns':
        factor, word = next((f, w) for f, w in LATENCY_STEPS if value >= f or f == 1)
        return f'{format_tick(value / factor)} {word}'
    if unit == 'B/s':
        return format_tick(value / 1e6)
    if log and value >= 1e6:
        return f'{format_tick(value / 1e6)}M'
    if log and value >= 1000:
        return f'{format_tick(value / 1000)}k'
    return format_tick(value)


def _chart(chart_id, title, kind, unit, axis_label, groups, series, summaries, reference=None):
    log = kind == 'DOT'
    present = [g for g in groups if any(_stats(summaries, s['configuration_id'], g[0], g[1]) for s in series)]
    if not present:
        return None
    chart_series = [{
        'configuration_id': s['configuration_id'], 'label': s['label'], 'colour': s['colour'],
        'points': [_point(_stats(summaries, s['configuration_id'], t, m), unit, log, f'{s["label"]} · {label}')
                   for t, m, label in present],
    } for s in series]
    values = [v for s in chart_series for p in s['points'] if p
              for v in (p['median'], *(p['whisker'] or ()))]
    axis = _axis(values, reference and reference['value'], unit, log)
    words = '; '.join(f'{label}: ' + ', '.join(f'{s["label"]} {s["points"][i]["text"]}' for s in chart_series
                                               if s['points'][i])
                      for i, (_, _, label) in enumerate(present))
    limit = f'; {reference["label"]} {reference["text"]}' if reference else ''
    return {
        'id': chart_id, 'title': title, 'kind': kind, 'scale': 'LOG' if log else 'LINEAR', 'unit': unit,
        'axis_label': axis_label, 'axis': axis,
        'groups': [{'test': t, 'metric': m, 'label': label} for t, m, label in present],
        'series': chart_series, 'reference': reference,
        'description': f'{title} ({axis_label}). {words}{limit}.',
    }


def _reference(theoretical_max):
    if not isinstance(theoretical_max, dict) or not isinstance(theoretical_max.get('bytes_per_second'), (int, float)):
        return None
    value, measured = theoretical_max['bytes_per_second'], theoretical_max.get('measured_bytes_per_second')
    reference = {'value': value, 'label': f'theoretical maximum ({theoretical_max.get("basis") or "basis unknown"})',
                 'text': format_value(value, 'B/s')}
    if isinstance(measured, (int, float)):  # iperf3's ceiling beside the nominal link speed
        reference.update(text=f'{reference["text"]}, measured ceiling {format_value(measured, "B/s")} '
                              f'({theoretical_max.get("measured_basis")})')
    return reference


def _group_label(test, metric, named_direction):
    direction = f' · {metric.partition("_")[0]}' if named_direction else ''
    return f'{title_of_test(test)}{direction}'


def _charts(series, summaries, theoretical_max):
    throughput = [(t, m, _group_label(t, m, False)) for t, m in THROUGHPUT_GROUPS]
    iops = [(t, m, _group_label(t, m, t == 'MIXED_70_30')) for t, m in IOPS_GROUPS]
    charts = [
        _chart('throughput', 'Sequential throughput', 'BAR', 'B/s', 'MB/s', throughput, series, summaries,
               _reference(theoretical_max)),
        _chart('iops', 'Random and sync I/O', 'DOT', 'IO/s', 'IOPS, logarithmic axis', iops, series, summaries),
    ]
    for test in _tests_in_order(summaries):
        for direction in ('read', 'write'):
            groups = [(test, f'{direction}_lat_{suffix}_ns', PERCENTILE_WORDS[suffix])
                      for suffix, _ in LATENCY_PERCENTILES]
            charts.append(_chart(f'latency_{test}_{direction}', f'{title_of_test(test)}: {direction} latency',
                                 'DOT', 'ns', 'latency, logarithmic axis', groups, series, summaries))
    return [c for c in charts if c is not None]


def compare_series(configurations, summaries, rows, theoretical_max):
    series = [{'configuration_id': c['id'], 'label': c['label'], 'baseline': i == 0,
               'colour': PALETTE[i % len(PALETTE)]} for i, c in enumerate(configurations)]
    return {'series': series, 'tiles': _tiles(series, summaries, rows),
            'charts': _charts(series, summaries, theoretical_max)}


def comparison_rows(comparisons):
    """``{(id, test, metric): row}`` of ``tuning.benchmark.compare``'s ``comparisons``."""
    return {(c['id'], row['test'], row['metric']): row for c in comparisons for row in c['metrics']}

