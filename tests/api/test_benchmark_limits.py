"""A benchmark's durations are bounded (a run measures at most an hour after at most 10 minutes of warm-up): longer
is refused by field before anything runs, so a typo cannot hold the box and its disks for a day."""
import pytest

from client import JobFailed, RpcError
from test_benchmark_api import SMALL
from tuning_helpers import error_fields


@pytest.mark.parametrize('override, field', [
    ({'runtime_seconds': 3601}, 'spec.runtime_seconds'),
    ({'runtime_seconds': 86400}, 'spec.runtime_seconds'),
    ({'ramp_seconds': 601}, 'spec.ramp_seconds'),
])
def test_durations_past_the_bound_are_refused_by_field(c, override, field):
    with pytest.raises((RpcError, JobFailed)) as e:
        c.job('tuning.benchmark.run', {**SMALL, **override})
    assert error_fields(e.value) == [field]
    assert c.call('tuning.state')['busy'] is None
