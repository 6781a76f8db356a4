"""``tuning.advice.*``: what the box's own disks, figures and files say before an admin builds or rebuilds a pool
or sets a dataset's record size."""
import errno
import os
import threading
import time

from .advice_models import TuningAdviceLayoutArgs, TuningAdviceLayoutOptions, TuningAdviceLayoutResult
from .advice_recordsize_models import TuningAdviceRecordsizeArgs, TuningAdviceRecordsizeResult
from .advice_slog_models import TuningAdviceSlogArgs, TuningAdviceSlogResult
from .box.file_scan import ScanAborted, scan_files
from .box.profile import read_profile
from .context import busy_while, plugin_context
from .core.layout import LayoutInputError, layout_advice
from .core.presets.units import format_bytes
from .core.recordsize import recordsize_answer
from .flows.abortable import in_thread
from .flows.slog_run import slog_advice
from .framework import (
    CallError, READ_ROLES, Service, WRITE_ROLES, api_method, field_error, holds_full_admin, job, plain,
)
from .shared.zfs_names import zfs_name_error
from .store import disk_reads
from .store.offloop import store_read


def measured_pools(results: list[dict]) -> list[str]:
    """The pools a report's results measured on the box (fio results), sorted."""
    return sorted({pool for r in results if r.get('source') == 'FIO'
                   and isinstance(pool := ((r.get('context') or {}).get('target') or {}).get('pool'), str)})


def latest_disk_reads(db, pools: list[str]) -> dict[str, dict | None]:
    return {pool: disk_reads.latest_disk_read(db, pool) for pool in pools}


async def advice_inputs(middleware, pools: list[str]) -> tuple[dict, dict[str, dict | None]]:
    """What layout advice reads: the box's profile, and the latest raw disk read of each of ``pools``."""
    profile = await read_profile(middleware)
    return profile, (await store_read(middleware, latest_disk_reads, pools) if pools else {})


async def report_layouts(middleware, results: list[dict]) -> list[dict]:
    """The layout advice of each pool a report's results measured, as the pool is now (its own layout among the
    others its disks could have): the report's "Pool layout". Pools gone or of mixed vdevs are left out."""
    pools = measured_pools(results)
    if not pools:
        return []
    profile, reads = await advice_inputs(middleware, pools)
    advices = []
    for pool in pools:
        options = TuningAdviceLayoutOptions(source='POOL', pool=pool).model_dump()
        try:
            advice = layout_advice(profile, options, reads[pool])
        except LayoutInputError:
            continue   # the pool is gone, or the box does not list its disks
        if any(row['current'] for row in advice['layouts']):
            advices.append({'pool': pool, **advice})
    return advices


def _parsed(prop) -> str | int | None:
    prop = plain(prop)
    return (prop.get('parsed') if prop.get('parsed') is not None else prop.get('rawvalue')) if prop else None


async def read_dataset(middleware, dataset: str, field: str) -> dict:
    """``{mountpoint, recordsize, compression}`` of a mounted filesystem dataset; ``ValidationErrors`` on ``field``
    otherwise."""
    if problem := zfs_name_error(dataset):
        raise field_error(field, f'{dataset!r} is not a ZFS dataset name: it {problem}.')
    rows = await middleware.call('pool.dataset.query', [['id', '=', dataset]])
    if not rows:
        raise field_error(field, f'No dataset {dataset!r} on this box.', errno.ENOENT)
    row = plain(rows[0])
    if row['type'] != 'FILESYSTEM':
        raise field_error(field, f'{dataset!r} is a zvol: its block size is fixed when it is made, and it has no '
                                 'files to look at.')
    mountpoint = row.get('mountpoint')
    if not mountpoint or not await middleware.run_in_thread(os.path.isdir, mountpoint):
        raise field_error(field, f'{dataset!r} is not mounted: there are no files to look at.', errno.ENOENT)
    recordsize = _parsed(row.get('recordsize'))
    return {'mountpoint': mountpoint, 'recordsize': int(recordsize) if str(recordsize).isdigit() else None,
            'compression': str(_parsed(row.get('compression')) or 'OFF')}


async def walk_in_thread(middleware, mountpoint: str, options: dict, set_progress) -> dict:
    """``scan_files`` in a worker thread, its progress in words; a job abort stops the walk."""
    abort = threading.Event()
    began = time.monotonic()

    def progress(files, size, seen):
        share = max(seen / options['max_entries'], (time.monotonic() - began) / options['max_seconds'])
        set_progress(min(99, 100 * share), f'{files:,} files looked at ({format_bytes(size)})')

    return await in_thread(middleware, abort, scan_files, mountpoint, max_entries=options['max_entries'],
                           deadline=began + options['max_seconds'], abort=abort, progress=progress,
                           stopped=(ScanAborted,))


def ssd_role_refusal() -> str:
    return ('Testing SSDs (ssd_disks) erases them, which needs the Full admin role (FULL_ADMIN), as a reboot does; '
            'the System advanced write role may measure a dataset only.')


class TuningAdviceService(Service):

    class Config:
        namespace = 'tuning.advice'
        cli_namespace = 'system.tuning.advice'

    @api_method(TuningAdviceLayoutArgs, TuningAdviceLayoutResult, roles=READ_ROLES)
    async def layout(self, options):
        """The pool layouts worth comparing for a set of like disks (the box's unused disks, a pool's data disks, or
        disks given by count, size and kind), side by side: usable space as OpenZFS allocates it (parity and padding
        for the record size, labels, metaslabs, slop space), the space a record size fills, first-order sequential
        throughput and random IOPS from one disk's figures (the ladder's raw read of the pool's disks, else typical
        ones, or `per_disk`), the disks each vdev can lose, and the reasons in words. Reads; changes nothing."""
        pool = options.get('pool') if options['source'] == 'POOL' else None
        profile, reads = await advice_inputs(self.middleware, [pool] if pool else [])
        try:
            # pure arithmetic on a few dozen candidates: microseconds, fine on the loop
            return layout_advice(profile, options, reads.get(pool))
        except LayoutInputError as e:
            raise field_error(e.field, str(e)) from None

    @api_method(TuningAdviceRecordsizeArgs, TuningAdviceRecordsizeResult, roles=READ_ROLES)
    @job(read_roles=READ_ROLES, description=lambda options: f'Record size advice for {options.get("dataset")}',
         abortable=True)
    async def recordsize(self, job, options):
        """The record size a dataset's own files call for: a bounded, read-only walk of its files (sizes only, no
        contents; no symlink followed; child datasets left out; at most `max_entries` files and folders and
        `max_seconds`), then the rules of OpenZFS's workload tuning: 1M when files of 1 MiB or more hold most of the
        data, the application's I/O size for virtual disks and databases (by their names), else 128K; with the
        sizes seen, the space each record size would add in the last record of larger files (compression off),
        and what files small enough for a special vdev add up to. Refused while a benchmark or apply holds the box
        (the walk would slow it). Changes nothing."""
        busy = plugin_context(self.middleware).guard.busy
        if busy is not None:
            raise CallError(f'{busy["method"]} (job {busy["job_id"]}) is running: a walk of the files now would slow '
                            'it and change its figures. Ask again when it has finished.', errno.EBUSY)
        dataset = await read_dataset(self.middleware, options['dataset'], 'options.dataset')
        job.set_progress(0, f'Looking at the files of {options["dataset"]}')
        scan = await walk_in_thread(self.middleware, dataset['mountpoint'], options, job.set_progress)
        job.set_progress(100, f'{scan["sizes"]["files"]:,} files looked at')
        return recordsize_answer(options['dataset'], scan, dataset['recordsize'], dataset['compression'])

    @api_method(TuningAdviceSlogArgs, TuningAdviceSlogResult, roles=WRITE_ROLES, audit='Tuning SLOG headroom',
                pass_app=True)
    @job(read_roles=READ_ROLES, description=lambda options: 'Log device headroom of '
         + (options.get('dataset') or ', '.join(options.get('ssd_disks') or ()) or '?'),
         abortable=True)
    async def slog(self, app, job, options):
        """How much a separate log device (SLOG) could raise this pool's synchronous writes, before buying one: the
        box's own sync writes over `window_seconds` (the intent log's counters), then 4 KiB synchronous writes within a
        256 MiB file on a scratch child dataset of `dataset` with the intent log as the pool has it and with
        sync=disabled on that scratch dataset only (the ceiling no log device can pass; never on a dataset holding
        data, and gone with the scratch dataset when the job ends, or at start-up after a crash). Then each of
        `ssd_disks`, unused SSDs the admin allows to be written: 4 KiB synchronous writes (O_DSYNC, one at a time)
        from the start of the raw disk for `runtime_seconds`, never past its first 16 GiB, overwrite its partition
        table and whatever starts there (treat the whole disk as ERASED), and give the wait it would add to each sync
        write as a log device (`ssd_latency`); each disk is checked first (an unused disk of the box, in no pool, not
        spinning, named once) and nothing is written if one is refused. On the sandbox, files stand in for the disks
        (`stand_in`). With no `dataset`, only the SSDs are measured. Holds the box like a benchmark. Writing over a
        disk needs the FULL_ADMIN role, as a reboot does (a call with `dataset` only needs the method's write role)."""
        if options.get('ssd_disks') and not holds_full_admin(app):
            raise field_error('options.ssd_disks', ssd_role_refusal(), errno.EACCES)
        async with busy_while(self.middleware, 'tuning.advice.slog', job.id):
            return await slog_advice(self.middleware, job.set_progress, job.id, options)
