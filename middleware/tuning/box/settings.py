"""Settings as tuning models them: read a snapshot of keys, write one desired value, read it back.

A key is ``KIND:scope:setting``. A snapshot row is ``{key, kind, scope, setting, value, exists, source, writable,
tunable}``; values are strings. Dataset properties use TrueNAS's ``pool.dataset`` field names and upper-case values.
"""
import errno

from ..core import presets
from ..core.presets import make_key, parse_key
from ..framework import CallError, ValidationErrors, plain, zfs_property_writer
from .appliance import call_job, zfs_parameters


def _row(kind, scope, setting, value, *, exists=True, source=None, writable=None, tunable=None):
    return {'key': make_key(kind, scope, setting), 'kind': kind, 'scope': scope, 'setting': setting,
            'value': value, 'exists': exists, 'source': source, 'writable': writable, 'tunable': tunable}


def _normalise_sysctl(value: str) -> str:
    return ' '.join(value.split())


def vdev_disks(vdev: dict) -> set[str]:
    """Disk names of a vdev: its children's, or its own for a single-disk vdev."""
    children = vdev.get('children') or []
    disks = [c.get('disk') for c in children] if children else [vdev.get('disk')]
    return {d for d in disks if d}


def role_disks(pool: dict, role: str) -> list[str]:
    """Sorted disk names of every vdev of ``role`` (data, cache, log, ...) in a pool."""
    return sorted(set().union(*(vdev_disks(v) for v in pool['topology'].get(role) or [])))


def _pool_devices(pool: dict, role: str) -> str:
    return ','.join(role_disks(pool, role))


async def read_settings(middleware, keys: list[str]) -> dict[str, dict]:
    """Read every key in one pass with as few appliance calls as possible."""
    wanted = [parse_key(k) for k in dict.fromkeys(keys)]
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
    zfs_only = {(s, _dataset_route(p)['field']) for k, s, p in wanted
                if k == 'DATASET_PROPERTY' and _dataset_route(p)['read_method'] == 'zfs.resource.query'}
    paths = sorted({s for s, _ in zfs_only if datasets.get(s)})
    if paths:
        # 26.0 leaves the source out unless asked (25.10 sends it by default): drift and inherit need it
        for res in await middleware.call('zfs.resource.query', {
            'paths': paths, 'properties': sorted({p for _, p in zfs_only}), 'get_source': True,
        }):
            res = plain(res)
            zfs_props[res['name']] = res['properties']

    pools = {}
    if 'POOL_DEVICE' in kinds:
        pools = {p['name']: p for p in await middleware.call('pool.query')}
    services = {}
    for service, setting in {(scope, setting) for kind, scope, setting in wanted if kind == 'SERVICE'}:
        if service not in services:
            services[service] = await middleware.call(presets.service_route(service, setting)['read_method'])

    for kind, scope, setting in wanted:
        if kind == 'ZFS_PARAMETER':
            param = params.get(setting)
            snapshot_row = _row(kind, scope, setting, _canonical(kind, setting, param and param['value']),
                                exists=param is not None,
                                writable=param['writable'] if param else None,
                                tunable=tunables.get(('ZFS', setting)))
        elif kind == 'SYSCTL':
            try:
                value = _canonical(kind, setting, await middleware.call('tunable.get_sysctl', setting))
                snapshot_row = _row(kind, scope, setting, value, writable=True,
                                    tunable=tunables.get(('SYSCTL', setting)))
            except (CallError, FileNotFoundError):  # middlewared's get_sysctl lets FileNotFoundError through
                snapshot_row = _row(kind, scope, setting, None, exists=False)
        elif kind == 'DATASET_PROPERTY':
            ds, route = datasets.get(scope), _dataset_route(setting)
            prop = None
            if ds is not None:
                if route['read_method'] == 'zfs.resource.query':
                    prop = zfs_props.get(scope, {}).get(route['field'])
                else:
                    prop = ds.get(route['field'])
            if prop:
                snapshot_row = _row(kind, scope, setting, _canonical(kind, setting, prop['value']),
                                    source=_source(prop['source']))
            else:
                snapshot_row = _row(kind, scope, setting, None, exists=False)
        elif kind == 'POOL_DEVICE':
            pool = pools.get(scope)
            snapshot_row = _row(kind, scope, setting, _pool_devices(pool, setting) if pool else None,
                                exists=pool is not None)
        elif kind == 'SERVICE':
            config, field = services.get(scope) or {}, presets.service_route(scope, setting)['field']
            value = presets.service_value_from_appliance(scope, setting, config[field]) if field in config else None
            snapshot_row = _row(kind, scope, setting, value, exists=field in config)
        else:
            raise CallError(f'Unknown setting kind {kind!r}', errno.EINVAL)
        snapshot[snapshot_row['key']] = snapshot_row
    return snapshot


def check_writes(desired_rows: list[dict], field: str = 'changes') -> None:
    """ValidationErrors naming every row whose value or target may not be sent to the appliance (see
    ``core.presets.write_check``): call it before a transaction writes anything."""
    verrors = ValidationErrors()
    for index, desired in enumerate(desired_rows):
        for name, message in presets.desired_errors(desired):
            verrors.add(f'{field}.{index}.{name}', f'{desired.get("setting")}: {message}', errno.EINVAL)
    verrors.check()


async def write_setting(middleware, desired: dict, comment: str) -> None:
    """Make the box hold ``desired`` (a snapshot row) through the appliance's own services."""
    check_writes([desired], 'setting')  # the last line before the appliance, whoever built ``desired``
    kind, scope, setting = desired['kind'], desired['scope'], desired['setting']
    if kind in ('ZFS_PARAMETER', 'SYSCTL'):
        await _write_tunable(middleware, presets.tunable_type(kind), setting, desired, comment)
    elif kind == 'DATASET_PROPERTY':
        inherit = desired.get('source') in ('INHERIT', 'INHERITED', 'DEFAULT')
        method, params = presets.dataset_update_call(scope, setting, desired['value'], inherit=inherit,
                                                     zfs_writer=zfs_property_writer())
        await middleware.call(method, *params)
    elif kind == 'POOL_DEVICE':
        await _write_pool_devices(middleware, scope, setting, desired['value'] or '')
    elif kind == 'SERVICE':
        method, params = presets.service_update_call(scope, setting, desired['value'])
        await middleware.call(method, *params)
    else:
        raise CallError(f'Unknown setting kind {kind!r}', errno.EINVAL)


def _dataset_route(setting: str) -> dict:
    try:
        return presets.dataset_property_route(setting)
    except KeyError:
        raise CallError(f'{setting} is not a dataset property tuning manages', errno.EINVAL) from None


def _source(source) -> str | None:
    """pool.dataset gives the source as a string; zfs.resource.query (25.10) as ``{type, value}``."""
    source = source.get('type') if isinstance(source, dict) else source
    return source if source in ('LOCAL', 'INHERITED', 'DEFAULT') else None


def _canonical(kind: str, setting: str, raw) -> str | None:
    return None if raw is None else presets.canonical(kind, setting, _normalise_sysctl(str(raw)))


async def _write_tunable(middleware, type_: str, var: str, desired: dict, comment: str) -> None:
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
        await call_job(middleware, 'pool.update', pool['id'], presets.pool_topology_update(role, to_add))


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
        return persisted and same_value(desired['value'], actual['value'])
    if desired['kind'] == 'DATASET_PROPERTY' and desired.get('source') in ('INHERIT', 'INHERITED', 'DEFAULT'):
        return actual.get('source') in ('INHERITED', 'DEFAULT')
    return same_value(desired['value'], actual['value'])


def same_value(a, b) -> bool:
    if a is None or b is None:
        return a == b
    return _normalise_sysctl(str(a)).upper() == _normalise_sysctl(str(b)).upper()
