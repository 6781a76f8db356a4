"""The read methods of the panel's pages run on the event loop (issue 22: a plain method costs a trip to a worker
thread with its arguments checked there, about 250 µs a call in GIL hand-offs): each is a coroutine whose store
read goes through the store's async helpers, and its answer is what the pure query gives."""
import asyncio
import os

import pytest

from tuning import benchmark, preset, restore_point
from tuning.framework import filter_list

FIXTURES = os.path.join(os.path.dirname(__file__), '..', '..', 'fixtures', 'bench', 'fio')

QUERIES = [(preset.TuningPresetService, 'tuning.preset.query'),
           (restore_point.TuningRestorePointService, 'tuning.restore_point.query'),
           (benchmark.TuningBenchmarkService, 'tuning.benchmark.query')]


@pytest.mark.parametrize('service, name', QUERIES)
def test_a_query_is_a_coroutine(service, name):
    # middlewared runs a coroutine method on its loop, a plain one in a worker thread (main.py: _call)
    assert asyncio.iscoroutinefunction(service.query), name


def test_restore_points_answer_as_the_pure_query(box):
    box.call('tuning.preset.apply', 'max-seq-write', {'pool': 'tank', 'dataset': 'tank/media'}, {})
    db = box.ctx.db
    stored = restore_point.query_restore_points(db, [], {})
    assert stored and box.call('tuning.restore_point.query') == stored
    options = {'select': ['id', 'title'], 'order_by': ['-id']}
    assert box.call('tuning.restore_point.query', [['kind', '=', 'APPLY']], options) == filter_list(
        stored, [['kind', '=', 'APPLY']], options)


def test_benchmarks_answer_as_the_pure_query(box):
    assert box.call('tuning.benchmark.query', [], {'select': ['id', 'label']}) == \
        benchmark.query_benchmarks(box.ctx.db, [], {'select': ['id', 'label']})


def test_restore_points_read_their_entries_only_when_the_query_wants_them(box, monkeypatch):
    from tuning.store import restore_points as rps
    box.call('tuning.preset.apply', 'max-seq-write', {'pool': 'tank', 'dataset': 'tank/media'}, {})
    db = box.ctx.db
    whole = restore_point.query_restore_points(db, [], {})
    assert whole and all('entries' in rp for rp in whole)
    asked, real = [], rps.list_restore_points
    monkeypatch.setattr(rps, 'list_restore_points', lambda db, columns=rps.COLUMNS: (
        asked.append(columns), real(db, columns))[1])
    for filters, options, entries in (([], {'select': ['id', 'title', 'state']}, False),
                                      ([['kind', '=', 'APPLY']], {'count': True}, False),
                                      ([], {'order_by': ['-id'], 'limit': 1}, True),
                                      ([], {'select': ['id', 'entries']}, True)):
        asked.clear()
        assert restore_point.query_restore_points(db, filters, options) == filter_list(whole, filters, options)
        assert asked == [rps.COLUMNS if entries else rps.IN_EFFECT]
    with pytest.raises(ValueError):
        real(db, ('id', 'boot_id; DROP TABLE restore_point'))


def test_a_few_restore_points_unfiltered_are_answered_on_the_loop_any_other_query_in_a_thread(box, monkeypatch):
    box.call('tuning.preset.apply', 'max-seq-write', {'pool': 'tank', 'dataset': 'tank/media'}, {})
    threads, real = [], box.mw.run_in_thread
    monkeypatch.setattr(box.mw, 'run_in_thread', lambda fn, *a, **kw: (threads.append(fn), real(fn, *a, **kw))[1])
    whole = box.call('tuning.restore_point.query')
    assert whole and threads == []
    assert box.call('tuning.restore_point.query', [['id', '!=', 0]]) == whole
    assert threads == [restore_point.query_restore_points]
    threads.clear()
    monkeypatch.setattr(restore_point, 'FEW_ROWS', 0)
    assert box.call('tuning.restore_point.query') == whole and threads == [restore_point.query_restore_points]


@pytest.mark.parametrize('filters, options, loop', [
    ([], {'select': ['id', 'label', 'created_at']}, True),     # the history's heads: a few bytes a row
    ([], {'count': True}, True),
    ([], {}, False),                                            # whole rows: every run's figures
    ([], {'select': ['id', 'summary']}, False),
    ([['label', '~', 'a.*']], {'select': ['label']}, False),    # a regular expression never runs on the loop
    ([], {'select': ['label'], 'order_by': ['label']}, False),
])
def test_only_small_unfiltered_unsorted_benchmark_queries_are_answered_on_the_loop(box, monkeypatch, filters,
                                                                                     options, loop):
    with open(os.path.join(FIXTURES, 'seq-write-libaio-direct.json')) as f:
        box.call('tuning.benchmark.import', 'FIO', f.read(), 'one result')
    threads, real = [], box.mw.run_in_thread
    monkeypatch.setattr(box.mw, 'run_in_thread', lambda fn, *a, **kw: (threads.append(fn), real(fn, *a, **kw))[1])
    # a few results: any unfiltered, unsorted query is small
    box.call('tuning.benchmark.query', filters, options)
    assert threads == ([] if loop or (not filters and 'order_by' not in options) else [benchmark.query_benchmarks])
    threads.clear()
    monkeypatch.setattr(benchmark, 'FEW_ROWS', 0)   # many (one is more than none): only the few-byte columns are
    box.call('tuning.benchmark.query', filters, options)
    assert threads == ([] if loop else [benchmark.query_benchmarks])
