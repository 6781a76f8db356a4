"""The host's query options give what the REAL middlewared's ``filter_list`` of the release gives (issue 22): the
plugin's queries run through middlewared's own filter_list inside TrueNAS and through the host's
(plugin/tuning_host/runtime/filters.py) on the standalone host, so a client paging, counting or selecting gets the
same rows from both.

Rows shaped like the plugin's (nested objects, nulls, a field some rows lack) go through both with every combination
of ``order_by``, ``offset``, ``limit``, ``count``, ``get`` and ``select`` below: the same answers, but in two cases
where the host orders as asked and middlewared does not (it raises a TypeError ordering by a field its ``select``
left out; its ``nulls_first:``/``nulls_last:`` read a dotted name as one key and keep the rows' order), each checked
to be only there.
"""
import copy
import importlib
import itertools
import os

import pytest

from tuning_host.runtime import filters as host

from .framework_session import open_session, skip_reason

REASON = skip_reason()
if REASON is not None and os.environ.get('TUNING_RULES_REQUIRE_FRAMEWORK'):
    raise RuntimeError(f'the real-framework tier cannot run: {REASON}')  # run.sh: a tier that skips proves nothing
pytestmark = pytest.mark.skipif(REASON is not None, reason=REASON or '')

ROWS = [
    {'id': 3, 'label': 'c', 'source': 'FIO', 'target': {'pool': 'tank', 'dataset': 'tank/media'}, 'runs': [1, 2]},
    {'id': 1, 'label': 'a', 'source': 'LOCAL', 'target': {'pool': 'tank', 'dataset': None}, 'runs': []},
    {'id': 4, 'label': 'd', 'source': 'LOCAL', 'target': {'pool': 'fast', 'dataset': 'fast/vm'}, 'runs': [3]},
    {'id': 2, 'label': 'b', 'source': 'CLIENT', 'target': {'pool': 'tank', 'dataset': 'tank/vm'}},
    {'id': 5, 'label': 'e', 'source': 'FIO', 'target': {'pool': 'fast', 'dataset': 'fast/media'}, 'runs': [4, 5]},
]
FILTERS = [[], [['source', '!=', 'CLIENT']], [['target.pool', '=', 'tank']], [['id', '=', 99]]]
ORDERS = [[], ['id'], ['-id'], ['label', '-id'], ['target.pool', '-label'], ['nulls_last:target.dataset'],
          ['nulls_first:-target.dataset']]
PAGES = [{}, {'limit': 2}, {'offset': 1}, {'offset': 1, 'limit': 2}, {'offset': 4, 'limit': 3}, {'offset': 9},
         {'limit': 9}]
SELECTS = [[], ['id'], ['id', 'target.pool'], ['id', ['label', 'name']], ['label', 'runs', 'no_such_field'],
           ['target.dataset', 'id']]


@pytest.fixture(scope='module')
def truenas(tmp_path_factory):
    session = open_session(tmp_path_factory.mktemp('middlewared-tree'))
    try:
        yield importlib.import_module('middlewared.utils.filter_list')
    finally:
        session.close()


def answer(filter_list, filters, options):
    """What a query answers: its value, or the kind of error it raises."""
    try:
        return 'value', filter_list(copy.deepcopy(ROWS), copy.deepcopy(filters), copy.deepcopy(options))
    except Exception as e:   # which one, by name: middlewared's and the host's classes differ
        return 'error', type(e).__name__


def cases():
    for filters, order_by, page, select in itertools.product(FILTERS, ORDERS, PAGES, SELECTS):
        yield filters, {**page, 'order_by': order_by, 'select': select}
        if not page:
            yield filters, {'order_by': order_by, 'select': select, 'count': True}
            yield filters, {'order_by': order_by, 'select': select, 'get': True}


def orders_by_what_select_left_out(options):
    """Whether middlewared orders rows its `select` already cut down (it selects first): a field the select left
    out is null in every row, and middlewared's sort fails where the host orders by the whole row."""
    kept = {s if isinstance(s, str) else s[1] for s in options['select']}
    return bool(options['select']) and any(o.split(':')[-1].lstrip('-') not in kept for o in options['order_by'])


def nulls_of_a_nested_field(options):
    """`nulls_first:`/`nulls_last:` with a dotted name: middlewared looks the name up as one key, finds every row
    null and keeps their order, where the host orders by the nested value."""
    return any(o.startswith(('nulls_first:', 'nulls_last:')) and '.' in o for o in options['order_by'])


def test_every_page_count_get_and_select_is_middlewareds(truenas):
    """The same answer, but in the two cases above (each checked to be what is described)."""
    same = 0
    for filters, options in cases():
        theirs, ours = answer(truenas.filter_list, filters, options), answer(host.filter_list, filters, options)
        if theirs == ours:
            same += 1
        elif nulls_of_a_nested_field(options):
            assert theirs == answer(host.filter_list, filters, {**options, 'order_by': []}), (filters, options)
        else:
            assert orders_by_what_select_left_out(options), (filters, options, theirs, ours)
            assert theirs == ('error', 'TypeError') and ours[0] == 'value', (filters, options, theirs, ours)
    assert same > 1000


def test_limit_offset_and_select_rows_of_the_plugins_shape(truenas):
    """A few answers spelled out, the same from both."""
    for filter_list in (truenas.filter_list, host.filter_list):
        rows = copy.deepcopy(ROWS)
        assert filter_list(rows, [], {'order_by': ['id'], 'offset': 1, 'limit': 2, 'select': ['id']}) == \
            [{'id': 2}, {'id': 3}]
        assert filter_list(rows, [['source', '=', 'LOCAL']], {'count': True, 'limit': 1}) == 2
        assert filter_list(rows, [], {'order_by': ['-id'], 'get': True, 'select': ['id', 'target.pool']}) == \
            {'id': 5, 'target': {'pool': 'fast'}}
        assert filter_list(rows, [['id', '=', 2]], {'select': ['runs', ['label', 'name']]}) == [{'name': 'b'}]
