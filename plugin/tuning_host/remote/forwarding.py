"""The appliance services of the `truenas` backend: the same interface as the host's own appliance services
(tuning_host.appliance: namespaces, method names, roles, which are jobs), each call forwarded to the box.

A few calls stay on the host: `systemdataset.config` (the plugin's database lives in the host's data directory),
`system.ready` (the host is ready once the box said so: server/host.py), and the reads of the box's kernel the App can
make itself because it runs on it: the ZFS module's sysfs (`tunable.get_zfs_parameters`, `zfs.version`, which have no
API call) and /proc (`sysctl.get_arcstats`, `tunable.get_sysctl`, private on TrueNAS: local_reads.py).

Private TrueNAS methods need FULL_ADMIN, so what is the host's own business stays on the host: its alerts (the whole
`alert` namespace) and the reasons it needs a reboot (`system.reboot.*`; `system.reboot.info` adds the box's own
reasons), served by the host's appliance services as with the other backends. Raw ZFS property writes go through
pool.dataset.update where it takes the property (dataset_writes.py).
"""
import errno
import os

from tuning.shared.zfs_module import read_zfs_parameters_dir

from ...runtime import Service
from ...runtime.errors import CallError
from ...runtime.loader import import_package_modules, service_classes
from . import dataset_writes
from .errors import is_refusal, refused_reboot

APPLIANCE_PACKAGE = 'tuning_host.appliance'
LOCAL_METHODS = {'systemdataset.config', 'tunable.get_zfs_parameters', 'zfs.version', 'system.ready',
                 'sysctl.get_arcstats', 'tunable.get_sysctl'}
# system.general: the web UI clients reach is the host's (its certificate, for the client kit to pin), not the box's
LOCAL_NAMESPACES = {'alert', 'system.reboot', 'system.general'}
COPIED_ATTRIBUTES = ('roles', '_private', '_no_auth_required', '_no_authz_required', 'rate_limit', 'audit')


def is_local(method: str) -> bool:
    """Whether the host answers `method` itself rather than the box."""
    return method in LOCAL_METHODS or method.rpartition('.')[0] in LOCAL_NAMESPACES


def appliance_interface() -> dict:
    """{namespace: {method name: the host's method (its roles, job options)}} of tuning_host.appliance."""
    out = {}
    for module in import_package_modules(APPLIANCE_PACKAGE):
        for cls in service_classes(module):
            methods = out.setdefault(cls._config.namespace, {})
            for name in dir(cls):
                attr = getattr(cls, name, None)
                if name.startswith('_') or name in ('middleware', 'logger') or not callable(attr) or \
                        isinstance(attr, type):
                    continue
                methods[name] = attr
    return out


def _forwarder(remote_name, template, box):
    if getattr(template, '_job', None) is not None:
        async def method(self, job, *params):
            return await box.call(remote_name, *params, progress=lambda p: job.set_progress(
                p.get('percent'), p.get('description'), p.get('extra')))
        method._job = dict(template._job)
    else:
        async def method(self, *params):
            return await box.call(remote_name, *params)
    for attr in COPIED_ATTRIBUTES:
        if hasattr(template, attr):
            setattr(method, attr, getattr(template, attr))
    method.__name__ = template.__name__
    method.__doc__ = f'{remote_name} on the box.'
    return method


def _reboot(box):
    """`system.reboot` on the box; a refusal (the key lacks FULL_ADMIN) says what the admin does instead, and a
    connection that drops meanwhile is the box going down."""
    async def reboot(self, job, reason, options=None):
        try:
            return await box.call('system.reboot', reason, options or {'delay': None}, follow=False)
        except CallError as e:
            if is_refusal(e):
                raise refused_reboot() from None
            if e.errno == errno.ECONNRESET:
                return None
            raise
    return reboot


def _zfs_property_writer(writer, box):
    """The private writer of raw ZFS properties: what pool.dataset.update takes goes there; the rest to `writer`
    (first, so that a refusal changes nothing), which only a FULL_ADMIN key may call."""
    async def update(self, *params):
        public, private = dataset_writes.split(writer, params)
        result = None
        if private is not None:
            try:
                result = await box.call(writer, *private)
            except CallError as e:
                if is_refusal(e):
                    dataset, props = dataset_writes.requested(writer, private)
                    raise dataset_writes.refused_properties(writer, dataset, props) from None
                raise
        if public is not None:
            await box.call('pool.dataset.update', *public)
        return result
    return update


def forwarding_services(middleware, box, interface=None) -> list:
    """Service instances forwarding every method of the appliance interface but LOCAL_METHODS."""
    services = []
    for ns, methods in (interface or appliance_interface()).items():
        body = {}
        for name, template in methods.items():
            full = f'{ns}.{name}'
            if is_local(full):
                continue
            body[name] = _forwarder(full, template, box)
            if full == 'system.reboot':
                body[name] = _copy_marks(_reboot(box), body[name])
            elif full in dataset_writes.PRIVATE_WRITERS:
                body[name] = _copy_marks(_zfs_property_writer(full, box), body[name])
        if body:
            config = type('Config', (), {'namespace': ns})
            cls = type(f'Box{ns.title().replace(".", "")}Service', (Service,), {'Config': config, **body})
            services.append(cls(middleware))
    return services


def _copy_marks(fn, marked):
    for attr in COPIED_ATTRIBUTES + ('_job', '__name__', '__doc__'):
        if hasattr(marked, attr):
            setattr(fn, attr, getattr(marked, attr))
    return fn


def read_zfs_parameters(module_dir: str) -> dict:
    """{name: {value, writable}} from `<module_dir>/parameters` (as the plugin reads sysfs on TrueNAS)."""
    return read_zfs_parameters_dir(os.path.join(module_dir, 'parameters'))


def read_zfs_version(module_dir: str) -> str | None:
    """`2.3.4` from `<module_dir>/version` (`2.3.4-1`), None when the module does not say."""
    try:
        with open(os.path.join(module_dir, 'version')) as f:
            return f.read().strip().split('-')[0] or None
    except OSError:
        return None


def host_reboot_service(middleware, box):
    """The host's own reboot reasons (tuning_host.appliance.system_reboot); `info` lists the box's reasons too, so
    the panel's banner shows both. Without a box (the host not yet connected) only the host's."""
    from ...appliance.system_reboot import SystemRebootInfoArgs, SystemRebootInfoResult, SystemRebootService
    from ...runtime import api_method

    class HostRebootService(SystemRebootService):
        Config = SystemRebootService.Config  # its own Config (the runtime ignores an inherited one)

        @api_method(SystemRebootInfoArgs, SystemRebootInfoResult, roles=['SYSTEM_GENERAL_READ'])
        async def info(self):
            """Boot id and why the box needs a reboot: its own reasons and the host's."""
            own = await SystemRebootService.info(self)
            theirs = (await box.call('system.reboot.info'))['reboot_required_reasons'] if box is not None else []
            return {**own, 'reboot_required_reasons': theirs + own['reboot_required_reasons']}

        async def _send_event(self):
            # the host's reasons are kept whether or not the box answers now; its next event sends them again
            try:
                await SystemRebootService._send_event(self)
            except CallError as e:
                self.logger.warning('system.reboot.info not sent: the box did not answer (%s)', e.errmsg)

    return HostRebootService(middleware)


def local_services(middleware, module_dir: str, status=None, box=None) -> list:
    """The services the host answers itself; `sysctl.get_arcstats` and `tunable.get_sysctl` read `/proc` through
    `middleware.backend` (its arcstats/sysctl, as for the other backends)."""
    from ...appliance.alert import AlertService
    from ...appliance.sysctl import SysctlService
    from ...appliance.system_general import SystemGeneralService
    from ...appliance.systemdataset import SystemDatasetService
    from ...appliance.tunable import TunableService
    from ...runtime import private

    class ZfsModuleParametersService(Service):
        class Config:
            namespace = 'tunable'

        @private
        def get_zfs_parameters(self):
            try:
                return read_zfs_parameters(module_dir)
            except OSError as e:
                raise CallError(f'cannot read the ZFS module parameters in {module_dir}/parameters '
                                f'({e.strerror}): is the host running on the box?', errno.ENOENT) from None

        get_sysctl = TunableService.get_sysctl

    class HostReadyService(Service):
        class Config:
            namespace = 'system'

        def ready(self):
            return self.middleware.system_state == 'READY'
        ready.roles = ['SYSTEM_GENERAL_READ']

    class ZfsModuleVersionService(Service):
        class Config:
            namespace = 'zfs'

        @private
        def version(self):
            return read_zfs_version(module_dir)

    class TrueNasConnectionService(Service):
        """`truenas.status`: the box this host serves, the SHA-256 of its pinned certificate (to compare with
        System → Certificates in the box's web UI), the user, whether it is connected, the last error, and whether
        the user holds FULL_ADMIN (`full_admin`: null until known)."""
        class Config:
            namespace = 'truenas'

        def status(self):
            return status()
        status.roles = ['READONLY_ADMIN']

    services = [SystemDatasetService(middleware), ZfsModuleParametersService(middleware),
                ZfsModuleVersionService(middleware), HostReadyService(middleware), SysctlService(middleware),
                AlertService(middleware), SystemGeneralService(middleware), host_reboot_service(middleware, box)]
    return services + ([TrueNasConnectionService(middleware)] if status is not None else [])
