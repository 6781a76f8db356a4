"""What `tuning.advice.slog` says before it runs: how long it takes (core.slog expected_seconds, duration_words) and
what it writes, from the figures the job runs by. The panel says the same before Measure (SLOG_LIMITS and
SLOG_FIGURES in ui/src/app/pages/layout/slog-advice.ts, and the same cases in slog-advice.spec.ts): its figures are
read here and must be the server's."""
import os
import re

import pytest

from tuning.advice_slog_models import TuningAdviceSlogOptions
from tuning.core import slog
from tuning.core.ladder import fio_sync_write
from tuning.flows import slog_run

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
PANEL = os.path.join(ROOT, 'ui', 'src', 'app', 'pages', 'layout', 'slog-advice.ts')


def panel_constant(name: str) -> str:
    with open(PANEL, encoding='utf-8') as f:
        text = f.read()
    found = re.search(rf'export const {name} = \{{(.*?)\n\}} as const;', text, re.S)
    assert found, f'{name} not found in {PANEL}'
    return found.group(1)


def figures_of(body: str) -> dict:
    """``name: 16 * 1024 * 1024,`` lines as numbers (only whole numbers and products are read)."""
    out = {}
    for name, expression in re.findall(r'^\s*(\w+): ([\d_ *]+),?$', body, re.M):
        value = 1
        for factor in expression.replace('_', '').split('*'):
            value *= int(factor)
        out[name] = value
    return out


def test_the_panel_reckons_time_and_writes_with_the_servers_figures():
    assert figures_of(panel_constant('SLOG_FIGURES')) == {
        'datasetSetUpSeconds': slog.DATASET_SET_UP_SECONDS, 'runSetUpSeconds': slog.RUN_SET_UP_SECONDS,
        'ssdSetUpSeconds': slog.SSD_SET_UP_SECONDS, 'ssdRegionBytes': fio_sync_write.REGION_BYTES,
        'scratchFileBytes': slog_run.WORKING_SET}


def test_the_panel_bounds_the_limits_as_the_models_do():
    limits = panel_constant('SLOG_LIMITS')
    fields = TuningAdviceSlogOptions.model_fields

    def bounds(name):
        meta = {type(m).__name__: m for m in fields[name].metadata}
        return meta['Ge'].ge, meta['Le'].le, fields[name].default
    for panel, field in (('window', 'window_seconds'), ('runtime', 'runtime_seconds')):
        low, high, default = bounds(field)
        assert f'{panel}: {{ min: {low}, max: {high}, default: {default} }}' in limits
    assert f'runs: {{ default: {fields["runs"].default} }}' in limits
    assert (bounds('runtime_seconds')[:2]) == fio_sync_write.SECONDS


@pytest.mark.parametrize('dataset, window, runs, runtime, ssds, seconds', [
    (True, 30, 3, 15, 0, 30 + 20 + 2 * 3 * (15 + 3)),     # the defaults: 158 s
    (True, 0, 3, 2, 1, 20 + 2 * 3 * 5 + 7),
    (False, 30, 3, 15, 1, 15 + 5),                          # an SSD alone: no window, no dataset
    (False, 30, 3, 60, 2, 2 * 65),
])
def test_a_run_takes_its_measurements_and_their_set_up(dataset, window, runs, runtime, ssds, seconds):
    assert slog.expected_seconds(dataset, window, runs, runtime, ssds) == seconds


@pytest.mark.parametrize('seconds, words', [
    (2, 'about 5 s'), (20, 'about 20 s'), (58, 'about 1 min'), (95, 'about 1 min 35 s'), (118, 'about 2 minutes'),
    (150, 'about 3 minutes'), (158, 'about 3 minutes'), (600, 'about 10 minutes'),
])
def test_a_time_is_said_to_5_s_under_two_minutes_then_in_minutes(seconds, words):
    assert slog.duration_words(seconds) == words
