"""Blocking work in a worker thread that a job's Abort stops (fio, iperf3, a file walk): the event loop never
waits on it, and an abort waits for the work's own clean-up before the job ends."""
from __future__ import annotations

import asyncio
import threading

from ..bench_runner import BenchmarkAborted


async def in_thread(middleware, abort: threading.Event, fn, /, *args, stopped=(BenchmarkAborted,), **kwargs):
    """``fn(*args, **kwargs)`` in a worker thread. The job's cancellation sets ``abort`` (which ``fn`` watches) and
    waits for ``fn`` to stop and clean up; ``fn`` raising one of ``stopped`` (it saw ``abort``) ends the job as
    aborted too."""
    work = asyncio.ensure_future(middleware.run_in_thread(fn, *args, **kwargs))
    try:
        return await asyncio.shield(work)
    except asyncio.CancelledError:
        abort.set()
        await asyncio.gather(work, return_exceptions=True)  # stopped and reaped, its scratch removed
        raise
    except stopped:
        raise asyncio.CancelledError() from None
