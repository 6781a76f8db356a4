"""The noise warnings tuning.benchmark.compare returns name a test's metrics in the order people read them (as the
report and the panel's tables): latency percentiles ascending, p99 before p99.9, whatever order the stored summary
has (it is stored with its keys sorted, where `p99_9` comes before `p99_ns`)."""
from tuning.core.bench.conditions import noise_warnings

from .conftest import make_result

NOISY = [100.0, 70.0, 130.0, 90.0, 115.0]


def test_noise_warnings_name_latency_percentiles_in_ascending_order():
    metrics = {m: NOISY for m in ('read_lat_p99_9_ns', 'read_lat_p99_ns', 'read_lat_p90_ns', 'read_lat_p50_ns')}
    warnings = noise_warnings(make_result(1, 'base', {'SEQ_READ': metrics}))
    order = [next(p for p in ('p99.9', 'p99', 'p90', 'p50') if f'read latency {p}:' in w) for w in warnings]
    assert order == ['p50', 'p90', 'p99', 'p99.9']
