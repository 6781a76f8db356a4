"""``tuning.profile``: the box as tuning sees it, gathered from appliance calls and shaped by a pure function."""
import asyncio
import re
from collections import Counter

from .appliance import backend_name, openzfs_version, zfs_parameters
from .settings import role_disks, vdev_disks

# TrueNAS on Linux: ethtool's speed and port, "1000Mb/s Twisted Pair", "25000Mb/s FIBRE", "Unknown ..." without a link
_SPEED_MBPS = re.compile(r'(\d+)\s*Mb/s', re.IGNORECASE)
_SPEED_MEDIA = re.compile(r'(\d+)(G?)base', re.IGNORECASE)  # media names: 1000baseT, 2500baseT, 10GBase-T


# Only the datasets' names, pools and types: no ZFS property is read for them (`extra.properties`, as TrueNAS's
# pool.dataset.query takes it; user properties are properties too).
DATASET_NAMES = {'select': ['id', 'pool', 'type'], 'extra': {'properties': [], 'retrieve_user_props': False}}


def disk_kind(disk: dict) -> str:
    if disk['name'].startswith('nvme') or disk.get('bus') == 'NVME':
        return 'NVME'
    return 'HDD' if disk.get('type') == 'HDD' else 'SSD'


def _combined_kind(kinds: set[str]) -> str:
    return kinds.pop() if len(kinds) == 1 else 'MIXED'


def nic_speed_mbps(nic: dict) -> int | None:
    """Link speed from ``interface.query``'s ``state.active_media_subtype`` (TrueNAS has no speed field)."""
    subtype = (nic.get('state') or {}).get('active_media_subtype') or ''
    if found := _SPEED_MBPS.search(subtype):
        return int(found[1]) or None
    if found := _SPEED_MEDIA.search(subtype):
        return int(found[1]) * (1000 if found[2] else 1)
    return None


def nic_mtu(nic: dict) -> int | None:
    """The MTU in effect (``state.mtu``); the configured ``mtu`` is None on TrueNAS unless the admin set one."""
    mtu = (nic.get('state') or {}).get('mtu') or nic.get('mtu')
    return mtu if isinstance(mtu, int) and not isinstance(mtu, bool) else None


def _disk(disk: dict, pool: str | None) -> dict:
    return {'name': disk['name'], 'kind': disk_kind(disk), 'size_bytes': int(disk.get('size') or 0),
            'model': disk.get('model'), 'serial': disk.get('serial'), 'pool': pool}


def _pool(pool: dict, kinds_by_disk: dict[str, str], datasets: list[str]) -> dict:
    data_vdevs = []
    for vdev in pool['topology'].get('data') or []:
        disks = sorted(vdev_disks(vdev))
        data_vdevs.append({'type': vdev['type'], 'disks': disks,
                           'disk_kind': _combined_kind({kinds_by_disk.get(d, 'HDD') for d in disks})})
    all_disks = [d for v in data_vdevs for d in v['disks']]
    kind = _combined_kind({v['disk_kind'] for v in data_vdevs}) if data_vdevs else 'HDD'
    shapes = Counter((v['type'], len(v['disks'])) for v in data_vdevs)
    # "RAIDZ2 7×HDD", or "3× MIRROR 2×NVME" for several vdevs of one shape
    layout = ' + '.join(f"{f'{n}× ' if n > 1 else ''}{t} {w}×{kind}" for (t, w), n in sorted(shapes.items()))
    size, allocated = int(pool.get('size') or 0), int(pool.get('allocated') or 0)
    return {
        'name': pool['name'], 'status': pool.get('status') or 'UNKNOWN', 'size_bytes': size,
        'allocated_bytes': allocated, 'free_bytes': int(pool.get('free') or max(size - allocated, 0)),
        'used_percent': round(100.0 * allocated / size, 1) if size else 0.0, 'layout': layout,
        'data_vdevs': data_vdevs,
        'cache': role_disks(pool, 'cache'), 'log': role_disks(pool, 'log'),
        'disk_kind': kind, 'data_disk_count': len(all_disks), 'datasets': datasets,
    }


def build_profile(raw: dict) -> dict:
    """Shape raw appliance answers into the ``TuningProfile`` model (pure)."""
    disk_pool = {}
    for pool in raw['pools']:
        for role in ('data', 'cache', 'log', 'special', 'dedup', 'spare'):
            for vdev in pool['topology'].get(role) or []:
                for name in vdev_disks(vdev):
                    disk_pool[name] = pool['name']
    unused_names = {d['name'] for d in raw['unused_disks']}
    disks = [_disk(d, disk_pool.get(d['name'])) for d in sorted(raw['disks'], key=lambda d: d['name'])]
    kinds = {d['name']: d['kind'] for d in disks}
    datasets_by_pool = {}
    for ds in raw['datasets']:
        datasets_by_pool.setdefault(ds['pool'], []).append(ds['id'])
    info, arc = raw['system_info'], raw['arcstats']
    return {
        'backend': raw['backend'],
        'platform': {'name': raw['platform_name'], 'version': raw['version']},
        'openzfs_version': raw['openzfs_version'],
        'cpu': {'model': info.get('model') or 'unknown', 'cores': int(info.get('cores') or 1)},
        'memory': {'physical_bytes': int(info['physmem']), 'arc_max_bytes': int(arc.get('c_max', 0)),
                   'arc_min_bytes': int(arc.get('c_min', 0)), 'arc_size_bytes': int(arc.get('size', 0))},
        'pools': [_pool(p, kinds, sorted(datasets_by_pool.get(p['name'], []))) for p in raw['pools']],
        'disks': disks,
        'unused_disks': [d for d in disks if d['name'] in unused_names and d['pool'] is None],
        'nics': [{'name': n['name'], 'link_up': (n.get('state') or {}).get('link_state') == 'LINK_STATE_UP',
                  'speed_mbps': nic_speed_mbps(n), 'mtu': nic_mtu(n)}
                 for n in sorted(raw['nics'], key=lambda n: n['name'])],
        'zfs_parameters_count': raw['zfs_parameters_count'],
    }


async def read_profile(middleware) -> dict:
    call = middleware.call
    (info, version, arc, ozfs, pools, datasets, disks, unused, nics, params) = await asyncio.gather(
        call('system.info'), call('system.version'), call('sysctl.get_arcstats'), openzfs_version(middleware),
        call('pool.query'), call('pool.dataset.query', [], DATASET_NAMES), call('disk.query'),
        call('disk.details', {'type': 'UNUSED', 'join_partitions': False}), call('interface.query'),
        zfs_parameters(middleware),
    )
    backend = backend_name(middleware)
    return build_profile({
        'backend': backend, 'platform_name': 'TrueNAS' if backend == 'truenas' else 'Linux', 'version': version,
        'openzfs_version': ozfs, 'system_info': info, 'arcstats': arc, 'pools': pools, 'datasets': datasets,
        'disks': disks, 'unused_disks': unused, 'nics': nics, 'zfs_parameters_count': len(params),
    })
