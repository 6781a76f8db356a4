"""The one way async plugin code reaches the store: off the event loop.

Inside TrueNAS every service shares middlewared's single asyncio loop, and each committed write fsyncs (WAL,
``synchronous=FULL``), so a store call made on the loop stalls every client of the box. Async code therefore calls
``await store_call(middleware, fn, *args)``, which runs ``fn(db, *args)`` in a worker thread, as middlewared's own
plugins do with ``run_in_thread``. Plain (non-async) service methods already run in a worker thread and use the
database directly.
"""
from ..context import database


async def store_call(middleware, fn, *args, **kwargs):
    """``fn(db, *args, **kwargs)`` in a worker thread with the plugin's open database (waits while start-up is
    opening it; a CallError saying why when tuning has not started)."""
    db = await database(middleware)
    return await middleware.run_in_thread(fn, db, *args, **kwargs)
