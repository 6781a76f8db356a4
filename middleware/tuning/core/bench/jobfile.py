"""fio job files (pure).

``render_job_file(planned_test, method, directory)`` → INI text for one test of a benchmark's method, writing
only inside ``directory``. ``job_name(test_id)`` → the fio section name (also the prefix of its data files).

Choices: ``refill_buffers`` (fresh random data per I/O, so compression measures nothing; never ``zero_buffers``),
``randrepeat=0`` (no repeated random sequence run to run), ``norandommap`` for random tests (fio's coverage map costs
CPU and is pointless time-based), ``fallocate=none`` (ZFS has no real preallocation), ``end_fsync=1`` for writes
(the final flush counts), ``overwrite=1`` for random writes (their files are written first, so writes land on real
blocks), and reads read files written before the clock starts (no holes are read).
``fadvise_hint=0``: fio's default advises POSIX_FADV_SEQUENTIAL on sequential jobs, which OpenZFS answers by
prefetching up to ``dmu_prefetch_max`` (128 MiB) of each file into the ARC at open; Direct I/O reads never use those
blocks, so the first run on a file set paid for 128 MiB of wasted disk reads (about 9 % slower on the lab's disks)
and later runs did not. ZFS's own predictive prefetch, which presets tune, is left to work as for any application.
``iodepth`` is written only for libaio: synchronous engines ignore it.

``render_layout_file(planned_test, directory)`` → the job that writes those files before a test's first run (None
when the test needs none): the same section, job count and size, so fio names the files the measured job then opens
as they are, written sequentially in 1 MiB blocks (``create_only``: nothing else runs). Laid out by the measured job
itself, the files were written in the test's own block size (4 KiB writes into 128 KiB records: each record read
back and rewritten as it fills, minutes on small records) and that work fell inside the first run's ARC counters,
where its read-backs made a random read look answered from RAM.
"""
from .catalog import TESTS


def job_name(test_id):
    return test_id.lower()


def _size(n):
    # fio understands suffixes; exact MiB multiples are written as "<n>m" to keep the file readable.
    return f'{n // (1024 * 1024)}m' if n % (1024 * 1024) == 0 else str(n)


LAYOUT_BLOCK = '1m'   # a whole record for every recordsize up to 1 MiB: no record is read back while it fills


def _overwrites(test):
    """Random writes land on blocks already written (``overwrite=1``)."""
    return test.writes and test.is_random


def needs_layout(test):
    """Whether fio needs the files there before the test's clock starts: reads read them, random writes overwrite
    them; a sequential write makes its own."""
    return test.reads or _overwrites(test)


def _check_directory(directory):
    if not directory or '\n' in directory:
        raise ValueError('directory must be a single-line path')


def render_layout_file(planned_test, directory):
    _check_directory(directory)
    test = TESTS[planned_test['test']]
    if not needs_layout(test):
        return None
    return '\n'.join([
        f'; tuning benchmark: {test.label}, its files written before the first run (not measured)',
        '[global]',
        f'directory={directory}',
        'fallocate=none',
        'fadvise_hint=0',
        '',
        f'[{job_name(test.id)}]',
        'rw=read',
        f'bs={LAYOUT_BLOCK}',
        f'numjobs={planned_test["numjobs"]}',
        f'size={_size(planned_test["size_per_job_bytes"])}',
        'create_only=1',
    ]) + '\n'


def render_job_file(planned_test, method, directory):
    _check_directory(directory)
    test = TESTS[planned_test['test']]
    lines = [
        f'; tuning benchmark: {test.label} ({planned_test["cache_defeat"]["method"]})',
        '[global]',
        f'directory={directory}',
        f'ioengine={planned_test["ioengine"]}',
        f'direct={1 if planned_test["direct"] else 0}',
        'fallocate=none',
        'fadvise_hint=0',
        'randrepeat=0',
        'refill_buffers=1',
        'time_based=1',
        f'ramp_time={method["ramp_seconds"]}',
        f'runtime={method["runtime_seconds"]}',
        'group_reporting=1',
        'clat_percentiles=1',
        'percentile_list=50:90:99:99.9',
        '',
        f'[{job_name(test.id)}]',
        f'rw={test.rw}',
        f'bs={_size(test.block_size) if test.block_size % (1024 * 1024) == 0 else f"{test.block_size // 1024}k"}',
        f'numjobs={planned_test["numjobs"]}',
    ]
    if planned_test['ioengine'] == 'libaio':
        lines.append(f'iodepth={planned_test["iodepth"]}')
    lines.append(f'size={_size(planned_test["size_per_job_bytes"])}')
    if test.rwmixread is not None:
        lines.append(f'rwmixread={test.rwmixread}')
    if test.is_random:
        lines.append('norandommap=1')
    if test.sync_writes:
        lines.append('sync=dsync')
    if _overwrites(test):
        lines.append('overwrite=1')
    if test.writes:
        lines.append('end_fsync=1')
    return '\n'.join(lines) + '\n'
