"""What the charts plot (pure data; ``chart_svg`` draws it, the panel can draw the same).

``report_charts(configurations, summaries, theoretical_max)`` → ``[chart]``, chart = ``{id, title, unit, scale:
LINEAR|LOG, groups: [{test, metric, label}], series: [{configuration_id, label, points: [point|None]}],
reference: {value, label}|None}``, point = ``{median, ci_low, ci_high}`` straight from the result's summary.
Charts: sequential MB/s (linear, with the theoretical maximum as reference when known), IOPS (log: random 4K and
sequential figures span orders of magnitude), and one latency-percentile chart (p50/p90/p99/p99.9, log) per test
and direction that has latencies. Groups no configuration has are dropped; a chart with no group is left out.
"""
from ..bench.catalog import TESTS
from .columns import IOPS_GROUPS, LATENCY_PERCENTILES, THROUGHPUT_GROUPS
from .metric_info import label_of_test


def _point(summary, test, metric):
    stats = summary.get(test, {}).get(metric)
    if stats is None:
        return None
    return {'median': stats['median'], 'ci_low': stats.get('ci_low'), 'ci_high': stats.get('ci_high')}


def _chart(chart_id, title, unit, scale, groups, configurations, summaries, reference=None):
    present = [g for g in groups if any(_point(summaries[c['id']], g[0], g[1]) for c in configurations)]
    if not present:
        return None
    return {
        'id': chart_id, 'title': title, 'unit': unit, 'scale': scale,
        'groups': [{'test': t, 'metric': m, 'label': label} for t, m, label in present],
        'series': [{'configuration_id': c['id'], 'label': c['label'],
                    'points': [_point(summaries[c['id']], t, m) for t, m, _ in present]} for c in configurations],
        'reference': reference,
    }


def _tests_in_order(summaries):
    seen = set().union(*(set(s) for s in summaries.values())) if summaries else set()
    return [t for t in TESTS if t in seen] + sorted(t for t in seen if t not in TESTS)


def report_charts(configurations, summaries, theoretical_max):
    reference = None
    if isinstance(theoretical_max, dict) and isinstance(theoretical_max.get('bytes_per_second'), (int, float)):
        reference = {'value': theoretical_max['bytes_per_second'],
                     'label': f'theoretical maximum: {theoretical_max.get("basis") or "basis unknown"}'}
    charts = [
        _chart('throughput', 'Sequential throughput (MB/s, linear axis)', 'B/s', 'LINEAR', THROUGHPUT_GROUPS,
               configurations, summaries, reference),
        _chart('iops', 'Random I/O (IOPS, logarithmic axis)', 'IO/s', 'LOG', IOPS_GROUPS, configurations,
               summaries),
    ]
    for test in _tests_in_order(summaries):
        for direction in ('read', 'write'):
            groups = [(test, f'{direction}_lat_{suffix}_ns', label) for suffix, label in LATENCY_PERCENTILES]
            name = label_of_test(test)
            charts.append(_chart(f'latency_{test}_{direction}',
                                 f'{name[:1].upper()}{name[1:]}: {direction} latency percentiles '
                                 '(logarithmic axis)', 'ns', 'LOG', groups, configurations, summaries))
    return [c for c in charts if c is not None]
