"""What a test id and a metric id mean, for people (pure).

``metric_info(metric_id)`` → ``{id, label, unit, direction}``: from the benchmark catalog when it knows the metric;
otherwise read from the id's shape (``write_lat_p99_9_ns`` → "write latency p99.9", ns, LOWER), so metrics added to
the catalog later, or kept by an importer, still get a unit and a direction instead of breaking the report.
``metric_sort_key(test_id, metric_id)`` orders a test's metrics: bandwidth and IOPS in the catalog's order, then
latency percentiles by direction and percentile (p50 < p90 < p99 < p99.9).
``label_of_test(test_id)`` → "sequential write", "bonnie++ random seeks", "fio job 'x'" or the id itself.
``title_of_test(test_id)`` → the test as a chart or tile names it, with its block size: "Sequential write 1 MiB".
"""
import re

from ..bench.catalog import HIGHER, LOWER, METRICS, TESTS, metrics_of_test

_LATENCY = re.compile(r'^(read|write)_lat_p(\d+)(?:_(\d+))?_ns$')
_OTHER_TESTS = {'RANDOM_IOPS': 'random seeks (bonnie++/gobonniego)'}


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


def label_of_test(test_id):
    if test_id in TESTS:
        return TESTS[test_id].label
    if test_id in _OTHER_TESTS:
        return _OTHER_TESTS[test_id]
    if test_id.startswith('FIO:'):
        return f"fio job '{test_id[4:]}'"
    return test_id


_TITLES = {
    'SEQ_WRITE': 'Sequential write 1 MiB', 'SEQ_READ': 'Sequential read 1 MiB', 'RAND_READ_4K': 'Random read 4 KiB',
    'RAND_WRITE_4K': 'Random write 4 KiB', 'SYNC_WRITE_4K': 'Sync write 4 KiB', 'MIXED_70_30': 'Mixed 70/30 8 KiB',
    'RANDOM_IOPS': 'Random seeks (imported)',
}


def title_of_test(test_id):
    if test_id in _TITLES:
        return _TITLES[test_id]
    label = label_of_test(test_id)
    return label[:1].upper() + label[1:]


def metric_sort_key(test_id, metric_id):
    m = _LATENCY.match(metric_id)
    if m:
        return (1, 0 if m.group(1) == 'read' else 1, float(f'{m.group(2)}.{m.group(3) or 0}'), metric_id)
    known = metrics_of_test(test_id) if test_id in TESTS else []
    return (0, known.index(metric_id) if metric_id in known else len(known), 0.0, metric_id)
