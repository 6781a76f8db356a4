"""Export and import of the plugin's database: the checks an imported file must pass, the swap, and that a refused
file changes nothing."""
import io
import os
import sqlite3
import threading

import pytest

from tuning.store import Database, presets
from tuning.store import restore_points as rps
from tuning.store.migrations import MIGRATIONS
from tuning.store.transfer import (
    ImportRefused, check_candidate, export_to, import_from, import_in_place_of, tables_at,
)


def add_preset(db, id_):
    presets.insert_preset(db, {'id': id_, 'name': id_, 'description': 'd', 'base': 'max-iops', 'settings': {}})


def exported(db) -> bytes:
    out = io.BytesIO()
    export_to(db, out)
    return out.getvalue()


def sqlite_file(path, statements=(), version=0):
    conn = sqlite3.connect(path)
    for statement in statements:
        conn.execute(statement)
    conn.execute(f'PRAGMA user_version = {version}')
    conn.commit()
    conn.close()
    return path


@pytest.fixture
def db(tmp_path):
    os.makedirs(tmp_path / 'live')
    database = Database(str(tmp_path / 'live' / 'tuning.db'))
    yield database
    database.close()


@pytest.fixture
def other(tmp_path):
    database = Database(str(tmp_path / 'other' / 'tuning.db'))
    yield database
    database.close()


def test_tables_at_follow_the_migrations():
    assert {'preset', 'restore_point', 'journal', 'pending_reboot'} <= tables_at(1)
    assert 'benchmark' not in tables_at(1) and 'benchmark' in tables_at(2)
    assert 'campaign' in tables_at(len(MIGRATIONS))


def test_export_is_a_single_file_tuning_database_with_what_it_holds(db, tmp_path):
    add_preset(db, 'mine')
    out = io.BytesIO()
    summary = export_to(db, out)
    assert summary['size'] == len(out.getvalue())
    assert summary['schema_version'] == len(MIGRATIONS)
    assert summary['counts'] == {'presets': 1, 'restore_points': 0, 'pending_reboot': 0, 'benchmarks': 0,
                                 'campaigns': 0}
    path = tmp_path / 'copy.db'
    path.write_bytes(out.getvalue())
    assert check_candidate(str(path)) == len(MIGRATIONS)
    assert sorted(os.listdir(tmp_path / 'live')) == ['tuning.db', 'tuning.db-shm', 'tuning.db-wal']  # no temp left


def test_import_swaps_in_the_file_and_keeps_the_current_database(db, other, tmp_path):
    add_preset(other, 'from-elsewhere')
    rps.create_restore_point(other, kind='APPLY', preset='max-iops', target={'pool': 'tank'}, entries=[],
                             changes=[], reverts=None, boot_id='b')
    add_preset(db, 'was-here')
    result = import_from(db, io.BytesIO(exported(other)))
    assert [p['id'] for p in presets.list_presets(db)] == ['from-elsewhere']
    assert result['counts']['presets'] == 1 and result['counts']['restore_points'] == 1
    assert result['schema_version'] == result['schema_version_imported'] == len(MIGRATIONS)
    kept = Database(result['backup'])
    try:
        assert [p['id'] for p in presets.list_presets(kept)] == ['was-here']
    finally:
        kept.close()
    add_preset(db, 'after')   # the swapped-in database is open for writing
    assert {p['id'] for p in presets.list_presets(db)} == {'from-elsewhere', 'after'}


def test_an_older_schema_is_migrated_forward_on_import(db, tmp_path):
    old = sqlite_file(str(tmp_path / 'old.db'), MIGRATIONS[0], version=1)
    result = import_from(db, open(old, 'rb'))
    assert result['schema_version_imported'] == 1 and result['schema_version'] == len(MIGRATIONS)
    assert db.query('SELECT count(*) AS n FROM campaign')[0]['n'] == 0


@pytest.mark.parametrize('make, says', [
    (lambda p: p.write_bytes(b'hello, this is not a database at all'), 'is not an SQLite database'),
    (lambda p: p.write_bytes(b''), 'is empty'),
    (lambda p: sqlite_file(str(p), ['CREATE TABLE t (x)']), r'not a tuning database \(it has no schema version\)'),
    (lambda p: sqlite_file(str(p), MIGRATIONS[0], version=len(MIGRATIONS) + 1), 'newer version of tuning'),
    (lambda p: sqlite_file(str(p), ['CREATE TABLE preset (id)'], version=1), 'lacks the tables'),
])
def test_a_bad_file_is_refused_and_nothing_changes(db, tmp_path, make, says):
    add_preset(db, 'stays')
    bad = tmp_path / 'bad.db'
    make(bad)
    with pytest.raises(ImportRefused, match=says):
        import_from(db, open(bad, 'rb'))
    assert [p['id'] for p in presets.list_presets(db)] == ['stays']
    assert not [n for n in os.listdir(tmp_path / 'live') if not n.startswith('tuning.db')]  # no temp, no backup


def test_a_corrupt_database_fails_the_integrity_check(db, other, tmp_path):
    for i in range(200):
        add_preset(other, f'p{i}')
    data = bytearray(exported(other))
    page = 4096
    data[2 * page:3 * page] = bytes(range(256)) * (page // 256)   # garbage over a b-tree page
    bad = tmp_path / 'corrupt.db'
    bad.write_bytes(bytes(data))
    with pytest.raises(ImportRefused, match='integrity check|cannot be read'):
        import_from(db, open(bad, 'rb'))
    assert presets.list_presets(db) == []


def test_a_file_over_the_limit_is_refused_while_reading(db, other):
    data = exported(other)
    with pytest.raises(ImportRefused, match='larger than'):
        import_from(db, io.BytesIO(data), limit=len(data) - 1)
    assert db.schema_version == len(MIGRATIONS)


def test_readers_in_other_threads_carry_on_across_the_swap(db, other):
    add_preset(other, 'new')
    add_preset(db, 'old')
    seen, errors, stop = set(), [], threading.Event()   # what the reader saw: the old preset, then the new

    def read():
        while not stop.is_set():
            try:
                seen.update(p['id'] for p in presets.list_presets(db))
            except Exception as e:  # a closed connection would show here
                errors.append(e)

    reader = threading.Thread(target=read)
    reader.start()
    try:
        import_from(db, io.BytesIO(exported(other)))
    finally:
        stop.set()
        reader.join()
    assert errors == []
    assert seen <= {'old', 'new'}
    assert [p['id'] for p in presets.list_presets(db)] == ['new']


def test_in_place_of_an_unreadable_file_moves_it_aside_and_puts_the_import_there(other, tmp_path):
    add_preset(other, 'back')
    target = tmp_path / 'broken' / 'tuning.db'
    os.makedirs(target.parent)
    target.write_bytes(b'unreadable')
    with pytest.raises(ImportRefused):
        import_in_place_of(str(target), io.BytesIO(b'not a database either'))
    assert target.read_bytes() == b'unreadable' and os.listdir(target.parent) == ['tuning.db']
    result = import_in_place_of(str(target), io.BytesIO(exported(other)))
    with open(result['backup'], 'rb') as f:
        assert f.read() == b'unreadable'
    db = Database(str(target))
    try:
        assert [p['id'] for p in presets.list_presets(db)] == ['back']
    finally:
        db.close()
