"""What the Overview says after a setting tuning set is changed outside tuning (the admin's walk in real middlewared,
25.10.6): `tuning.state` has the box's value now, at once and after a second outside change; and after a put back
and a revert of the apply it put back, nothing offers to restore the value set outside tuning (the put back's
"before", which tuning never held). Runs against the sandbox host the fixtures start (or a real box)."""
import pytest

from client import JobFailed, RpcError
from tuning_helpers import diff, error_fields, full_snapshot

MEDIA = {'pool': 'tank', 'dataset': 'tank/media'}
RECORDSIZE = 'DATASET_PROPERTY:tank/media:recordsize'
BIG = {'name': 'Big records outside', 'settings': [{'kind': 'DATASET_PROPERTY', 'setting': 'recordsize',
                                                    'value': '1M'}]}


@pytest.fixture
def applied(c):
    """recordsize 1M applied on tank/media; afterwards tank/media is as it was (what tuning cannot revert, set by
    hand as it was) and the box is as before."""
    before = full_snapshot(c)
    first = max([rp['id'] for rp in c.call('tuning.restore_point.query')], default=0)
    preset = c.call('tuning.preset.create', BIG)
    result = c.job('tuning.preset.apply', preset['id'], MEDIA, {})
    yield result
    for rp in c.call('tuning.restore_point.query', [['id', '>', first], ['state', '=', 'APPLIED'],
                                                    ['kind', 'in', ['APPLY', 'PUT_BACK']]], {'order_by': ['-id']}):
        try:
            c.call('tuning.restore_point.preview', rp['id'])
        except RpcError:
            continue   # a put back a revert outlived: nothing of it to revert
        c.job('tuning.restore_point.revert', rp['id'], [])
    c.call('tuning.preset.delete', preset['id'])
    assert not diff(before, full_snapshot(c))


def row(rows, key):
    (found,) = [r for r in rows if r['key'] == key]
    return found


def test_the_state_has_the_boxs_value_after_each_change_outside_tuning(c, applied):
    for outside in ('512K', '256K'):
        c.call('pool.dataset.update', 'tank/media', {'recordsize': outside})   # as TrueNAS's own web UI does
        state = c.call('tuning.state')
        size = row(state['in_effect'], RECORDSIZE)
        assert (size['value'], size['actual'], size['drifted']) == ('1M', outside, True)
        assert (row(state['drift'], RECORDSIZE)['expected'], row(state['drift'], RECORDSIZE)['actual']) == (
            '1M', outside)
        (change,) = c.call('tuning.drift.preview', RECORDSIZE)['changes']
        assert (change['current'], change['proposed']) == (outside, '1M')


def test_reverting_the_apply_after_a_put_back_leaves_nothing_that_brings_the_outside_value_back(c, applied):
    c.call('pool.dataset.update', 'tank/media', {'recordsize': '256K'})
    back = c.job('tuning.drift.put_back', RECORDSIZE, [])
    assert full_snapshot(c)['datasets']['tank/media']['recordsize'][0] == '1M'

    undone = c.job('tuning.restore_point.revert', applied['restore_point_id'], [])
    media = full_snapshot(c)['datasets']['tank/media']['recordsize']
    assert media[0] == '128K' and media[1] != 'LOCAL'   # what the box held before tuning, not the 256K set outside
    state = c.call('tuning.state')
    assert RECORDSIZE not in [r['key'] for r in state['in_effect']]   # the box's own again: nothing to undo
    assert state['drift'] == [] and state['active'] is None

    # the restore points say it too: the put back is outlived by that revert; nothing else is
    rows = {rp['id']: rp for rp in c.call('tuning.restore_point.query', [['id', '>=', applied['restore_point_id']]])}
    assert rows[back['restore_point_id']]['outlived_by'] == undone['restore_point_id']
    assert [i for i, rp in rows.items() if rp['outlived_by'] is not None] == [back['restore_point_id']]
    (only,) = c.call('tuning.restore_point.query', [['id', '>=', applied['restore_point_id']],
                                                ['outlived_by', '!=', None]], {'select': ['id', 'outlived_by']})
    assert only == {'id': back['restore_point_id'], 'outlived_by': undone['restore_point_id']}
    with pytest.raises(RpcError) as refused:
        c.call('tuning.restore_point.preview', back['restore_point_id'])
    assert error_fields(refused.value) == ['id'] and 'outside tuning' in str(refused.value)
    with pytest.raises((RpcError, JobFailed)):
        c.job('tuning.restore_point.revert', back['restore_point_id'], [])
    assert full_snapshot(c)['datasets']['tank/media']['recordsize'] == media


def test_a_put_back_reverted_while_its_apply_holds_gives_the_box_its_value_back(c, applied):
    """The put back's own undo, while the apply whose value it set again is in effect: the admin's outside value
    comes back (a put back's restore point gives the box its value back); the apply is what undoes the setting,
    back to what the box held before tuning."""
    c.call('pool.dataset.update', 'tank/media', {'recordsize': '256K'})
    back = c.job('tuning.drift.put_back', RECORDSIZE, [])
    size = row(c.call('tuning.state')['in_effect'], RECORDSIZE)
    assert (size['restore_point_id'], size['actual']) == (back['restore_point_id'], '1M')
    c.job('tuning.restore_point.revert', back['restore_point_id'], [])
    state = c.call('tuning.state')
    size = row(state['in_effect'], RECORDSIZE)
    assert (size['restore_point_id'], size['actual']) == (applied['restore_point_id'], '256K')
    (change,) = c.call('tuning.restore_point.preview', applied['restore_point_id'])['changes']
    assert (change['current'], change['proposed']) == ('256K', '128K')


def test_reverting_the_revert_makes_the_apply_the_undo_again_not_the_outlived_put_back(c, applied):
    c.call('pool.dataset.update', 'tank/media', {'recordsize': '256K'})
    c.job('tuning.drift.put_back', RECORDSIZE, [])
    undone = c.job('tuning.restore_point.revert', applied['restore_point_id'], [])
    c.job('tuning.restore_point.revert', undone['restore_point_id'], [])   # the apply is in effect again
    assert full_snapshot(c)['datasets']['tank/media']['recordsize'][0] == '1M'
    size = row(c.call('tuning.state')['in_effect'], RECORDSIZE)
    assert (size['restore_point_id'], size['value'], size['drifted']) == (applied['restore_point_id'], '1M', False)
