"""Every tuning.*.query method honours middlewared's query-options as middlewared's own query methods do (issue 22):
`order_by` first, then `offset`, then `limit`; `count` counts what the filters let through, whatever the limit;
`get` is the first row; `select` keeps only the named fields (a dotted name keeps that part of a nested object,
a name a row lacks is left out of it). As in middlewared, a selected row is checked against the method's model
with every top-level field optional: `[name, alias]` (a field the model does not have) or a part of a nested model
(`target.dataset`) gives rows the model does not describe, which middlewared sends as they are with a warning in its
log and the host's tests refuse; filter_list itself does both as middlewared's does (tests/truenas_rules). A results
history asks for its rows without their bulky parts (per-run figures, fio job lists) with `select`."""
import json

import pytest

from test_benchmark_api import fixture
from test_tuning_api import MEDIA

FIO_RESULTS = ('randread-libaio-direct.json', 'seq-write-psync.json', 'randrw-70-30.json')


@pytest.fixture(scope='module')
def rows(host):
    """Something in each query: the built-in presets, four restore points, three imported results."""
    with host.client() as c:
        for preset in ('max-seq-write', 'max-iops'):
            applied = c.job('tuning.preset.apply', preset, MEDIA, {'acknowledge': []})
            c.job('tuning.restore_point.revert', applied['restore_point_id'], [])
        imported = [c.call('tuning.benchmark.import', 'FIO', fixture('fio', name), f'query options {name}')
                    for name in FIO_RESULTS]
        yield
        for entry in imported:
            c.call('tuning.benchmark.delete', entry['id'])


QUERIES = ['tuning.preset.query', 'tuning.restore_point.query', 'tuning.benchmark.query', 'tuning.campaign.query',
           'tuning.network.query', 'tuning.client.session.query']
WITH_ROWS = QUERIES[:3]


def paged(everything, offset, limit):
    """What middlewared's filter_list gives of `everything` (already ordered) for offset/limit."""
    out = everything[offset:] if offset else everything
    return out[:limit] if limit else out


@pytest.mark.parametrize('method', WITH_ROWS)
def test_offset_and_limit_page_through_the_rows_in_order(c, rows, method):
    everything = c.call(method, [], {'order_by': ['id']})
    assert len(everything) >= 3
    ids = [r['id'] for r in everything]
    for offset, limit in ((0, 1), (1, 0), (1, 2), (2, 1), (len(ids) - 1, 5), (len(ids), 3), (0, len(ids) + 5)):
        got = c.call(method, [], {'order_by': ['id'], 'offset': offset, 'limit': limit})
        assert [r['id'] for r in got] == [r['id'] for r in paged(everything, offset, limit)], (offset, limit)
    newest_first = c.call(method, [], {'order_by': ['-id'], 'limit': 2})
    assert [r['id'] for r in newest_first] == sorted(ids, reverse=True)[:2]


@pytest.mark.parametrize('method', WITH_ROWS)
def test_count_counts_every_match_whatever_the_page(c, rows, method):
    everything = c.call(method)
    assert c.call(method, [], {'count': True}) == len(everything)
    assert c.call(method, [], {'count': True, 'limit': 1, 'offset': 1}) == len(everything)
    first = everything[0]['id']
    assert c.call(method, [['id', '=', first]], {'count': True}) == 1


@pytest.mark.parametrize('method', WITH_ROWS)
def test_select_keeps_the_named_fields_only(c, rows, method):
    everything = c.call(method, [], {'order_by': ['id']})
    got = c.call(method, [], {'order_by': ['id'], 'select': ['id', 'no_such_field']})
    assert got == [{'id': r['id']} for r in everything]
    one = c.call(method, [['id', '=', everything[1]['id']]], {'get': True, 'select': ['id']})
    assert one == {'id': everything[1]['id']}
    page = c.call(method, [], {'order_by': ['-id'], 'offset': 1, 'limit': 1, 'select': ['id']})
    assert page == [{'id': everything[-2]['id']}]


@pytest.mark.parametrize('method', QUERIES[3:])
def test_empty_queries_page_and_count_too(c, method):
    everything = c.call(method)
    assert c.call(method, [], {'count': True}) == len(everything)
    assert c.call(method, [], {'limit': 1, 'select': ['id']}) == [{'id': r['id']} for r in everything[:1]]


def test_a_results_history_without_the_bulky_parts(c, rows):
    """The history's columns only: no per-run figures, fio jobs, specs or notes to send."""
    light = ['id', 'label', 'created_at', 'source', 'campaign_id', 'context.imported', 'summary']
    full = c.call('tuning.benchmark.query', [['label', '^', 'query options']], {'order_by': ['id']})
    got = c.call('tuning.benchmark.query', [['label', '^', 'query options']], {'order_by': ['id'], 'select': light})
    assert len(got) == len(FIO_RESULTS)
    for entry, row in zip(full, got):
        assert set(row) == {'id', 'label', 'created_at', 'source', 'campaign_id', 'context', 'summary'}
        assert row['context'] == {'imported': entry['context']['imported']}
        assert {k: row[k] for k in ('id', 'label', 'created_at', 'source', 'campaign_id', 'summary')} == \
            {k: entry[k] for k in ('id', 'label', 'created_at', 'source', 'campaign_id', 'summary')}
