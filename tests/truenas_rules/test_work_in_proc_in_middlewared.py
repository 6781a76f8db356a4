"""The plugin's CPU-heavy work (a comparison, a report) in middlewared's process pool, of the release (25.10, 26.0).

Installed, the plugin is ``middlewared.plugins.tuning``: ``framework.run_in_proc`` hands ``compute``'s functions to
the release's ``Middleware.run_in_proc`` (25.10: a ProcessPoolExecutor of spawned workers, main.py), which pickles
them by that name, so a worker imports ``middlewared.plugins.tuning.compute``. middlewared's workers refuse to load
``middlewared.api.current`` (worker.py sets API_LOADING_FORBIDDEN), so the module must load neither it nor the
plugin's framework. 26.0's main.py has no process pool. For now the plugin runs the work in a thread inside
middlewared on both releases (in the live tier, 25.10's pool lost its workers on it, "terminated abruptly", cause not
found yet); these tests keep the module ready for the pool.
"""
import asyncio
import concurrent.futures
import importlib
import multiprocessing
import os
import pickle
import re
from pathlib import Path

import pytest

from .framework_session import PLUGIN_MODULE, open_session, skip_reason

REASON = skip_reason()
if REASON is not None and os.environ.get('TUNING_RULES_REQUIRE_FRAMEWORK'):
    raise RuntimeError(f'the real-framework tier cannot run: {REASON}')  # run.sh: a tier that skips proves nothing
pytestmark = pytest.mark.skipif(REASON is not None, reason=REASON or '')

STEADY = [100.0, 101.0, 99.0, 100.5, 99.5]


@pytest.fixture(scope='module')
def plugin(tmp_path_factory):
    session = open_session(tmp_path_factory.mktemp('middlewared-tree'))
    try:
        yield {'compute': importlib.import_module(f'{PLUGIN_MODULE}.compute'),
               'framework': importlib.import_module(f'{PLUGIN_MODULE}.framework')}
    finally:
        session.close()


def _entry(id_, label, values):
    summarize = importlib.import_module(f'{PLUGIN_MODULE}.core.bench').summarize
    return {'id': id_, 'label': label, 'created_at': '2025-06-01T10:00:00Z', 'source': 'FIO', 'spec': None,
            'context': {'fio_version': 'fio-3.33'}, 'jobs': [], 'notes': [],
            'runs': {'SEQ_WRITE': [{'run': i + 1, 'metrics': {'write_bw_bytes': v}} for i, v in enumerate(values)]},
            'summary': {'SEQ_WRITE': {'write_bw_bytes': summarize(values)}}}


def _release_run_in_proc() -> bool:
    main = (Path(os.environ['MIDDLEWARED_SRC']) / 'middlewared' / 'main.py').read_text()
    return re.search(r'async def run_in_proc\(self, method, \*args, \*\*kwargs\)', main) is not None


def test_the_work_pickles_by_its_name_in_middlewared(plugin):
    compute = plugin['compute']
    for fn in (compute.outcome, compute.comparison_of, compute.report_file):
        assert pickle.loads(pickle.dumps(fn)) is fn
        assert fn.__module__ == f'{PLUGIN_MODULE}.compute'


def test_a_spawned_worker_gives_the_same_answers_and_loads_no_api(plugin):
    compute = plugin['compute']
    entries = [_entry(1, 'before', STEADY), _entry(2, 'after', [v * 1.2 for v in STEADY])]
    here = compute.comparison_of(entries, 1)
    report = dict(title='T', generated_at='2025-06-01T10:00:00+00:00', ladders=[])
    # the start method middlewared sets for its pool (main.py: multiprocessing.set_start_method('spawn'))
    with concurrent.futures.ProcessPoolExecutor(1, mp_context=multiprocessing.get_context('spawn')) as pool:
        there = compute.result_of(pool.submit(compute.outcome, compute.comparison_of, entries, 1, None).result())
        data = compute.result_of(pool.submit(compute.outcome, compute.report_file, entries, there, None, 'MARKDOWN',
                                             **report).result())
        modules = pool.submit(eval, 'sorted(__import__("sys").modules)').result()
    assert there == here
    assert data == compute.report_file(entries, here, None, 'MARKDOWN', **report)
    assert f'{PLUGIN_MODULE}.compute' in modules
    assert [m for m in modules if m.startswith(('middlewared.api', f'{PLUGIN_MODULE}.framework'))] == []


def test_inside_middlewared_the_plugin_runs_the_work_in_a_thread(plugin):
    # 25.10's pool lost its workers on this work in the live tier ("terminated abruptly"); 26.0 has no pool
    calls = []

    class ReleaseMiddleware:
        async def run_in_thread(self, fn, *args, **kwargs):
            calls.append('thread')
            return fn(*args, **kwargs)

        async def run_in_proc(self, fn, *args, **kwargs):
            calls.append('proc')
            return fn(*args, **kwargs)

    answer = asyncio.run(plugin['framework'].run_in_proc(ReleaseMiddleware(), divmod, 7, 2))
    assert answer == (3, 1)
    assert calls == ['thread']
    if version := os.environ.get('TRUENAS_VERSION'):   # what the module says of the releases
        assert _release_run_in_proc() == version.startswith('25.')