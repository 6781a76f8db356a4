"""fio job files (pure).

``render_job_file(planned_test, method, directory)`` → INI text for one test of a benchmark's method, writing
only inside ``directory``. ``job_name(test_id)`` → the fio section name (also the prefix of its data files).

Choices: ``refill_buffers`` (fresh random data per I/O, so compression measures nothing; never ``zero_buffers``),
``randrepeat=0`` (no repeated random sequence run to run), ``norandommap`` for random tests (fio's coverage map costs
CPU and is pointless time-based), ``fallocate=none`` (ZFS has no real preallocation), ``end_fsync=1`` for writes
(the final flush counts), ``overwrite=1`` for random writes (fio lays the file out first, so writes land on real
blocks), and reads use files fio lays out by writing them before the clock starts (no holes are read).
``fadvise_hint=0``: fio's default advises POSIX_FADV_SEQUENTIAL on sequential jobs, which OpenZFS answers by
prefetching up to ``dmu_prefetch_max`` (128 MiB) of each file into the ARC at open; Direct I/O reads never use those
blocks, so the first run on a file set paid for 128 MiB of wasted disk reads (about 9 % slower on the lab's disks)
and later runs did not. ZFS's own predictive prefetch, which presets tune, is left to work as for any application.
``iodepth`` is written only for libaio: synchronous engines ignore it.
"""
from .catalog import TESTS


def job_name(test_id):
    return test_id.lower()


def _size(n):
    # fio understands suffixes; exact MiB multiples are written as "<n>m" to keep the file readable.
    return f'{n // (1024 * 1024)}m' if n % (1024 * 1024) == 0 else str(n)


def render_job_file(planned_test, method, directory):
    if not directory or '\n' in directory:
        raise ValueError('directory must be a single-line path')
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
    if test.writes and test.is_random:
        lines.append('overwrite=1')
    if test.writes:
        lines.append('end_fsync=1')
    return '\n'.join(lines) + '\n'
