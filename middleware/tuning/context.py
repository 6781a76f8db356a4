"""Per-middleware plugin state: the database, the busy guard, the boot id, how start-up went and the shared reads.

Services are instantiated by the framework, so they find their shared state here rather than in globals of their own.
The database opens only during start-up (``startup.py``), once TrueNAS is ready and its system dataset is mounted;
until then every call that needs it gets a clear error instead of a database created in the wrong place.
"""
import asyncio
import errno
import threading
import weakref
from contextlib import asynccontextmanager
from dataclasses import dataclass, field

from .flows.joined import Joined
from .framework import CallError
from .store import Database
from .transaction.guard import BusyGuard

# How long a call made during start-up waits for it to end (recovery is a few appliance calls: seconds).
START_WAIT_SECONDS = 120


@dataclass
class Startup:
    """WAITING for system.ready -> STARTING (database, recovery) -> READY, or FAILED with the reason."""
    status: str = 'WAITING'
    reason: str | None = None
    task: asyncio.Task | None = None
    # set when STARTING ends (READY or FAILED): one for coroutines, one for service methods in worker threads
    ended: asyncio.Event = field(default_factory=asyncio.Event)
    ended_flag: threading.Event = field(default_factory=threading.Event)

    def begin(self, task: asyncio.Task) -> None:
        self.status, self.reason, self.task = 'STARTING', None, task
        self.ended.clear()
        self.ended_flag.clear()

    def end(self, status: str, reason: str | None = None) -> None:
        self.status, self.reason = status, reason
        self.ended.set()
        self.ended_flag.set()

    def in_startup_task(self) -> bool:
        return self.task is not None and asyncio.current_task() is self.task


@dataclass
class PluginContext:
    guard: BusyGuard = field(default_factory=BusyGuard)
    boot_id: str | None = None
    recovered: list[str] = field(default_factory=list)
    startup: Startup = field(default_factory=Startup)
    reads: Joined = field(default_factory=Joined)   # reads shared by callers at the same moment (flows/joined.py)
    _db: Database | None = None

    @property
    def db(self) -> Database:
        """The open database; a CallError naming why when start-up has not opened it. A service method running in a
        worker thread while start-up recovers the box waits for start-up to end first."""
        if self.startup.status == 'STARTING' and not _on_event_loop():
            self.startup.ended_flag.wait(START_WAIT_SECONDS)
        if self._db is None:
            raise not_started(self.startup)
        return self._db

    def open(self, db: Database) -> None:
        self._db = db

    def close(self) -> None:
        if self._db is not None:
            self._db.close()
            self._db = None


def not_started(startup: Startup) -> CallError:
    if startup.status == 'FAILED':
        return CallError(f'Tuning could not start: {startup.reason} Fix the cause, then restart middlewared or run '
                         '`midclt call tuning.start`.', errno.EIO)
    if startup.status == 'WAITING':
        return CallError('Tuning starts once TrueNAS has finished booting (system.ready); try again in a moment.',
                         errno.EAGAIN)
    return CallError('Tuning is still starting (recovering the box after a restart); try again in a moment.',
                     errno.EAGAIN)


# By id(), for as long as the middleware object lives: an id is reused once an object is gone, and a new middleware
# (the next test's, or a host restarted in-process) would take over the old one's start-up state. (Not a
# WeakKeyDictionary: middlewared's unit-test Middleware is a dict, so not hashable.)
_contexts: dict[int, PluginContext] = {}


def plugin_context(middleware) -> PluginContext:
    ctx = _contexts.get(id(middleware))
    if ctx is None:
        ctx = _contexts[id(middleware)] = PluginContext()
        weakref.finalize(middleware, _contexts.pop, id(middleware), None)
    return ctx


async def database(middleware) -> Database:
    """The open database. A call that comes while start-up runs waits for it to end (a call made during boot is
    answered once the box is in order, not refused); start-up's own work does not wait for itself."""
    ctx = plugin_context(middleware)
    if ctx.startup.status == 'STARTING' and not ctx.startup.in_startup_task():
        try:
            await asyncio.wait_for(ctx.startup.ended.wait(), START_WAIT_SECONDS)
        except asyncio.TimeoutError:
            pass
    if ctx._db is None:
        raise not_started(ctx.startup)
    return ctx._db


def _on_event_loop() -> bool:
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return False
    return True


async def boot_id(middleware) -> str:
    ctx = plugin_context(middleware)
    if ctx.boot_id is None:
        ctx.boot_id = await middleware.call('system.boot_id')
    return ctx.boot_id


@asynccontextmanager
async def busy_while(middleware, method: str, job_id):
    """Hold the box for one apply, revert, benchmark or campaign (EBUSY for anyone else); `tuning.state` shows it."""
    ctx = plugin_context(middleware)
    await database(middleware)  # a job queued during start-up starts once the box is in order
    ctx.guard.acquire(method, job_id)
    try:
        await middleware.call('tuning.notify_state')
        yield ctx
    finally:
        ctx.guard.release()
        await middleware.call('tuning.notify_state')
