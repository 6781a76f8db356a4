"""How each registry setting maps onto the appliance's own services (TrueNAS 25.10 names and spellings).

``pool.dataset.update`` takes upper-case enums ("LZ4", "OFF", "STANDARD") and ``special_small_block_size`` as an
int; ``logbias``/``primarycache``/``secondarycache`` are not exposed there and go through a private writer of raw ZFS
properties (lower-case ZFS values): ``zfs.dataset.update`` up to 25.10, ``pool.dataset.update_impl`` from 26.0, which
dropped the former (``framework.zfs_property_writer()`` says which one the box has). Module parameters and sysctls go
through ``tunable.*``.
"""
from .constants import INHERIT, SYSCTL, ZFS_PARAMETER
from .units import parse_size

POOL_DATASET = 'pool.dataset.update'
ZFS_DATASET = 'zfs.dataset.update'            # 24.10 - 25.10: {"properties": {prop: {"value"} | {"source": "INHERIT"}}}
ZFS_UPDATE_IMPL = 'pool.dataset.update_impl'  # 26.0: {"name", "zprops": {prop: value}, "iprops": {prop, ...}}
ZFS_PROPERTY_WRITERS = (ZFS_DATASET, ZFS_UPDATE_IMPL)

# setting -> (write method, field name at the appliance, read method)
DATASET_ROUTES = {
    'recordsize': (POOL_DATASET, 'recordsize', 'pool.dataset.query'),
    'compression': (POOL_DATASET, 'compression', 'pool.dataset.query'),
    'atime': (POOL_DATASET, 'atime', 'pool.dataset.query'),
    'sync': (POOL_DATASET, 'sync', 'pool.dataset.query'),
    'special_small_blocks': (POOL_DATASET, 'special_small_block_size', 'pool.dataset.query'),
    'logbias': (ZFS_DATASET, 'logbias', 'zfs.resource.query'),
    'primarycache': (ZFS_DATASET, 'primarycache', 'zfs.resource.query'),
    'secondarycache': (ZFS_DATASET, 'secondarycache', 'zfs.resource.query'),
}

SERVICE_ROUTES = {
    ('smb', 'multichannel'): ('smb.config', 'smb.update', 'multichannel'),
    ('nfs', 'servers'): ('nfs.config', 'nfs.update', 'servers'),
}

TUNABLE_TYPES = {ZFS_PARAMETER: 'ZFS', SYSCTL: 'SYSCTL'}


def dataset_property_route(setting: str) -> dict:
    """``{write_method, field, read_method}`` for a dataset property; KeyError for unknown settings."""
    write_method, field, read_method = DATASET_ROUTES[setting]
    return {'write_method': write_method, 'field': field, 'read_method': read_method}


def dataset_update_call(dataset: str, setting: str, value: str | None, inherit: bool = False,
                        zfs_writer: str = ZFS_DATASET) -> tuple[str, list]:
    """(method, params) that sets ``setting`` to canonical ``value`` on ``dataset``, or inherits it; a raw ZFS
    property goes through ``zfs_writer`` (one of ``ZFS_PROPERTY_WRITERS``: the release decides)."""
    write_method, field, _ = DATASET_ROUTES[setting]
    if write_method == POOL_DATASET:
        if inherit:
            payload = INHERIT
        elif setting == 'special_small_blocks':
            payload = parse_size(value)
        else:
            payload = value
        return POOL_DATASET, [dataset, {field: payload}]
    if zfs_writer == ZFS_UPDATE_IMPL:
        change = {'iprops': {field}} if inherit else {'zprops': {field: value.lower()}}
        return ZFS_UPDATE_IMPL, [{'name': dataset, **change}]
    if zfs_writer != ZFS_DATASET:
        raise ValueError(f'{zfs_writer!r} does not write ZFS properties')
    prop = {'source': INHERIT} if inherit else {'value': value.lower()}
    return ZFS_DATASET, [dataset, {'properties': {field: prop}}]


def tunable_type(kind: str) -> str:
    """``tunable.create`` type for a module parameter (ZFS) or a sysctl (SYSCTL)."""
    return TUNABLE_TYPES[kind]


def service_route(service: str, setting: str) -> dict:
    read_method, write_method, field = SERVICE_ROUTES[(service, setting)]
    return {'read_method': read_method, 'write_method': write_method, 'field': field}


def service_value_to_appliance(service: str, setting: str, value: str):
    """Canonical string -> the JSON value ``smb.update``/``nfs.update`` expect."""
    if (service, setting) == ('smb', 'multichannel'):
        return value == 'true'
    if (service, setting) == ('nfs', 'servers'):
        return None if value == 'AUTO' else int(value)
    raise KeyError((service, setting))


def service_value_from_appliance(service: str, setting: str, raw) -> str:
    """The appliance's config value -> canonical string (for building a snapshot)."""
    if (service, setting) == ('smb', 'multichannel'):
        return 'true' if raw else 'false'
    if (service, setting) == ('nfs', 'servers'):
        return 'AUTO' if raw is None else str(int(raw))
    raise KeyError((service, setting))


def service_update_call(service: str, setting: str, value: str) -> tuple[str, list]:
    route = service_route(service, setting)
    return route['write_method'], [{route['field']: service_value_to_appliance(service, setting, value)}]


def pool_topology_update(role: str, disks: list[str]) -> dict:
    """``pool.update`` payload adding ``disks`` as cache (STRIPE) or log (1 disk STRIPE, 2 disks MIRROR)."""
    if role not in ('cache', 'log'):
        raise ValueError(f'role must be cache or log, not {role!r}')
    vdev_type = 'MIRROR' if role == 'log' and len(disks) == 2 else 'STRIPE'
    return {'topology': {role: [{'type': vdev_type, 'disks': list(disks)}]}}


def added_disks(current: str, proposed: str) -> list[str]:
    """Disks in a POOL_DEVICE change's proposed value that are not in its current value."""
    have = {d for d in (current or '').split(',') if d}
    return [d for d in (proposed or '').split(',') if d and d not in have]
