"""SLOG headroom, measured (``tuning.advice.slog``; the words are ``core.slog``'s).

The box's own sync load over a window (the ZIL's counters), then 4 KiB synchronous writes on a scratch child dataset
twice: with the intent log as the pool has it (``sync=standard``), and with ``sync=disabled`` set on that scratch
dataset only. Nothing holding data is ever changed: the scratch dataset is recorded before it is made and destroyed
when the job ends (success, failure, abort), and after a crash start-up's sweep destroys it with its property.
"""
import asyncio
import errno
import time

from ..box.bench_target import is_scratch_name, read_target
from ..box.profile import read_profile
from ..core.presets.units import format_bytes
from ..bench_runner.arc_counters import read_kstat
from ..core.slog import ZIL_KSTAT, slog_headroom, sync_load
from ..framework import CallError, field_error
from .bench_run import Scratch, new_bench_id, plan_or_errors, require_fio, run_fio_in_thread, sweep_scratch

TEST = 'SYNC_WRITE_4K'
# Each sync write waits for the intent log whatever the ARC holds; a working set the ARC can hold keeps the reads of
# read-modify-write (4 KiB into larger records) off the disks, so the two measurements differ by the log alone
WORKING_SET = 256 * 1024 * 1024


def read_zil_counters(path: str = ZIL_KSTAT) -> dict | None:
    """The ZIL's counters now; ``None`` where the box has none to read."""
    return read_kstat(path)


async def watch_sync_load(middleware, seconds: int, set_progress) -> dict | None:
    """The box's own sync writes over ``seconds`` (progress each second, in words); None for a window of 0 s."""
    if seconds == 0:
        return None
    before, began = await middleware.run_in_thread(read_zil_counters), time.monotonic()
    for elapsed in range(seconds):
        set_progress(5 + 25 * elapsed / max(seconds, 1),
                     f"Watching the box's own sync writes: {elapsed} of {seconds} s")
        await asyncio.sleep(1)   # a measurement window, not a wait for anything
    after = await middleware.run_in_thread(read_zil_counters)
    return sync_load(before, after, time.monotonic() - began)


async def set_scratch_sync(middleware, dataset: str, value: str) -> None:
    if not is_scratch_name(dataset):   # never a dataset that holds data
        raise CallError(f'refusing to change sync on {dataset}: not a benchmark scratch dataset', errno.EPERM)
    await middleware.call('pool.dataset.update', dataset, {'sync': value})


async def measure(middleware, plan: dict, directory: str, job_id, progress) -> dict:
    outcome = await run_fio_in_thread(middleware, plan, directory, new_bench_id(job_id), progress, True)
    return outcome['tests'][TEST]['summary']


async def slog_advice(middleware, set_progress, job_id, options: dict) -> dict:
    """The body of ``tuning.advice.slog`` once the box is held for it."""
    await middleware.run_in_thread(require_fio)
    set_progress(1, f'Checking {options["dataset"]} and its free space')
    target = await read_target(middleware, options['dataset'], 'options.dataset')
    if not target['is_zfs']:
        raise field_error('options.dataset', f'{options["dataset"]} is not on ZFS: a log device is a ZFS pool\'s, '
                                             'and there is no intent log to measure here.')
    await sweep_scratch(middleware)
    spec = {'dataset': options['dataset'], 'tests': [TEST], 'profile': 'QUICK', 'runs': options['runs'],
            'adaptive': False, 'runtime_seconds': options['runtime_seconds'], 'ramp_seconds': 0,
            'working_set_bytes': WORKING_SET}
    plan = plan_or_errors(spec, target['env'], 'options')
    pool = next((p for p in (await read_profile(middleware))['pools'] if p['name'] == target['pool']), None)
    load = await watch_sync_load(middleware, options['window_seconds'], set_progress)
    bench_id = new_bench_id(job_id)
    summaries = {}
    scratch = Scratch(middleware, target, bench_id, plan['space']['refquota_bytes'])
    async with scratch as directory:
        for step, (sync, words) in enumerate((('STANDARD', 'with the intent log'),
                                              ('DISABLED', 'with no intent log (scratch dataset only)'))):
            await set_scratch_sync(middleware, scratch.dataset, sync)

            def progress(percent, description, extra, step=step, words=words):
                set_progress(30 + 34 * step + percent * 0.34, f'Sync writes {words}: {description}', extra)

            summaries[sync] = await measure(middleware, plan, directory, job_id, progress)
        set_progress(98, 'Removing the scratch dataset')
    answer = slog_headroom(summaries['STANDARD'], summaries['DISABLED'], load, (pool or {}).get('log') or [],
                           watched=options['window_seconds'] > 0)
    set_progress(100, f'Sync writes: {answer["with_log"]["iops"] or 0:,.0f}/s now, '
                      f'{answer["without_log"]["iops"] or 0:,.0f}/s without the log'
                      + (f'; the box wrote {format_bytes(int(load["bytes_per_second"]))}/s to its log' if load else ''))
    return {'dataset': options['dataset'], 'pool': target['pool'], **answer}
