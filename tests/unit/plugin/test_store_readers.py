"""The plugin's database (issue 22): a read has a connection of its own (WAL) and never waits for a write under way,
so small reads run on the event loop (``store_read``) instead of a trip to a worker thread; a read inside a
transaction sees what it wrote; replacing the file (an import) makes every reader read the new one."""
import asyncio
import sqlite3
import threading

import pytest

from tuning.context import plugin_context
from tuning.store import Database
from tuning.store.offloop import store_read

GUARD_SECONDS = 30   # only a guard against a hang: every wait is for an event another thread sets


def events(db):
    return [r['message'] for r in db.query('SELECT message FROM event_log ORDER BY id')]


def log(cur, message):
    cur.execute("INSERT INTO event_log (at, kind, message) VALUES ('t', 'recovery', ?)", (message,))


@pytest.fixture
def db(tmp_path):
    database = Database(str(tmp_path / 'tuning.db'))
    yield database
    database.close()


class OpenWrite:
    """A write transaction held open in another thread until `end()`."""

    def __init__(self, db, message):
        self.started, self.release = threading.Event(), threading.Event()

        def write():
            with db.transaction() as cur:
                log(cur, message)
                self.started.set()
                assert self.release.wait(GUARD_SECONDS)
        self.thread = threading.Thread(target=write)
        self.thread.start()
        assert self.started.wait(GUARD_SECONDS)

    def end(self):
        self.release.set()
        self.thread.join(GUARD_SECONDS)


def read_in_thread(fn):
    out = {}
    thread = threading.Thread(target=lambda: out.setdefault('value', fn()))
    thread.start()
    thread.join(GUARD_SECONDS)
    return thread, out


def test_a_read_is_answered_while_a_write_is_under_way_with_what_was_committed(db):
    with db.transaction() as cur:
        log(cur, 'committed')
    write = OpenWrite(db, 'not yet')
    try:
        reader, read = read_in_thread(lambda: events(db))
        assert not reader.is_alive(), 'the read waited for the write'
        assert read['value'] == ['committed']
    finally:
        write.end()
    assert events(db) == ['committed', 'not yet']


def test_a_read_inside_a_transaction_sees_what_it_wrote(db):
    with db.transaction() as cur:
        log(cur, 'mine')
        assert events(db) == ['mine']
    with pytest.raises(RuntimeError):
        with db.transaction() as cur:
            log(cur, 'rolled back')
            assert events(db) == ['mine', 'rolled back']
            raise RuntimeError
    assert events(db) == ['mine']


def test_a_read_never_writes(db):
    with pytest.raises(sqlite3.OperationalError):
        db.query("INSERT INTO event_log (at, kind, message) VALUES ('t', 'recovery', 'sneaked in')")
    assert events(db) == []


def test_after_an_import_every_thread_reads_the_new_file(db, tmp_path):
    with db.transaction() as cur:
        log(cur, 'old')
    worker_reads = []
    ask, answered, stop = threading.Event(), threading.Event(), threading.Event()

    def worker():   # a long-lived worker thread with its own reader connection
        while ask.wait(GUARD_SECONDS) and not stop.is_set():
            ask.clear()
            worker_reads.append(events(db))
            answered.set()

    thread = threading.Thread(target=worker)
    thread.start()
    try:
        ask.set()
        assert answered.wait(GUARD_SECONDS)
        answered.clear()
        other = Database(str(tmp_path / 'other.db'))
        with other.transaction() as cur:
            log(cur, 'imported')
        other.close()
        db.replace_with(str(tmp_path / 'other.db'), str(tmp_path / 'kept.db'))
        assert events(db) == ['imported']
        ask.set()
        assert answered.wait(GUARD_SECONDS)
        assert worker_reads == [['old'], ['imported']]
        with db.transaction() as cur:
            log(cur, 'after')
        assert events(db) == ['imported', 'after']
    finally:
        stop.set()
        ask.set()
        thread.join(GUARD_SECONDS)
    kept = Database(str(tmp_path / 'kept.db'))
    try:
        assert events(kept) == ['old']
    finally:
        kept.close()


def test_a_closed_database_refuses_reads(tmp_path):
    database = Database(str(tmp_path / 'tuning.db'))
    events(database)
    database.close()
    with pytest.raises(sqlite3.ProgrammingError):
        events(database)
    reader, read = read_in_thread(lambda: pytest.raises(sqlite3.ProgrammingError, events, database))
    assert not reader.is_alive() and read['value'] is not None


class Middleware:
    """What store_read needs of middlewared; counts the trips to a worker thread."""

    def __init__(self):
        self.thread_runs = 0

    async def run_in_thread(self, fn, *args):
        self.thread_runs += 1
        return await asyncio.get_running_loop().run_in_executor(None, fn, *args)


def test_store_read_reads_on_the_loop_without_waiting_for_a_write(db):
    middleware = Middleware()
    ctx = plugin_context(middleware)
    ctx.startup.end('READY')
    ctx.open(db)
    with db.transaction() as cur:
        log(cur, 'committed')
    write = OpenWrite(db, 'not yet')
    try:
        async def read():
            return await store_read(middleware, events)
        assert asyncio.run(read()) == ['committed']
        assert middleware.thread_runs == 0
    finally:
        write.end()
