"""The fake box's persistent state (``$FAKEBOX_HOME/box.json``) and its on-disk stand-ins (sysfs dir, mountpoints,
system dataset). Survives a "reboot" (a stop and start of the launcher); ``boot()`` plays what a boot does."""
import copy
import json
import os
import threading
import uuid
from pathlib import Path

GiB = 1024 ** 3
# name -> (default, writable): OpenZFS 2.3 defaults on a 32 GiB box (zfs(4))
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
DATASET_DEFAULTS = {'recordsize': '128K', 'compression': 'LZ4', 'atime': 'OFF', 'sync': 'STANDARD',
                    'special_small_block_size': '0', 'logbias': 'latency', 'primarycache': 'all',
                    'secondarycache': 'all'}

_lock = threading.RLock()


def home() -> Path:
    return Path(os.environ['FAKEBOX_HOME'])


def sysfs_dir() -> Path:
    return home() / 'sys-module-zfs-parameters'


def zfs_parameter_path(name: str) -> Path | None:
    """The sysfs stand-in's file of ZFS module parameter `name`, None when `name` does not name a file in it (a `..`
    or `/` would reach this machine's own files: TrueNAS's tunables.zfs_parameter_path joins any name, and on a box
    /sys/module/zfs/parameters/../../../../etc/passwd is /etc/passwd; the fake box never leaves its directory)."""
    directory = sysfs_dir().resolve()
    path = (directory / name).resolve()
    return path if path.parent == directory else None


def mnt_dir() -> Path:
    return home() / 'mnt'


def mountpoint(dataset: str) -> Path | None:
    """The stand-in mountpoint of `dataset` under mnt_dir(), None for a name with an empty, `.` or `..` component
    (libzfs refuses those; here they would reach outside the fake box's directory)."""
    parts = dataset.split('/')
    if any(p in ('', '.', '..') for p in parts):
        return None
    return mnt_dir().joinpath(*parts)


def system_dataset_dir() -> Path:
    return home() / 'var-db-system'


def initial() -> dict:
    return {
        'boots': [],                # boot ids, newest last
        # RAM and ARC max (a benchmark's working set is sized from the ARC: tests that run fio make them small)
        'memory': {'physmem': 32 * GiB, 'arc_max': 16 * GiB},
        'pools_imported': False,    # reset by every boot; set by fakebox.import_pools
        'ready': False,
        'tunables': [],             # tunable rows (system_tunable)
        'next_tunable_id': 1,
        'datasets': {'tank': {}, 'tank/media': {}},  # name -> {property: value} set LOCAL
        'smb': {'multichannel': False}, 'nfs': {'servers': None, 'managed_nfsd': True},
        'reboots_requested': [],
        # failure injection (tests set these through fakebox.inject or before a start)
        'fail_calls': {},           # method name -> error message (CallError)
        'pool_missing': [],         # pools that do not come back at import
    }


def load() -> dict:
    with _lock:
        path = home() / 'box.json'
        if not path.exists():
            return initial()
        return json.loads(path.read_text())


def proc_dir() -> Path:
    """The box's /proc as a process on the box sees it (the standalone host of --backend truenas reads it)."""
    return home() / 'proc'


def arcstats(state: dict) -> dict:
    arc_max = state['memory']['arc_max']
    return {'c_min': arc_max // 16, 'c_max': arc_max, 'size': arc_max * 3 // 4}


def _write_proc(state: dict) -> None:
    # before its first boot the box's sysctls are the kernel's defaults (boot() sets them from the tunables)
    for var, value in (state.get('sysctls') or SYSCTLS).items():
        path = proc_dir() / 'sys' / var.replace('.', '/')
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(value + '\n')
    (proc_dir() / 'spl/kstat/zfs').mkdir(parents=True, exist_ok=True)
    (proc_dir() / 'spl/kstat/zfs/arcstats').write_text(
        '13 1 0x01 3 816 0 0\nname                            type data\n' +
        ''.join(f'{name:<32}4    {value}\n' for name, value in arcstats(state).items()))


def save(state: dict) -> None:
    with _lock:
        path = home() / 'box.json'
        tmp = path.with_suffix('.tmp')
        tmp.write_text(json.dumps(state, indent=1))
        os.replace(tmp, path)
        _write_proc(state)


def update(fn):
    with _lock:
        state = load()
        result = fn(state)
        save(state)
        return copy.deepcopy(result)


def boot() -> dict:
    """What a boot does to the fake box: new boot id, pools exported until imported, kernel values back to their
    defaults and then the enabled tunables applied (as TrueNAS applies them at boot from its database)."""
    def do(state):
        state['boots'].append(str(uuid.uuid4()))
        state['pools_imported'] = False
        state['ready'] = False
        sysfs = sysfs_dir()
        sysfs.mkdir(parents=True, exist_ok=True)
        values = {name: default for name, (default, _) in ZFS_PARAMETERS.items()}
        state['sysctls'] = dict(SYSCTLS)
        for row in state['tunables']:
            if row['enabled'] and row['type'] == 'ZFS' and row['var'] in values:
                values[row['var']] = row['value']
            if row['enabled'] and row['type'] == 'SYSCTL' and row['var'] in state['sysctls']:
                state['sysctls'][row['var']] = row['value']
        for name, value in values.items():
            path = sysfs / name
            if path.exists():
                path.chmod(0o644)
            path.write_text(value + '\n')
            path.chmod(0o644 if ZFS_PARAMETERS[name][1] else 0o444)
        return state
    return update(do)
