"""SLOG headroom, measured (``tuning.advice.slog``; the words are ``core.slog``'s).

The box's own sync load over a window (the ZIL's counters), then 4 KiB synchronous writes on a scratch child dataset
twice: with the intent log as the pool has it (``sync=standard``), and with ``sync=disabled`` set on that scratch
dataset only. Nothing holding data is ever changed: the scratch dataset is recorded before it is made and destroyed
when the job ends (success, failure, abort), and after a crash start-up's sweep destroys it with its property.

The unused SSDs the admin names (``ssd_disks``) are then written, raw, one after the other (``core.ladder.
fio_sync_write``): from each disk's start, never past its first ``REGION_BYTES``, for ``runtime_seconds`` each. Each is
checked against the box's profile before anything runs, and its device must be a block device (on the sandbox, the
file standing in for it: it never writes the host's devices).
"""
import asyncio
import errno
import os
import tempfile
import threading
import time

from .abortable import in_thread
from ..box.bench_target import is_scratch_name, read_target
from ..box.profile import read_profile
from ..core.figures import significant
from ..core.presets.units import format_bytes
from ..bench_runner.arc_counters import read_kstat
from ..box.appliance import backend_name
from ..bench_runner import FioFailed, run_fio
from ..core.ladder import fio_sync_write
from ..core.slog import ZIL_KSTAT, dataset_refusal, duration_words, expected_seconds, slog_headroom, sync_load
from ..framework import CallError, field_error, field_errors
from .bench_run import (FIO, Scratch, fio_records_dir, method_or_errors, new_bench_id, require_fio, run_fio_in_thread,
                        sweep_scratch)
from .ladder_run import SANDBOX, device_kind_error

TEST = 'SYNC_WRITE_4K'
# Each sync write waits for the intent log whatever the ARC holds; a working set the ARC can hold keeps the reads of
# read-modify-write (4 KiB into larger records) off the disks, so the two measurements differ by the log alone. The
# panel says this size before the run (SLOG_FIGURES in slog-advice.ts, tested to match)
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


async def measure(middleware, method: dict, directory: str, job_id, progress, scratch: Scratch) -> dict:
    outcome = await run_fio_in_thread(middleware, method, directory, new_bench_id(job_id), progress, scratch)
    return outcome['tests'][TEST]['summary']


def device_bytes(device: str) -> int:
    """The size of a block device or a stand-in file, as the kernel has it (read-only: nothing is written)."""
    fd = os.open(device, os.O_RDONLY)
    try:
        return os.lseek(fd, 0, os.SEEK_END)
    finally:
        os.close(fd)


async def ssd_devices(middleware, profile: dict, names: list[str]) -> dict:
    """``{disks: [{name, device, region_bytes}], stand_in}`` of the SSDs the admin allows to be written (the most of
    each that may be written: ``fio_sync_write.region_of``), every one checked first; ``ValidationErrors`` under
    ``options.ssd_disks.<index>`` otherwise (nothing is written then)."""
    if errors := fio_sync_write.ssd_errors(profile, names, 'options.ssd_disks'):
        raise field_errors(errors)
    stand_in = backend_name(middleware) == SANDBOX
    if stand_in:
        found = [{'name': n, 'device': await middleware.call('disk.stand_in', n)} for n in names]
    else:
        rows = {r['name']: r for r in await middleware.call('disk.query', [['name', 'in', names]])} if names else {}
        found = [{'name': n, 'device': f'/dev/{(rows.get(n) or {}).get("devname") or n}'} for n in names]
    errors = [(f'options.ssd_disks.{index}', f'{d["name"]}: {why}; nothing was written.') for index, d in
              enumerate(found) if (why := await middleware.run_in_thread(device_kind_error, d['device'], stand_in))]
    if errors:
        raise field_errors(errors)
    for disk in found:
        disk['region_bytes'] = fio_sync_write.region_of(await middleware.run_in_thread(device_bytes, disk['device']))
    return {'disks': found, 'stand_in': stand_in}


class SsdWriter:
    """Writes one SSD at a time with its own fio, from a worker thread (``abort`` stops the one running)."""

    def __init__(self, middleware, set_progress, plan: dict, seconds: int):
        self.middleware, self.set_progress, self.plan, self.seconds = middleware, set_progress, plan, seconds
        self.abort = threading.Event()

    def what(self, index: int, disk: dict) -> str:
        return (f'SSD {index + 1}/{len(self.plan["disks"])} '
                f'({disk["name"]}{", stand-in file" if self.plan["stand_in"] else ""})')

    def write_one(self, index: int, disk: dict) -> dict:
        what, base = self.what(index, disk), 100 * index / len(self.plan['disks'])
        self.set_progress(base, f'{what}: 4 KiB synchronous writes from its start for {self.seconds} s, never past its '
                                f'first {format_bytes(disk["region_bytes"])}')

        def on_status(doc):
            figure = fio_sync_write.read_figure(doc)
            if figure['latency_p50_ns'] is not None:
                self.set_progress(base, f'{what}: {significant(figure["iops"])} sync writes a second, each about '
                                        f'{fio_sync_write.wait_words(figure["latency_p50_ns"])}')
        job = fio_sync_write.job_text('sync_write', disk['device'], self.seconds, disk['region_bytes'])
        try:
            with tempfile.TemporaryDirectory(prefix=f'tuning-ssd-write-{disk["name"]}-') as scratch:
                doc = run_fio(job, scratch, on_status=on_status, abort=self.abort, fio_binary=FIO,
                              records_dir=fio_records_dir(self.middleware))
            return {'disk': disk['name'], **fio_sync_write.read_figure(doc)}
        except FioFailed as e:
            return not_measured(disk['name'], f'fio failed: {e}')


def not_measured(name: str, why: str) -> dict:
    return {'disk': name, 'iops': None, 'latency_p50_ns': None, 'latency_p99_ns': None, 'written_bytes': None,
            'error': why}


async def write_ssds(middleware, set_progress, plan: dict, seconds: int) -> list[dict]:
    """Each SSD's figure in turn. Each is checked against the box again just before it is written (the dataset's
    part takes minutes, and the TrueNAS UI may have put it in a pool meanwhile): one no longer free is not written."""
    writer, rows = SsdWriter(middleware, set_progress, plan, seconds), []
    for index, disk in enumerate(plan['disks']):
        if errors := fio_sync_write.ssd_errors(await read_profile(middleware), [disk['name']], 'options.ssd_disks'):
            rows.append(not_measured(disk['name'], f'not written: {errors[0][1]}'))
            continue
        rows.append(await in_thread(middleware, writer.abort, writer.write_one, index, disk))
    return rows


def share(set_progress, low: float, high: float):
    """``set_progress`` for one part of the job: its 0-100 % drawn between ``low`` and ``high``."""
    def progress(percent, description, extra=None):
        set_progress(low + (high - low) * percent / 100, description, extra)
    return progress


async def slog_advice(middleware, set_progress, job_id, options: dict) -> dict:
    """The body of ``tuning.advice.slog`` once the box is held for it: the dataset's headroom, then the SSDs."""
    await middleware.run_in_thread(require_fio)
    if options['dataset'] is None and not options['ssd_disks']:
        raise field_error('options.dataset', 'Name a dataset to measure its sync writes, or unused SSDs to test.')
    set_progress(0, 'Takes ' + duration_words(expected_seconds(
        options['dataset'] is not None, options['window_seconds'], options['runs'], options['runtime_seconds'],
        len(options['ssd_disks']))) + ' in all')
    ssd_plan = None
    if options['ssd_disks']:
        set_progress(0, f'Checking {", ".join(options["ssd_disks"])}: unused, in no pool, not spinning')
        ssd_plan = await ssd_devices(middleware, await read_profile(middleware), options['ssd_disks'])
    ssd_part = 0 if ssd_plan is None else (100 if options['dataset'] is None else 30)
    answer = {'dataset': None, 'pool': None, 'with_log': None, 'without_log': None, 'headroom': None, 'load': None,
              'log_devices': [], 'verdict': None, 'words': []}
    if options['dataset'] is not None:
        answer = await headroom(middleware, share(set_progress, 0, 100 - ssd_part), job_id, options)
    ssds = []
    if ssd_plan is not None:
        ssds = await write_ssds(middleware, share(set_progress, 100 - ssd_part, 100), ssd_plan,
                                options['runtime_seconds'])
        answer['words'] = answer['words'] + [fio_sync_write.ssd_words(row, ssd_plan['stand_in'], disk['region_bytes'])
                                             for row, disk in zip(ssds, ssd_plan['disks'])]
        set_progress(100, 'SSDs measured: ' + ', '.join(
            f'{r["disk"]} about {fio_sync_write.wait_words(r["latency_p50_ns"])} a write'
            if r['latency_p50_ns'] is not None else f'{r["disk"]}: no figure' for r in ssds))
    return {**answer, 'ssd_latency': ssds, 'stand_in': bool(ssd_plan and ssd_plan['stand_in'])}


async def headroom(middleware, set_progress, job_id, options: dict) -> dict:
    """The dataset's part: the box's own sync load, then sync writes with and without the intent log."""
    set_progress(1, f'Checking {options["dataset"]} and its free space')
    target = await read_target(middleware, options['dataset'], 'options.dataset')
    if why := dataset_refusal(options['dataset'], target['is_zfs'], backend_name(middleware) == SANDBOX):
        raise field_error('options.dataset', why)
    await sweep_scratch(middleware)
    spec = {'dataset': options['dataset'], 'tests': [TEST], 'profile': 'QUICK', 'runs': options['runs'],
            'adaptive': False, 'runtime_seconds': options['runtime_seconds'], 'ramp_seconds': 0,
            'working_set_bytes': WORKING_SET}
    method = method_or_errors(spec, target['env'], 'options')
    pool = next((p for p in (await read_profile(middleware))['pools'] if p['name'] == target['pool']), None)
    load = await watch_sync_load(middleware, options['window_seconds'], set_progress)
    bench_id = new_bench_id(job_id)
    summaries = {}
    scratch = Scratch(middleware, target, bench_id, method['space']['scratch_quota_bytes'])
    async with scratch as directory:
        for step, (sync, words) in enumerate((('STANDARD', 'with the intent log'),
                                              ('DISABLED', 'with no intent log (scratch dataset only)'))):
            await set_scratch_sync(middleware, scratch.dataset, sync)

            def progress(percent, description, extra, step=step, words=words):
                set_progress(30 + 34 * step + percent * 0.34, f'Sync writes {words}: {description}', extra)

            summaries[sync] = await measure(middleware, method, directory, job_id, progress, scratch)
        set_progress(98, 'Removing the scratch dataset')
    answer = slog_headroom(summaries['STANDARD'], summaries['DISABLED'], load, (pool or {}).get('log') or [],
                           watched=options['window_seconds'] > 0,
                           recordsize_bytes=target['env'].get('recordsize_bytes'))
    set_progress(100, f'Sync writes: {answer["with_log"]["iops"] or 0:,.0f}/s now, '
                      f'{answer["without_log"]["iops"] or 0:,.0f}/s without the log'
                      + (f'; the box wrote {format_bytes(int(load["bytes_per_second"]))}/s to its log' if load else ''))
    return {'dataset': options['dataset'], 'pool': target['pool'], **answer}
