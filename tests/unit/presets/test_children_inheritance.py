"""Which child datasets of a plan's target follow a dataset property change (core.presets.children, box.children)."""
import asyncio

from tuning.box.children import add_children, read_child_sources, with_children
from tuning.core.presets.children import children_inheritance, children_words


def test_a_child_inherits_unless_it_or_a_dataset_between_holds_its_own_value():
    sources = {'tank/media/a': 'INHERITED', 'tank/media/b': 'LOCAL', 'tank/media/b/c': 'INHERITED',
               'tank/media/d': 'DEFAULT', 'tank/media/zvol': None, 'tank/other': 'INHERITED',
               'tank/media/e': 'RECEIVED'}
    found = children_inheritance('tank/media', sources)
    assert found == {'children_inheriting': ['tank/media/a', 'tank/media/d'], 'children_inheriting_count': 2,
                     'children_overriding': ['tank/media/b', 'tank/media/b/c', 'tank/media/e'],
                     'children_overriding_count': 3}


def test_the_lists_are_bounded_and_the_counts_are_not():
    sources = {f'tank/c{i:03}': 'INHERITED' for i in range(120)}
    found = children_inheritance('tank', sources, shown=50)
    assert len(found['children_inheriting']) == 50 and found['children_inheriting_count'] == 120
    assert children_words(found) == 'Child datasets tank/c000, tank/c001, tank/c002 and 117 more inherit this change.'


def test_the_words_name_both_lists_and_say_nothing_without_children():
    found = children_inheritance('tank/media', {'tank/media/a': 'INHERITED', 'tank/media/b': 'LOCAL'})
    assert children_words(found) == ('Child dataset tank/media/a inherits this change. tank/media/b holds its own '
                                     'value and keeps it (not changed by this plan).')
    assert children_words(children_inheritance('tank/media', {})) is None


class FakeMiddleware:
    """zfs.resource.query as 25.10 answers it (sources as {type, value}); records what was asked."""

    def __init__(self, answer):
        self.answer, self.calls = answer, []

    async def call(self, method, *args):
        self.calls.append((method, args))
        return self.answer


def prop(source_type):
    return {'raw': '128K', 'value': 131072, 'source': {'type': source_type, 'value': None}}


def test_a_preview_row_of_a_dataset_property_lists_the_children_and_other_rows_are_left_alone():
    middleware = FakeMiddleware([
        {'name': 'tank/media', 'properties': {'recordsize': prop('LOCAL')}},
        {'name': 'tank/media/movies', 'properties': {'recordsize': prop('INHERITED')}},
        {'name': 'tank/media/db', 'properties': {'recordsize': prop('LOCAL')}},
        {'name': 'tank/media/vol', 'properties': {'recordsize': None}},
    ])
    plan = {'target': {'pool': 'tank', 'dataset': 'tank/media'}, 'changes': [
        {'kind': 'DATASET_PROPERTY', 'scope': 'tank/media', 'setting': 'recordsize', 'rationale': 'Big files.'},
        {'kind': 'ZFS_PARAMETER', 'scope': 'global', 'setting': 'zfs_arc_max', 'rationale': 'RAM.'}]}
    out = asyncio.run(add_children(middleware, plan))
    record, arc = out['changes']
    assert (record['children_inheriting'], record['children_overriding']) == (['tank/media/movies'], ['tank/media/db'])
    assert record['rationale'].startswith('Big files. Child dataset tank/media/movies inherits this change.')
    assert arc == plan['changes'][1]
    ((method, (query,)),) = middleware.calls
    # 26.0 gives sources only when asked; one call for the whole subtree
    assert method == 'zfs.resource.query' and query['get_source'] and query['get_children']
    assert query['paths'] == ['tank/media'] and query['properties'] == ['recordsize']


def test_no_dataset_property_in_the_plan_reads_nothing():
    middleware = FakeMiddleware([])
    plan = {'target': {'pool': 'tank', 'dataset': 'tank'}, 'changes': []}
    assert asyncio.run(add_children(middleware, plan)) == plan and middleware.calls == []
    assert asyncio.run(read_child_sources(middleware, 'tank', [])) == {}
    assert with_children([], 'tank', {}) == []
