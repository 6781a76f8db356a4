"""Realistic boxes for the preset tests: Profiles as ``tuning.profile`` returns them and Snapshots as the plugin
reads them (module-parameter defaults of OpenZFS 2.2.7 / 2.3.4 computed from RAM, as the module does at load).

- ``nas``:   the seeds' NAS: 8 cores, 32 GiB, ARC max 16 GiB (2.2 Linux default RAM/2), pool tank = 7x4 TB HDD
             RAIDZ2, one unused 512 GB SATA SSD sdh, four 1 GbE NICs, OpenZFS 2.2.7.
- ``nvme``:  all-NVMe mirror pool, 128 GiB, 2x25 GbE (+1 GbE management), OpenZFS 2.3.4, an unused SATA SSD.
- ``small``: 8 GiB box, 2x2 TB HDD mirror, one 1 GbE NIC, no unused disk, OpenZFS 2.2.7.
"""
from tuning.core.presets import keys_to_read, make_key
from tuning.core.presets.sizing import default_arc_max_bytes, default_dirty_data_max, default_dirty_data_max_max

GiB = 1024 ** 3
MiB = 1024 ** 2


def _disk(name, kind, size, pool=None):
    return {'name': name, 'kind': kind, 'size_bytes': size, 'model': f'{kind} model', 'serial': f'S-{name}',
            'pool': pool}


def _pool(name, vdevs, kind, layout, datasets):
    disks = [d for v in vdevs for d in v['disks']]
    return {'name': name, 'status': 'ONLINE', 'size_bytes': 0, 'allocated_bytes': 0, 'free_bytes': 0,
            'used_percent': 10, 'layout': layout, 'data_vdevs': vdevs, 'cache': [], 'log': [], 'disk_kind': kind,
            'data_disk_count': len(disks), 'datasets': datasets}


def _profile(*, version, ram, cores, pool, disks, unused, nics):
    arc_max = default_arc_max_bytes(ram, tuple(int(x) for x in version.split('.')))
    return {
        'backend': 'sandbox', 'platform': {'name': 'test', 'version': '0'}, 'openzfs_version': version,
        'cpu': {'model': 'test cpu', 'cores': cores},
        'memory': {'physical_bytes': ram, 'arc_max_bytes': arc_max, 'arc_min_bytes': ram // 32,
                   'arc_size_bytes': arc_max // 2},
        'pools': [pool], 'disks': disks + unused, 'unused_disks': unused,
        'nics': [{'name': n, 'link_up': True, 'speed_mbps': s} for n, s in nics], 'zfs_parameters_count': 350,
    }


def nas_profile():
    data = [_disk(f'sd{c}', 'HDD', 4_000_787_030_016, 'tank') for c in 'abcdefg']
    pool = _pool('tank', [{'type': 'RAIDZ2', 'disks': [d['name'] for d in data], 'disk_kind': 'HDD'}], 'HDD',
                 'RAIDZ2 7×HDD', ['tank', 'tank/media', 'tank/vm'])
    return _profile(version='2.2.7', ram=32 * GiB, cores=8, pool=pool, disks=data,
                    unused=[_disk('sdh', 'SSD', 512_110_190_592)],
                    nics=[(f'eno{i}', 1000) for i in range(1, 5)])


def nvme_profile():
    data = [_disk(f'nvme{i}n1', 'NVME', 3_840_755_982_336, 'fast') for i in range(4)]
    vdevs = [{'type': 'MIRROR', 'disks': ['nvme0n1', 'nvme1n1'], 'disk_kind': 'NVME'},
             {'type': 'MIRROR', 'disks': ['nvme2n1', 'nvme3n1'], 'disk_kind': 'NVME'}]
    pool = _pool('fast', vdevs, 'NVME', '2×MIRROR 2×NVME', ['fast', 'fast/db'])
    return _profile(version='2.3.4', ram=128 * GiB, cores=32, pool=pool, disks=data,
                    unused=[_disk('sdx', 'SSD', 960_197_124_096)],
                    nics=[('ens1f0', 25000), ('ens1f1', 25000), ('eno1', 1000)])


def small_profile():
    data = [_disk('sda', 'HDD', 2_000_398_934_016, 'data'), _disk('sdb', 'HDD', 2_000_398_934_016, 'data')]
    pool = _pool('data', [{'type': 'MIRROR', 'disks': ['sda', 'sdb'], 'disk_kind': 'HDD'}], 'HDD', 'MIRROR 2×HDD',
                 ['data'])
    return _profile(version='2.2.7', ram=8 * GiB, cores=4, pool=pool, disks=data, unused=[],
                    nics=[('eno1', 1000)])


LOAD_TIME_ONLY = {'zfs_dirty_data_max_max', 'zfs_dirty_data_max_percent', 'zfs_dirty_data_max_max_percent'}


def module_parameter_defaults(ram: int, version: str) -> dict[str, str]:
    """What /sys/module/zfs/parameters shows on a freshly booted box (only the registry's parameters)."""
    params = {
        'zfs_arc_max': '0', 'zfs_arc_min': '0',
        'zfs_dirty_data_max': str(default_dirty_data_max(ram)),
        'zfs_dirty_data_max_max': str(default_dirty_data_max_max(ram)),
        'zfs_dirty_data_max_percent': '10', 'zfs_dirty_data_max_max_percent': '25',
        'zfs_txg_timeout': '5', 'zfs_prefetch_disable': '0', 'zfetch_max_distance': str(64 * MiB),
        'zfs_vdev_async_read_max_active': '3', 'zfs_vdev_async_write_max_active': '10',
        'zfs_vdev_sync_read_max_active': '10', 'zfs_vdev_sync_write_max_active': '10',
        'zfs_vdev_max_active': '1000',
        'l2arc_write_max': str(32 * MiB), 'l2arc_write_boost': str(32 * MiB), 'l2arc_noprefetch': '1',
        'l2arc_headroom': '8', 'zfs_nocacheflush': '0', 'zil_nocacheflush': '0',
        'zfs_immediate_write_sz': '32768', 'zil_slog_bulk': str(64 * MiB), 'metaslab_lba_weighting_enabled': '1',
    }
    if tuple(int(x) for x in version.split('.')[:2]) >= (2, 3):
        params['zfs_dio_enabled'] = '1'  # Direct I/O arrived in 2.3
    return params


SYSCTL_DEFAULTS = {
    'net.core.rmem_max': '212992', 'net.core.wmem_max': '212992',
    'net.ipv4.tcp_rmem': '4096\t131072\t6291456', 'net.ipv4.tcp_wmem': '4096\t16384\t4194304',
    'net.core.netdev_max_backlog': '1000',
}
DATASET_DEFAULTS = {
    'recordsize': '128K', 'compression': 'LZ4', 'atime': 'ON', 'sync': 'STANDARD', 'logbias': 'latency',
    'primarycache': 'all', 'secondarycache': 'all', 'special_small_blocks': '0',
}
ZVOL_ABSENT = {'recordsize', 'atime'}


def make_snapshot(profile, target, *, params=None, sysctls=None, dataset=None, services=None, missing=(),
                  volume=False, pool_devices=None, readonly=()):
    """Snapshot rows for ``keys_to_read``: box defaults, then overrides.

    ``dataset``: {setting: value or (value, source)}; ``missing``: settings that do not exist on the box;
    ``readonly``: module params reported not writable (besides the load-time-only ones)."""
    version = profile['openzfs_version']
    param_values = module_parameter_defaults(profile['memory']['physical_bytes'], version)
    param_values.update(params or {})
    sysctl_values = dict(SYSCTL_DEFAULTS, **(sysctls or {}))
    service_values = {'multichannel': 'false', 'servers': 'AUTO', **(services or {})}
    dataset_name = target.get('dataset') or target['pool']
    root = dataset_name == target['pool']
    snap = {}
    for kind, scope, setting in keys_to_read(profile, target):
        row = {'kind': kind, 'scope': scope, 'setting': setting, 'value': None, 'exists': True, 'writable': None,
               'source': None}
        if kind == 'ZFS_PARAMETER':
            row['value'] = param_values.get(setting)
            row['writable'] = setting not in LOAD_TIME_ONLY and setting not in readonly
        elif kind == 'SYSCTL':
            row['value'] = sysctl_values.get(setting)
        elif kind == 'SERVICE':
            row['value'] = service_values.get(setting)
        elif kind == 'POOL_DEVICE':
            row['value'] = (pool_devices or {}).get(setting, '')
        else:
            value, source = DATASET_DEFAULTS[setting], 'DEFAULT' if root else 'INHERITED'
            if setting == 'compression':
                source = 'LOCAL' if root else 'INHERITED'  # TrueNAS creates pools with compression=lz4 set locally
            override = (dataset or {}).get(setting)
            if override is not None:
                value, source = override if isinstance(override, tuple) else (override, 'LOCAL')
            if volume and setting in ZVOL_ABSENT:
                value, source = None, None
            row.update(value=value, source=source)
        if row['value'] is None or setting in missing:
            row.update(value=None, exists=False, writable=None, source=None)
        snap[make_key(kind, scope, setting)] = row
    return snap


def make_ctx(profile, target=None, *, first_seen=None, **snapshot_options):
    target = dict(target or {'pool': profile['pools'][0]['name']})
    return {'profile': profile, 'snapshot': make_snapshot(profile, target, **snapshot_options), 'target': target,
            'first_seen': first_seen or {}}
