"""The datasets below a setting's dataset: never "nothing below" when they could not be read, and named by the plan,
tuning.state's DANGEROUS rows and the data-loss alert (box.children, core.presets.children, core.alerts)."""
import asyncio

from tuning.box.children import add_children, add_state_children
from tuning.core.alerts import DATA_LOSS, TEXTS, data_loss_args
from tuning.core.presets.children import inheriting_phrase, unknown_children_words


def prop(source_type, value='disabled'):
    return {'raw': value, 'value': value, 'source': {'type': source_type, 'value': None}}


class Box:
    """zfs.resource.query answering ``answer`` (a list, or an exception to raise); records the calls."""

    def __init__(self, answer):
        self.answer, self.calls = answer, []

    async def call(self, method, *args):
        self.calls.append((method, args))
        if isinstance(self.answer, Exception):
            raise self.answer
        return self.answer


SYNC_PLAN = {'target': {'pool': 'tank', 'dataset': 'tank'}, 'changes': [
    {'kind': 'DATASET_PROPERTY', 'scope': 'tank', 'setting': 'sync', 'rationale': 'Set by this custom preset.'}]}
# as query_impl gives it on both releases with get_children: the path, then every dataset below it
TANK_AND_MEDIA = [{'name': 'tank', 'properties': {'sync': prop('LOCAL', 'standard')}},
                  {'name': 'tank/media', 'properties': {'sync': prop('DEFAULT', 'standard')}}]


def test_a_plan_on_tank_names_tank_media_that_inherits_it():
    (row,) = asyncio.run(add_children(Box(TANK_AND_MEDIA), SYNC_PLAN))['changes']
    assert (row['children_inheriting'], row['children_inheriting_count']) == (['tank/media'], 1)
    assert row['rationale'] == 'Set by this custom preset. Child dataset tank/media inherits this change.'


def test_children_that_could_not_be_read_are_not_taken_for_none():
    for answer in (RuntimeError('[EFAULT] libzfs'), [], [{'name': 'tank/media', 'properties': {}}]):
        (row,) = asyncio.run(add_children(Box(answer), SYNC_PLAN))['changes']
        # no children fields: the panel's "no dataset lies below" needs empty lists, never null
        assert row['children_inheriting'] is None and row['children_overriding'] is None, answer
        assert row['rationale'] == f'Set by this custom preset. {unknown_children_words("tank")}'
        assert 'could not be read' in row['rationale'] and 'alone' not in row['rationale']


def state_row(scope='tank', risk='DANGEROUS', setting='sync', key=None):
    return {'key': key or f'DATASET_PROPERTY:{scope}:{setting}', 'kind': 'DATASET_PROPERTY', 'scope': scope,
            'setting': setting, 'value': 'DISABLED', 'risk': risk, 'restore_point_id': 4, 'pending_reboot': False}


def test_a_dangerous_state_row_names_the_datasets_that_inherit_it_and_only_it_is_read():
    box = Box(TANK_AND_MEDIA + [{'name': f'tank/c{i}', 'properties': {'sync': prop('INHERITED')}}
                                for i in range(4)])
    dangerous, safe = state_row(), state_row(risk='SAFE', setting='recordsize')
    out = asyncio.run(add_state_children(box, [dangerous, safe]))
    assert out[0]['children_inheriting'] == ['tank/c0', 'tank/c1', 'tank/c2', 'tank/c3', 'tank/media']
    assert out[0]['children_inheriting_count'] == 5 and 'children_unknown' not in out[0]
    assert out[1] == safe
    ((method, (query,)),) = box.calls
    assert method == 'zfs.resource.query' and query['paths'] == ['tank'] and query['properties'] == ['sync']
    assert query['get_children'] and query['get_source']


def test_a_state_row_says_when_its_children_could_not_be_read_and_a_destroyed_dataset_is_not_read():
    (row,) = asyncio.run(add_state_children(Box(RuntimeError('gone')), [state_row()]))
    assert row['children_unknown'] is True and row['children_inheriting_count'] is None
    box = Box(RuntimeError('not asked'))
    gone = state_row(scope='tank/old')
    assert asyncio.run(add_state_children(box, [gone], [gone['key']])) == [gone] and box.calls == []
    assert asyncio.run(add_state_children(box, [])) == [] and box.calls == []


def alert_text(row):
    return TEXTS[DATA_LOSS] % data_loss_args(row)


def test_the_data_loss_alert_names_the_datasets_that_inherit_it_bounded():
    tail = 'are not safe on power loss. Set by workload tuning (restore point 4); revert it in Workload tuning.'
    assert alert_text(state_row() | {'children_inheriting': ['tank/media'], 'children_inheriting_count': 1}) == (
        f'Sync is Disabled on tank and the datasets below it that inherit it (tank/media): writes to these datasets '
        f'{tail}')
    names = [f'tank/d{i}' for i in range(7)]
    assert alert_text(state_row() | {'children_inheriting': names, 'children_inheriting_count': 7}).startswith(
        'Sync is Disabled on tank and the datasets below it that inherit it (tank/d0, tank/d1, tank/d2 and 4 more): ')
    assert alert_text(state_row() | {'children_inheriting': [], 'children_inheriting_count': 0}) == (
        f'Sync is Disabled on tank: writes to this dataset {tail}')
    assert alert_text(state_row() | {'children_inheriting': None, 'children_inheriting_count': None,
                                     'children_unknown': True}).startswith(
        'Sync is Disabled on tank and any dataset below it that inherits it (which ones could not be read): writes '
        'to these datasets are not safe')


def test_the_phrase_is_the_dataset_alone_only_when_nothing_inherits():
    assert inheriting_phrase('tank', [], 0) == 'tank'
    assert inheriting_phrase('tank', None, None).startswith('tank and any dataset below it')
