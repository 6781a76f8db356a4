"""A simulated appliance: state in the host database, datasets as real directories, no kernel touched.

Module parameters, sysctls, pools and dataset properties are one JSON document (`sandbox.state`). Every dataset is
a real directory under `<data_dir>/sandbox/mnt/<dataset>` so benchmarks run real fio there, and a dataset's free space
is the real filesystem's (a pool's size is its disks', its allocated the filesystem's used bytes). A "reboot" marks
the state and asks the host to restart its process; the next `start()` is a boot: a new boot id, module parameters
re-computed from the persisted options (load-time-only ones included; the RAM-derived defaults move by a few pages
between boots, as on a real kernel), sysctls reset to defaults plus the persisted ones. A host restart without a
reboot is not a boot (like middlewared restarting on a running box).
"""
import json
import os
import secrets
import shutil
import stat
import threading
import time
import uuid

from tuning.shared.zfs_names import zfs_name_error

from . import sysctl_defaults, zfs_properties
from .base import Backend
from .errors import BusyError, InvalidValueError, NotFoundError, ReadOnlyError
from .persisted_text import module_option_value_error, sysctl_name_error, sysctl_value_error, zfs_parameter_name_error
from .box_file import load_box
from .document_store import TABLE
from .zfs_parameter_defaults import arc_limits, load_time_values, module_parameter_defaults, validate_value

STATE_KEY = 'sandbox.state'
STATE_VERSION = 1
# The simulated ports answer on this machine's loopback, so a real iperf3 client here can measure them.
SANDBOX_NIC_ADDRESSES = ({'type': 'INET', 'address': '127.0.0.1', 'netmask': 8},)
MIB = 1024 * 1024
STAND_IN_BYTES = 64 * MIB  # the file a simulated disk's read-only test reads
VDEV_NAME = {'RAIDZ1': 'raidz1', 'RAIDZ2': 'raidz2', 'RAIDZ3': 'raidz3', 'MIRROR': 'mirror'}


def _guid():
    return str(secrets.randbits(63) | 1)


class SandboxBackend(Backend):
    name = 'sandbox'

    def __init__(self, data_dir, box_file=None, clock=time.time):
        super().__init__(data_dir)
        self.box_file = box_file
        self.mnt_root = os.path.join(data_dir, 'sandbox', 'mnt')
        self._clock = clock
        self._lock = threading.RLock()

    # --- state -----------------------------------------------------------------------------------------------
    def _state(self):
        state = self.store.get(STATE_KEY)
        if state is None:
            raise NotFoundError('sandbox backend not started')
        return state

    def _read(self, *paths):
        """Parts of the state document, each a JSON path into it (`'$.box.disks'`; a key with a dot is quoted:
        `'$.sysctls."kernel.hostname"'`), read in one statement (so from one committed state) and decoded alone: a
        read decodes what it uses, not the whole document (its module parameters and sysctls are most of it). A key
        the document lacks reads as None."""
        # SQLite answers two paths or more as one JSON array; `$.version` makes it two for a single path
        json_paths = [*paths, '$.version']
        row = self.store._connection().execute(   # the store's own connection (one per thread, WAL: never waits)
            f'SELECT json_extract(doc, {", ".join("?" * len(json_paths))}) FROM {TABLE} WHERE key = ?',
            (*json_paths, STATE_KEY)).fetchone()
        if row is None:
            raise NotFoundError('sandbox backend not started')
        return json.loads(row[0])[:-1]

    def _mutate(self, fn):
        with self._lock:
            result = {}

            def apply(state):
                if state is None:
                    raise NotFoundError('sandbox backend not started')
                result['value'] = fn(state)

            self.store.update(STATE_KEY, apply)
            return result.get('value')

    def _initial_state(self, box):
        now = self._clock()
        pools = []
        for pool in box['pools']:
            top_index = 0
            entry = {'name': pool['name'], 'guid': _guid(), 'data': [], 'cache': [], 'log': []}
            for role in ('data', 'cache', 'log'):
                for vdev in pool[role]:
                    added, top_index = _build_vdevs(role, vdev, top_index)
                    entry[role].extend(added)
            entry['next_top_index'] = top_index
            pools.append(entry)
        datasets = {}
        for ds in box['datasets']:
            props = {}
            for prop, value in ds['properties'].items():
                props[prop] = zfs_properties.normalize(prop, value, ds['type'], table=self._prop_table(box))
            datasets[ds['name']] = {'type': ds['type'], 'properties': props, 'creation': int(now)}
        for pool in pools:
            datasets.setdefault(pool['name'], {'type': 'FILESYSTEM', 'properties': {}, 'creation': int(now)})
        sysctls = sysctl_defaults.defaults()
        sysctls.update(box['sysctls'])
        return {
            'version': STATE_VERSION,
            'box': box,
            'boot_id': str(uuid.uuid4()),
            'boot_count': 0,
            'boottime': now,
            'reboot_requested': False,
            'zfs_parameters': self._boot_parameter_values(box, {}),
            'persisted_zfs_parameters': {},
            'initramfs_generation': 0,
            'sysctls': sysctls,
            'persisted_sysctls': {},
            'pools': pools,
            'datasets': datasets,
        }

    def _parameter_table(self, box):
        table = module_parameter_defaults(box['physmem'], box['openzfs_version'])
        for name, value in box['zfs_parameters'].items():
            if name in table:
                table[name] = dict(table[name], value=str(value))
        return table

    @staticmethod
    def _kernel_memory(box, boot_count):
        """The memory the module sizes its defaults from at a boot: like a real kernel's, it moves by a few pages
        from one boot to the next (seen on the VM tier: 8 KiB), so RAM-derived defaults are not stable values."""
        return box['physmem'] - (boot_count % 3) * 2 * 4096

    def _boot_parameter_values(self, box, persisted, boot_count=0):
        values = load_time_values(self._kernel_memory(box, boot_count), box['openzfs_version'], persisted)
        for name, value in box['zfs_parameters'].items():
            if name not in persisted:
                values[name] = str(value)
        return values

    @staticmethod
    def _prop_table(box):
        return zfs_properties.properties_for(box['openzfs_version'])

    # --- life cycle ------------------------------------------------------------------------------------------
    def start(self):
        with self._lock:
            state = self.store.get(STATE_KEY)
            booted = False
            if state is None:
                state = self._initial_state(load_box(self.box_file))
                booted = True
            elif state.get('reboot_requested'):
                box = state['box']
                state['boot_id'] = str(uuid.uuid4())
                state['boot_count'] += 1
                state['boottime'] = self._clock()
                state['reboot_requested'] = False
                # The module loads from the initramfs: only options it was regenerated with apply.
                state['zfs_parameters'] = self._boot_parameter_values(box, state['persisted_zfs_parameters'],
                                                                      state['boot_count'])
                sysctls = sysctl_defaults.defaults()
                sysctls.update(box['sysctls'])
                applied = {}
                for name, value in state['persisted_sysctls'].items():
                    try:
                        applied[name] = self._checked_sysctl(state, name, value)
                    except (NotFoundError, ReadOnlyError, InvalidValueError):
                        continue  # systemd-sysctl logs and skips what the kernel refuses
                sysctls.update(applied)
                state['sysctls'] = sysctls
                booted = True
            # A name that is not a ZFS name (kept by a version before names were checked) is forgotten, its
            # directory left alone: it may lie outside the sandbox.
            state['datasets'] = {n: ds for n, ds in state['datasets'].items() if zfs_name_error(n) is None}
            self.store.put(STATE_KEY, state)
            for name in state['datasets']:
                if state['datasets'][name]['type'] == 'FILESYSTEM':
                    os.makedirs(self._mountpoint(name), exist_ok=True)
            mismatches = []
            for name, expected in state['persisted_zfs_parameters'].items():
                actual = state['zfs_parameters'].get(name)
                if actual != expected:
                    mismatches.append({'kind': 'ZFS', 'name': name, 'expected': expected, 'actual': actual})
            for name, expected in state['persisted_sysctls'].items():
                actual = state['sysctls'].get(name)
                if actual is None or actual.split() != expected.split():
                    mismatches.append({'kind': 'SYSCTL', 'name': name, 'expected': expected, 'actual': actual})
            return {
                'booted': booted,
                'boot_id': state['boot_id'],
                'applied': {'zfs': dict(state['persisted_zfs_parameters']),
                            'sysctl': dict(state['persisted_sysctls'])} if booted else {},
                'mismatches': mismatches,
            }

    def reboot(self, request_host_restart):
        def mark(state):
            state['reboot_requested'] = True
        self._mutate(mark)
        request_host_restart()

    # --- system ----------------------------------------------------------------------------------------------
    def system_facts(self):
        hostname, box_hostname, cpu, physmem, platform, platform_version, kernel, openzfs, boot_id, boottime = \
            self._read('$.sysctls."kernel.hostname"', '$.box.hostname', '$.box.cpu', '$.box.physmem', '$.box.platform',
                       '$.box.platform_version', '$.box.kernel', '$.box.openzfs_version', '$.boot_id', '$.boottime')
        return {
            'hostname': box_hostname if hostname is None else hostname,
            'cpu_model': cpu['model'],
            'cores': cpu['cores'],
            'physical_cores': cpu['physical_cores'],
            'physmem': physmem,
            'platform': platform,
            'platform_version': platform_version,
            'kernel': kernel,
            'openzfs_version': openzfs,
            'boot_id': boot_id,
            'boottime': boottime,
            'uptime_seconds': max(0.0, self._clock() - boottime),
        }

    def boot_id(self):
        (boot_id,) = self._read('$.boot_id')
        return boot_id

    def arcstats(self):
        physmem, openzfs, arc_max, arc_min, pools = self._read(
            '$.box.physmem', '$.box.openzfs_version', '$.zfs_parameters.zfs_arc_max',
            '$.zfs_parameters.zfs_arc_min', '$.pools')
        c_max, c_min = arc_limits(physmem, openzfs, int(arc_max), int(arc_min))
        # A quiet box: the ARC holds what the datasets' real files would occupy, within its limits (the pools'
        # filesystem's used bytes, as their allocated: a statvfs, not a walk of every file on each read).
        used = _filesystem_used(self.mnt_root) if pools and os.path.isdir(self.mnt_root) else 0
        size = min(c_max, max(c_min, used + 256 * 1024 ** 2))
        return {
            'c': size, 'c_min': c_min, 'c_max': c_max, 'size': size, 'p': size // 2,
            'hits': 0, 'misses': 0, 'l2_size': 0, 'l2_hits': 0, 'l2_misses': 0,
            'arc_meta_used': size // 10, 'memory_all_bytes': physmem,
            'memory_free_bytes': physmem - size, 'arc_sys_free': physmem // 64,
        }

    # --- module parameters -----------------------------------------------------------------------------------
    def zfs_parameters(self):
        physmem, openzfs, box_values, values = self._read(
            '$.box.physmem', '$.box.openzfs_version', '$.box.zfs_parameters', '$.zfs_parameters')
        table = self._parameter_table({'physmem': physmem, 'openzfs_version': openzfs, 'zfs_parameters': box_values})
        return {name: {'value': values.get(name, spec['value']), 'writable': spec['writable']}
                for name, spec in sorted(table.items())}

    def set_zfs_parameter(self, name, value):
        def apply(state):
            table = self._parameter_table(state['box'])
            if name not in table:
                raise NotFoundError(f'ZFS module has no parameter {name!r}')
            spec = table[name]
            if not spec['writable']:
                raise ReadOnlyError(f'ZFS module parameter {name!r} is read-only at runtime (set at module load)')
            try:
                state['zfs_parameters'][name] = validate_value(name, spec['type'], str(value))
            except ValueError as e:
                raise InvalidValueError(str(e)) from None
        self._mutate(apply)

    def persisted_zfs_parameters(self):
        return dict(self._state()['persisted_zfs_parameters'])

    def persist_zfs_parameters(self, values, update_initramfs=True):
        _refuse_lines(values, zfs_parameter_name_error, module_option_value_error)

        def apply(state):
            table = self._parameter_table(state['box'])
            for name in values:
                if name not in table:
                    raise NotFoundError(f'ZFS module has no parameter {name!r}')
            # The module loads from the initramfs: without regenerating it the options would not apply at boot.
            if update_initramfs:
                state['persisted_zfs_parameters'] = {k: str(v) for k, v in values.items()}
                state['initramfs_generation'] += 1
            state['modprobe_conf'] = {k: str(v) for k, v in values.items()}
        self._mutate(apply)

    # --- sysctls ---------------------------------------------------------------------------------------------
    def sysctl_names(self):
        return sorted(self._state()['sysctls'])

    def sysctl(self, name):
        sysctls = self._state()['sysctls']
        if name not in sysctls:
            raise NotFoundError(f'sysctl {name!r} does not exist')
        return sysctls[name]

    @staticmethod
    def _checked_sysctl(state, name, value):
        if name not in state['sysctls']:
            raise NotFoundError(f'sysctl {name!r} does not exist')
        kind, _default, writable = sysctl_defaults.SYSCTLS.get(name, ('string', None, True))
        if not writable:
            raise ReadOnlyError(f'sysctl {name!r} is read-only')
        try:
            return sysctl_defaults.normalize_value(name, kind, str(value), state['sysctls'])
        except ValueError as e:
            raise InvalidValueError(str(e)) from None

    def set_sysctl(self, name, value):
        def apply(state):
            state['sysctls'][name] = self._checked_sysctl(state, name, value)
        self._mutate(apply)

    def persisted_sysctls(self):
        return dict(self._state()['persisted_sysctls'])

    def persist_sysctls(self, values):
        _refuse_lines(values, sysctl_name_error, sysctl_value_error)

        def apply(state):
            state['persisted_sysctls'] = {k: str(v) for k, v in values.items()}
        self._mutate(apply)

    # --- pools -----------------------------------------------------------------------------------------------
    def pools(self):
        pools, disks = self._read('$.pools', '$.box.disks')
        sizes = {d['name']: d['size'] for d in disks}
        return [self._pool_view(pool, sizes) for pool in pools]

    def _pool_view(self, pool, disk_sizes):
        path = self._mountpoint(pool['name'])
        # The pool's size is its disks' (as `zpool list` adds them up), not the host's filesystem's: a box of 7 x 4 TB
        # disks does not show a 252 GiB pool. Allocated is what the filesystem its datasets live on holds, capped by
        # that size: one statvfs, where adding up its files walked the whole tree on every pool read (tuning.profile
        # reads the pools each call: 3,000 files made it ten times slower). It is what the datasets hold when the
        # sandbox's directory is a filesystem of its own, else more (the host's other files too), never less; the
        # datasets' own free space stays the real filesystem's (the space a benchmark really has).
        size = _pool_size(pool['data'], disk_sizes)
        allocated = min(size, _filesystem_used(path)) if os.path.isdir(path) else 0
        topology = {'data': [], 'log': [], 'cache': [], 'spare': [], 'special': [], 'dedup': []}
        for role in ('data', 'log', 'cache'):
            topology[role] = [_vdev_view(v) for v in pool[role]]
        return {
            'name': pool['name'],
            'guid': pool['guid'],
            'status': 'ONLINE',
            'healthy': True,
            'path': path,
            'size': size,
            'allocated': allocated,
            'free': size - allocated,
            'topology': topology,
        }

    def add_vdevs(self, pool, role, vdevs):
        if role not in ('cache', 'log'):
            raise InvalidValueError(f'only cache and log vdevs can be added, not {role!r}')

        def apply(state):
            entry = _find_pool(state, pool)
            in_use = _disks_in_pools(state)
            known = {d['name'] for d in state['box']['disks']}
            seen = set()
            for vdev in vdevs:
                allowed = ('STRIPE',) if role == 'cache' else ('STRIPE', 'MIRROR')
                if vdev['type'] not in allowed:
                    raise InvalidValueError(f'{role} vdevs must be {" or ".join(allowed)}, not {vdev["type"]}')
                if vdev['type'] == 'MIRROR' and len(vdev['disks']) < 2:
                    raise InvalidValueError('a MIRROR needs at least 2 disks')
                if not vdev['disks']:
                    raise InvalidValueError('a vdev needs at least one disk')
                for disk in vdev['disks']:
                    if disk not in known:
                        raise NotFoundError(f'disk {disk!r} does not exist')
                    if disk in in_use or disk in seen:
                        raise BusyError(f'disk {disk!r} is already in use'
                                        + (f' by pool {in_use[disk]!r}' if disk in in_use else ''))
                    seen.add(disk)
            index = entry['next_top_index']
            for vdev in vdevs:
                added, index = _build_vdevs(role, vdev, index)
                entry[role].extend(added)
            entry['next_top_index'] = index
        self._mutate(apply)

    def remove_vdev(self, pool, guid):
        def apply(state):
            entry = _find_pool(state, pool)
            for role in ('cache', 'log'):
                for vdev in entry[role]:
                    if vdev['guid'] == str(guid):
                        entry[role].remove(vdev)
                        return
            for vdev in entry['data']:
                if vdev['guid'] == str(guid) or any(c['guid'] == str(guid) for c in vdev.get('children', [])):
                    raise InvalidValueError(f'cannot remove {vdev["name"]}: data vdevs of pool {pool!r} cannot be '
                                            'removed here')
            for role in ('cache', 'log'):
                for vdev in entry[role]:
                    if any(c['guid'] == str(guid) for c in vdev.get('children', [])):
                        raise InvalidValueError(f'{guid} is a member of {vdev["name"]}: remove the whole mirror '
                                                f'({vdev["guid"]})')
            raise NotFoundError(f'pool {pool!r} has no vdev with guid {guid}')
        self._mutate(apply)

    # --- datasets --------------------------------------------------------------------------------------------
    def _mountpoint(self, name, root=None):
        """The directory of dataset `name`, resolved (symlinks too); refused unless it stays under the sandbox
        (`root`: the sandbox's directory resolved, when the caller resolves it once for several datasets)."""
        if problem := zfs_name_error(name):
            raise InvalidValueError(f'{name!r} is not a dataset name: it {problem}')
        root = os.path.realpath(self.mnt_root) if root is None else root
        parts = name.split('/')
        path = os.path.join(root, *parts)
        if _symlink_below(root, parts):
            path = os.path.realpath(path)   # else it is its own real path: no component can lead elsewhere
        if os.path.commonpath([root, path]) != root or path == root:
            raise InvalidValueError(f'dataset {name!r} resolves to {path}, outside the sandbox')
        return path

    def datasets(self):
        (datasets,) = self._read('$.datasets')
        root = os.path.realpath(self.mnt_root)
        return [{
            'name': name,
            'pool': name.split('/')[0],
            'type': ds['type'],
            'mountpoint': self._mountpoint(name, root) if ds['type'] == 'FILESYSTEM' else None,
        } for name, ds in sorted(datasets.items())]

    def _resolve(self, state, name, prop, table):
        """(value, source, source_from) with ZFS inheritance."""
        ds = state['datasets'][name]
        kind, default, inheritable, _applies = table[prop]
        if prop in ds['properties']:
            return ds['properties'][prop], 'LOCAL', None
        if inheritable:
            parent = name.rsplit('/', 1)[0] if '/' in name else None
            while parent is not None:
                if prop in state['datasets'][parent]['properties']:
                    return state['datasets'][parent]['properties'][prop], 'INHERITED', parent
                parent = parent.rsplit('/', 1)[0] if '/' in parent else None
        if default is None:
            return '-', 'NONE', None
        return default, 'DEFAULT', None

    def dataset_properties(self, name, properties=None):
        datasets, openzfs = self._read('$.datasets', '$.box.openzfs_version')
        state = {'datasets': datasets, 'box': {'openzfs_version': openzfs}}   # what the lookups below use
        if name not in state['datasets']:
            raise NotFoundError(f'dataset {name!r} does not exist')
        ds = state['datasets'][name]
        table = self._prop_table(state['box'])
        wanted = properties if properties is not None else [
            p for p in table if zfs_properties.applies(p, ds['type'], table)] + list(zfs_properties.READ_ONLY)
        result = {}
        for prop in wanted:
            if prop in zfs_properties.READ_ONLY:
                result[prop] = {'value': self._statistic(state, name, prop), 'source': 'NONE', 'source_from': None}
            elif prop in table and zfs_properties.applies(prop, ds['type'], table):
                value, source, source_from = self._resolve(state, name, prop, table)
                result[prop] = {'value': value, 'source': source, 'source_from': source_from}
            elif ':' in prop and prop in ds['properties']:
                result[prop] = {'value': ds['properties'][prop], 'source': 'LOCAL', 'source_from': None}
        return result

    def _statistic(self, state, name, prop):
        ds = state['datasets'][name]
        if prop == 'type':
            return ds['type'].lower()
        if prop == 'creation':
            return str(ds['creation'])
        if prop == 'compressratio':
            return '1.00'
        if prop == 'mounted':
            return 'yes' if ds['type'] == 'FILESYSTEM' else '-'
        if ds['type'] == 'VOLUME':
            volsize = int(ds['properties'].get('volsize', '0'))
            if prop == 'available':
                return str(shutil.disk_usage(self.mnt_root).free)
            return str(volsize if ds['properties'].get('refreservation', '0') != '0' else 0)
        path = self._mountpoint(name)
        # A dataset's own files, added up (its used is its own, unlike the pool's allocated): walked only when asked
        # for used, or for available under a quota
        if prop in ('used', 'referenced'):
            return str(_tree_bytes(path))
        free = shutil.disk_usage(path).free if os.path.isdir(path) else 0
        quotas = [int(ds['properties'][q]) for q in ('quota', 'refquota') if int(ds['properties'].get(q, '0'))]
        used = _tree_bytes(path) if quotas else 0
        return str(max(0, min([free, *(quota - used for quota in quotas)])))

    def set_dataset_properties(self, name, values):
        def apply(state):
            ds = _find_dataset(state, name)
            table = self._prop_table(state['box'])
            max_rs = int(state['zfs_parameters'].get('zfs_max_recordsize', 16 * 1024 ** 2))
            normalized = {}
            for prop, value in values.items():
                if prop in zfs_properties.CREATE_ONLY:
                    raise InvalidValueError(f"cannot set property for '{name}': '{prop}' is readonly")
                try:
                    normalized[prop] = zfs_properties.normalize(prop, value, ds['type'], max_rs, table)
                except ValueError as e:
                    raise InvalidValueError(f"cannot set property for '{name}': {e}") from None
            ds['properties'].update(normalized)
        self._mutate(apply)

    def inherit_dataset_property(self, name, prop):
        def apply(state):
            ds = _find_dataset(state, name)
            table = self._prop_table(state['box'])
            if prop not in table and ':' not in prop:
                raise InvalidValueError(f'invalid property {prop!r}')
            if prop in table and not table[prop][2]:
                raise InvalidValueError(f"'{prop}' property cannot be inherited")
            ds['properties'].pop(prop, None)
        self._mutate(apply)

    def create_dataset(self, name, type_='FILESYSTEM', properties=None, volsize=None):
        properties = dict(properties or {})

        mountpoint = self._mountpoint(name)  # refuses names ZFS would not take, and any way out of the sandbox

        def apply(state):
            if name in state['datasets']:
                raise BusyError(f"cannot create '{name}': dataset already exists")
            if '/' not in name:
                raise InvalidValueError(f"cannot create '{name}': a dataset needs a parent")
            parent = name.rsplit('/', 1)[0]
            if parent not in state['datasets']:
                raise NotFoundError(f"cannot create '{name}': parent does not exist")
            if state['datasets'][parent]['type'] != 'FILESYSTEM':
                raise InvalidValueError(f"cannot create '{name}': parent is a volume")
            if type_ not in ('FILESYSTEM', 'VOLUME'):
                raise InvalidValueError(f'invalid dataset type {type_!r}')
            table = self._prop_table(state['box'])
            max_rs = int(state['zfs_parameters'].get('zfs_max_recordsize', 16 * 1024 ** 2))
            props = {}
            if type_ == 'VOLUME':
                if not volsize:
                    raise InvalidValueError("cannot create a volume without 'volsize'")
                properties['volsize'] = str(volsize)
            for prop, value in properties.items():
                try:
                    props[prop] = zfs_properties.normalize(prop, value, type_, max_rs, table)
                except ValueError as e:
                    raise InvalidValueError(f"cannot create '{name}': {e}") from None
            state['datasets'][name] = {'type': type_, 'properties': props, 'creation': int(self._clock())}
        self._mutate(apply)
        if type_ == 'FILESYSTEM':
            os.makedirs(mountpoint, exist_ok=True)

    def destroy_dataset(self, name, recursive=False):
        mountpoint = self._mountpoint(name)

        def apply(state):
            _find_dataset(state, name)
            if '/' not in name:
                raise InvalidValueError(f"cannot destroy '{name}': it is the root dataset of a pool")
            children = [n for n in state['datasets'] if n.startswith(name + '/')]
            if children and not recursive:
                raise BusyError(f"cannot destroy '{name}': filesystem has children")
            for n in children + [name]:
                del state['datasets'][n]
        self._mutate(apply)
        shutil.rmtree(mountpoint, ignore_errors=True)

    # --- hardware --------------------------------------------------------------------------------------------
    def disks(self):
        pools, disks = self._read('$.pools', '$.box.disks')
        in_use = _disks_in_pools({'pools': pools})
        guids = {}
        for pool in pools:
            for role in ('data', 'cache', 'log'):
                for vdev in pool[role]:
                    for leaf in [vdev, *vdev.get('children', [])]:
                        if leaf.get('disk'):
                            guids[leaf['disk']] = leaf['guid']
        return [{
            'name': d['name'], 'kind': d['kind'], 'size': d['size'], 'model': d['model'], 'serial': d['serial'],
            'rotationrate': d['rotationrate'], 'pool': in_use.get(d['name']), 'used_by': None,
            'zfs_guid': guids.get(d['name']),
        } for d in disks]

    def stand_in_disk(self, name):
        """The file standing in for disk `name` (`STAND_IN_BYTES` of non-zero data under the data directory, made
        once): the sandbox's disks are not devices, and it never reads one of the host's."""
        if name not in {d['name'] for d in self._state()['box']['disks']}:
            raise NotFoundError(f'disk {name!r} does not exist')
        path = os.path.join(self.data_dir, 'sandbox', 'disks', name)
        with self._lock:
            if not (os.path.isfile(path) and os.path.getsize(path) == STAND_IN_BYTES):
                os.makedirs(os.path.dirname(path), exist_ok=True)
                block = (bytes(range(1, 256)) * (MIB // 255 + 1))[:MIB]
                with open(path + '.tmp', 'wb') as f:
                    for _ in range(STAND_IN_BYTES // MIB):
                        f.write(block)
                os.replace(path + '.tmp', path)   # a half-made stand-in is never read
        return path

    def nics(self):
        return [{'name': n['name'], 'link_up': n['link_up'], 'speed_mbps': n['speed_mbps'] if n['link_up'] else None,
                 'mtu': n['mtu'], 'mac': n['mac'], 'addresses': SANDBOX_NIC_ADDRESSES}
                for n in self._read('$.box.nics')[0]]


def _build_vdevs(role, vdev, top_index):
    """Stored vdevs for one requested `{type, disks}`; a STRIPE becomes one top-level DISK vdev per disk."""
    if vdev['type'] == 'STRIPE':
        leaves = [{'name': d, 'type': 'DISK', 'guid': _guid(), 'disk': d, 'children': []} for d in vdev['disks']]
        if role != 'cache':
            top_index += len(leaves)
        return leaves, top_index
    name = f'{VDEV_NAME[vdev["type"]]}-{top_index}'
    children = [{'name': d, 'type': 'DISK', 'guid': _guid(), 'disk': d, 'children': []} for d in vdev['disks']]
    return [{'name': name, 'type': vdev['type'], 'guid': _guid(), 'disk': None, 'children': children}], top_index + 1


def _vdev_view(vdev):
    return {
        'name': vdev['name'],
        'type': vdev['type'],
        'guid': vdev['guid'],
        'status': 'ONLINE',
        'disk': vdev.get('disk'),
        'path': f'/dev/{vdev["disk"]}' if vdev.get('disk') else None,
        'children': [_vdev_view(c) for c in vdev.get('children', [])],
    }


def _refuse_lines(values, name_error, value_error):
    """The sandbox refuses what the openzfs backend could not write into a persistence file."""
    for name, value in values.items():
        if problem := name_error(name) or value_error(value):
            raise InvalidValueError(f'{name!r} = {value!r}: {problem}')


def _pool_size(data_vdevs, disk_sizes):
    """What `zpool list` shows as SIZE for these data vdevs: a RAIDZ vdev or a single disk counts every disk (parity
    included), a RAIDZ its narrowest disk times its width, a mirror its narrowest disk."""
    total = 0
    for vdev in data_vdevs:
        sizes = [disk_sizes.get(leaf.get('disk'), 0) for leaf in [vdev, *vdev.get('children', [])] if leaf.get('disk')]
        if sizes:
            total += min(sizes) if vdev['type'] == 'MIRROR' else min(sizes) * len(sizes)
    return total


def _find_pool(state, name):
    for pool in state['pools']:
        if pool['name'] == name:
            return pool
    raise NotFoundError(f'pool {name!r} does not exist')


def _find_dataset(state, name):
    if name not in state['datasets']:
        raise NotFoundError(f'dataset {name!r} does not exist')
    return state['datasets'][name]


def _disks_in_pools(state):
    used = {}
    for pool in state['pools']:
        for role in ('data', 'cache', 'log'):
            for vdev in pool[role]:
                for leaf in [vdev, *vdev.get('children', [])]:
                    if leaf.get('disk'):
                        used[leaf['disk']] = pool['name']
    return used


def _symlink_below(root, parts):
    """Whether a component of `root`/`parts` below `root` is a symlink (one lstat a component: a dataset's path
    needs resolving only then). A component that cannot be looked at is not one, as for os.path.realpath."""
    path = root
    for part in parts:
        path = os.path.join(path, part)
        try:
            if stat.S_ISLNK(os.lstat(path).st_mode):
                return True
        except OSError:
            return False   # nor is anything below it
    return False


def _filesystem_used(path):
    """The bytes in use on the filesystem holding `path`, as df counts them."""
    st = os.statvfs(path)
    return (st.f_blocks - st.f_bfree) * st.f_frsize


def _tree_bytes(path):
    """The space the files under `path` take (what os.walk finds: symlinks are counted, not followed)."""
    total, directories = 0, [path]
    while directories:
        try:
            entries = os.scandir(directories.pop())
        except OSError:
            continue
        with entries:
            for entry in entries:
                try:
                    is_dir = entry.is_dir()
                except OSError:
                    is_dir = False
                if is_dir:
                    if not entry.is_symlink():
                        directories.append(entry.path)
                    continue
                try:
                    total += entry.stat(follow_symlinks=False).st_blocks * 512
                except OSError:
                    continue
    return total
