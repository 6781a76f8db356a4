"""Answers of the TrueNAS 25.10 appliance calls the plugin makes, for a small box: 32 GiB RAM, pool ``tank`` =
RAIDZ2 of 6 HDDs, one unused SATA SSD, OpenZFS 2.3.4. Row shapes follow the 25.10 API (pool.dataset property dicts
with value/rawvalue/parsed/source, upper-case enums); ``zfs.dataset``/``sysctl`` are private calls of the same release.

The TrueNAS-only read paths of the plugin are real here too: ZFS module parameters come from a sysfs-like directory
and the OpenZFS version from a ``zfs`` executable on PATH (both written into a temp dir).
"""
import errno
import os
import stat
from pathlib import Path

GiB = 1024 ** 3

# name -> (value, writable): OpenZFS 2.3 defaults on a 32 GiB box (zfs(4)); *_max_max and _percent are load-time only
ZFS_PARAMETERS = {
    'zfs_arc_max': ('0', True), 'zfs_arc_min': ('0', True),
    'zfs_dirty_data_max': (str(32 * GiB // 10), True), 'zfs_dirty_data_max_max': (str(8 * GiB), False),
    'zfs_dirty_data_max_percent': ('10', False), 'zfs_dirty_data_max_max_percent': ('25', False),
    'zfs_txg_timeout': ('5', True), 'zfs_prefetch_disable': ('0', True), 'zfetch_max_distance': ('67108864', True),
    'zfs_vdev_async_read_max_active': ('3', True), 'zfs_vdev_async_write_max_active': ('10', True),
    'zfs_vdev_sync_read_max_active': ('10', True), 'zfs_vdev_sync_write_max_active': ('10', True),
    'zfs_vdev_max_active': ('1000', True), 'l2arc_write_max': ('33554432', True),
    'l2arc_write_boost': ('33554432', True), 'l2arc_noprefetch': ('1', True), 'l2arc_headroom': ('8', True),
    'zfs_nocacheflush': ('0', True), 'zil_nocacheflush': ('0', True), 'zfs_immediate_write_sz': ('32768', True),
    'zil_slog_bulk': ('67108864', True), 'metaslab_lba_weighting_enabled': ('1', True),
    'zfs_dio_enabled': ('1', True),
}
SYSCTLS = {
    'net.core.rmem_max': '212992', 'net.core.wmem_max': '212992', 'net.core.netdev_max_backlog': '1000',
    'net.ipv4.tcp_rmem': '4096\t131072\t6291456', 'net.ipv4.tcp_wmem': '4096\t16384\t4194304',
}
HDDS = [f'sd{c}' for c in 'abcdef']


def _prop(value, source='DEFAULT', rawvalue=None, parsed=None):
    return {'value': value, 'rawvalue': rawvalue if rawvalue is not None else value.lower(),
            'parsed': parsed if parsed is not None else value.lower(), 'source': source, 'source_info': None}


def datasets() -> list[dict]:
    def ds(name, **props):
        row = {'id': name, 'name': name, 'pool': 'tank', 'type': 'FILESYSTEM', 'mountpoint': f'/mnt/{name}',
               'recordsize': _prop('128K', rawvalue='131072', parsed=131072),
               'compression': _prop('LZ4', 'LOCAL'), 'atime': _prop('OFF', 'LOCAL'),
               'sync': _prop('STANDARD'), 'special_small_block_size': _prop('0', rawvalue='0', parsed=0)}
        row.update(props)
        return row
    return [ds('tank'), ds('tank/media', compression=_prop('LZ4', 'INHERITED'), atime=_prop('OFF', 'INHERITED'))]


def pools() -> list[dict]:
    children = [{'type': 'DISK', 'disk': d, 'name': f'{d}1', 'guid': str(1000 + i), 'children': []}
                for i, d in enumerate(HDDS)]
    return [{'id': 1, 'name': 'tank', 'guid': '424242', 'status': 'ONLINE', 'healthy': True,
             'size': 23 * 10 ** 12, 'allocated': 5 * 10 ** 12, 'free': 18 * 10 ** 12,
             'topology': {'data': [{'type': 'RAIDZ2', 'name': 'raidz2-0', 'guid': '77', 'children': children}],
                          'cache': [], 'log': [], 'special': [], 'dedup': [], 'spare': []}}]


def disks() -> list[dict]:
    rows = [{'name': d, 'identifier': f'{{serial}}WD-{d}', 'serial': f'WD-{d}', 'model': 'WDC WD40EFZX',
             'size': 4000787030016, 'type': 'HDD', 'rotationrate': 5400, 'bus': 'ATA'} for d in HDDS]
    rows.append({'name': 'sdg', 'identifier': '{serial}S42Y', 'serial': 'S42Y', 'model': 'Samsung SSD 860 PRO',
                 'size': 512110190592, 'type': 'SSD', 'rotationrate': None, 'bus': 'ATA'})
    return rows


def write_sysfs(directory: Path) -> None:
    directory.mkdir(parents=True, exist_ok=True)
    for name, (value, writable) in ZFS_PARAMETERS.items():
        path = directory / name
        path.write_text(value + '\n')
        path.chmod(0o644 if writable else 0o444)


def write_zfs_command(bin_dir: Path, version: str = '2.3.4-1') -> None:
    bin_dir.mkdir(parents=True, exist_ok=True)
    zfs = bin_dir / 'zfs'
    zfs.write_text(f'#!/bin/sh\n[ "$1" = version ] && printf "zfs-{version}\\nzfs-kmod-{version}\\n"\n')
    zfs.chmod(zfs.stat().st_mode | stat.S_IXUSR)


def install(middleware, tmp: Path) -> dict:
    """Answer the appliance calls on ``middleware`` (the unit-test mock) and prepare sysfs + the zfs command."""
    from unittest.mock import AsyncMock, Mock

    def get_sysctl(var):
        # tunables.py reads /proc/sys/<var> and lets the FileNotFoundError of an unknown name through
        if var not in SYSCTLS:
            raise FileNotFoundError(errno.ENOENT, 'No such file or directory', f'/proc/sys/{var.replace(".", "/")}')
        return SYSCTLS[var]

    def zfs_resource_query(data):
        props = {'logbias': 'latency', 'primarycache': 'all', 'secondarycache': 'all'}
        return [{'name': path, 'properties': {p: {'value': props[p], 'raw': props[p], 'source': 'DEFAULT'}
                                             for p in data['properties'] if p in props}}
                for path in data['paths']]

    middleware['system.info'] = AsyncMock(return_value={
        'version': 'TrueNAS-25.10.1', 'hostname': 'truenas', 'physmem': 32 * GiB, 'model': 'Intel(R) Atom(TM) C3758',
        'cores': 8, 'physical_cores': 8, 'boottime': '2026-01-01T00:00:00+00:00', 'uptime_seconds': 3600.0})
    middleware['system.version'] = AsyncMock(return_value='TrueNAS-25.10.1')
    middleware['system.boot_id'] = AsyncMock(return_value='3c5f0000-boot')
    middleware['system.ready'] = AsyncMock(return_value=False)  # plugins are set up while the box boots
    # sysdataset.py: `path` is /var/db/system once the system dataset is mounted there
    (tmp / 'var-db-system').mkdir(exist_ok=True)
    middleware['systemdataset.config'] = AsyncMock(return_value={'id': 1, 'pool': 'tank', 'pool_set': True,
                                                                 'path': str(tmp / 'var-db-system')})
    middleware['sysctl.get_arcstats'] = Mock(return_value={'c_max': 16 * GiB, 'c_min': GiB, 'size': 12 * GiB})
    middleware['pool.query'] = middleware._query_filter(pools())
    middleware['pool.dataset.query'] = middleware._query_filter(datasets())
    middleware['disk.query'] = middleware._query_filter(disks())
    middleware['disk.details'] = Mock(return_value=[d for d in disks() if d['name'] == 'sdg'])
    middleware['interface.query'] = middleware._query_filter([
        {'name': 'eno1', 'state': {'link_state': 'LINK_STATE_UP', 'active_media_subtype': '1000baseT <full-duplex>'}}])
    middleware['tunable.query'] = middleware._query_filter([])
    middleware['tunable.get_sysctl'] = Mock(side_effect=get_sysctl)
    middleware['zfs.resource.query'] = Mock(side_effect=zfs_resource_query)
    middleware['smb.config'] = AsyncMock(return_value={'multichannel': False})
    middleware['nfs.config'] = AsyncMock(return_value={'servers': None, 'managed_nfsd': True})
    # system.reboot reasons (25.10 plugins/system/reboot.py): in memory, keyed by code
    reasons = middleware.reboot_reasons = {}
    middleware['system.reboot.add_reason'] = Mock(side_effect=lambda code, reason: reasons.__setitem__(code, reason))
    middleware['system.reboot.remove_reason'] = Mock(side_effect=lambda code: reasons.pop(code, None))
    middleware['system.reboot.list_reasons'] = Mock(side_effect=lambda: dict(reasons))

    sysfs, bin_dir = tmp / 'sys-module-zfs-parameters', tmp / 'bin'
    write_sysfs(sysfs)
    write_zfs_command(bin_dir)
    return {'sysfs': str(sysfs), 'path': f'{bin_dir}{os.pathsep}{os.environ.get("PATH", "")}'}
