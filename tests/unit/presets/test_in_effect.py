"""``tuning.state``'s ``in_effect``: every setting tuning changed that the box still holds, not only the last preset's."""
from tuning.tuning import in_effect

SYNC = 'DATASET_PROPERTY:tank:sync'
RECORDSIZE = 'DATASET_PROPERTY:tank:recordsize'
DIRTY = 'ZFS_PARAMETER:global:zfs_dirty_data_max'


def change(key, proposed, risk='SAFE', reason=None, mode='LIVE', source=None):
    kind, scope, setting = key.split(':')
    return {'key': key, 'kind': kind, 'scope': scope, 'setting': setting, 'current': 'x', 'proposed': proposed,
            'proposed_source': source, 'apply_mode': mode, 'risk': risk, 'risk_reason': reason,
            'rationale': 'r', 'source': 's'}


def rp(id_, changes, kind='APPLY', preset='p', reverts=None):
    return {'id': id_, 'kind': kind, 'preset': preset, 'changes': changes, 'reverts': reverts,
            'updated_at': f'2026-01-0{id_}T10:00:00Z'}


DANGER = change(SYNC, 'DISABLED', 'DANGEROUS', 'power cut loses acknowledged writes')


def test_a_dangerous_setting_from_an_earlier_preset_stays_listed_first_with_its_restore_point():
    applied = [rp(1, [DANGER], preset='fast-and-loose'),
               rp(2, [change(RECORDSIZE, '1M', mode='NEW_DATA'), change(DIRTY, '4294967296', 'CAUTION', 'more RAM')],
                  preset='max-seq-write')]
    rows = in_effect(applied)
    assert [(r['setting'], r['risk'], r['preset'], r['restore_point_id']) for r in rows] == [
        ('sync', 'DANGEROUS', 'fast-and-loose', 1),
        ('zfs_dirty_data_max', 'CAUTION', 'max-seq-write', 2),
        ('recordsize', 'SAFE', 'max-seq-write', 2),
    ]
    sync = rows[0]
    assert sync['value'] == 'DISABLED' and sync['summary'] == 'Synchronous writes'
    assert sync['risk_reason'] == 'power cut loses acknowledged writes' and sync['inherited'] is False


def test_a_later_apply_of_the_same_setting_wins_and_owns_the_undo():
    applied = [rp(1, [DANGER]), rp(2, [change(SYNC, 'STANDARD')], preset='safe')]
    (row,) = in_effect(applied)
    assert (row['value'], row['risk'], row['restore_point_id'], row['preset']) == ('STANDARD', 'SAFE', 2, 'safe')


def test_what_a_revert_put_back_is_the_box_own_unless_an_earlier_apply_still_holds_it():
    # 1 sets recordsize, 2 sets recordsize and sync, 3 reverts 2 (so 2 is REVERTED, not in the applied list)
    applied = [rp(1, [change(RECORDSIZE, '1M')]),
               rp(3, [change(RECORDSIZE, '1M'), change(SYNC, 'STANDARD')], kind='REVERT', reverts=2)]
    (row,) = in_effect(applied)
    assert (row['setting'], row['value'], row['restore_point_id']) == ('recordsize', '1M', 1)


def test_nothing_applied_means_nothing_in_effect():
    assert in_effect([]) == []
    assert in_effect([rp(2, [change(SYNC, 'STANDARD')], kind='REVERT', reverts=1)]) == []


def test_an_inherit_is_listed_as_inherited():
    (row,) = in_effect([rp(1, [change(RECORDSIZE, '128K', source='INHERIT')])])
    assert row['inherited'] is True and row['value'] == '128K'


def test_in_effect_and_drift_rows_carry_the_unit_of_their_setting():
    from tuning.tuning import drift_row
    arc = change('ZFS_PARAMETER:global:zfs_arc_max', '25769803776', 'CAUTION')
    rows = {r['setting']: r for r in in_effect([rp(1, [DANGER, arc, change(DIRTY, '4294967296')])])}
    assert (rows['zfs_arc_max']['unit'], rows['zfs_arc_max']['zero_is_default']) == ('BYTES', True)
    assert (rows['zfs_dirty_data_max']['unit'], rows['zfs_dirty_data_max']['zero_is_default']) == ('BYTES', False)
    assert (rows['sync']['unit'], rows['sync']['zero_is_default']) == (None, False)
    drift = drift_row(arc, {'id': 1}, {'value': '0'})
    assert (drift['unit'], drift['zero_is_default'], drift['actual']) == ('BYTES', True, '0')
