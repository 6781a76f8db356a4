"""A real Linux box with OpenZFS: sysfs/procfs for parameters and sysctls, `zfs`/`zpool` for pools and datasets,
`/etc/modprobe.d` + `/etc/sysctl.d` for persistence (the kernel and systemd-sysctl apply them at boot), and a real
`systemctl reboot`. Every file and command goes through `HostIO`, so tests run it over a fake tree."""
import os
import socket
import time

from . import openzfs_commands as cmd
from . import openzfs_disks as disks_in_use
from . import openzfs_parse as parse
from .base import Backend
from .errors import CommandError, InvalidValueError, NotFoundError, ReadOnlyError
from .host_io import HostIO
from .persisted_text import zfs_parameter_name_error

PARAMETERS_DIR = '/sys/module/zfs/parameters'
INITRAMFS_ZFS_HOOKS = ('/usr/share/initramfs-tools/hooks/zfs', '/etc/initramfs-tools/hooks/zfs')


class OpenZfsBackend(Backend):
    name = 'openzfs'

    def __init__(self, data_dir, io=None):
        super().__init__(data_dir)
        self.io = io or HostIO()
        self._sysctl_names = None

    def _run(self, argv):
        result = self.io.run(argv)
        if result.returncode != 0:
            raise CommandError(argv, result.returncode, result.stderr or result.stdout)
        return result.stdout

    # --- life cycle ------------------------------------------------------------------------------------------
    def start(self):
        """The kernel applied the modprobe options and systemd-sysctl the sysctl file at boot; here we only check
        that the live values match what we persisted, and note whether this is a new boot."""
        boot_id = self.boot_id()
        last = self.store.get('openzfs.last_boot_id')
        booted = last != boot_id
        self.store.put('openzfs.last_boot_id', boot_id)
        mismatches = []
        params = self.zfs_parameters()
        for name, expected in self.persisted_zfs_parameters().items():
            actual = params.get(name, {}).get('value')
            if actual != expected:
                mismatches.append({'kind': 'ZFS', 'name': name, 'expected': expected, 'actual': actual})
        for name, expected in self.persisted_sysctls().items():
            try:
                actual = self.sysctl(name)
            except NotFoundError:
                actual = None
            if actual is None or actual.split() != expected.split():
                mismatches.append({'kind': 'SYSCTL', 'name': name, 'expected': expected, 'actual': actual})
        return {'booted': booted, 'boot_id': boot_id, 'applied': {}, 'mismatches': mismatches}

    def reboot(self, request_host_restart):
        self._run(cmd.systemctl_reboot())

    # --- system ----------------------------------------------------------------------------------------------
    def openzfs_version(self):
        if self.io.exists('/sys/module/zfs/version'):
            return parse.parse_zfs_version(self.io.read('/sys/module/zfs/version'))
        return parse.parse_zfs_version(self._run(cmd.zfs_version()))

    def system_facts(self):
        model, logical, physical = parse.parse_cpuinfo(self.io.read('/proc/cpuinfo'))
        os_release = parse.parse_os_release(self.io.read('/etc/os-release')) if self.io.exists('/etc/os-release') \
            else {}
        kernel = self.io.read('/proc/sys/kernel/osrelease').strip() if self.io.exists('/proc/sys/kernel/osrelease') \
            else os.uname().release
        boottime = None
        for line in self.io.read('/proc/stat').splitlines():
            if line.startswith('btime '):
                boottime = float(line.split()[1])
        uptime = float(self.io.read('/proc/uptime').split()[0])
        hostname = self.io.read('/proc/sys/kernel/hostname').strip() \
            if self.io.exists('/proc/sys/kernel/hostname') else socket.gethostname()
        pretty = os_release.get('PRETTY_NAME', 'Linux')
        return {
            'hostname': hostname,
            'cpu_model': model,
            'cores': logical,
            'physical_cores': physical,
            'physmem': parse.parse_meminfo(self.io.read('/proc/meminfo')),
            'platform': pretty,
            'platform_version': f'{pretty} (kernel {kernel})',
            'kernel': kernel,
            'openzfs_version': self.openzfs_version(),
            'boot_id': self.boot_id(),
            'boottime': boottime if boottime is not None else time.time() - uptime,
            'uptime_seconds': uptime,
        }

    def boot_id(self):
        return self.io.read('/proc/sys/kernel/random/boot_id').strip()

    def arcstats(self):
        return parse.parse_arcstats(self.io.read('/proc/spl/kstat/zfs/arcstats'))

    # --- module parameters -----------------------------------------------------------------------------------
    def zfs_parameters(self):
        params = {}
        for name in self.io.listdir(PARAMETERS_DIR):
            if zfs_parameter_name_error(name):
                continue  # not a name a tunable could hold
            path = cmd.zfs_parameter_path(name)
            try:
                value = self.io.read(path).strip()
            except OSError:
                continue  # write-only or vanished parameter
            params[name] = {'value': value, 'writable': self.io.is_owner_writable(path)}
        return params

    def set_zfs_parameter(self, name, value):
        path = cmd.zfs_parameter_path(name)
        if not self.io.exists(path):
            raise NotFoundError(f'ZFS module has no parameter {name!r}')
        if not self.io.is_owner_writable(path):
            raise ReadOnlyError(f'ZFS module parameter {name!r} is read-only at runtime (set at module load)')
        try:
            self.io.write(path, str(value))
        except PermissionError:
            raise ReadOnlyError(f'ZFS module parameter {name!r} refused the write (read-only)') from None
        except OSError as e:
            raise InvalidValueError(f'{name}: the kernel refused {value!r} ({e.strerror})') from None

    def persisted_zfs_parameters(self):
        if not self.io.exists(cmd.MODPROBE_CONF):
            return {}
        return parse.parse_modprobe_conf(self.io.read(cmd.MODPROBE_CONF))

    def zfs_in_initramfs(self):
        return any(self.io.exists(path) for path in INITRAMFS_ZFS_HOOKS)

    def persist_zfs_parameters(self, values, update_initramfs=True):
        for name in values:
            if not self.io.exists(cmd.zfs_parameter_path(name)):
                raise NotFoundError(f'ZFS module has no parameter {name!r}')
        if values:
            self.io.write_file_atomically(cmd.MODPROBE_CONF, cmd.modprobe_conf_text(values))
        else:
            self.io.remove(cmd.MODPROBE_CONF)
        # When the module loads from the initramfs, the options only apply at boot once it is regenerated.
        if update_initramfs and self.zfs_in_initramfs():
            self._run(cmd.update_initramfs())

    # --- sysctls ---------------------------------------------------------------------------------------------
    def sysctl_names(self):
        if self._sysctl_names is None:
            names = [line.strip() for line in self._run(cmd.sysctl_names()).splitlines() if line.strip()]
            self._sysctl_names = sorted(set(names))
        return list(self._sysctl_names)

    def sysctl(self, name):
        path = cmd.proc_sys_path(name)
        try:
            return self.io.read(path).strip()
        except FileNotFoundError:
            raise NotFoundError(f'sysctl {name!r} does not exist') from None
        except PermissionError:
            raise ReadOnlyError(f'sysctl {name!r} cannot be read') from None

    def set_sysctl(self, name, value):
        path = cmd.proc_sys_path(name)
        if not self.io.exists(path):
            raise NotFoundError(f'sysctl {name!r} does not exist')
        if not self.io.is_owner_writable(path):
            raise ReadOnlyError(f'sysctl {name!r} is read-only')
        try:
            self.io.write(path, str(value))
        except PermissionError:
            raise ReadOnlyError(f'sysctl {name!r} refused the write') from None
        except OSError as e:
            raise InvalidValueError(f'{name}: the kernel refused {value!r} ({e.strerror})') from None

    def persisted_sysctls(self):
        if not self.io.exists(cmd.SYSCTL_CONF):
            return {}
        return parse.parse_sysctl_conf(self.io.read(cmd.SYSCTL_CONF))

    def persist_sysctls(self, values):
        if values:
            self.io.write_file_atomically(cmd.SYSCTL_CONF, cmd.sysctl_conf_text(values))
        else:
            self.io.remove(cmd.SYSCTL_CONF)

    # --- pools -----------------------------------------------------------------------------------------------
    def _disk_map(self):
        return parse.parse_lsblk(self._run(cmd.lsblk()))

    def pools(self):
        _disks, disk_of = self._disk_map()
        result = []
        for pool in parse.parse_zpool_list(self._run(cmd.zpool_list())):
            named = parse.parse_zpool_status_config(self._run(cmd.zpool_status_paths(pool['name'])))
            guids = parse.parse_zpool_status_config(self._run(cmd.zpool_status_guids(pool['name'])))
            _guid, topology = parse.build_topology(named, guids, disk_of)
            result.append(dict(pool, healthy=pool['status'] == 'ONLINE', path=f'/mnt/{pool["name"]}'
                               if self.io.exists(f'/mnt/{pool["name"]}') else f'/{pool["name"]}',
                               topology=topology))
        return result

    def add_vdevs(self, pool, role, vdevs):
        self._run(cmd.zpool_add(pool, role, vdevs))

    def remove_vdev(self, pool, guid):
        self._run(cmd.zpool_remove(pool, guid))
        self._run(cmd.zpool_wait_remove(pool))

    # --- datasets --------------------------------------------------------------------------------------------
    def datasets(self):
        return parse.parse_zfs_list(self._run(cmd.zfs_list()))

    def dataset_properties(self, name, properties=None):
        try:
            out = self._run(cmd.zfs_get(name, properties))
        except CommandError as e:
            if 'does not exist' in e.stderr:
                raise NotFoundError(f'dataset {name!r} does not exist') from None
            if properties and 'invalid property' in e.stderr:
                # Ask for what this version knows, one by one, and leave out the rest (e.g. `direct` on 2.2).
                result = {}
                for prop in properties:
                    try:
                        result.update(parse.parse_zfs_get(self._run(cmd.zfs_get(name, [prop]))).get(name, {}))
                    except CommandError:
                        continue
                return result
            raise
        return parse.parse_zfs_get(out).get(name, {})

    def set_dataset_properties(self, name, values):
        self._zfs(cmd.zfs_set(name, values))

    def inherit_dataset_property(self, name, prop):
        self._zfs(cmd.zfs_inherit(name, prop))

    def create_dataset(self, name, type_='FILESYSTEM', properties=None, volsize=None):
        self._zfs(cmd.zfs_create(name, type_, properties, volsize))

    def destroy_dataset(self, name, recursive=False):
        self._zfs(cmd.zfs_destroy(name, recursive))

    def _zfs(self, argv):
        try:
            self._run(argv)
        except CommandError as e:
            if 'does not exist' in e.stderr:
                raise NotFoundError(e.stderr.strip()) from None
            if 'bad' in e.stderr or 'invalid' in e.stderr or 'must be' in e.stderr:
                raise InvalidValueError(e.stderr.strip()) from None
            raise

    # --- hardware --------------------------------------------------------------------------------------------
    def _importable_pool_disks(self, disk_of):
        """{disk: pool name} for the disks of exported or foreign pools, or None when the scan failed."""
        result = self.io.run(cmd.zpool_import_scan())
        if result.returncode != 0 and 'pool:' not in result.stdout:
            return None
        return disks_in_use.importable_disks(parse.parse_zpool_import(result.stdout), disk_of,
                                             parse.partition_parent)

    def disks(self):
        disks, disk_of = self._disk_map()
        members = disks_in_use.pool_members(self.pools())
        importable = self._importable_pool_disks(disk_of) if disks_in_use.needs_import_scan(disks, members) else {}
        return disks_in_use.disk_rows(disks, members, importable)

    def nics(self):
        nics, addresses = [], self._addresses()
        for name in self.io.listdir('/sys/class/net'):
            base = f'/sys/class/net/{name}'
            if not self.io.exists(f'{base}/device'):
                continue  # loopback, bridges, veths: not ports
            operstate = self._read_optional(f'{base}/operstate') or 'unknown'
            link_up = operstate.strip() == 'up'
            speed = parse.parse_nic_speed(self._read_optional(f'{base}/speed') or '') if link_up else None
            mtu = self._read_optional(f'{base}/mtu')
            nics.append({'name': name, 'link_up': link_up, 'speed_mbps': speed,
                         'mtu': int(mtu) if mtu and mtu.strip().isdigit() else None,
                         'mac': (self._read_optional(f'{base}/address') or '').strip() or None,
                         'addresses': addresses.get(name, [])})
        return nics

    def _addresses(self):
        """Each port's addresses (the network measurement binds iperf3 to one); none when `ip` cannot say."""
        try:
            return parse.parse_ip_addresses(self._run(['ip', '-j', 'addr', 'show']))
        except (CommandError, OSError):
            return {}

    def _read_optional(self, path):
        try:
            return self.io.read(path)
        except OSError:  # e.g. reading `speed` of a down link gives EINVAL
            return None
