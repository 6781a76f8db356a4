"""The ways async plugin code reaches the store.

Inside TrueNAS every service shares middlewared's single asyncio loop, and each committed write fsyncs (WAL,
``synchronous=FULL``), so a write made on the loop would stall every client of the box. Async code therefore
writes with ``await store_call(middleware, fn, *args)``, which runs ``fn(db, *args)`` in a worker thread, as
middlewared's own plugins do with ``run_in_thread``; so do reads that may be large (every stored result). Plain
(non-async) service methods already run in a worker thread and use the database directly.

A small read (the state's rows, the preset list) is ``await store_read(middleware, fn, *args)``: ``fn`` runs on the
loop itself. A read has a connection of its own to the WAL database (``Database.query``), so it never waits for a
write under way or its sync to disk: it costs the loop its few statements, less than the trip to a worker thread
and back would. Nothing is remembered between calls: every read reads the database.
"""
from ..context import database

# A query of up to this many stored rows (restore points, results: a few KB each) is small enough for the loop
FEW_ROWS = 16


async def store_call(middleware, fn, *args, **kwargs):
    """``fn(db, *args, **kwargs)`` in a worker thread with the plugin's open database (waits while start-up is
    opening it; a CallError saying why when tuning has not started)."""
    db = await database(middleware)
    return await middleware.run_in_thread(fn, db, *args, **kwargs)


async def store_read(middleware, fn, *args):
    """``fn(db, *args)`` on the event loop, for a read of a few rows that only reads (see above)."""
    db = await database(middleware)
    return fn(db, *args)


async def store_query(middleware, fn, filters: list, options: dict, small):
    """A query method's read, ``fn(db, filters, options)``: on the loop when the query has no filters (they may hold
    regular expressions, run on every row) and no sorting and ``small(db)`` (run on the loop: a count against
    ``FEW_ROWS``, or a look at the columns asked for) says its rows are few bytes in all; in a worker thread
    otherwise."""
    db = await database(middleware)
    if not filters and not options.get('order_by') and small(db):
        return fn(db, filters, options)
    return await middleware.run_in_thread(fn, db, filters, options)
