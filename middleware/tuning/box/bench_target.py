"""Where a benchmark writes: the target dataset, the filesystem under it and the scratch area inside it.

On ZFS the scratch is a child dataset of the target (it inherits the tuned properties) with a ``refquota``; on any
other filesystem (the sandbox, where datasets are plain directories) it is a directory. Which of the two is decided by
the filesystem actually mounted at the dataset's mountpoint, not by the backend's name.
"""
import errno
import os
import platform

from ..shared.zfs_names import zfs_name_error
from ..framework import CallError, field_error, plain
from .appliance import openzfs_version, zfs_parameters

SCRATCH_PREFIX = '.tuning-bench-'
MOUNTINFO = '/proc/self/mountinfo'


def _unescape(field: str) -> str:
    # mountinfo escapes space, tab, newline and backslash as octal
    return field.replace('\\040', ' ').replace('\\011', '\t').replace('\\012', '\n').replace('\\134', '\\')


def filesystem_type(path: str, mountinfo: str) -> str | None:
    """The type of the filesystem mounted at the longest mount point containing ``path`` (pure)."""
    best, best_type = '', None
    for line in mountinfo.splitlines():
        left, sep, right = line.partition(' - ')
        fields = left.split()
        if not sep or len(fields) < 5 or not right.split():
            continue
        mount_point = _unescape(fields[4])
        inside = path == mount_point or path.startswith(mount_point.rstrip('/') + '/')
        if inside and len(mount_point) >= len(best):
            best, best_type = mount_point, right.split()[0]
    return best_type


def _read_mountinfo() -> str:
    with open(MOUNTINFO) as f:
        return f.read()


def _statvfs_figures(path: str) -> dict:
    st = os.statvfs(path)
    return {'size_bytes': st.f_blocks * st.f_frsize, 'used_bytes': (st.f_blocks - st.f_bfree) * st.f_frsize,
            'free_bytes': st.f_bavail * st.f_frsize}


async def read_target(middleware, dataset: str, field: str) -> dict:
    """``{dataset, pool, mountpoint, is_zfs, env}`` with ``env`` in the shape ``benchmark_method`` wants."""
    if problem := zfs_name_error(dataset):
        raise field_error(field, f'{dataset!r} is not a ZFS dataset name: it {problem}.', errno.EINVAL)
    rows = await middleware.call('pool.dataset.query', [['id', '=', dataset]])
    if not rows:
        raise field_error(field, f'No dataset {dataset!r} on this box.', errno.ENOENT)
    row = rows[0]
    if row['type'] != 'FILESYSTEM':
        raise field_error(field, f'{dataset!r} is a zvol; benchmarks measure filesystem datasets.', errno.EINVAL)
    if os.path.basename(dataset).startswith(SCRATCH_PREFIX):
        raise field_error(field, f'{dataset!r} is a benchmark scratch dataset.', errno.EINVAL)
    mountpoint = row.get('mountpoint')
    if not mountpoint or not os.path.isdir(mountpoint):
        raise field_error(field, f'{dataset!r} is not mounted; mount it to benchmark it.', errno.ENOENT)
    fstype = filesystem_type(os.path.realpath(mountpoint), await middleware.run_in_thread(_read_mountinfo))
    is_zfs = fstype == 'zfs'
    env = {'is_zfs': is_zfs, 'os': platform.system()}
    if is_zfs:
        arc, params, version = (await middleware.call('sysctl.get_arcstats'), await zfs_parameters(middleware),
                                await openzfs_version(middleware))
        dirty = params.get('zfs_dirty_data_max', {}).get('value')
        env.update({
            'openzfs_version': version, 'arc_max_bytes': int(arc['c_max']),
            'recordsize_bytes': int(row['recordsize']['parsed'] if 'parsed' in row['recordsize']
                                    else row['recordsize']['rawvalue']),
            'is_zvol': False, 'dirty_data_max_bytes': int(dirty) if dirty and str(dirty).isdigit() else None,
            **await cache_properties(middleware, dataset),
            **await usable_space(middleware, row),
        })
    else:
        env.update(await middleware.run_in_thread(_statvfs_figures, mountpoint))
    return {'dataset': dataset, 'pool': row['pool'], 'mountpoint': mountpoint, 'is_zfs': is_zfs,
            'filesystem': fstype, 'env': env}


async def cache_properties(middleware, dataset: str) -> dict:
    """``{direct, primarycache}`` of the dataset, which ``pool.dataset`` does not expose: ``direct`` (OpenZFS 2.3:
    STANDARD, ALWAYS or DISABLED) and ``primarycache`` (ALL, METADATA or NONE); None where the box cannot say."""
    names = ['direct', 'primarycache']
    for asked in (names, names[1:]):   # an older OpenZFS has no ``direct`` and refuses a query naming it
        try:
            rows = await middleware.call('zfs.resource.query', {'paths': [dataset], 'properties': asked,
                                                                'get_source': False})
            break
        except Exception:   # Direct I/O is then ruled out by the version
            rows = []
    found = (plain(rows[0]).get('properties') or {}) if rows else {}
    return {name: str(prop.get('value') or prop.get('raw')) if isinstance(prop := found.get(name), dict) else None
            for name in names}


def _bytes(prop: dict) -> int:
    return int(prop['parsed'] if prop.get('parsed') is not None else prop['rawvalue'])


async def usable_space(middleware, row: dict) -> dict:
    """Space in usable bytes, parity excluded: the pool root dataset's used + available is what data can fill
    (``zpool list`` sizes include raidz parity and would let a run pass the 80 % rule yet run out of space); free
    space is what the target dataset itself may still take (its quotas included)."""
    root = (await middleware.call('pool.dataset.query', [['id', '=', row['pool']]]))[0]
    used, available = _bytes(root['used']), _bytes(root['available'])
    return {'size_bytes': used + available, 'used_bytes': used,
            'free_bytes': min(available, _bytes(row['available']))}


def scratch_dataset_name(dataset: str, bench_id: str) -> str:
    name = f'{dataset}/{SCRATCH_PREFIX}{bench_id}'
    if problem := zfs_name_error(name):
        raise ValueError(f'refusing scratch dataset {name!r}: it {problem}')
    return name


def is_scratch_name(name: str) -> bool:
    return zfs_name_error(name) is None and '/' in name and name.rsplit('/', 1)[1].startswith(SCRATCH_PREFIX)


async def create_scratch_dataset(middleware, name: str, refquota_bytes: int) -> str:
    """Create the scratch child dataset and return its mountpoint. TrueNAS refuses quotas under 1 GiB."""
    row = await middleware.call('pool.dataset.create', {
        'name': name, 'type': 'FILESYSTEM', 'refquota': max(refquota_bytes, 1024 ** 3), 'comments':
        'tuning benchmark scratch space; removed when the benchmark ends',
    })
    if not row.get('mountpoint') or not os.path.isdir(row['mountpoint']):
        raise CallError(f'The scratch dataset {name} was created but is not mounted.', errno.EIO)
    return row['mountpoint']


async def destroy_scratch_dataset(middleware, name: str) -> bool:
    """Remove a scratch dataset; ``False`` when it was already gone."""
    if not is_scratch_name(name):
        raise ValueError(f'refusing to destroy {name!r}: not a benchmark scratch dataset')
    if not await middleware.call('pool.dataset.query', [['id', '=', name]]):
        return False
    await middleware.call('pool.dataset.delete', name, {'recursive': True, 'force': True})
    return True


__all__ = ['SCRATCH_PREFIX', 'create_scratch_dataset', 'destroy_scratch_dataset', 'filesystem_type', 'is_scratch_name',
           'read_target', 'scratch_dataset_name']
