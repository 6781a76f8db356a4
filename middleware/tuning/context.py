"""Per-middleware plugin state: the database, the busy guard and the boot id seen at start-up.

Services are instantiated by the framework, so they find their shared state here rather than in globals of their own.
"""
import os
from contextlib import asynccontextmanager
from dataclasses import dataclass, field

from .box.appliance import state_dir
from .store import Database
from .transaction.guard import BoxGuard


@dataclass
class PluginContext:
    db: Database
    guard: BoxGuard = field(default_factory=BoxGuard)
    boot_id: str | None = None
    recovered: list[str] = field(default_factory=list)


_contexts: dict[int, PluginContext] = {}


def plugin_context(middleware) -> PluginContext:
    ctx = _contexts.get(id(middleware))
    if ctx is None:
        ctx = PluginContext(db=Database(os.path.join(state_dir(middleware), 'tuning.db')))
        _contexts[id(middleware)] = ctx
    return ctx


async def boot_id(middleware) -> str:
    ctx = plugin_context(middleware)
    if ctx.boot_id is None:
        ctx.boot_id = await middleware.call('system.boot_id')
    return ctx.boot_id


@asynccontextmanager
async def box_reserved(middleware, method: str, job_id):
    """Hold the box for one apply, revert, benchmark or campaign (EBUSY for anyone else); `tuning.state` shows it."""
    ctx = plugin_context(middleware)
    ctx.guard.acquire(method, job_id)
    try:
        await middleware.call('tuning.notify_state')
        yield ctx
    finally:
        ctx.guard.release()
        await middleware.call('tuning.notify_state')
