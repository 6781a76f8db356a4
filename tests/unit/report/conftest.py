"""Fixtures for the report tests: the committed report fixtures (three configurations built from the real fio
captures, see tests/fixtures/report/make_report_fixtures.py) and builders for small hand-made results."""
import copy
import json
import os

import pytest

from tuning.core.bench import compare, summarize

FIXTURES = os.path.join(os.path.dirname(__file__), '..', '..', 'fixtures')


def load_fixture(*parts):
    with open(os.path.join(FIXTURES, *parts)) as f:
        return json.load(f)


_RESULTS = load_fixture('report', 'entries.json')
_COMPARISON = load_fixture('report', 'comparison.json')


@pytest.fixture
def results():
    return copy.deepcopy(_RESULTS)


@pytest.fixture
def comparison():
    return copy.deepcopy(_COMPARISON)


STEADY = [100.0, 101.0, 99.0, 100.5, 99.5]   # runs of a quiet metric


def full_context(**over):
    """A result's context recording every condition (core.bench.conditions), ``over`` replacing some."""
    context = {'target': {'dataset': 'tank/bench', 'pool': 'tank'},
               'pool': {'name': 'tank', 'layout': 'MIRROR 2×SSD'},
               'platform': {'name': 'TrueNAS', 'version': 'TrueNAS-25.10.0'}, 'openzfs_version': '2.3.4',
               'fio_version': 'fio-3.33', 'backend': 'truenas', 'cache_defeat': {'method': 'DIRECT_IO'},
               'plan': {'profile': 'QUICK', 'runtime_seconds': 3, 'ramp_seconds': 1,
                        'tests': [{'test': 'SEQ_WRITE', 'working_set_bytes': 256 * 1024 ** 2}]},
               'cpu': {'model': 'EPYC', 'cores': 8},
               'memory': {'physical_bytes': 64 * 1024 ** 3}}
    context.update(over)
    return context


def make_result(id_, label, values, context=None, source='FIO', notes=(), spec=None):
    """A result in the ``tuning.benchmark.get`` shape from ``{TEST: {metric: [run values]}}``."""
    runs, summary = {}, {}
    for test, metrics in values.items():
        count = len(next(iter(metrics.values())))
        runs[test] = [{'run': i + 1, 'metrics': {m: v[i] for m, v in metrics.items()}} for i in range(count)]
        summary[test] = {m: summarize(v) for m, v in metrics.items()}
    return {'id': id_, 'label': label, 'created_at': '2025-06-01T10:00:00Z', 'source': source, 'spec': spec,
            'context': context if context is not None else {}, 'summary': summary, 'runs': runs, 'jobs': [],
            'notes': list(notes)}


def compare_results(baseline, others, warnings=()):
    """What tuning.benchmark.compare returns for these results (fewer bootstrap resamples: same code path)."""
    def normalised(result):
        return {'source': result['source'], 'label': result['label'],
                'tests': {t: {'runs': r} for t, r in result['runs'].items()}}
    answer = compare(normalised(baseline), [normalised(o) for o in others], resamples=500)
    return {'baseline': {'id': baseline['id'], **answer['baseline']},
            'comparisons': [{'id': o['id'], **c} for o, c in zip(others, answer['comparisons'])],
            'theoretical_max': None, 'warnings': list(warnings)}
