"""One Overview truth over the wire (issue 21 item 7): a setting changed behind tuning's back is one in-effect row
with the box's value beside the tuned one, and each drift row has its actions: `tuning.drift.put_back` (the tuned
value again, through the transaction engine with its own restore point) and `tuning.drift.accept` (the box's value
kept, recorded; put_back undoes it). Runs against the sandbox host the fixtures start (or a real box)."""
import pytest

from client import JobFailed, RpcError
from hosting import READ_ROLES_LISTED
from tuning_helpers import diff, error_fields, full_snapshot

MEDIA = {'pool': 'tank', 'dataset': 'tank/media'}
RECORDSIZE = 'DATASET_PROPERTY:tank/media:recordsize'
SYNC = 'DATASET_PROPERTY:tank/media:sync'
LOOSE = {'name': 'Loose writes', 'settings': [{'kind': 'DATASET_PROPERTY', 'setting': 'sync', 'value': 'DISABLED'},
                                              {'kind': 'DATASET_PROPERTY', 'setting': 'recordsize', 'value': '1M'}]}


@pytest.fixture
def applied(c):
    """Loose writes (sync=disabled acknowledged, recordsize 1M) applied on tank/media; afterwards every restore
    point still in effect is reverted, newest first, and the box is as it was."""
    before = full_snapshot(c)
    first = max([rp['id'] for rp in c.call('tuning.restore_point.query')], default=0)
    c.call('tuning.preset.create', LOOSE)
    result = c.job('tuning.preset.apply', 'loose-writes', MEDIA, {'acknowledge': ['sync']})
    yield result
    c.call('pool.dataset.update', 'tank/media', {'sync': 'DISABLED', 'recordsize': '1M'})   # as tuning set them
    # Undo the test's applies and put-backs, newest first, asking again after each revert: reverting a revert would
    # apply again what it had reverted, so only APPLY and PUT_BACK restore points are reverted.
    for _ in range(10):
        live = c.call('tuning.restore_point.query', [['id', '>', first], ['state', '=', 'APPLIED'],
                                                     ['kind', 'in', ['APPLY', 'PUT_BACK']]], {'order_by': ['-id']})
        if not live:
            break
        plan = c.call('tuning.restore_point.preview', live[0]['id'])
        c.job('tuning.restore_point.revert', live[0]['id'], plan['dangerous'])
    c.call('tuning.preset.delete', 'loose-writes')
    assert not diff(before, full_snapshot(c))


def fails(call, *args):
    with pytest.raises((RpcError, JobFailed)) as e:
        call(*args)
    return e.value


def row(rows, key):
    (found,) = [r for r in rows if r['key'] == key]
    return found


def test_a_drifted_setting_is_one_in_effect_row_with_the_boxs_value_beside_the_tuned_one(c, applied):
    c.call('pool.dataset.update', 'tank/media', {'recordsize': '128K'})
    state = c.call('tuning.state')
    size = row(state['in_effect'], RECORDSIZE)
    assert (size['value'], size['actual'], size['drifted']) == ('1M', '128K', True)
    sync = row(state['in_effect'], SYNC)
    assert (sync['value'], sync['actual'], sync['drifted']) == ('DISABLED', 'DISABLED', False)
    drift = row(state['drift'], RECORDSIZE)
    assert (drift['expected'], drift['actual'], drift['restore_point_id']) == ('1M', '128K',
                                                                              applied['restore_point_id'])
    assert drift['summary'] and drift['kind'] == 'DATASET_PROPERTY' and drift['risk'] == 'SAFE'


def test_put_back_sets_the_tuned_value_again_with_a_restore_point_that_reverts_only_it(c, applied):
    c.call('pool.dataset.update', 'tank/media', {'recordsize': '128K'})
    plan = c.call('tuning.drift.preview', RECORDSIZE)
    (change,) = plan['changes']
    assert (change['current'], change['proposed'], plan['dangerous']) == ('128K', '1M', [])

    back = c.job('tuning.drift.put_back', RECORDSIZE, [])
    assert [ch['key'] for ch in back['applied']] == [RECORDSIZE] and back['verified'] == [RECORDSIZE]
    assert full_snapshot(c)['datasets']['tank/media']['recordsize'][0] == '1M'
    state = c.call('tuning.state')
    assert state['drift'] == [] and state['active']['restore_point_id'] == applied['restore_point_id']
    size = row(state['in_effect'], RECORDSIZE)
    assert (size['actual'], size['drifted'], size['restore_point_id']) == ('1M', False, back['restore_point_id'])
    assert size['restore_point_changes'] == 1 and row(state['in_effect'], SYNC)['restore_point_changes'] == 2
    assert [a for a in c.call('alert.list') if a['klass'] == 'TuningDrift'] == []
    rp = c.call('tuning.restore_point.query', [['id', '=', back['restore_point_id']]], {'get': True})
    assert rp['kind'] == 'PUT_BACK' and [e['value'] for e in rp['entries']] == ['128K']   # recorded before

    # The row's revert reverts that row only: the box's 128K comes back, sync stays disabled.
    c.job('tuning.restore_point.revert', back['restore_point_id'], [])
    media = full_snapshot(c)['datasets']['tank/media']
    assert (media['recordsize'][0], media['sync'][0]) == ('128K', 'DISABLED')


def test_putting_back_a_dangerous_value_needs_its_acknowledgement(c, applied):
    c.call('pool.dataset.update', 'tank/media', {'sync': 'STANDARD'})
    assert c.call('tuning.drift.preview', SYNC)['dangerous'] == [SYNC]
    error = fails(c.job, 'tuning.drift.put_back', SYNC, [])
    assert 'acknowledge' in error_fields(error)
    assert full_snapshot(c)['datasets']['tank/media']['sync'][0] == 'STANDARD'   # nothing changed
    c.job('tuning.drift.put_back', SYNC, ['sync'])
    assert full_snapshot(c)['datasets']['tank/media']['sync'][0] == 'DISABLED'


def test_accept_keeps_the_boxs_value_until_put_back(c, applied):
    c.call('pool.dataset.update', 'tank/media', {'sync': 'STANDARD'})
    before = full_snapshot(c)
    kept = c.job('tuning.drift.accept', SYNC)
    assert (kept['expected'], kept['value'], kept['restore_point_id']) == ('DISABLED', 'STANDARD',
                                                                          applied['restore_point_id'])
    assert not diff(before, full_snapshot(c))   # accepting writes nothing to the box
    state = c.call('tuning.state')
    assert state['drift'] == [] and [a['key'] for a in state['accepted']] == [SYNC]
    assert SYNC not in [r['key'] for r in state['in_effect']]   # tuning no longer claims it
    assert RECORDSIZE in [r['key'] for r in state['in_effect']]
    assert [a for a in c.call('alert.list') if a['klass'] in ('TuningDrift', 'TuningDataLoss')] == []
    assert 'already' in fails(c.job, 'tuning.drift.accept', SYNC).job['error']

    # The box may change it again: it is the box's own now, not drift.
    c.call('pool.dataset.update', 'tank/media', {'sync': 'ALWAYS'})
    assert c.call('tuning.state')['drift'] == []
    c.call('pool.dataset.update', 'tank/media', {'sync': 'STANDARD'})

    # Put back undoes the acceptance.
    c.job('tuning.drift.put_back', SYNC, [SYNC])
    state = c.call('tuning.state')
    assert state['accepted'] == [] and row(state['in_effect'], SYNC)['actual'] == 'DISABLED'


def test_refusals_name_the_key(c, applied):
    for call, args in (('tuning.drift.preview', (SYNC,)),):
        error = fails(c.call, call, *args)   # sync holds what tuning set: nothing drifted
        assert error.code == -32602 and error_fields(error) == ['key']
    error = fails(c.job, 'tuning.drift.put_back', 'DATASET_PROPERTY:tank/media:atime', [])
    assert error_fields(error) == ['key']
    error = fails(c.job, 'tuning.drift.accept', SYNC)
    assert error_fields(error) == ['key'] and 'nothing drifted' in str(error)


def test_the_actions_need_a_write_role_and_preview_a_read_one(c):
    methods = c.call('core.get_methods')   # test_authz's matrix then calls each as a read-only user
    # as middlewared lists them: the role and every role that includes it
    assert methods['tuning.drift.preview']['roles'] == READ_ROLES_LISTED
    for name in ('tuning.drift.put_back', 'tuning.drift.accept'):
        assert methods[name]['roles'] == ['SYSTEM_ADVANCED_WRITE'] and methods[name]['job'], name


def test_the_revert_preview_never_shows_a_value_going_to_itself_as_a_change(c, applied):
    """The box's 128K set by hand, the revert gives tank/media its inherited 128K: the same value, so the row says
    so (`same_value`) and only what changes (where the value comes from) is a change."""
    c.call('pool.dataset.update', 'tank/media', {'recordsize': '128K'})
    plan = c.call('tuning.restore_point.preview', applied['restore_point_id'])
    size = row(plan['changes'] + plan['unchanged'], RECORDSIZE)
    assert (size['current'], size['proposed']) == ('128K', '128K')
    assert size['same_value'] is True and 'already 128 KiB' in size['rationale']
    sync = row(plan['changes'], SYNC)
    assert sync['same_value'] is False and (sync['current'], sync['proposed']) == ('DISABLED', 'STANDARD')


def test_the_revert_count_leaves_out_a_setting_the_box_holds_as_before(c, applied):
    """A row's "its revert puts back N settings" counts what the revert's preview would change: a setting changed
    outside tuning back to the box's value from before (then kept) is not put back."""
    rp = c.call('tuning.restore_point.query', [['id', '=', applied['restore_point_id']]], {'get': True})
    entry = next(e for e in rp['entries'] if e['key'] == RECORDSIZE)
    inherited = entry.get('source') in ('INHERITED', 'DEFAULT')
    assert row(c.call('tuning.state')['in_effect'], SYNC)['restore_point_changes'] == 2
    c.call('pool.dataset.update', 'tank/media', {'recordsize': 'INHERIT' if inherited else entry['value']})
    assert row(c.call('tuning.state')['in_effect'], SYNC)['restore_point_changes'] == 1   # drifted back to before
    c.job('tuning.drift.accept', RECORDSIZE)
    state = c.call('tuning.state')
    assert row(state['in_effect'], SYNC)['restore_point_changes'] == 1   # kept: still only sync is put back
    plan = c.call('tuning.restore_point.preview', applied['restore_point_id'])
    assert [ch['key'] for ch in plan['changes']] == [SYNC]
