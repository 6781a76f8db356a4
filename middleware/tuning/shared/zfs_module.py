"""The ZFS kernel module's parameters as sysfs shows them (``/sys/module/zfs/parameters``), read the way middlewared's
own tunables plugin reads them: the plugin on TrueNAS (no public call lists them), and the host running as a TrueNAS
App, which reads the box's from inside its container.
"""
import os

ZFS_MODULE_DIR = '/sys/module/zfs'


def read_zfs_parameters_dir(directory: str) -> dict[str, dict]:
    """``{name: {value, writable}}`` of a ZFS module's parameters directory (``<module dir>/parameters``); a file
    that cannot be read is left out."""
    params = {}
    for name in sorted(os.listdir(directory)):
        path = os.path.join(directory, name)
        try:
            with open(path) as f:
                value = f.read().strip()
        except OSError:
            continue
        params[name] = {'value': value, 'writable': bool(os.stat(path).st_mode & 0o200)}
    return params
