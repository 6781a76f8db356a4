"""tuning.db holds the box's restore points and results: the owner's only (0600, as middlewared keeps
/data/freenas-v1.db), in a directory made 0700, its WAL and the copy kept before an import too; a database left
readable to all by an earlier version is fixed when it is opened."""
import os
import stat

from tuning.store import Database


def mode(path):
    return stat.S_IMODE(os.stat(path).st_mode)


def test_a_new_database_and_its_directory_are_the_owners_only(tmp_path):
    path = tmp_path / 'tuning' / 'tuning.db'
    db = Database(str(path))
    db.execute('CREATE TABLE t (x)')
    assert mode(path.parent) == 0o700
    assert [mode(p) for p in sorted(path.parent.iterdir())] == [0o600] * len(list(path.parent.iterdir()))
    db.backup_to(str(tmp_path / 'copy.db'))
    assert mode(tmp_path / 'copy.db') == 0o600
    db.close()


def test_an_old_database_readable_to_all_is_fixed_when_opened(tmp_path):
    path = tmp_path / 'tuning.db'
    Database(str(path)).close()
    os.chmod(path, 0o644)
    db = Database(str(path))
    assert mode(path) == 0o600
    db.close()
