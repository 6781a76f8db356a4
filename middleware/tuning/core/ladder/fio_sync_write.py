"""The sync-write latency of one unused SSD (pure): which disks may be written, fio's job, the figure read from its
JSON and the answer in words (``tuning.advice.slog``'s ``ssd_disks``).

A log device (SLOG) holds the intent log: each synchronous write waits for one small record to reach the device's
stable storage. So the disk is written the same way: 4 KiB writes, one at a time (``iodepth=1`` with ``psync``, the
next write issued when the last one returned), ``direct=1`` past the page cache and ``sync=dsync`` (O_DSYNC): on a
block device each write returns only once the device says it is on stable storage (a FUA write or a cache flush), as
the ZIL's writes to a log device do. ``fdatasync=1`` would add a system call a SLOG never makes, and a drive's
volatile write cache without either would show a latency no sync write sees.

The writes go forward from the disk's first byte (``rw=write``) for ``seconds``, never past its first ``REGION_BYTES``
(``size=``: fio starts again at the start when it reaches it; a log device's records too are written over and over in
a small space), so how much is written is the disk's rate times the time, and where is its start: the partition
table, and the start of any file system, are overwritten, so the whole disk is as good as erased. Only disks the admin
names, unused and not in a pool, are ever written."""
from ..bench.catalog import GIB, KIB
from ..bench.errors import BenchmarkInputError
from ..bench.fio_output import parse_fio_json
from ..figures import significant
from ..presets.units import format_bytes
from .fio_device import device_job_text

BLOCK_SIZE = '4k'
SECONDS = (2, 120)  # bounds of ``runtime_seconds``, as ``tuning.advice.slog`` takes it
MAX_DISKS = 8
# The most of a disk ever written, from its start: more than any log device holds (a few seconds of sync writes), so
# the figure is a log device's; the panel says it before the run (SLOG_FIGURES in slog-advice.ts, tested to match)
REGION_BYTES = 16 * GIB


def region_of(device_bytes: int) -> int:
    """How much of a device of ``device_bytes`` may be written: its first ``REGION_BYTES``, or all of a smaller one
    (fio would lengthen a stand-in file it was told to write past its end)."""
    return min(REGION_BYTES, device_bytes)


def job_text(name: str, device: str, seconds: int, region_bytes: int = REGION_BYTES) -> str:
    """The fio job file writing ``device`` from its start with 4 KiB synchronous writes for ``seconds``, never past
    its first ``region_bytes`` (a whole number of 4 KiB blocks, at most ``REGION_BYTES``)."""
    if not 4 * KIB <= region_bytes <= REGION_BYTES or region_bytes % (4 * KIB):
        raise BenchmarkInputError('region_bytes',
                                  f'must be a whole number of 4 KiB blocks up to {format_bytes(REGION_BYTES)}')
    return device_job_text(name, device, seconds, SECONDS, [
        'rw=write', f'bs={BLOCK_SIZE}', 'offset=0', f'size={region_bytes}', 'direct=1', 'sync=dsync',
        'ioengine=psync', 'iodepth=1'])


def read_figure(doc) -> dict:
    """``{iops, latency_p50_ns, latency_p99_ns, written_bytes, error}`` of one disk's fio JSON document; ``error``
    says in words why there is no figure (fio's own error number, nothing written)."""
    none = {'iops': None, 'latency_p50_ns': None, 'latency_p99_ns': None, 'written_bytes': None}
    try:
        parsed = parse_fio_json(doc)
    except BenchmarkInputError as e:
        return {**none, 'error': f'fio output: {e}'}
    job = parsed['jobs'][0]
    if job['error']:
        return {**none, 'error': f'fio reported error {job["error"]}'}
    written = job['write']
    if written is None or not written['io_bytes'] or not written['iops']:
        return {**none, 'error': 'fio wrote nothing'}
    lat = written['lat_ns'] or {}
    return {'iops': float(written['iops']), 'latency_p50_ns': _float(lat.get('p50')),
            'latency_p99_ns': _float(lat.get('p99')), 'written_bytes': int(written['io_bytes']), 'error': None}


def _float(value) -> float | None:
    return float(value) if isinstance(value, (int, float)) else None


def ssd_errors(profile: dict, names: list[str], field: str) -> list[tuple[str, str]]:
    """``(field.index, message)`` for each named disk that must not be written: unknown, named twice, in a pool, not
    an unused disk, or a spinning disk. ``profile`` is ``tuning.profile``'s (its disks and unused disks)."""
    disks = {d['name']: d for d in profile['disks']}
    unused = {d['name'] for d in profile['unused_disks']}
    errors, seen = [], set()
    for index, name in enumerate(names):
        item, disk = f'{field}.{index}', disks.get(name)
        if disk is None:
            errors.append((item, f'No disk named {name!r} on this box.'))
        elif name in seen:
            errors.append((item, f'{name} is named twice.'))
        elif disk.get('pool'):
            errors.append((item, f'{name} is in pool {disk["pool"]}: testing it would write over the pool\'s data.'))
        elif name not in unused:
            errors.append((item, f'{name} is not an unused disk (TrueNAS does not list it as free: a boot disk, or it '
                                 'has partitions); only an unused disk is written.'))
        elif disk.get('kind') == 'HDD':
            errors.append((item, f'{name} is a spinning disk: a log device should be an SSD.'))
        seen.add(name)
    return errors


def wait_words(ns: float) -> str:
    """A wait as people read it, by the one figure rule (as the panel's table): "8.20 µs", "148 µs", "4.75 ms"."""
    return f'{significant(ns / 1e6)} ms' if ns >= 1_000_000 else f'{significant(ns / 1000)} µs'


def ssd_words(row: dict, stand_in: bool, region_bytes: int = REGION_BYTES) -> str:
    """One disk's figure in words: the wait it adds to each sync write, what that allows as a log device, and how
    much of it was written over (``row['written_bytes']``, within its first ``region_bytes``)."""
    name = row['disk'] + (' (a stand-in file)' if stand_in else '')
    if row['error'] is not None or row['latency_p50_ns'] is None:
        return f'{name}: no figure ({row["error"] or "fio gave no latency"}).'
    p99 = f' (p99 {wait_words(row["latency_p99_ns"])})' if row['latency_p99_ns'] is not None else ''
    words = (f'{name} adds about {wait_words(row["latency_p50_ns"])} per synchronous write{p99}: as a log device, '
             f'sync writes one at a time could reach about {significant(row["iops"])} a second.')
    if row.get('written_bytes'):
        words += (f' {format_bytes(row["written_bytes"])} was written in 4 KiB synchronous blocks from its start, '
                  f'never past its first {format_bytes(region_bytes)}: what was on it is gone.')
    if stand_in:
        words += (' This is the sandbox: it never writes the host\'s devices, so a stand-in file was written; the '
                  'figure says nothing about a real SSD.')
    return words
