"""argv lists for `zfs`, `zpool`, `lsblk`, ... in their machine-parseable forms (OpenZFS 2.1-2.3), and the text of
the persistence files. Pure functions: no I/O. Names and values that could break out of their line or path raise
InvalidValueError: nothing is written then.
"""
from .errors import InvalidValueError
from .persisted_text import (module_option_value_error, sysctl_name_error, sysctl_value_error,
                             zfs_parameter_name_error)

MODPROBE_CONF = '/etc/modprobe.d/tuning-zfs.conf'
SYSCTL_CONF = '/etc/sysctl.d/90-tuning.conf'
HEADER = '# Written by the tuning host; edit through tunable.* instead.\n'

LSBLK_COLUMNS = 'NAME,TYPE,SIZE,ROTA,MODEL,SERIAL,TRAN,MOUNTPOINT,FSTYPE'
ZPOOL_LIST_COLUMNS = 'name,size,allocated,free,health,guid'


def zpool_list():
    return ['zpool', 'list', '-H', '-p', '-o', ZPOOL_LIST_COLUMNS]


def zpool_status_paths(pool):
    """Config tree with full, symlink-resolved device paths (-P -L)."""
    return ['zpool', 'status', '-P', '-L', pool]


def zpool_status_guids(pool):
    """The same tree with GUIDs in place of names (-g); zipped with the paths tree by position."""
    return ['zpool', 'status', '-g', pool]


def _vdev_args(vdevs):
    args = []
    for vdev in vdevs:
        devices = [disk if disk.startswith('/') else f'/dev/{disk}' for disk in vdev['disks']]
        if vdev['type'] == 'MIRROR':
            args.append('mirror')
        args.extend(devices)
    return args


def zpool_import_scan():
    """`zpool import` without a pool: lists the pools that could be imported (exported or foreign), with full,
    symlink-resolved device paths (the environment forms of `-P -L`, which list mode does not take)."""
    return ['env', 'ZPOOL_VDEV_NAME_PATH=1', 'ZPOOL_VDEV_NAME_FOLLOW_LINKS=1', 'zpool', 'import']


def zpool_add(pool, role, vdevs):
    """`zpool add POOL cache|log [mirror] DEV...`; a STRIPE lists its disks after the role keyword."""
    if role not in ('cache', 'log'):
        raise ValueError(f'role must be cache or log, not {role!r}')
    return ['zpool', 'add', pool, role, *_vdev_args(vdevs)]


def zpool_remove(pool, guid):
    return ['zpool', 'remove', pool, str(guid)]


def zpool_wait_remove(pool):
    return ['zpool', 'wait', '-t', 'remove', pool]


def zfs_list():
    return ['zfs', 'list', '-H', '-p', '-o', 'name,type,mountpoint', '-t', 'filesystem,volume']


def zfs_get(name, properties=None):
    props = ','.join(properties) if properties else 'all'
    return ['zfs', 'get', '-H', '-p', '-o', 'name,property,value,source', props, name]


def zfs_set(name, values):
    return ['zfs', 'set', *[f'{prop}={value}' for prop, value in values.items()], name]


def zfs_inherit(name, prop):
    return ['zfs', 'inherit', prop, name]


def zfs_create(name, type_='FILESYSTEM', properties=None, volsize=None):
    argv = ['zfs', 'create']
    for prop, value in (properties or {}).items():
        argv += ['-o', f'{prop}={value}']
    if type_ == 'VOLUME':
        if not volsize:
            raise ValueError('a volume needs volsize')
        argv += ['-V', str(volsize)]
    argv.append(name)
    return argv


def zfs_destroy(name, recursive=False):
    return ['zfs', 'destroy', *(['-r'] if recursive else []), name]


def zfs_version():
    return ['zfs', 'version']


def lsblk():
    return ['lsblk', '-J', '-b', '-o', LSBLK_COLUMNS]


def sysctl_names():
    return ['sysctl', '-aN']


def update_initramfs():
    return ['update-initramfs', '-u']


def systemctl_reboot():
    return ['systemctl', 'reboot']


def _refuse(what, name, problem):
    if problem:
        raise InvalidValueError(f'{what} {name!r} {problem}')


def modprobe_conf_text(values):
    """`options zfs name=value` lines, one per parameter (modprobe merges them), sorted for stable diffs."""
    if not values:
        return ''
    for name, value in values.items():
        _refuse('ZFS module parameter', name, zfs_parameter_name_error(name))
        _refuse(f'the value of {name}:', value, module_option_value_error(value))
    return HEADER + ''.join(f'options zfs {name}={value}\n' for name, value in sorted(values.items()))


def sysctl_conf_text(values):
    """`name = value` lines for systemd-sysctl; vector values keep their spaces."""
    if not values:
        return ''
    for name, value in values.items():
        _refuse('sysctl', name, sysctl_name_error(name))
        _refuse(f'the value of {name}:', value, sysctl_value_error(value))
    return HEADER + ''.join(f'{name} = {" ".join(str(value).split())}\n' for name, value in sorted(values.items()))


def proc_sys_path(name):
    _refuse('sysctl', name, sysctl_name_error(name))
    return '/proc/sys/' + name.replace('.', '/')


def zfs_parameter_path(name):
    _refuse('ZFS module parameter', name, zfs_parameter_name_error(name))
    return f'/sys/module/zfs/parameters/{name}'
