"""The primitive operations the appliance services need from a box.

A backend speaks plain dicts and raw ZFS strings (lower-case values, sizes in bytes as decimal strings), exactly
what `zfs get -H -p` / sysfs would show. Turning them into TrueNAS shapes (upper-case enums, property dicts) is the
appliance services' business. Errors are `tuning_host.backends.errors.*`.

Shapes:
- system facts: `{hostname, cpu_model, cores, physical_cores, physmem, platform, platform_version,
  openzfs_version, boot_id, boottime (epoch seconds), uptime_seconds}`
- module parameter: `{name: {"value": str, "writable": bool}}`
- pool: `{name, guid, status, healthy, size, allocated, free, path,
  topology: {data, log, cache, spare, special, dedup: [vdev]}}`, vdev:
  `{name, type: RAIDZ1|RAIDZ2|RAIDZ3|MIRROR|DRAID1..3|DISK, guid, status, disk (leaf only), path, children: [vdev]}`
- dataset: `{name, pool, type: FILESYSTEM|VOLUME, mountpoint: str|None}`
- dataset property: `{prop: {"value": raw str, "source": LOCAL|INHERITED|DEFAULT|NONE, "source_from": ds|None}}`
- disk: `{name, kind: HDD|SSD|NVME, size, model, serial, rotationrate: int|None, pool: str|None,
  used_by: str|None (why an unpooled disk is busy, e.g. "mounted at /"), zfs_guid: str|None}`
- nic: `{name, link_up: bool, speed_mbps: int|None, mtu: int|None, mac: str|None}`
"""
import abc

from .document_store import DocumentStore


class Backend(abc.ABC):
    name = None

    def __init__(self, data_dir):
        self.data_dir = data_dir
        # Host-side records of the appliance services (tunable rows, smb/nfs config) live here on every backend.
        self.store = DocumentStore(data_dir)

    # --- life cycle ------------------------------------------------------------------------------------------
    @abc.abstractmethod
    def start(self):
        """Called once when the host starts. At a (simulated) boot, applies persisted values (including
        load-time-only module parameters). Returns `{"booted": bool, "boot_id": str, "applied": {...},
        "mismatches": [{kind, name, expected, actual}]}`."""

    @abc.abstractmethod
    def reboot(self, request_host_restart):
        """Reboot the box. `request_host_restart()` is the host's way to restart its own process (sandbox)."""

    def close(self):
        self.store.close()

    # --- system ----------------------------------------------------------------------------------------------
    @abc.abstractmethod
    def system_facts(self):
        ...

    def boot_id(self):
        return self.system_facts()['boot_id']

    @abc.abstractmethod
    def arcstats(self):
        """{name: int} as in /proc/spl/kstat/zfs/arcstats."""

    # --- ZFS module parameters -------------------------------------------------------------------------------
    @abc.abstractmethod
    def zfs_parameters(self):
        """{name: {"value": str, "writable": bool}} for every module parameter."""

    def zfs_parameter(self, name):
        params = self.zfs_parameters()
        if name not in params:
            from .errors import NotFoundError
            raise NotFoundError(f'ZFS module has no parameter {name!r}')
        return params[name]['value']

    @abc.abstractmethod
    def set_zfs_parameter(self, name, value):
        """Write a parameter live. NotFoundError if unknown, ReadOnlyError if it only takes a value at module
        load, InvalidValueError if the kernel would refuse the value."""

    @abc.abstractmethod
    def persisted_zfs_parameters(self):
        """{name: value} applied at the next module load."""

    @abc.abstractmethod
    def persist_zfs_parameters(self, values, update_initramfs=True):
        """Replace the whole persisted set with `values` ({name: value}); an empty dict removes persistence."""

    # --- sysctls ---------------------------------------------------------------------------------------------
    @abc.abstractmethod
    def sysctl_names(self):
        """Sorted list of every sysctl name (`sysctl -aN`)."""

    @abc.abstractmethod
    def sysctl(self, name):
        """Current value as /proc/sys shows it (stripped). NotFoundError if unknown."""

    @abc.abstractmethod
    def set_sysctl(self, name, value):
        """Write live. NotFoundError / ReadOnlyError / InvalidValueError."""

    @abc.abstractmethod
    def persisted_sysctls(self):
        ...

    @abc.abstractmethod
    def persist_sysctls(self, values):
        """Replace the whole persisted set with `values`."""

    # --- pools -----------------------------------------------------------------------------------------------
    @abc.abstractmethod
    def pools(self):
        ...

    def pool(self, name):
        for pool in self.pools():
            if pool['name'] == name:
                return pool
        from .errors import NotFoundError
        raise NotFoundError(f'pool {name!r} does not exist')

    @abc.abstractmethod
    def add_vdevs(self, pool, role, vdevs):
        """Add `vdevs` ([{"type": STRIPE|MIRROR, "disks": [name]}]) to `pool` as `role` (cache|log)."""

    @abc.abstractmethod
    def remove_vdev(self, pool, guid):
        """Remove the top-level vdev `guid` (a cache/log device or mirror) from `pool`."""

    # --- datasets --------------------------------------------------------------------------------------------
    @abc.abstractmethod
    def datasets(self):
        ...

    @abc.abstractmethod
    def dataset_properties(self, name, properties=None):
        """Properties of dataset `name` (all known ones when `properties` is None)."""

    @abc.abstractmethod
    def set_dataset_properties(self, name, values):
        """{prop: raw value}; all or nothing."""

    @abc.abstractmethod
    def inherit_dataset_property(self, name, prop):
        ...

    @abc.abstractmethod
    def create_dataset(self, name, type_='FILESYSTEM', properties=None, volsize=None):
        ...

    @abc.abstractmethod
    def destroy_dataset(self, name, recursive=False):
        ...

    # --- hardware --------------------------------------------------------------------------------------------
    @abc.abstractmethod
    def disks(self):
        ...

    def stand_in_disk(self, name):
        """Path of a file read in place of disk `name` by the read-only disk test; only a simulated box has one (a
        real box's disks are read as `/dev/<name>`)."""
        from .errors import NotFoundError
        raise NotFoundError(f'the {self.name} backend reads real disks: no stand-in for {name!r}')

    @abc.abstractmethod
    def nics(self):
        """[{name, link_up, speed_mbps, mtu, mac, addresses: [{type: INET|INET6, address, netmask}]}]"""
