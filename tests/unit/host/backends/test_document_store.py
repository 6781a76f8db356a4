"""The host's document store (issue 22): a read never waits for a write under way (each thread reads its own
connection of a WAL database) and sees the last committed document; writes stay durable and atomic."""
import sqlite3
import threading

import pytest

from tuning_host.backends.document_store import DocumentStore

GUARD_SECONDS = 30   # only a guard against a hang: every wait below is for an event the other thread sets


@pytest.fixture
def store(tmp_path):
    s = DocumentStore(str(tmp_path))
    yield s
    s.close()


def in_thread(fn):
    """Run `fn` in a new thread; returns (thread, its result holder)."""
    out = {}

    def run():
        try:
            out['value'] = fn()
        except BaseException as e:   # handed to the test
            out['error'] = e
    thread = threading.Thread(target=run)
    thread.start()
    return thread, out


def test_a_read_is_answered_while_a_write_is_under_way_with_the_committed_document(store):
    store.put('state', {'n': 1})
    writing, release = threading.Event(), threading.Event()

    def slow_mutate(doc):
        writing.set()
        assert release.wait(GUARD_SECONDS)
        doc['n'] = 2

    writer, _ = in_thread(lambda: store.update('state', slow_mutate))
    try:
        assert writing.wait(GUARD_SECONDS)
        reader, read = in_thread(lambda: store.get('state'))
        reader.join(GUARD_SECONDS)
        assert not reader.is_alive(), 'the read waited for the write'
        assert read == {'value': {'n': 1}}   # the write is not committed yet
    finally:
        release.set()
        writer.join(GUARD_SECONDS)
    assert store.get('state') == {'n': 2}


def test_writes_from_many_threads_all_land(store):
    store.put('count', {'n': 0})

    def bump(doc):
        doc['n'] += 1

    threads = [in_thread(lambda: [store.update('count', bump) for _ in range(20)])[0] for _ in range(8)]
    for t in threads:
        t.join(GUARD_SECONDS)
    assert store.get('count') == {'n': 160}


def test_a_failed_update_writes_nothing_and_the_store_goes_on(store):
    store.put('doc', {'a': 1})

    def broken(doc):
        doc['a'] = 2
        raise ValueError('no')

    with pytest.raises(ValueError):
        store.update('doc', broken)
    assert store.get('doc') == {'a': 1}
    assert store.update('doc', lambda doc: {'a': 3}) == {'a': 3}
    assert store.get('missing', {'d': []}) == {'d': []}


def test_every_connection_syncs_each_commit_to_disk(store, tmp_path):
    def modes():
        conn = store._connection()
        return conn.execute('PRAGMA journal_mode').fetchone()[0], conn.execute('PRAGMA synchronous').fetchone()[0]

    for _ in range(2):
        t, out = in_thread(modes)
        t.join(GUARD_SECONDS)
        assert out['value'] == ('wal', 2)   # 2: FULL
    assert modes() == ('wal', 2)
    store.put('kept', {'x': 1})
    other = DocumentStore(str(tmp_path))   # another process's view of the file
    try:
        assert other.get('kept') == {'x': 1}
    finally:
        other.close()


def test_the_connections_of_ended_threads_are_closed_and_a_closed_store_refuses(store):
    for _ in range(5):
        t, _ = in_thread(lambda: store.get('x'))
        t.join(GUARD_SECONDS)
    store.get('x')
    assert len(store._open) <= 2   # this thread's and at most the last ended one's
    store.close()
    with pytest.raises(sqlite3.ProgrammingError):
        store.get('x')
