"""The plugin's SQLite store: migrations, restore-point state transitions, journal, baseline."""
import sqlite3

import pytest

from tuning.store import Database, first_seen
from tuning.store import restore_points as rps
from tuning.store.migrations import MIGRATIONS


@pytest.fixture
def db(tmp_path):
    database = Database(str(tmp_path / 'tuning.db'))
    yield database
    database.close()


def make_rp(db, kind='APPLY', reverts=None):
    return rps.create_restore_point(db, kind=kind, preset='max-iops', target={'pool': 'tank'},
                                    entries=[{'key': 'k'}], changes=[{'key': 'k'}], reverts=reverts, boot_id='b1')


def test_fresh_database_is_at_latest_schema_and_reopening_does_not_migrate_again(tmp_path):
    path = str(tmp_path / 'tuning.db')
    Database(path).close()
    again = Database(path)
    assert again.schema_version == len(MIGRATIONS)
    assert {r['name'] for r in again.query("SELECT name FROM sqlite_master WHERE type='table'")} >= {
        'preset', 'restore_point', 'journal', 'pending_reboot', 'baseline', 'benchmark', 'scratch'}


def test_an_old_database_is_migrated_forward(tmp_path):
    path = str(tmp_path / 'old.db')
    conn = sqlite3.connect(path)
    for statement in MIGRATIONS[0]:
        conn.execute(statement)
    conn.execute('PRAGMA user_version = 1')
    conn.commit()
    conn.close()
    db = Database(path)
    assert db.schema_version == len(MIGRATIONS)
    assert db.query("SELECT name FROM sqlite_master WHERE name = 'benchmark'")


def test_restore_point_starts_in_progress_and_is_committed_before_anything_else(db, tmp_path):
    rp_id = make_rp(db)
    # A second connection (another process after a crash) sees it immediately.
    other = Database(db.path)
    assert rps.get_restore_point(other, rp_id)['state'] == 'IN_PROGRESS'
    assert [r['id'] for r in rps.in_progress(other)] == [rp_id]


def test_revert_marks_the_reverted_point_and_revert_of_revert_puts_it_back_in_effect(db):
    applied = make_rp(db)
    rps.finish_restore_point(db, applied, 'APPLIED')
    revert = make_rp(db, kind='REVERT', reverts=applied)
    rps.finish_restore_point(db, revert, 'APPLIED')
    assert rps.get_restore_point(db, applied)['state'] == 'REVERTED'
    assert rps.get_restore_point(db, applied)['reverted_by'] == revert

    again = make_rp(db, kind='REVERT', reverts=revert)
    rps.finish_restore_point(db, again, 'APPLIED')
    assert rps.get_restore_point(db, revert)['state'] == 'REVERTED'
    assert rps.get_restore_point(db, applied)['state'] == 'APPLIED'
    assert rps.get_restore_point(db, applied)['reverted_by'] is None
    assert [r['id'] for r in rps.applied(db)] == [applied, again]


def test_a_chain_of_reverts_keeps_exactly_what_the_box_holds_in_effect(db):
    applied = make_rp(db)
    rps.finish_restore_point(db, applied, 'APPLIED')
    chain = [applied]
    for _ in range(4):   # revert, revert the revert, ... (the API test and the VM tier do three)
        rp = make_rp(db, kind='REVERT', reverts=chain[-1])
        rps.finish_restore_point(db, rp, 'APPLIED')
        chain.append(rp)
    # After an even number of reverts the preset is in effect again, after an odd number it is not.
    assert [r['id'] for r in rps.applied(db)] == [applied, chain[2], chain[4]]
    rp = make_rp(db, kind='REVERT', reverts=chain[-1])
    rps.finish_restore_point(db, rp, 'APPLIED')
    assert [r['id'] for r in rps.applied(db)] == [chain[1], chain[3], rp]
    assert rps.get_restore_point(db, applied)['state'] == 'REVERTED'
    assert rps.get_restore_point(db, applied)['reverted_by'] == chain[1]


def test_a_failed_revert_leaves_the_reverted_point_in_effect(db):
    applied = make_rp(db)
    rps.finish_restore_point(db, applied, 'APPLIED')
    revert = make_rp(db, kind='REVERT', reverts=applied)
    rps.finish_restore_point(db, revert, 'ROLLED_BACK', 'boom')
    assert rps.get_restore_point(db, applied)['state'] == 'APPLIED'


def test_touched_keys_are_the_started_steps_in_order(db):
    rp_id = make_rp(db)
    rps.journal_step(db, rp_id, 1, 'a', 'APPLY', 'STARTED')
    rps.journal_step(db, rp_id, 1, 'a', 'APPLY', 'DONE')
    rps.journal_step(db, rp_id, 2, 'b', 'APPLY', 'STARTED')
    assert rps.touched_keys(db, rp_id) == ['a', 'b']


def test_baseline_keeps_the_first_value_seen(db):
    first_seen.remember(db, {'ZFS_PARAMETER:global:zfs_txg_timeout': '5'})
    first_seen.remember(db, {'ZFS_PARAMETER:global:zfs_txg_timeout': '10', 'SYSCTL:global:x': '1'})
    assert first_seen.load(db) == {'ZFS_PARAMETER:global:zfs_txg_timeout': '5', 'SYSCTL:global:x': '1'}


def test_restore_points_in_effect_are_read_without_what_they_replaced(db):
    """The state reads what every restore point in effect set on each call; what the box held before (entries, the
    largest part) is read only to revert one."""
    rp = make_rp(db)
    rps.finish_restore_point(db, rp, 'APPLIED')
    (in_effect,) = rps.applied(db)
    assert 'entries' not in in_effect
    assert in_effect == {k: v for k, v in rps.get_restore_point(db, rp).items() if k != 'entries'}
    assert rps.get_restore_point(db, rp)['entries'] == [{'key': 'k'}]
    assert in_effect['changes'] == [{'key': 'k'}] and in_effect['target'] == {'pool': 'tank'}
