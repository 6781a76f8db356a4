"""Workload tuning's TrueNAS alerts: the alert classes (middlewared's alert framework) and how tuning keeps them true.

Every class is a one-shot class: tuning raises and clears its alerts itself (``alert.oneshot_create`` / ``delete``),
from its own code paths: an apply or revert once its transaction has committed, ``tuning.state`` (drift, a
setting changed behind tuning's back), a campaign's commits, the benchmark scratch sweep, and start-up (TrueNAS keeps
one-shot alerts across a restart; the standalone host keeps them in memory only, so start-up raises them again).
Which alerts a record calls for, and their words, is ``core.alerts`` (pure).

``settle`` makes a class's alerts exactly those wanted: it reads ``alert.list``, clears the stale ones by their
keys and raises the missing ones. It remembers what it last settled, so a repeated ``tuning.state`` costs no call at
all. Nothing here raises: an alert that cannot be raised is logged, and the apply, revert or read goes on.

Levels, as TrueNAS uses them: CRITICAL means something is failing now (a pool DEGRADED); a setting that can lose
data on power loss is one the admin chose and acknowledged, so it is a WARNING, like TrueNAS's own alert for a pool
built on USB disks. Drift is a NOTICE (nothing is wrong with the box; tuning's record is out of date); a campaign
that cannot carry on and scratch data that takes pool space need the admin: WARNING.
"""
import asyncio
import json
import logging
import weakref

from .core import alerts as words
from .core.alerts import CAMPAIGN_WAITING, DATA_LOSS, DRIFT, SCRATCH_LEFT
from .framework import AlertCategory, AlertClass, AlertLevel, SimpleOneShotAlertClass

STARTUP_FAILED = 'TuningStartupFailed'
JOB_WAIT_SECONDS = 30   # one alert job; TrueNAS's periodic alert run holds the same lock for seconds at times


class TuningStartupFailedAlertClass(AlertClass, SimpleOneShotAlertClass):
    category = AlertCategory.PLUGINS
    level = AlertLevel.ERROR
    title = 'Workload tuning could not start'
    text = 'Workload tuning could not start: %(reason)s'
    keys = []  # one such alert at a time; a delete clears it whatever its reason


class TuningDataLossAlertClass(AlertClass, SimpleOneShotAlertClass):
    category = AlertCategory.STORAGE
    level = AlertLevel.WARNING
    title = words.TITLES[DATA_LOSS]
    text = words.TEXTS[DATA_LOSS]
    keys = words.KEYS[DATA_LOSS]


class TuningDriftAlertClass(AlertClass, SimpleOneShotAlertClass):
    category = AlertCategory.SYSTEM
    level = AlertLevel.NOTICE
    title = words.TITLES[DRIFT]
    text = words.TEXTS[DRIFT]
    keys = words.KEYS[DRIFT]


class TuningCampaignWaitingAlertClass(AlertClass, SimpleOneShotAlertClass):
    category = AlertCategory.SYSTEM
    level = AlertLevel.WARNING
    title = words.TITLES[CAMPAIGN_WAITING]
    text = words.TEXTS[CAMPAIGN_WAITING]
    keys = words.KEYS[CAMPAIGN_WAITING]


class TuningScratchLeftAlertClass(AlertClass, SimpleOneShotAlertClass):
    category = AlertCategory.STORAGE
    level = AlertLevel.WARNING
    title = words.TITLES[SCRATCH_LEFT]
    text = words.TEXTS[SCRATCH_LEFT]
    keys = words.KEYS[SCRATCH_LEFT]


CLASSES = (TuningStartupFailedAlertClass, TuningDataLossAlertClass, TuningDriftAlertClass,
           TuningCampaignWaitingAlertClass, TuningScratchLeftAlertClass)


class Book:
    """Per middleware: one settle at a time (in order), what each class was last made to hold, and the newest
    wanted alerts not settled yet (a background settle takes the newest, never an older one)."""

    def __init__(self):
        self.lock = asyncio.Lock()
        self.settled: dict[str, str] = {}
        self.latest: dict[str, list[dict]] = {}
        self.worker: asyncio.Task | None = None


_books: dict[int, tuple] = {}   # id(middleware) -> (a reference to it, its Book)


def book(middleware) -> Book:
    """The middleware's Book; a new one for a new middleware that took the id of one gone (a host restarted in
    the same process: its lock belonged to another event loop)."""
    found = _books.get(id(middleware))
    if found is None or found[0]() is not middleware:
        try:
            ref = weakref.ref(middleware)
        except TypeError:
            ref = (lambda kept: lambda: kept)(middleware)
        found = _books[id(middleware)] = (ref, Book())
    return found[1]


def _canon(value) -> str:
    return json.dumps(value, sort_keys=True, default=str)


def _logger(middleware):
    return getattr(middleware, 'logger', None) or logging.getLogger('tuning')


def _settled(middleware, wanted: dict[str, list[dict]]) -> bool:
    done = book(middleware).settled
    return all(done.get(klass) == _canon(args) for klass, args in wanted.items())


async def settle(middleware, wanted: dict[str, list[dict]]) -> bool:
    """Make the alerts of each class in ``wanted`` exactly its list of args (one per key), waiting for it; → whether
    all settled. Never raises (a failure is logged; the next settle tries again)."""
    if _settled(middleware, wanted) and not book(middleware).latest:
        return True
    ledger = book(middleware)
    ledger.latest.update(wanted)
    try:
        async with ledger.lock:
            while ledger.latest:
                klass, args = ledger.latest.popitem()
                if ledger.settled.get(klass) == _canon(args):
                    continue
                ledger.settled.pop(klass, None)   # unknown until it has settled
                await _settle_class(middleware, klass, args)
                ledger.settled[klass] = _canon(args)
        return True
    except Exception:
        _logger(middleware).warning('tuning: could not bring its alerts up to date', exc_info=True)
        return False


def settle_soon(middleware, wanted: dict[str, list[dict]]) -> None:
    """``settle`` in the background (a read such as ``tuning.state`` never waits for the alert machinery)."""
    try:
        if _settled(middleware, wanted):
            return
        ledger = book(middleware)
        ledger.latest.update(wanted)
        if ledger.worker is None or ledger.worker.done():
            ledger.worker = middleware.create_task(settle(middleware, {}))
    except Exception:
        _logger(middleware).warning('tuning: could not start bringing its alerts up to date', exc_info=True)


def forget(middleware) -> None:
    """Start-up: what this process settled before says nothing about the alerts now (TrueNAS kept its own)."""
    book(middleware).settled.clear()


async def _settle_class(middleware, klass: str, wanted: list[dict]) -> None:
    present = [a['args'] for a in await middleware.call('alert.list') if a['klass'] == klass]
    cleared = set()
    for args in present:
        if args not in wanted:
            query = words.identity(klass, args)
            if _canon(query) not in cleared:
                await run_job(middleware, 'alert.oneshot_delete', klass, query)
                cleared.add(_canon(query))
    kept = [args for args in present if _canon(words.identity(klass, args)) not in cleared]
    for args in wanted:
        if args not in kept:
            await run_job(middleware, 'alert.oneshot_create', klass, args)


async def run_job(middleware, method: str, *params) -> None:
    """An alert call: a job on TrueNAS (an internal call returns the Job) and on the host; waits for it, bounded."""
    job = await middleware.call(method, *params)
    if hasattr(job, 'wait'):
        await job.wait(timeout=JOB_WAIT_SECONDS, raise_error=True)


async def raise_one(middleware, klass: str, args: dict) -> None:
    """One more alert of ``klass`` (the others stay); never raises."""
    ledger = book(middleware)
    try:
        async with ledger.lock:
            ledger.settled.pop(klass, None)   # the next settle reads what is there again
            await run_job(middleware, 'alert.oneshot_create', klass, args)
    except Exception:
        _logger(middleware).warning('tuning: could not raise a %s alert', klass, exc_info=True)


async def raise_startup_failed(middleware, reason: str) -> None:
    try:
        await run_job(middleware, 'alert.oneshot_create', STARTUP_FAILED, {'reason': reason})
    except Exception:
        _logger(middleware).error('tuning: could not raise the start-up alert', exc_info=True)


async def clear_startup_failed(middleware) -> None:
    try:
        await run_job(middleware, 'alert.oneshot_delete', STARTUP_FAILED, None)
    except Exception:
        _logger(middleware).warning('tuning: could not clear the start-up alert', exc_info=True)


async def state_changed(middleware, state: dict, gone, wait: bool) -> None:
    """``tuning.state`` was computed: its data-loss and drift alerts (``gone``: keys whose dataset was destroyed),
    settled now (``wait``) or in the background."""
    try:
        wanted = words.state_alerts(state, gone)
    except Exception:
        _logger(middleware).warning('tuning: could not work out its alerts from the state', exc_info=True)
        return
    if wait:
        await settle(middleware, wanted)
    else:
        settle_soon(middleware, wanted)


async def after_change(middleware) -> None:
    """After an apply or revert committed: its data-loss and drift alerts, raised or cleared before the job ends
    (``tuning.current_state`` settles them)."""
    try:
        await middleware.call('tuning.current_state', True)
    except Exception:
        _logger(middleware).warning('tuning: could not update its alerts after the change', exc_info=True)


__all__ = [
    'CLASSES', 'after_change', 'book', 'clear_startup_failed', 'forget', 'raise_one', 'raise_startup_failed',
    'run_job', 'settle', 'settle_soon', 'state_changed',
]
