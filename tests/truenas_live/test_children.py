"""A data-loss setting on a dataset with datasets below it, through the real middlewared of the release: the plan, the
state, the TrueNAS alert and the box all say that the datasets below that inherit it change with it (the fake box
answers zfs.resource.query with every descendant when asked, as libzfs's query_impl does), and a plan whose children
could not be read says so instead of "nothing below"."""
import pytest

from .server import ready_server

TANK = {'pool': 'tank', 'dataset': 'tank'}
NO_SYNC = {'name': 'No sync test', 'settings': [{'kind': 'DATASET_PROPERTY', 'setting': 'sync', 'value': 'DISABLED'}]}


@pytest.fixture(scope='module')
def server(tmp_path_factory):
    with ready_server(tmp_path_factory.mktemp('children') / 'box') as srv:
        yield srv


@pytest.fixture
def c(server):
    with server.client() as client:
        yield client


@pytest.fixture(scope='module')
def preset(server):
    with server.client() as client:
        return client.call('tuning.preset.create', NO_SYNC)['id']


def test_sync_disabled_on_tank_names_the_datasets_below_that_inherit_it(c, preset):
    c.call('pool.dataset.create', {'name': 'tank/media/films'})
    c.call('pool.dataset.create', {'name': 'tank/vm', 'sync': 'STANDARD'})   # holds its own value
    below = c.call('zfs.resource.query', {'paths': ['tank'], 'properties': ['sync'], 'get_children': True,
                                          'get_source': True})
    assert [r['name'] for r in below] == ['tank', 'tank/media', 'tank/media/films', 'tank/vm']

    plan = c.call('tuning.preset.preview', preset, TANK)
    (row,) = [ch for ch in plan['changes'] if ch['setting'] == 'sync']
    assert (row['children_inheriting'], row['children_inheriting_count']) == (['tank/media', 'tank/media/films'], 2)
    assert (row['children_overriding'], row['children_overriding_count']) == (['tank/vm'], 1)
    assert 'Child datasets tank/media, tank/media/films inherit this change.' in row['rationale']

    result = c.call('tuning.preset.apply', preset, TANK, {'acknowledge': ['sync']}, job=True)
    try:
        media = c.call('pool.dataset.query', [['id', '=', 'tank/media']], {'get': True})
        assert (media['sync']['value'], media['sync']['source']) == ('DISABLED', 'INHERITED')
        (dangerous,) = [r for r in c.call('tuning.state')['in_effect'] if r['risk'] == 'DANGEROUS']
        assert dangerous['children_inheriting'] == ['tank/media', 'tank/media/films']
        assert (dangerous['children_inheriting_count'], dangerous['children_unknown']) == (2, False)
        (alert,) = [a for a in c.call('alert.list') if a['klass'] == 'TuningDataLoss']
        assert alert['formatted'].startswith(
            'Sync is Disabled on tank and the datasets below it that inherit it (tank/media, tank/media/films): '
            'writes to these datasets are not safe on power loss.'), alert['formatted']
    finally:
        c.call('tuning.restore_point.revert', result['restore_point_id'], [], job=True)
    assert [a for a in c.call('alert.list') if a['klass'] == 'TuningDataLoss'] == []


def test_children_that_could_not_be_read_are_said_so_never_taken_for_none(c, preset):
    c.call('fakebox.inject', {'fail_calls': {'zfs.resource.query get_children': 'libzfs: cannot iterate filesystems'}})
    try:
        plan = c.call('tuning.preset.preview', preset, TANK)
    finally:
        c.call('fakebox.inject', {'fail_calls': {}})
    (row,) = [ch for ch in plan['changes'] if ch['setting'] == 'sync']
    assert row['children_inheriting'] is None and row['children_overriding'] is None
    assert 'Which datasets below tank inherit this change could not be read' in row['rationale']
    again = c.call('tuning.preset.preview', preset, TANK)
    assert [ch['children_inheriting'] for ch in again['changes'] if ch['setting'] == 'sync'] != [None]
