"""Two openers of one new database file at the same moment (the host starting while a script or a test opens the
same file) both find it migrated: each step of the migration reads the version inside its own write transaction."""
import threading

from tuning.store import Database
from tuning.store.migrations import MIGRATIONS


def test_openers_racing_on_a_new_file_both_find_it_migrated(tmp_path):
    failures = []
    for attempt in range(6):
        path = str(tmp_path / f'race{attempt}' / 'tuning.db')
        start = threading.Barrier(6)

        def open_it():
            start.wait()
            try:
                Database(path).close()
            except Exception as e:   # the race lost: "table ... already exists"
                failures.append(repr(e))

        threads = [threading.Thread(target=open_it) for _ in range(6)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert Database(path).schema_version == len(MIGRATIONS)
    assert failures == []
