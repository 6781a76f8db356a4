"""Restore points in words (issue 21): what each did and who made it, so a campaign's step is never taken for an
admin applying a preset, and a revert says it is one and of what."""
import sqlite3

from tuning.core.restore_point_words import title
from tuning.store import Database, restore_points as rps
from tuning.store.migrations import MIGRATIONS


def rp(id_, kind='APPLY', preset='max-iops', reverts=None, changes=(), **campaign):
    return {'id': id_, 'kind': kind, 'preset': preset, 'reverts': reverts,
            'changes': [{'kind': 'DATASET_PROPERTY', 'setting': s} for s in changes], **campaign}


def test_an_admins_restore_points_say_what_they_did_with_presets_by_name():
    chain = {1: rp(1), 2: rp(2, 'REVERT', reverts=1), 3: rp(3, 'REVERT', reverts=2), 4: rp(4, 'REVERT', reverts=3)}
    assert [title(chain[i], chain) for i in (1, 2, 3, 4)] == [
        'Max IOPS applied', 'Max IOPS reverted, undoing restore point 1',
        'Max IOPS applied again, undoing restore point 2', 'Max IOPS reverted, undoing restore point 3']
    assert title(rp(5, preset='scratch-fast'), names={'scratch-fast': 'Scratch fast'}) == 'Scratch fast applied'
    assert title(rp(6, preset='gone-preset')) == 'gone-preset applied'   # an own preset deleted since


def test_a_put_back_and_its_revert_name_the_settings():
    put = rp(7, 'PUT_BACK', changes=('recordsize', 'logbias'))
    assert title(put) == 'Record size and Sync write logging put back as Max IOPS set them'
    assert title(rp(8, 'REVERT', reverts=7), {7: put}) == ('Record size and Sync write logging given back the box\'s '
                                                          'value, undoing restore point 7')


def test_a_campaigns_restore_points_say_whose_step_made_them():
    applied = rp(2, campaign_id=1, campaign_round=2, campaign_stage='ROUND')
    assert title(applied) == 'Campaign 1, round 2: Max IOPS applied'
    taken_off = rp(3, 'REVERT', reverts=2, campaign_id=1, campaign_round=3, campaign_stage='ROUND')
    assert title(taken_off, {2: applied}) == 'Campaign 1, round 3: Max IOPS reverted, undoing restore point 2'
    assert title(rp(4, campaign_id=1, campaign_stage='FINISH')) == 'Campaign 1, at its end: Max IOPS applied'
    assert title(rp(5, 'REVERT', reverts=4, campaign_id=1, campaign_stage='RESTORE')) == (
        'Campaign 1, putting the original configuration back: Max IOPS reverted, undoing restore point 4')
    assert title(rp(6, campaign_id=1)) == 'Campaign 1: Max IOPS applied'   # matched when the schema came


def test_the_restore_points_a_campaign_step_made_are_marked_as_its_own(tmp_path):
    db = Database(str(tmp_path / 'tuning.db'))
    try:
        def make(kind='APPLY', reverts=None):
            return rps.create_restore_point(db, kind=kind, preset='max-iops', target={'pool': 'tank'}, entries=[],
                                            changes=[], reverts=reverts, boot_id='b')
        own = make()
        since = rps.latest_id(db)
        applied, reverted = make(), make('REVERT', own)
        assert rps.mark_campaign(db, since, 4, 'ROUND', 2) == [applied, reverted]
        assert rps.mark_campaign(db, since, 5, 'FINISH') == []          # never taken from another campaign
        rows = {r['id']: r for r in rps.list_restore_points(db)}
        assert (rows[own]['campaign_id'], rows[applied]['campaign_id']) == (None, 4)
        assert (rows[reverted]['campaign_round'], rows[reverted]['campaign_stage']) == (2, 'ROUND')
    finally:
        db.close()


def test_restore_points_of_campaigns_before_the_schema_are_matched_to_the_campaign_then_running(tmp_path):
    path = str(tmp_path / 'old.db')
    conn = sqlite3.connect(path)
    for statements in MIGRATIONS[:7]:
        for statement in statements:
            conn.execute(statement)
    conn.execute('PRAGMA user_version = 7')
    insert = ("INSERT INTO restore_point (id, created_at, kind, preset, target, state, entries, changes, boot_id, "
              "updated_at) VALUES (?, ?, ?, 'max-iops', '{}', 'APPLIED', '[]', '[]', 'b', ?)")
    for id_, at, kind in ((1, '2026-11-26T05:00:00+00:00', 'APPLY'),       # the admin's, before the campaign
                          (2, '2026-11-26T05:10:00+00:00', 'APPLY'),       # the campaign's round
                          (3, '2026-11-26T05:20:00+00:00', 'REVERT'),      # the campaign's end
                          (4, '2026-11-26T06:00:00+00:00', 'APPLY')):      # the admin's, after it
        conn.execute(insert, (id_, at, kind, at))
    conn.execute("INSERT INTO campaign (id, created_at, updated_at, label, spec, state, phase, cursor, steps, "
                 "configurations, origin_restore_point, abort_requested, results, log) VALUES (1, "
                 "'2026-11-26T05:05:00+00:00', '2026-11-26T05:30:00+00:00', 'c', '{}', 'DONE', 'DONE', 0, '[]', "
                 "'[]', 1, 0, '{}', '[]')")
    conn.commit()
    conn.close()
    db = Database(path)
    try:
        assert db.schema_version == len(MIGRATIONS)
        assert [(r['id'], r['campaign_id'], r['campaign_stage']) for r in rps.list_restore_points(db)] == [
            (1, None, None), (2, 1, None), (3, 1, None), (4, None, None)]
    finally:
        db.close()
