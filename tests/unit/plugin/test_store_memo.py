"""Reads the panel repeats (tuning.state's rows, the preset list) are remembered until the next write to the
database: never served stale, and a repeated read costs no query and no worker thread."""
import asyncio
import threading

import pytest

from tuning.context import plugin_context
from tuning.store import Database
from tuning.store import presets as preset_store
from tuning.store.db import MISSING
from tuning.store.offloop import store_read


@pytest.fixture
def db(tmp_path):
    database = Database(str(tmp_path / 'tuning.db'))
    yield database
    database.close()


def test_a_remembered_read_is_recalled_until_a_write(db):
    db.remember('presets', db.generation, ['a'])
    assert db.recall('presets') == ['a']
    with db.transaction() as cur:
        cur.execute("INSERT INTO event_log (at, kind, message) VALUES ('t', 'recovery', 'm')")
    assert db.recall('presets') is MISSING


def test_a_failed_transaction_and_a_plain_statement_count_as_writes(db):
    db.remember('k', db.generation, 1)
    with pytest.raises(RuntimeError):
        with db.transaction():
            raise RuntimeError('rolled back')
    assert db.recall('k') is MISSING
    db.remember('k', db.generation, 2)
    db.execute("INSERT INTO event_log (at, kind, message) VALUES ('t', 'recovery', 'm')")
    assert db.recall('k') is MISSING


def test_a_read_that_a_write_overtook_is_not_served(db):
    generation = db.generation          # the read starts ...
    db.execute("INSERT INTO event_log (at, kind, message) VALUES ('t', 'recovery', 'm')")   # ... a write lands ...
    db.remember('k', generation, 'old')  # ... and the read ends
    assert db.recall('k') is MISSING


def test_replacing_the_database_forgets_what_was_read(db, tmp_path):
    db.remember('k', db.generation, 'before import')
    other = Database(str(tmp_path / 'other.db'))
    other.close()
    db.replace_with(str(tmp_path / 'other.db'), str(tmp_path / 'kept.db'))
    assert db.recall('k') is MISSING


class Middleware:
    """What store_read needs of middlewared: run_in_thread (counted)."""

    def __init__(self):
        self.thread_runs = 0

    async def run_in_thread(self, fn, *args):
        self.thread_runs += 1
        return await asyncio.get_running_loop().run_in_executor(None, fn, *args)


def test_store_read_reads_once_per_write_and_only_then_leaves_the_event_loop(db):
    middleware = Middleware()
    ctx = plugin_context(middleware)
    ctx.startup.end('READY')
    ctx.open(db)
    reads = []

    def names(db, prefix):
        reads.append(threading.current_thread())
        return [prefix + p['name'] for p in preset_store.list_presets(db)]

    async def scenario():
        first = await store_read(middleware, names, '>')
        again = await store_read(middleware, names, '>')
        other_args = await store_read(middleware, names, '#')
        preset_store.insert_preset(db, {'id': 'mine', 'name': 'Mine', 'description': '', 'base': None,
                                        'settings': []})
        after_write = await store_read(middleware, names, '>')
        return first, again, other_args, after_write

    first, again, other_args, after_write = asyncio.run(scenario())
    assert first == again == [] and other_args == []
    assert after_write == ['>Mine']
    assert len(reads) == 3 and middleware.thread_runs == 3     # '>' twice (before and after the write), '#' once
    assert threading.main_thread() not in reads
