"""Settings as tuning models them: read a snapshot of keys, write one desired value, read it back.

A key is ``KIND:scope:setting``. A snapshot row is ``{key, kind, scope, setting, value, exists, source, writable,
tunable}``; values are strings. Dataset properties use TrueNAS's ``pool.dataset`` field names and upper-case values.
"""
import errno

from ..framework import CallError
from .appliance import call_job, zfs_parameters

# Only these dataset properties are missing from pool.dataset.update; TrueNAS changes them through the private
# zfs.dataset.update (truenas-middleware.md §5).
ZFS_ONLY_PROPERTIES = {'logbias', 'primarycache', 'secondarycache'}
SERVICE_FIELDS = {('smb', 'multichannel'), ('nfs', 'servers')}


def make_key(kind: str, scope: str, setting: str) -> str:
    return f'{kind}:{scope}:{setting}'


def split_key(key: str) -> tuple[str, str, str]:
    kind, rest = key.split(':', 1)
    scope, setting = rest.rsplit(':', 1)
    return kind, scope, setting


def _row(kind, scope, setting, value, *, exists=True, source=None, writable=None, tunable=None):
    return {'key': make_key(kind, scope, setting), 'kind': kind, 'scope': scope, 'setting': setting,
            'value': value, 'exists': exists, 'source': source, 'writable': writable, 'tunable': tunable}


def _normalise_sysctl(value: str) -> str:
    return ' '.join(value.split())


def _service_value(value) -> str:
    if isinstance(value, bool):
        return 'true' if value else 'false'
    return 'auto' if value is None else str(value)


def vdev_disks(vdev: dict) -> set[str]:
    """Disk names of a vdev: its children's, or its own for a single-disk vdev."""
    children = vdev.get('children') or []
    disks = [c.get('disk') for c in children] if children else [vdev.get('disk')]
    return {d for d in disks if d}


def _pool_devices(pool: dict, role: str) -> str:
    return ','.join(sorted(set().union(*(vdev_disks(v) for v in pool['topology'].get(role) or []))))


async def read_snapshot(middleware, keys: list[str]) -> dict[str, dict]:
    """Read every key in one pass with as few appliance calls as possible."""
    wanted = [split_key(k) for k in dict.fromkeys(keys)]
    kinds = {k for k, _, _ in wanted}
    snapshot = {}

    tunables = {}
    if kinds & {'ZFS_PARAMETER', 'SYSCTL'}:
        for row in await middleware.call('tunable.query'):
            tunables[(row['type'], row['var'])] = {'id': row['id'], 'value': row['value'], 'enabled': row['enabled']}
    params = await zfs_parameters(middleware) if 'ZFS_PARAMETER' in kinds else {}

    datasets = {}
    for ds in {scope for kind, scope, _ in wanted if kind == 'DATASET_PROPERTY'}:
        found = await middleware.call('pool.dataset.query', [['id', '=', ds]])
        datasets[ds] = found[0] if found else None
    zfs_props = {}
    zfs_only = {(s, p) for k, s, p in wanted if k == 'DATASET_PROPERTY' and p in ZFS_ONLY_PROPERTIES}
    if zfs_only:
        paths = sorted({s for s, _ in zfs_only if datasets.get(s)})
        if paths:
            for res in await middleware.call('zfs.resource.query', {
                'paths': paths, 'properties': sorted({p for _, p in zfs_only}),
            }):
                zfs_props[res['name']] = res['properties']

    pools = {}
    if 'POOL_DEVICE' in kinds:
        pools = {p['name']: p for p in await middleware.call('pool.query')}
    services = {}
    for service in {scope for kind, scope, _ in wanted if kind == 'SERVICE'}:
        services[service] = await middleware.call(f'{service}.config')

    for kind, scope, setting in wanted:
        if kind == 'ZFS_PARAMETER':
            param = params.get(setting)
            snapshot_row = _row(kind, scope, setting, param['value'] if param else None, exists=param is not None,
                                writable=param['writable'] if param else None,
                                tunable=tunables.get(('ZFS', setting)))
        elif kind == 'SYSCTL':
            try:
                value = _normalise_sysctl(await middleware.call('tunable.get_sysctl', setting))
                snapshot_row = _row(kind, scope, setting, value, writable=True,
                                    tunable=tunables.get(('SYSCTL', setting)))
            except CallError:
                snapshot_row = _row(kind, scope, setting, None, exists=False)
        elif kind == 'DATASET_PROPERTY':
            ds = datasets.get(scope)
            prop = None
            if ds is not None:
                if setting in ZFS_ONLY_PROPERTIES:
                    raw = zfs_props.get(scope, {}).get(setting)
                    prop = raw and {'value': str(raw['value']).upper(), 'source': raw['source']}
                else:
                    prop = ds.get(setting)
            if prop:
                snapshot_row = _row(kind, scope, setting, str(prop['value']), source=prop['source'])
            else:
                snapshot_row = _row(kind, scope, setting, None, exists=False)
        elif kind == 'POOL_DEVICE':
            pool = pools.get(scope)
            snapshot_row = _row(kind, scope, setting, _pool_devices(pool, setting) if pool else None,
                                exists=pool is not None)
        elif kind == 'SERVICE':
            config = services.get(scope) or {}
            snapshot_row = _row(kind, scope, setting, _service_value(config[setting]) if setting in config else None,
                                exists=setting in config)
        else:
            raise CallError(f'Unknown setting kind {kind!r}', errno.EINVAL)
        snapshot[snapshot_row['key']] = snapshot_row
    return snapshot


async def write_setting(middleware, desired: dict, current: dict, comment: str) -> None:
    """Make ``current`` look like ``desired`` (both snapshot rows) through the appliance's own services."""
    kind, scope, setting = desired['kind'], desired['scope'], desired['setting']
    if kind in ('ZFS_PARAMETER', 'SYSCTL'):
        await _write_tunable(middleware, 'ZFS' if kind == 'ZFS_PARAMETER' else 'SYSCTL', setting, desired, current,
                             comment)
    elif kind == 'DATASET_PROPERTY':
        inherit = desired.get('source') in ('INHERIT', 'INHERITED', 'DEFAULT')
        if setting in ZFS_ONLY_PROPERTIES:
            prop = {'source': 'INHERIT'} if inherit else {'value': desired['value'].lower()}
            await middleware.call('zfs.dataset.update', scope, {'properties': {setting: prop}})
        else:
            await middleware.call('pool.dataset.update', scope, {setting: 'INHERIT' if inherit else
                                                                 _dataset_value(setting, desired['value'])})
    elif kind == 'POOL_DEVICE':
        await _write_pool_devices(middleware, scope, setting, desired['value'] or '')
    elif kind == 'SERVICE':
        await middleware.call(f'{scope}.update', {setting: _service_field(scope, setting, desired['value'])})
    else:
        raise CallError(f'Unknown setting kind {kind!r}', errno.EINVAL)


def _dataset_value(setting: str, value: str):
    # special_small_block_size is an integer field in pool.dataset.update
    return int(value) if setting == 'special_small_block_size' and value.isdigit() else value


def _service_field(scope: str, setting: str, value: str):
    if (scope, setting) == ('smb', 'multichannel'):
        return value == 'true'
    if (scope, setting) == ('nfs', 'servers'):
        return None if value == 'auto' else int(value)
    raise CallError(f'{scope}.{setting} is not a setting tuning manages', errno.EINVAL)


async def _write_tunable(middleware, type_: str, var: str, desired: dict, current: dict, comment: str) -> None:
    rows = await middleware.call('tunable.query', [['type', '=', type_], ['var', '=', var]])
    row = rows[0] if rows else None
    want = desired.get('tunable')
    if want is None and 'tunable' not in desired:
        want = {'value': desired['value'], 'enabled': True}
    if want is None:
        if row is not None:
            # Deleting a tunable writes its orig_value back live and drops persistence.
            await call_job(middleware, 'tunable.delete', row['id'])
    elif row is None:
        await call_job(middleware, 'tunable.create', {
            'type': type_, 'var': var, 'value': want['value'], 'comment': comment, 'enabled': want['enabled'],
            'update_initramfs': True,
        })
    elif (row['value'], row['enabled']) != (want['value'], want['enabled']):
        await call_job(middleware, 'tunable.update', row['id'], {'value': want['value'], 'enabled': want['enabled']})


async def _write_pool_devices(middleware, pool_name: str, role: str, wanted_csv: str) -> None:
    pool = (await middleware.call('pool.query', [['name', '=', pool_name]], {'get': True}))
    wanted = {d for d in wanted_csv.split(',') if d}
    present = {vdev['guid']: vdev_disks(vdev) for vdev in pool['topology'].get(role) or []}
    for guid, disks in present.items():
        if not disks <= wanted:
            await call_job(middleware, 'pool.remove', pool['id'], {'label': guid})
    to_add = sorted(wanted - set().union(*present.values()))
    if to_add:
        vdev_type = 'MIRROR' if role == 'log' and len(to_add) > 1 else 'STRIPE'
        vdevs = [{'type': vdev_type, 'disks': to_add}] if vdev_type == 'MIRROR' else [
            {'type': 'STRIPE', 'disks': [d]} for d in to_add]
        await call_job(middleware, 'pool.update', pool['id'], {'topology': {role: vdevs}})


def matches(desired: dict, actual: dict, *, live: bool) -> bool:
    """Whether the box now holds what ``desired`` says. For REBOOT changes only the persisted row can match yet."""
    if desired['kind'] in ('ZFS_PARAMETER', 'SYSCTL'):
        want = desired.get('tunable') if 'tunable' in desired else {'value': desired['value'], 'enabled': True}
        have = actual.get('tunable')
        persisted = (want is None and have is None) or (
            want is not None and have is not None and (have['value'], have['enabled']) == (want['value'],
                                                                                         want['enabled']))
        if not live:
            return persisted
        return persisted and _same_value(desired['value'], actual['value'])
    if desired['kind'] == 'DATASET_PROPERTY' and desired.get('source') in ('INHERIT', 'INHERITED', 'DEFAULT'):
        return actual.get('source') in ('INHERITED', 'DEFAULT')
    return _same_value(desired['value'], actual['value'])


def _same_value(a, b) -> bool:
    if a is None or b is None:
        return a == b
    return _normalise_sysctl(str(a)).upper() == _normalise_sysctl(str(b)).upper()
