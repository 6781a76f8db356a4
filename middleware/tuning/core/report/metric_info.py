"""What a test id and a metric id mean, for people (pure).

``metric_info(metric_id)`` → ``{id, label, unit, direction}``: from the benchmark catalog when it knows the metric;
otherwise read from the id's shape (``write_lat_p99_9_ns`` → "write latency p99.9", ns, LOWER), so metrics added to
the catalog later, or kept by an importer, still get a unit and a direction instead of breaking the report.
``metric_sort_key(test_id, metric_id)`` orders a test's metrics: bandwidth and IOPS in the catalog's order, then
latency percentiles by direction and percentile (p50 < p90 < p99 < p99.9).
``title_of_test(test_id)`` → the one name a person reads for a test, in every sentence, chart and tile, with its
block size: "Sequential write 1 MiB" (the catalog's ``title``), "Random seeks (imported)", "fio job “x”" or the id
itself.
"""
import re

from ..bench.catalog import HIGHER, LOWER, METRICS, TESTS, metrics_of_test
from ..words import quoted

_LATENCY = re.compile(r'^(read|write)_lat_p(\d+)(?:_(\d+))?_ns$')


def percentile_label(metric_id):
    """'read_lat_p99_9_ns' → 'p99.9'; None when the metric is not a latency percentile."""
    m = _LATENCY.match(metric_id)
    if not m:
        return None
    return f'p{m.group(2)}' + (f'.{m.group(3)}' if m.group(3) else '')


def metric_info(metric_id):
    known = METRICS.get(metric_id)
    if known is not None:
        return {'id': metric_id, 'label': known.label, 'unit': known.unit, 'direction': known.direction}
    m = _LATENCY.match(metric_id)
    if m:
        return {'id': metric_id, 'label': f'{m.group(1)} latency {percentile_label(metric_id)}', 'unit': 'ns',
                'direction': LOWER}
    if metric_id.endswith('bw_bytes'):
        return {'id': metric_id, 'label': metric_id.replace('_bw_bytes', ' bandwidth'), 'unit': 'B/s',
                'direction': HIGHER}
    if metric_id.endswith('iops'):
        return {'id': metric_id, 'label': metric_id.replace('_', ' ').replace('iops', 'IOPS'), 'unit': 'IO/s',
                'direction': HIGHER}
    # Unknown shape: no unit we could convert, and HIGHER is what comparison.compare assumes too.
    return {'id': metric_id, 'label': metric_id, 'unit': '', 'direction': HIGHER}


# tests that are no catalog test: what importers keep
_OTHER_TITLES = {'RANDOM_IOPS': 'Random seeks (imported)'}


def title_of_test(test_id):
    if test_id in TESTS:
        return TESTS[test_id].title
    if test_id in _OTHER_TITLES:
        return _OTHER_TITLES[test_id]
    if test_id.startswith('FIO:'):
        return f'fio job {quoted(test_id[4:])}'
    return test_id


def metric_sort_key(test_id, metric_id):
    m = _LATENCY.match(metric_id)
    if m:
        return (1, 0 if m.group(1) == 'read' else 1, float(f'{m.group(2)}.{m.group(3) or 0}'), metric_id)
    known = metrics_of_test(test_id) if test_id in TESTS else []
    return (0, known.index(metric_id) if metric_id in known else len(known), 0.0, metric_id)
