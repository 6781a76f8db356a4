"""A data-loss setting on a dataset with datasets below it, over the wire: the plan names the ones that inherit it,
`tuning.state`'s row and the TrueNAS alert name them too (the Overview's warning reads that row). Runs against the
sandbox host the fixtures start (or a real box); tests/truenas_live/test_children.py does the same inside the real
middlewared of each release."""
import pytest

TANK = {'pool': 'tank', 'dataset': 'tank'}
NO_SYNC = {'name': 'No sync on tank', 'settings': [{'kind': 'DATASET_PROPERTY', 'setting': 'sync', 'value': 'DISABLED'}]}


@pytest.fixture
def no_sync(c):
    preset = c.call('tuning.preset.create', NO_SYNC)['id']
    yield preset
    c.call('tuning.preset.delete', preset)


def test_sync_disabled_on_tank_names_the_datasets_below_in_the_plan_the_state_and_the_alert(c, no_sync):
    below = sorted(d['id'] for d in c.call('pool.dataset.query') if d['id'].startswith('tank/'))
    assert below, 'the box has datasets below tank'
    (row,) = [ch for ch in c.call('tuning.preset.preview', no_sync, TANK)['changes'] if ch['setting'] == 'sync']
    assert row['children_inheriting'] == below and row['children_inheriting_count'] == len(below)
    result = c.job('tuning.preset.apply', no_sync, TANK, {'acknowledge': ['sync']})
    try:
        (dangerous,) = [r for r in c.call('tuning.state')['in_effect'] if r['risk'] == 'DANGEROUS']
        assert (dangerous['children_inheriting'], dangerous['children_unknown']) == (below, False)
        (alert,) = [a for a in c.call('alert.list') if a['klass'] == 'TuningDataLoss']
        named = ', '.join(below[:3]) + (f' and {len(below) - 3} more' if len(below) > 3 else '')
        assert alert['formatted'].startswith(
            f'Sync is Disabled on tank and the datasets below it that inherit it ({named}): writes to these datasets '
            'are not safe on power loss.'), alert['formatted']
    finally:
        c.job('tuning.restore_point.revert', result['restore_point_id'], [])
    assert [a for a in c.call('alert.list') if a['klass'] == 'TuningDataLoss'] == []
