"""Fake-box services in middlewared's idiom, validated by the release's own API models.

Each mirrors the behaviour of the real TrueNAS service that the tuning plugin relies on (named per method); what a
real box would do to hardware is done to the fake box's state (box.json, a sysfs directory, mountpoint directories).
"""
import asyncio
import errno
import importlib.util
import os
import shutil
from datetime import datetime, timezone

from middlewared.api import api_method
from middlewared.api.current import (
    PoolDatasetCreateArgs, PoolDatasetCreateResult, PoolDatasetDeleteArgs, PoolDatasetDeleteResult,
    PoolDatasetUpdateArgs, PoolDatasetUpdateResult, SystemBootIdArgs, SystemBootIdResult, SystemInfoArgs,
    SystemInfoResult, SystemReadyArgs, SystemReadyResult, SystemRebootArgs, SystemRebootInfoArgs,
    SystemRebootInfoResult, SystemRebootResult, SystemStateArgs,
    SystemStateResult, SystemVersionArgs, SystemVersionResult, TunableCreateArgs, TunableCreateResult,
    TunableDeleteArgs, TunableDeleteResult, TunableUpdateArgs, TunableUpdateResult, ZFSResourceQueryArgs,
    ZFSResourceQueryResult,
)
from middlewared.service import CallError, Service, ValidationErrors, job, private
from middlewared.service_exception import InstanceNotFound, ValidationError
from middlewared.utils import sw_version

try:  # 26.0 made middlewared.utils.filter_list a module
    from middlewared.utils.filter_list import filter_list
except ImportError:  # 25.10
    from middlewared.utils import filter_list

from . import accounts, state as box_state

GiB = box_state.GiB
# The release's own writer of raw ZFS properties: zfs.dataset.update (25.10) or pool.dataset.update_impl (26.0).
HAS_ZFS_DATASET_UPDATE = importlib.util.find_spec('middlewared.plugins.zfs_.dataset') is not None
ENUM_PROPS = ('compression', 'atime', 'sync')


def maybe_fail(method: str):
    """Failure injection: fakebox.inject({'fail_calls': {method: message}}) makes ``method`` raise CallError."""
    message = box_state.load()['fail_calls'].get(method)
    if message:
        raise CallError(message, errno.EIO)


def pools_online(st) -> list[str]:
    return [p for p in ['tank'] if st['pools_imported'] and p not in st['pool_missing']]


def _prop(value: str, source: str):
    raw = value.lower()
    parsed = raw
    if value.upper().endswith('K') and value[:-1].isdigit():
        raw = str(int(value[:-1]) * 1024)
        parsed = int(raw)
    elif value.isdigit():
        parsed = int(value)
    return {'value': value, 'rawvalue': raw, 'parsed': parsed, 'source': source, 'source_info': None}


def _effective(st, name: str, prop: str) -> tuple[str, str]:
    """(value, source) with ZFS inheritance: LOCAL here, INHERITED from an ancestor that sets it, else DEFAULT."""
    if prop in st['datasets'][name]:
        return st['datasets'][name][prop], 'LOCAL'
    parts = name.split('/')
    for i in range(len(parts) - 1, 0, -1):
        parent = '/'.join(parts[:i])
        if prop in st['datasets'].get(parent, {}):
            return st['datasets'][parent][prop], 'INHERITED'
    return box_state.DATASET_DEFAULTS[prop], 'DEFAULT'


def dataset_rows(st) -> list[dict]:
    rows = []
    for name in sorted(st['datasets']):
        pool = name.split('/')[0]
        if pool not in pools_online(st):
            continue
        row = {'id': name, 'name': name, 'pool': pool, 'type': 'FILESYSTEM',
               'mountpoint': str(box_state.mnt_dir() / name)}
        for prop in ('recordsize', 'compression', 'atime', 'sync', 'special_small_block_size'):
            row[prop] = _prop(*_effective(st, name, prop))
        rows.append(row)
    return rows


def pool_rows(st) -> list[dict]:
    children = [{'type': 'DISK', 'disk': d, 'name': f'{d}1', 'guid': str(1000 + i), 'children': []}
                for i, d in enumerate(box_state.HDDS)]
    usage = shutil.disk_usage(box_state.home())
    return [{'id': 1, 'name': 'tank', 'guid': '424242', 'status': 'ONLINE', 'healthy': True,
             'path': str(box_state.mnt_dir() / 'tank'),
             'size': usage.total, 'allocated': usage.used, 'free': usage.free,
             'topology': {'data': [{'type': 'RAIDZ2', 'name': 'raidz2-0', 'guid': '77', 'children': children}],
                          'cache': [], 'log': [], 'special': [], 'dedup': [], 'spare': []}}
            for name in pools_online(st)]


def disk_rows() -> list[dict]:
    rows = [{'name': d, 'identifier': f'{{serial}}WD-{d}', 'serial': f'WD-{d}', 'model': 'WDC WD40EFZX',
             'size': 4000787030016, 'type': 'HDD', 'rotationrate': 5400, 'bus': 'ATA'} for d in box_state.HDDS]
    rows.append({'name': 'sdg', 'identifier': '{serial}S42Y', 'serial': 'S42Y', 'model': 'Samsung SSD 860 PRO',
                 'size': 512110190592, 'type': 'SSD', 'rotationrate': None, 'bus': 'ATA'})
    return rows


class FakeboxService(Service):
    """Test control of the fake box (private: not part of any TrueNAS API)."""

    class Config:
        namespace = 'fakebox'
        private = True

    @private
    async def import_pools(self):
        """What ix-zfs.service + the system dataset set-up + the end of boot do on a box, in that order."""
        st = box_state.update(lambda s: s.__setitem__('pools_imported', True) or s)
        for name in pools_online(st):
            for ds in st['datasets']:
                if ds.split('/')[0] == name:
                    (box_state.mnt_dir() / ds).mkdir(parents=True, exist_ok=True)
        if pools_online(st):
            box_state.system_dataset_dir().mkdir(parents=True, exist_ok=True)
        self.middleware.send_event('system.ready', 'ADDED')
        box_state.update(lambda s: s.__setitem__('ready', True))
        return pools_online(st)

    @private
    async def inject(self, changes: dict):
        def do(s):
            s.update(changes)
        box_state.update(do)
        return box_state.load()

    @private
    async def state(self):
        return box_state.load()


class SystemService(Service):

    class Config:
        namespace = 'system'
        cli_namespace = 'system'

    @api_method(SystemInfoArgs, SystemInfoResult, roles=['READONLY_ADMIN'])
    async def info(self):
        maybe_fail('system.info')
        return {
            'version': sw_version(), 'buildtime': datetime(2026, 1, 1, tzinfo=timezone.utc),
            'hostname': 'truenas', 'physmem': box_state.load()['memory']['physmem'], 'model': 'Intel(R) Atom(TM) C3758', 'cores': 8,
            'physical_cores': 8, 'loadavg': [0.0, 0.0, 0.0], 'uptime': '1:00', 'uptime_seconds': 3600.0,
            'system_serial': None, 'system_product': None, 'system_product_version': None, 'license': None,
            'boottime': datetime(2026, 1, 1, tzinfo=timezone.utc), 'datetime': datetime.now(timezone.utc),
            'timezone': 'UTC', 'system_manufacturer': None, 'ecc_memory': True,
        }

    @api_method(SystemVersionArgs, SystemVersionResult, authorization_required=False)
    async def version(self):
        return sw_version()

    @api_method(SystemBootIdArgs, SystemBootIdResult, authentication_required=False)
    async def boot_id(self):
        """Unique per boot (real: lifecycle_conf.SYSTEM_BOOT_ID); a new one after every fake reboot."""
        return box_state.load()['boots'][-1]

    @api_method(SystemReadyArgs, SystemReadyResult, roles=['SYSTEM_GENERAL_READ'])
    async def ready(self):
        return await self.middleware.call('system.state') != 'BOOTING'

    @api_method(SystemStateArgs, SystemStateResult, roles=['SYSTEM_GENERAL_READ'])
    async def state(self):
        return 'READY' if box_state.load()['ready'] else 'BOOTING'

    @api_method(SystemRebootArgs, SystemRebootResult, roles=['FULL_ADMIN'])
    @job()
    async def reboot(self, job, reason, options):
        """Records the request (the test stops and restarts the launcher: that is the reboot)."""
        self.middleware.send_event('system.reboot', 'ADDED', fields={'reason': reason})
        if options['delay'] is not None:
            await asyncio.sleep(options['delay'])
        box_state.update(lambda s: s['reboots_requested'].append(reason))


    @private
    async def is_enterprise(self):
        return False

    @private
    async def product_type(self):
        return 'COMMUNITY_EDITION'


class FailoverService(Service):
    """A single-controller box (the real failover plugin answers these for non-HA hardware)."""

    class Config:
        namespace = 'failover'
        private = True

    @private
    async def licensed(self):
        return False

    @private
    async def node(self):
        return 'MANUAL'

    @private
    async def status(self):
        return 'SINGLE'


class SystemRebootService(Service):
    """In memory, keyed by code, as 25.10 plugins/system/reboot.py (gone after a reboot)."""

    class Config:
        namespace = 'system.reboot'
        cli_namespace = 'system.reboot_required'

    reboot_reasons: dict[str, str] = {}

    @api_method(SystemRebootInfoArgs, SystemRebootInfoResult, roles=['SYSTEM_GENERAL_READ'])
    async def info(self):
        return {'boot_id': await self.middleware.call('system.boot_id'),
                'reboot_required_reasons': [{'code': c, 'reason': r} for c, r in self.reboot_reasons.items()]}

    @private
    async def add_reason(self, code: str, reason: str):
        self.reboot_reasons[code] = reason

    @private
    async def remove_reason(self, code: str):
        self.reboot_reasons.pop(code, None)

    @private
    async def list_reasons(self):
        return dict(self.reboot_reasons)


class SystemGeneralService(Service):
    class Config:
        namespace = 'system.general'
        role_prefix = 'SYSTEM_GENERAL'  # the real service's: a read-only admin reads it
        cli_namespace = 'system.general'
        private = True

    @private
    async def get_ui_allowlist(self):
        return []


class SystemDatasetService(Service):
    class Config:
        namespace = 'systemdataset'
        role_prefix = 'DATASET'  # the real service's: a read-only admin reads it
        cli_namespace = 'system.system_dataset'
        private = True

    @private
    async def config(self):
        """The system dataset (/var/db/system on a box): mounted once a data pool is imported, path None before."""
        st = box_state.load()
        mounted = bool(pools_online(st))
        return {'id': 1, 'pool': 'tank' if mounted else 'boot-pool', 'pool_set': True,
                'uuid': 'fakebox', 'basename': 'tank/.system' if mounted else None,
                'path': str(box_state.system_dataset_dir()) if mounted else None}


class PoolService(Service):
    class Config:
        namespace = 'pool'
        role_prefix = 'POOL'  # the real service's: a read-only admin reads it
        cli_namespace = 'storage.pool'
        private = True

    @private
    async def query(self, filters=None, options=None):
        maybe_fail('pool.query')
        return filter_list(pool_rows(box_state.load()), filters or [], options or {})


class PoolDatasetService(Service):
    class Config:
        namespace = 'pool.dataset'
        role_prefix = 'DATASET'  # the real service's: a read-only admin reads it
        role_separate_delete = True
        cli_namespace = 'storage.dataset'

    @private
    async def query(self, filters=None, options=None):
        maybe_fail('pool.dataset.query')
        return filter_list(dataset_rows(box_state.load()), filters or [], options or {})

    @api_method(PoolDatasetCreateArgs, PoolDatasetCreateResult, roles=['DATASET_WRITE'])
    async def create(self, data):
        maybe_fail('pool.dataset.create')
        name = data['name']
        if box_state.mountpoint(name) is None:
            verrors = ValidationErrors()
            verrors.add('pool_dataset_create.name', f'{name!r}: not a valid dataset name')
            verrors.check()

        def do(s):
            if name in s['datasets']:
                raise CallError(f'{name!r} already exists', errno.EEXIST)
            if name.rsplit('/', 1)[0] not in s['datasets'] or name.split('/')[0] not in pools_online(s):
                raise CallError(f'{name}: parent dataset does not exist', errno.ENOENT)
            s['datasets'][name] = {p: str(data[p]) for p in box_state.DATASET_DEFAULTS
                                   if isinstance(data.get(p), (str, int)) and data.get(p) != 'INHERIT'}
        box_state.update(do)
        box_state.mountpoint(name).mkdir(parents=True, exist_ok=True)
        return (await self.query([['id', '=', name]]))[0]

    @api_method(PoolDatasetUpdateArgs, PoolDatasetUpdateResult, roles=['DATASET_WRITE'])
    async def update(self, id_, data):
        maybe_fail('pool.dataset.update')

        def do(s):
            if id_ not in s['datasets']:
                raise InstanceNotFound(f'{id_}: dataset does not exist')
            for prop in ('recordsize', 'compression', 'atime', 'sync', 'special_small_block_size'):
                if prop not in data:
                    continue
                if data[prop] == 'INHERIT':
                    s['datasets'][id_].pop(prop, None)
                else:
                    s['datasets'][id_][prop] = str(data[prop])
        box_state.update(do)
        return (await self.query([['id', '=', id_]]))[0]

    if not HAS_ZFS_DATASET_UPDATE:
        @private
        def update_impl(self, data):
            """26.0 (plugins/pool_/dataset.py): set ``zprops``, inherit ``iprops`` of one dataset; returns None."""
            maybe_fail('pool.dataset.update_impl')

            def do(s):
                if data['name'] not in s['datasets']:
                    raise CallError(f'{data["name"]}: dataset does not exist', errno.ENOENT)  # libzfs open fails
                s['datasets'][data['name']].update({p: str(v) for p, v in (data.get('zprops') or {}).items()})
                for prop in data.get('iprops') or ():
                    s['datasets'][data['name']].pop(prop, None)
            box_state.update(do)

    @api_method(PoolDatasetDeleteArgs, PoolDatasetDeleteResult, roles=['DATASET_DELETE'])
    async def delete(self, id_, options):
        maybe_fail('pool.dataset.delete')

        def do(s):
            if id_ not in s['datasets']:
                raise InstanceNotFound(f'{id_}: dataset does not exist')
            children = [d for d in s['datasets'] if d.startswith(id_ + '/')]
            if children and not options['recursive']:
                raise CallError(f'{id_} has children', errno.ENOTEMPTY)
            for d in [id_, *children]:
                del s['datasets'][d]
        box_state.update(do)
        shutil.rmtree(box_state.mountpoint(id_), ignore_errors=True)   # a name create accepted
        return True


if HAS_ZFS_DATASET_UPDATE:
    class ZFSDatasetService(Service):
        """25.10 (plugins/zfs_/dataset.py); 26.0 removed it for pool.dataset.update_impl."""
        class Config:
            namespace = 'zfs.dataset'
            private = True

        @private
        async def update(self, id_, data):
            def do(s):
                if id_ not in s['datasets']:
                    raise CallError(f'{id_}: dataset does not exist', errno.ENOENT)
                for prop, change in data.get('properties', {}).items():
                    if change.get('source') == 'INHERIT':
                        s['datasets'][id_].pop(prop, None)
                    else:
                        s['datasets'][id_][prop] = change['value']
            box_state.update(do)


class ZFSResourceService(Service):
    class Config:
        namespace = 'zfs.resource'
        cli_private = True

    @api_method(ZFSResourceQueryArgs, ZFSResourceQueryResult, roles=['POOL_READ'])
    async def query(self, data):
        """25.10 (plugins/zfs/resource_crud.py): the service (on 26.0 the real typed service is built in and reads
        through zfs_query_impl). Its argument check, a missing path as ENOENT and ``nest_results`` as 25.10's."""
        data = {'paths': [], 'properties': [], 'get_source': True, 'get_children': False, 'nest_results': False,
                **data}
        paths = data['paths']
        if data['get_children'] and any(p != q and (q + '/').startswith(p + '/') for p in paths for q in paths):
            raise ValidationError('zfs.resource.query', 'Paths must be non-overlapping - no path can be relative to '
                                                        'another when get_children is set to True.')
        try:
            results = zfs_resources(data, raise_on_noent=True, children_key=list)
        except FileNotFoundError as e:
            raise ValidationError('zfs.resource.query', f'{str(e)!r}: not found', errno.ENOENT)
        return _nest(results) if data['nest_results'] else results


# ZFS property -> the fake box's key for it (its state keeps pool.dataset's names)
STATE_KEYS = {'special_small_blocks': 'special_small_block_size'}
SIZE_PROPS = ('recordsize', 'special_small_blocks')


def _zfs_value(prop: str, value: str) -> tuple[str, object]:
    """(raw, value) as libzfs gives them: lower-case words, sizes in bytes (raw a string, value an int)."""
    text = str(value)
    if prop in SIZE_PROPS:
        size = int(text[:-1]) * {'K': 1024, 'M': 1024 ** 2}[text[-1].upper()] if text[-1:].upper() in 'KM' \
            and text[:-1].isdigit() else int(text)
        return str(size), size
    return text.lower(), text.lower()


def _zfs_row(st, path: str, data: dict, children) -> dict:
    props = {}
    for p in data.get('properties') or []:
        key = STATE_KEYS.get(p, p)
        if key not in box_state.DATASET_DEFAULTS:
            continue   # a property the fake box does not model
        value, source = _effective(st, path, key)
        raw, parsed = _zfs_value(p, value)
        origin = _inherited_from(st, path, key) if source == 'INHERITED' else None
        props[p] = {'value': parsed, 'raw': raw,
                    'source': {'type': source, 'value': origin} if data.get('get_source', True) else None}
    return {'createtxg': 1, 'guid': 4242 + sorted(st['datasets']).index(path), 'name': path,
            'pool': path.split('/')[0], 'type': 'FILESYSTEM', 'properties': props,
            'user_properties': None, 'children': children()}


def zfs_resources(data: dict, raise_on_noent: bool | None = None, children_key=None) -> list[dict]:
    """What libzfs gives for ``zfs.resource.query`` (query_impl: ZFSResourceEntry rows, flat): each path, then with
    ``get_children`` every dataset below it, depth first; source as ``{type, value}`` (value the ancestor an
    inherited property comes from; None unless ``get_source``), value the parsed one and raw the string; only the
    properties asked for. A missing path is skipped, or raises (``raise_on_noent``: 26.0's argument, 25.10 always).
    ``children``: 26.0 sets None, a list when children are read; 25.10 gives a list (``children_key``)."""
    get_children = bool(data.get('get_children')) or (data.get('max_depth') or 0) > 0
    # failure injection: every query, or only those that read what lies below their paths
    maybe_fail('zfs.resource.query')
    if get_children:
        maybe_fail('zfs.resource.query get_children')
    st = box_state.load()
    if raise_on_noent is None:
        raise_on_noent = bool(data.get('raise_on_noent'))
    max_depth = data.get('max_depth') or 0
    online = pools_online(st)
    out = []
    for path in data.get('paths') or []:
        if path not in st['datasets'] or path.split('/')[0] not in online:
            if raise_on_noent:
                try:
                    from middlewared.plugins.zfs.exceptions import ZFSPathNotFoundException
                except ImportError:   # 25.10: the service turns it into ENOENT
                    raise FileNotFoundError(path)
                raise ZFSPathNotFoundException(path)
            continue
        below = sorted(d for d in st['datasets'] if d.startswith(path + '/')) if get_children else []
        if max_depth:
            below = [d for d in below if d.count('/') - path.count('/') <= max_depth]
        for name in [path, *below]:
            out.append(_zfs_row(st, name, data, children_key or (list if get_children else lambda: None)))
    return out


def _nest(rows: list[dict]) -> list[dict]:
    """25.10's nest_paths: each row under its nearest ancestor in the answer."""
    by_name, roots = {r['name']: r for r in rows}, []
    for row in rows:
        parts = row['name'].split('/')
        parent = next((by_name['/'.join(parts[:i])] for i in range(len(parts) - 1, 0, -1)
                       if '/'.join(parts[:i]) in by_name), None)
        (parent['children'] if parent is not None else roots).append(row)
    return roots


def zfs_query_impl(hdl, data: dict, tier_enabled: bool = False) -> list[dict]:
    """26.0: stands in for plugins/zfs/query_impl.query_impl (libzfs through truenas_pylibzfs); the real
    ``zfs.resource.query`` (argument checks, ZFSResourceEntry, nest_results) runs around it."""
    return zfs_resources(data)


def _inherited_from(st, name: str, prop: str):
    parts = name.split('/')
    for i in range(len(parts) - 1, 0, -1):
        parent = '/'.join(parts[:i])
        if prop in st['datasets'].get(parent, {}):
            return parent
    return None


class TunableService(Service):
    """system.tunable (25.10 plugins/tunables.py): rows persisted, ZFS values written to sysfs, sysctls to the box."""

    class Config:
        namespace = 'tunable'
        role_prefix = 'SYSTEM_TUNABLE'  # the real service's: a read-only admin reads it
        cli_namespace = 'system.tunable'

    @private
    async def query(self, filters=None, options=None):
        return filter_list(box_state.load()['tunables'], filters or [], options or {})

    @private
    def get_sysctl(self, var):
        # The real one opens /proc/sys/<var>: an unknown sysctl raises FileNotFoundError, not CallError.
        sysctls = box_state.load()['sysctls']
        if var not in sysctls:
            raise FileNotFoundError(errno.ENOENT, 'No such file or directory', f'/proc/sys/{var.replace(".", "/")}')
        return sysctls[var]

    @private
    def get_sysctls(self):
        return set(box_state.load()['sysctls'])

    @api_method(TunableCreateArgs, TunableCreateResult, roles=['SYSTEM_TUNABLE_WRITE'])
    @job(lock='tunable_crud')
    def create(self, job, data):
        maybe_fail('tunable.create')
        data.pop('update_initramfs')
        verrors = ValidationErrors()
        st = box_state.load()
        if any(r['var'] == data['var'] for r in st['tunables']):
            verrors.add('tunable_create.var', f'Tunable {data["var"]!r} already exists in database.', errno.EEXIST)
        if data['type'] == 'SYSCTL' and data['var'] not in st['sysctls']:
            verrors.add('tunable_create.var', f'Sysctl {data["var"]!r} does not exist in kernel.', errno.ENOENT)
        if data['type'] == 'ZFS' and not ((path := box_state.zfs_parameter_path(data['var'])) and path.exists()):
            verrors.add('tunable_create.var', f'ZFS module does not accept {data["var"]!r} parameter.', errno.ENOENT)
        verrors.check()
        data['orig_value'] = self._live(data['type'], data['var'])

        def do(s):
            row = {'id': s['next_tunable_id'], **data}
            s['next_tunable_id'] += 1
            s['tunables'].append(row)
            return row
        row = box_state.update(do)
        if row['enabled']:
            self._set_live(row['type'], row['var'], row['value'])
        return row

    @api_method(TunableUpdateArgs, TunableUpdateResult, roles=['SYSTEM_TUNABLE_WRITE'])
    @job(lock='tunable_crud')
    def update(self, job, id_, data):
        maybe_fail('tunable.update')
        data.pop('update_initramfs', None)

        def do(s):
            for row in s['tunables']:
                if row['id'] == id_:
                    row.update(data)
                    return row
            raise InstanceNotFound(f'Tunable {id_} does not exist')
        row = box_state.update(do)
        self._set_live(row['type'], row['var'], row['value'] if row['enabled'] else row['orig_value'])
        return row

    @api_method(TunableDeleteArgs, TunableDeleteResult, roles=['SYSTEM_TUNABLE_WRITE'])
    @job(lock='tunable_crud')
    def delete(self, job, id_):
        maybe_fail('tunable.delete')

        def do(s):
            for row in s['tunables']:
                if row['id'] == id_:
                    s['tunables'].remove(row)
                    return row
            raise InstanceNotFound(f'Tunable {id_} does not exist')
        row = box_state.update(do)
        # deleting writes orig_value back live (reset_sysctl / reset_zfs_parameter)
        self._set_live(row['type'], row['var'], row['orig_value'])

    def _live(self, type_, var):
        if type_ == 'ZFS':
            return box_state.zfs_parameter_path(var).read_text().strip()   # create checked it is there
        if type_ == 'SYSCTL':
            return self.get_sysctl(var)
        return ''

    def _set_live(self, type_, var, value):
        if type_ == 'ZFS':
            path = box_state.zfs_parameter_path(var)
            if path is not None and path.exists() and os.stat(path).st_mode & 0o200:  # read-only ones ignore writes
                path.write_text(value + '\n')
        elif type_ == 'SYSCTL':
            box_state.update(lambda s: s['sysctls'].__setitem__(var, value))


class UserService(Service):
    """The box's local accounts (accounts.py; account.py: what auth.authenticate_user and auth.me read)."""

    class Config:
        namespace = 'user'
        role_prefix = 'ACCOUNT'  # the real service's: a read-only admin reads it
        cli_namespace = 'account.user'
        private = True

    @private
    async def query(self, filters=None, options=None):
        rows = [accounts.user_row(name) for name in accounts.ACCOUNTS]
        return filter_list(rows, filters or [], options or {})

    @private
    async def get_user_obj(self, data):
        name = data['username'] if 'username' in data else accounts.by_uid(data.get('uid'))
        if name not in accounts.ACCOUNTS:
            raise KeyError(data)
        return accounts.passwd(name)

    @private
    async def twofactor_config(self, username):
        return {'provisioning_uri': None, 'secret_configured': False, 'interval': 30, 'otp_digits': 6}


class SystemSecurityService(Service):
    """privilege.compose_privilege (a password login's credentials) reads the STIG switches: a box out of STIG mode
    (the real service is a ConfigService on middlewared's database)."""

    class Config:
        namespace = 'system.security'
        private = True

    @private
    async def config(self):
        return {'id': 1, 'enable_fips': False, 'enable_gpos_stig': False}


class DiskService(Service):
    class Config:
        namespace = 'disk'
        role_prefix = 'DISK'  # the real service's: a read-only admin reads it
        cli_namespace = 'storage.disk'
        private = True

    @private
    async def query(self, filters=None, options=None):
        return filter_list(disk_rows(), filters or [], options or {})

    @private
    async def details(self, data=None):
        return [d for d in disk_rows() if d['name'] == 'sdg']


class InterfaceService(Service):
    class Config:
        namespace = 'interface'
        role_prefix = 'NETWORK_INTERFACE'  # the real service's: a read-only admin reads it
        cli_namespace = 'network.interface'
        private = True

    @private
    async def query(self, filters=None, options=None):
        return filter_list([{'name': 'eno1', 'state': {'link_state': 'LINK_STATE_UP',
                                                       'active_media_subtype': '1000baseT <full-duplex>'}}],
                           filters or [], options or {})


class SMBService(Service):
    class Config:
        namespace = 'smb'
        role_prefix = 'SHARING_SMB'  # the real service's: a read-only admin reads it
        cli_namespace = 'service.smb'
        private = True

    @private
    async def config(self):
        return dict(box_state.load()['smb'])

    @private
    async def update(self, data):
        box_state.update(lambda s: s['smb'].update(data))
        return await self.config()


class NFSService(Service):
    class Config:
        namespace = 'nfs'
        role_prefix = 'SHARING_NFS'  # the real service's: a read-only admin reads it
        cli_namespace = 'service.nfs'
        private = True

    @private
    async def config(self):
        return dict(box_state.load()['nfs'])

    @private
    async def update(self, data):
        box_state.update(lambda s: s['nfs'].update(data))
        return await self.config()


class SysctlService(Service):
    class Config:
        namespace = 'sysctl'
        private = True

    @private
    def get_arcstats(self):
        maybe_fail('sysctl.get_arcstats')
        return box_state.arcstats(box_state.load())


async def setup(middleware):
    # Registered by the real system plugin on a box; the fake box sends it from fakebox.import_pools.
    middleware.event_register('system.ready', 'Finished boot process', roles=['SYSTEM_GENERAL_READ'])
