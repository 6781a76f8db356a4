"""Reads shared by the callers that come at the same moment (issue 22): fifty panels polling ``tuning.state`` or
``tuning.profile`` made fifty reads of the same box at once.

One read of a key runs at a time. A caller that comes while it runs waits for the next read, which starts as soon as
the running one ends and answers every caller that came meanwhile. So each caller gets values read after it called (a
change it made or saw before calling is in them: an apply's own state, a put back), at most one read later than
alone, and nothing is kept once a read is handed out: not a cache, the live values each time.

No imports from the plugin: the plugin context holds one ``Joined`` per middleware.
"""
import asyncio


class Joined:
    """Reads of one source by key, shared as above: ``await joined.read(key, fn)`` runs ``fn()`` (a coroutine
    function) for the callers of ``key`` that come while no read of it runs or while the previous one runs.
    Its value (or its exception) goes to every caller it answers: they must not change it. A caller that is
    cancelled leaves the read to the others."""

    def __init__(self):
        self._running = {}   # key -> task of the read under way
        self._next = {}      # key -> future of the read to start when it ends (callers came during it)

    async def read(self, key, fn):
        if key not in self._running:
            return await asyncio.shield(self._start(key, fn))
        waiting = self._next.get(key)
        if waiting is None:
            waiting = self._next[key] = asyncio.get_running_loop().create_future()
            waiting.add_done_callback(_retrieved)   # its callers may all have been cancelled meanwhile
        return await asyncio.shield(waiting)

    def _start(self, key, fn, answers=None):
        task = asyncio.get_running_loop().create_task(fn())
        self._running[key] = task
        task.add_done_callback(lambda done: self._ended(key, fn, done, answers))
        return task

    def _ended(self, key, fn, done, answers):
        if answers is not None:
            _hand_over(done, answers)
        waiting = self._next.pop(key, None)
        if waiting is None:
            del self._running[key]
        else:
            self._start(key, fn, waiting)   # the callers that came during this read get one started after them


def _retrieved(answers: asyncio.Future) -> None:
    if not answers.cancelled():
        answers.exception()


def _hand_over(done: asyncio.Task, answers: asyncio.Future) -> None:
    if done.cancelled():
        answers.cancel()
    elif done.exception() is not None:
        answers.set_exception(done.exception())
    else:
        answers.set_result(done.result())
