"""The box file that describes a simulated appliance: load it and check it, naming the offending field."""
import json
import os

from tuning.shared.zfs_names import pool_name_error, zfs_name_error

DEFAULT_BOX = os.path.join(os.path.dirname(__file__), 'boxes', 'default.json')

DISK_KINDS = ('HDD', 'SSD', 'NVME')
DATA_VDEV_TYPES = {'STRIPE': 1, 'MIRROR': 2, 'RAIDZ1': 2, 'RAIDZ2': 3, 'RAIDZ3': 4}


class BoxError(ValueError):
    def __init__(self, field, message):
        self.field = field
        super().__init__(f'box.{field}: {message}')


def load_box(path=None):
    path = path or DEFAULT_BOX
    try:
        with open(path) as f:
            doc = json.load(f)
    except (OSError, json.JSONDecodeError) as e:
        raise BoxError('file', f'cannot read {path}: {e}') from None
    return validate_box(doc)


def _require(doc, field, types, where=''):
    if field not in doc:
        raise BoxError(f'{where}{field}', 'is required')
    if not isinstance(doc[field], types) or isinstance(doc[field], bool) and bool not in _as_tuple(types):
        raise BoxError(f'{where}{field}', f'has the wrong type ({type(doc[field]).__name__})')
    return doc[field]


def _as_tuple(types):
    return types if isinstance(types, tuple) else (types,)


def validate_box(doc):
    """Check a box document; returns it with defaults filled in. BoxError names the first bad field."""
    if not isinstance(doc, dict):
        raise BoxError('file', 'must be a JSON object')
    box = dict(doc)
    box.setdefault('hostname', 'truenas')
    box.setdefault('platform', 'tuning-host sandbox')
    box.setdefault('platform_version', 'tuning-host sandbox 0.1')
    box.setdefault('kernel', '6.1.0-56-amd64')
    box.setdefault('zfs_parameters', {})
    box.setdefault('sysctls', {})
    box.setdefault('nics', [])
    box.setdefault('datasets', [])
    cpu = _require(box, 'cpu', dict)
    _require(cpu, 'model', str, 'cpu.')
    cores = _require(cpu, 'cores', int, 'cpu.')
    if cores < 1:
        raise BoxError('cpu.cores', 'must be at least 1')
    cpu.setdefault('physical_cores', cores)
    physmem = _require(box, 'physmem', int)
    if physmem < 1024 ** 3:
        raise BoxError('physmem', 'must be at least 1 GiB')
    _require(box, 'openzfs_version', str)

    names = set()
    for i, disk in enumerate(_require(box, 'disks', list)):
        where = f'disks.{i}.'
        name = _require(disk, 'name', str, where)
        if name in names:
            raise BoxError(f'{where}name', f'duplicate disk {name!r}')
        names.add(name)
        if _require(disk, 'kind', str, where) not in DISK_KINDS:
            raise BoxError(f'{where}kind', f'must be one of {", ".join(DISK_KINDS)}')
        _require(disk, 'size', int, where)
        disk.setdefault('model', None)
        disk.setdefault('serial', f'SANDBOX{i:04d}')
        disk.setdefault('rotationrate', None)

    used = set()
    pool_names = set()
    for i, pool in enumerate(_require(box, 'pools', list)):
        where = f'pools.{i}.'
        pool_name = _require(pool, 'name', str, where)
        if problem := pool_name_error(pool_name):
            raise BoxError(f'{where}name', problem)
        pool_names.add(pool_name)
        pool.setdefault('cache', [])
        pool.setdefault('log', [])
        for role in ('data', 'cache', 'log'):
            for j, vdev in enumerate(_require(pool, role, list, where)):
                vwhere = f'{where}{role}.{j}.'
                vtype = _require(vdev, 'type', str, vwhere)
                allowed = DATA_VDEV_TYPES if role == 'data' else ({'STRIPE': 1} if role == 'cache'
                                                                   else {'STRIPE': 1, 'MIRROR': 2})
                if vtype not in allowed:
                    raise BoxError(f'{vwhere}type', f'must be one of {", ".join(allowed)}')
                disks = _require(vdev, 'disks', list, vwhere)
                if len(disks) < allowed[vtype]:
                    raise BoxError(f'{vwhere}disks', f'{vtype} needs at least {allowed[vtype]} disks')
                for disk in disks:
                    if disk not in names:
                        raise BoxError(f'{vwhere}disks', f'unknown disk {disk!r}')
                    if disk in used:
                        raise BoxError(f'{vwhere}disks', f'disk {disk!r} is used twice')
                    used.add(disk)
        if not pool['data']:
            raise BoxError(f'{where}data', 'needs at least one vdev')

    seen = set()
    for i, ds in enumerate(box['datasets']):
        where = f'datasets.{i}.'
        name = _require(ds, 'name', str, where)
        if problem := zfs_name_error(name):
            raise BoxError(f'{where}name', problem)
        if name.split('/')[0] not in pool_names:
            raise BoxError(f'{where}name', f'pool {name.split("/")[0]!r} is not in pools')
        parent = name.rsplit('/', 1)[0] if '/' in name else None
        if parent is not None and parent not in seen:
            raise BoxError(f'{where}name', f'parent {parent!r} must be listed before it')
        seen.add(name)
        ds.setdefault('type', 'FILESYSTEM')
        ds.setdefault('properties', {})
    for i, nic in enumerate(box['nics']):
        where = f'nics.{i}.'
        _require(nic, 'name', str, where)
        nic.setdefault('link_up', True)
        nic.setdefault('speed_mbps', 1000 if nic['link_up'] else None)
        nic.setdefault('mtu', 1500)
        nic.setdefault('mac', None)
    return box
