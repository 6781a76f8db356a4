"""Start-up inside middlewared (DESIGN §2, start-up contract).

``setup()`` only registers. The work (open the database on the system dataset, finish or roll back transactions a
stopped middlewared left behind, verify pending-reboot items, stop the fio and iperf3 a crash left running (noted in
``tuning.state``'s ``recovered``) and then remove the benchmark scratch data it left, resume campaigns) starts on
``system.ready``: on TrueNAS that comes after the data pools are imported and the system dataset is mounted, long
after the plugins' ``setup()``.
If middlewared restarts on a box that is already up, no ``system.ready`` comes, so ``setup()`` also asks.
Start-up also brings tuning's TrueNAS alerts in line with its records (``alerts``): scratch it could not remove, a
campaign still waiting for a restart, data-loss settings in effect, drift.

Nothing here may stop middlewared: a failure is logged, raised as a TrueNAS alert, and every ``tuning.*`` call that
needs the database answers with the reason until ``tuning.start`` (or a middlewared restart) succeeds.
"""
import os

from . import alerts
from .flows.bench_run import sweep_scratch
from .flows.campaign_flow import settle_waiting_alerts
from .context import boot_id, plugin_context
from .framework import CallError
from .flows.network_run import stop_leftover_iperf3
from .store import Database
from .transaction.recovery import recover_interrupted, verify_after_boot

DATABASE_DIR = 'tuning'
DATABASE_FILE = 'tuning.db'


class StartupError(Exception):
    """A start-up failure whose message is the whole explanation (no traceback needed in the alert)."""


def register(middleware) -> None:
    middleware.event_subscribe('system.ready', _on_system_ready)


async def _on_system_ready(middleware, event_type, args):
    begin(middleware)


def begin(middleware):
    """Start the start-up work in the background unless it runs or ran already; returns its task (or None)."""
    startup = plugin_context(middleware).startup
    if startup.status == 'READY' or (startup.task is not None and not startup.task.done()):
        return startup.task
    startup.begin(middleware.create_task(run(middleware)))
    return startup.task


async def database_path(middleware) -> str:
    """``<system dataset>/tuning/tuning.db``; refuses while the system dataset is not mounted, because a database
    created in the bare mount point would be hidden (and its restore points lost) once the dataset mounts over it."""
    config = await middleware.call('systemdataset.config')
    path = config.get('path')
    if not path:
        raise StartupError('the system dataset is not mounted, so there is nowhere safe to keep restore points '
                           '(System > Advanced > Storage: choose a pool for the system dataset).')
    return os.path.join(path, DATABASE_DIR, DATABASE_FILE)


def open_database(path: str) -> Database:
    try:
        return Database(path)
    except Exception as e:  # sqlite3.DatabaseError, OSError, a failed migration
        raise StartupError(f'its database {path} cannot be opened ({e}). Restore it from an export '
                           '(tuning.database.import) or move it aside to start with an empty one.') from e


async def run(middleware) -> None:
    ctx = plugin_context(middleware)
    try:
        path = await database_path(middleware)
        ctx.open(await middleware.run_in_thread(open_database, path))
        current_boot = await boot_id(middleware)
        alerts.forget(middleware)  # raised again from the records below (the host keeps alerts in memory only)
        # Nobody may apply or benchmark while the box is being put back in order.
        ctx.guard.acquire('tuning.start', None)
        try:
            swept = await sweep_scratch(middleware)  # fio a crash left running is stopped before its scratch goes
            ctx.recovered = await recover_interrupted(middleware, current_boot)
            ctx.recovered += await verify_after_boot(middleware, current_boot)
            ctx.recovered += swept['stopped']
            ctx.recovered += await stop_leftover_iperf3(middleware)  # a server a crash left listening
        finally:
            ctx.guard.release()
        for note in ctx.recovered:
            middleware.logger.info('tuning: %s', note)
        for path in swept['removed']:
            middleware.logger.info('tuning: removed benchmark scratch %s left by an interrupted run', path)
        await settle_waiting_alerts(middleware)  # before a resumed campaign commits (and settles) its own
        await middleware.call('tuning.campaign.resume_pending')
    except Exception as e:
        await _failed(middleware, e)
        return
    ctx.startup.end('READY')
    await alerts.clear_startup_failed(middleware)
    await alerts.after_change(middleware)  # data-loss and drift alerts of what is in effect
    try:
        await middleware.call('tuning.notify_state')
    except Exception:
        middleware.logger.warning('tuning: could not send the state after start-up', exc_info=True)


def describe(error: Exception) -> str:
    if isinstance(error, StartupError):
        return str(error)
    if isinstance(error, CallError):
        return f'an appliance call failed: {error.errmsg}'
    return f'{type(error).__name__}: {error}'


async def _failed(middleware, error: Exception) -> None:
    ctx = plugin_context(middleware)
    reason = describe(error)
    ctx.close()
    ctx.startup.end('FAILED', reason)
    middleware.logger.error('tuning: start-up failed: %s', reason, exc_info=not isinstance(error, StartupError))
    await alerts.raise_startup_failed(middleware, reason)
