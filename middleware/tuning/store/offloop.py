"""The one way async plugin code reaches the store: off the event loop.

Inside TrueNAS every service shares middlewared's single asyncio loop, and each committed write fsyncs (WAL,
``synchronous=FULL``), so a store call made on the loop stalls every client of the box. Async code therefore calls
``await store_call(middleware, fn, *args)``, which runs ``fn(db, *args)`` in a worker thread, as middlewared's own
plugins do with ``run_in_thread``. Plain (non-async) service methods already run in a worker thread and use the
database directly.

Reads that the panel repeats (the state, the preset list) use ``store_read``: the same call, remembered until the
next write to the database, so a repeated read costs neither a query nor a trip to a worker thread.
"""
from ..context import database, plugin_context
from .db import MISSING


async def store_call(middleware, fn, *args, **kwargs):
    """``fn(db, *args, **kwargs)`` in a worker thread with the plugin's open database (waits while start-up is
    opening it; a CallError saying why when tuning has not started)."""
    db = await database(middleware)
    return await middleware.run_in_thread(fn, db, *args, **kwargs)


async def store_read(middleware, fn, *args):
    """``store_call`` for a read that only depends on the database and hashable ``args``: answered from memory while
    no write has come since it was last read. The value is shared between callers: never change it."""
    db = await database(middleware)
    key = (fn, args)
    value = db.recall(key)
    if value is MISSING:
        generation = db.generation   # taken before the read: a write during it makes the next call read again
        value = await middleware.run_in_thread(fn, db, *args)
        db.remember(key, generation, value)
    return value


def store_version(middleware):
    """What every read remembered from the store depends on: the open database and its count of writes, or None
    while start-up has not opened it or has not finished (a call then waits or fails: nothing to remember). The
    standalone host keeps whole answers of the repeated reads with it (tuning_host/server/answers.py)."""
    ctx = plugin_context(middleware)
    db = ctx._db
    if db is None or ctx.startup.status != 'READY':
        return None
    return db, db.generation
