"""The pure parts of one Overview truth (issue 21 item 7): in-effect rows with the box's value, accepted drift
released from its restore point, and when put_back / accept may run."""
from tuning.drift import put_back_plan, refusal
from tuning.tuning import accepted_pairs, accepted_rows, expectations, in_effect, with_box_values

RECORDSIZE = 'DATASET_PROPERTY:tank/media:recordsize'
SYNC = 'DATASET_PROPERTY:tank/media:sync'


def change(key, proposed, risk='SAFE'):
    kind, scope, setting = key.split(':')
    return {'key': key, 'kind': kind, 'scope': scope, 'setting': setting, 'current': 'x', 'proposed': proposed,
            'proposed_source': None, 'apply_mode': 'LIVE', 'risk': risk, 'risk_reason': None, 'rationale': 'r',
            'source': 's'}


def rp(id_, changes, kind='APPLY', preset='p'):
    return {'id': id_, 'kind': kind, 'preset': preset, 'target': {'pool': 'tank', 'dataset': 'tank/media'},
            'changes': changes, 'reverts': None, 'updated_at': f'2026-01-0{id_}T10:00:00Z'}


def box(value, source='LOCAL'):
    return {'value': value, 'source': source, 'exists': True}


APPLIED = [rp(1, [change(SYNC, 'DISABLED', 'DANGEROUS'), change(RECORDSIZE, '1M')])]


def test_an_in_effect_row_carries_the_boxs_value_and_whether_it_drifted():
    rows = with_box_values(in_effect(APPLIED), {SYNC: box('DISABLED'), RECORDSIZE: box('128K')}, {RECORDSIZE})
    assert [(r['setting'], r['value'], r['actual'], r['drifted']) for r in rows] == [
        ('sync', 'DISABLED', 'DISABLED', False), ('recordsize', '1M', '128K', True)]


def test_accepted_drift_leaves_in_effect_and_the_expectations_of_its_restore_point_only():
    accepted = [{'key': SYNC, 'restore_point_id': 1, 'expected': 'DISABLED', 'value': 'STANDARD',
                 'accepted_at': '2026-01-02T00:00:00Z'}]
    pairs = accepted_pairs(accepted)
    assert [r['key'] for r in in_effect(APPLIED, pairs)] == [RECORDSIZE]
    released = expectations(APPLIED, lambda r: {k for i, k in pairs if i == r['id']})
    assert list(released) == [RECORDSIZE]
    # A later PUT_BACK (or apply) of the same setting expects its own value again: the record no longer speaks.
    later = APPLIED + [rp(2, [change(SYNC, 'DISABLED', 'DANGEROUS')], kind='PUT_BACK')]
    assert [(r['key'], r['restore_point_id']) for r in in_effect(later, pairs)] == [(SYNC, 2), (RECORDSIZE, 1)]
    assert accepted_rows(accepted, expectations(later)) == []
    (row,) = accepted_rows(accepted, expectations(APPLIED))
    assert (row['setting'], row['expected'], row['value'], row['summary']) == (
        'sync', 'DISABLED', 'STANDARD', 'Synchronous writes')


def test_put_back_and_accept_only_for_drift():
    size = change(RECORDSIZE, '1M')
    assert refusal('PUT_BACK', size, box('1M'), None, False) == (
        'recordsize on tank/media holds the value tuning set (1M): nothing drifted.')
    assert refusal('PUT_BACK', size, box('128K'), None, False) is None
    assert refusal('ACCEPT', size, box('128K'), None, False) is None
    assert 'waits for a reboot' in refusal('ACCEPT', size, box('128K'), None, True)
    assert 'no longer exists' in refusal('PUT_BACK', size, {'value': None, 'exists': False}, None, False)
    kept = {'value': '128K'}
    assert 'already kept' in refusal('ACCEPT', size, box('128K'), kept, False)
    assert refusal('PUT_BACK', size, box('128K'), kept, False) is None   # put_back undoes an acceptance


def test_the_put_back_plan_is_one_change_judged_for_its_direction():
    plan = put_back_plan(change(SYNC, 'DISABLED', 'DANGEROUS'), APPLIED[0], box('STANDARD'))
    (row,) = plan['changes']
    assert (row['current'], row['proposed'], row['risk']) == ('STANDARD', 'DISABLED', 'DANGEROUS')
    assert plan['dangerous'] == [SYNC] and plan['preset'] == 'p' and row['source'] == 'restore point 1'


def test_a_revert_row_whose_value_is_already_there_says_so():
    from tuning.flows.preview import public_change
    from tuning.restore_point import revert_change
    entry = {'key': RECORDSIZE, 'kind': 'DATASET_PROPERTY', 'scope': 'tank/media', 'setting': 'recordsize',
             'value': '128K', 'source': 'INHERITED'}
    row = revert_change(entry, box('128K'), {'id': 4})
    assert row['same_value'] is True and row['proposed_source'] == 'INHERIT'
    assert row['rationale'] == ('The value is already 128 KiB; tank/media inherits it again instead of holding it as '
                                'its own, as before restore point 4.')
    assert revert_change(entry, box('1M'), {'id': 4})['same_value'] is False
    assert public_change({**change(SYNC, 'DISABLED'), 'current': None})['same_value'] is False
