"""A put back a later revert outlived: left out of what is in effect, and its revert refused in words (the walk in
real middlewared: apply 9, recordsize changed outside to 256K, put back 10, revert of 9 as 11; the Overview then
listed 128K as tuning's with "Revert #10", whose preview was 128K -> 256K, the value set outside tuning)."""
from tuning.core.put_backs import outlived_put_backs
from tuning.restore_point import outlived_words
from tuning.tuning import in_effect

RECORDSIZE = 'DATASET_PROPERTY:tank/media:recordsize'
SYNC = 'DATASET_PROPERTY:tank/media:sync'


def change(key, proposed, source=None):
    kind, scope, setting = key.split(':')
    return {'key': key, 'kind': kind, 'scope': scope, 'setting': setting, 'current': 'x', 'proposed': proposed,
            'proposed_source': source, 'apply_mode': 'NEW_DATA', 'risk': 'SAFE', 'rationale': 'r', 'source': 's'}


def rp(id_, changes, kind='APPLY', state='APPLIED', reverts=None):
    return {'id': id_, 'kind': kind, 'state': state, 'preset': 'max-seq-write', 'changes': changes,
            'reverts': reverts, 'updated_at': '2026-11-26T20:37:00Z'}


APPLY = rp(9, [change(RECORDSIZE, '1M'), change(SYNC, 'DISABLED')])
PUT_BACK = rp(10, [change(RECORDSIZE, '1M')], kind='PUT_BACK')
REVERT = rp(11, [change(RECORDSIZE, '128K', 'INHERIT'), change(SYNC, 'STANDARD')], kind='REVERT', reverts=9)


def test_reverting_the_apply_a_put_back_set_again_outlives_the_put_back():
    every = [dict(APPLY, state='REVERTED'), PUT_BACK, REVERT]
    assert outlived_put_backs(every) == {10: 11}
    applied = [r for r in every if r['state'] == 'APPLIED' and r['id'] not in outlived_put_backs(every)]
    assert in_effect(applied) == []   # the box's own again: no row, no Undo bringing 256K back


def test_a_revert_reverted_since_still_outlived_it_and_the_apply_is_the_undo_again():
    again = rp(12, [change(RECORDSIZE, '1M'), change(SYNC, 'DISABLED')], kind='REVERT', reverts=11)
    every = [APPLY, PUT_BACK, dict(REVERT, state='REVERTED'), again]
    assert outlived_put_backs(every) == {10: 11}
    applied = [r for r in every if r['state'] == 'APPLIED' and r['id'] not in outlived_put_backs(every)]
    assert {(r['setting'], r['restore_point_id']) for r in in_effect(applied)} == {('recordsize', 9), ('sync', 9)}


def test_a_put_back_stands_while_nothing_before_it_was_reverted():
    assert outlived_put_backs([APPLY, PUT_BACK]) == {}
    own_undo = rp(11, [change(RECORDSIZE, '256K')], kind='REVERT', reverts=10)   # the put back's own revert
    assert outlived_put_backs([APPLY, dict(PUT_BACK, state='REVERTED'), own_undo]) == {}
    failed = dict(REVERT, state='ROLLED_BACK')
    assert outlived_put_backs([APPLY, PUT_BACK, failed]) == {}


def test_a_revert_that_did_not_write_the_put_backs_setting_leaves_it():
    other = rp(11, [change(SYNC, 'STANDARD')], kind='REVERT', reverts=9)
    assert outlived_put_backs([dict(APPLY, state='REVERTED'), PUT_BACK, other]) == {}


def test_the_refusal_names_the_setting_and_both_restore_points():
    words = outlived_words(PUT_BACK, REVERT)
    assert words.startswith('Restore point 10 put back Record size as tuning had set it; restore point 11 then '
                            'reverted restore point 9')
    assert 'value set outside tuning' in words
