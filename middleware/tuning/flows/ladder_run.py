"""One raw read of a pool's data disks, from options to stored row: the pool's data disks and the device each one is
read from, fio read-only on each in turn in a worker thread, the row stored.

A disk is read as ``/dev/<devname>`` (TrueNAS: ``disk.query``'s devname), which must be a block device. The sandbox's
disks are not devices: the standalone host answers the private ``disk.stand_in`` with a file standing in for each,
and the plugin asks it only when the backend is the sandbox (TrueNAS has no such call). Each fio run is recorded
in the benchmarks' ``fio_records_dir`` while it may run, so start-up stops one a killed host left reading."""
import errno
import os
import stat
import tempfile
import threading

from .bench_run import FIO, fio_records_dir, require_fio
from .abortable import in_thread
from ..bench_runner import FioFailed, run_fio
from ..box.appliance import backend_name
from ..box.settings import role_disks
from ..core.ladder.fio_read import FIO_OPTIONS, job_text, read_figure
from ..core.ladder.words import rate
from ..framework import field_error
from ..store import disk_reads as store
from ..store.offloop import store_call

SANDBOX = 'sandbox'
NOT_READ = ('cache', 'log', 'spare', 'special', 'dedup')  # only the data vdevs are read


async def pool_of(middleware, name: str, field: str) -> dict:
    """The ``pool.query`` row of ``name``; ``ValidationErrors`` on ``field`` naming the pools otherwise."""
    pools = await middleware.call('pool.query')
    pool = next((p for p in pools if p['name'] == name), None)
    if pool is None:
        names = ', '.join(sorted(p['name'] for p in pools)) or 'none'
        raise field_error(field, f'{name} is not a pool of this box ({names}).', errno.ENOENT)
    return pool


def device_kind_error(device: str, stand_in: bool) -> str | None:
    """Why fio must not read ``device`` (a real disk must be a block device, a stand-in a regular file)."""
    try:
        mode = os.stat(device).st_mode
    except OSError as e:
        return f'{device} cannot be read ({e.strerror})'
    if stand_in:
        return None if stat.S_ISREG(mode) else f'{device} is not a stand-in file'
    return None if stat.S_ISBLK(mode) else f'{device} is not a block device'


async def devices(middleware, names: list[str], stand_in: bool) -> list[dict]:
    """``[{name, device}]`` of the disks, every device checked; ``ValidationErrors`` on ``options.pool`` if one is
    not what it should be (nothing is read then)."""
    if stand_in:
        found = [{'name': n, 'device': await middleware.call('disk.stand_in', n)} for n in names]
    else:
        rows = {r['name']: r for r in await middleware.call('disk.query', [['name', 'in', names]])}
        found = [{'name': n, 'device': f'/dev/{(rows.get(n) or {}).get("devname") or n}'} for n in names]
    errors = [f'{d["name"]}: {why}' for d in found
              if (why := await middleware.run_in_thread(device_kind_error, d['device'], stand_in))]
    if errors:
        raise field_error('options.pool', f'{"; ".join(errors)}; nothing was read.')
    return found


async def checked_plan(middleware, options: dict) -> dict:
    pool = await pool_of(middleware, options['pool'], 'options.pool')
    names = role_disks(pool, 'data')
    if not names:
        raise field_error('options.pool', f'{pool["name"]} has no data disks this box can name.')
    skipped = [f'{role} {", ".join(disks)}' for role in NOT_READ if (disks := role_disks(pool, role))]
    stand_in = backend_name(middleware) == SANDBOX
    return {'disks': await devices(middleware, names, stand_in), 'skipped': skipped, 'stand_in': stand_in}


def read_one(middleware, disk: dict, seconds: int, abort, on_status) -> dict:
    """fio's JSON of one disk's read (runs in a worker thread); its job file lives in a temporary directory."""
    with tempfile.TemporaryDirectory(prefix=f'tuning-disk-read-{disk["name"]}-') as scratch:
        return run_fio(job_text('read', disk['device'], seconds), scratch, on_status=on_status, abort=abort,
                       fio_binary=FIO, records_dir=fio_records_dir(middleware), fio_options=FIO_OPTIONS)


def summary_words(row: dict, skipped: list[str]) -> str:
    """What a stored read says, in words (pure)."""
    seconds = row['options']['seconds_per_disk']
    what = 'stand-in files of' if row['stand_in'] else 'data disks of'
    words = (f'Read {len(row["disks"])} {what} {row["pool"]} for {seconds} s each: '
             f'{rate(row["total_read_bytes_per_second"])} in total ('
             + ', '.join(f'{d["name"]} {rate(d["read_bytes_per_second"])}' if d['error'] is None
                         else f'{d["name"]}: {d["error"]}' for d in row['disks']) + ').')
    if skipped:
        words += f' Not read: {"; ".join(skipped)} (only the data disks are read).'
    if row['stand_in']:
        words += (' This is the sandbox: it never reads the host\'s devices, so stand-in files were read; the '
                  'figures say nothing about real disks.')
    return words


class Reader:
    """Reads the disks in turn, each with its own fio, from a worker thread."""

    def __init__(self, middleware, set_progress, plan: dict, seconds: int):
        self.middleware, self.set_progress, self.plan, self.seconds = middleware, set_progress, plan, seconds
        self.abort = threading.Event()

    def read_all(self) -> list[dict]:
        disks, done = self.plan['disks'], []
        for index, disk in enumerate(disks, start=1):
            what = f'Disk {index}/{len(disks)} ({disk["name"]}{", stand-in file" if self.plan["stand_in"] else ""})'
            base = 100 * (index - 1) / len(disks)
            self.set_progress(base, f'{what}: reading for {self.seconds} s')

            def on_status(doc, what=what, base=base):
                figure = read_figure(doc)
                if figure['read_bytes_per_second'] is not None:
                    self.set_progress(base, f'{what}: reading {rate(figure["read_bytes_per_second"])}')
            try:
                figure = read_figure(read_one(self.middleware, disk, self.seconds, self.abort, on_status))
            except FioFailed as e:
                figure = {'read_bytes_per_second': None, 'seconds': None, 'error': f'fio failed: {e}'}
            done.append({**disk, **figure})
        return done


async def read_disks(middleware, set_progress, options: dict) -> dict:
    await middleware.run_in_thread(require_fio)
    plan = await checked_plan(middleware, options)
    reader = Reader(middleware, set_progress, plan, options['seconds_per_disk'])
    disks = await in_thread(middleware, reader.abort, reader.read_all)
    rates = [d['read_bytes_per_second'] for d in disks if d['read_bytes_per_second'] is not None]
    row = await store_call(middleware, store.insert_disk_read, pool=options['pool'], disks=disks,
                           total_read_bytes_per_second=sum(rates) if rates else None, options=options,
                           stand_in=plan['stand_in'])
    entry = {**row, 'skipped': plan['skipped'], 'words': summary_words(row, plan['skipped'])}
    set_progress(100, f'Disk read #{row["id"]} stored. {entry["words"]}')
    return entry
