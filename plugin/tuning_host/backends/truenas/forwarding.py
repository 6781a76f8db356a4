"""The appliance services of the `truenas` backend: the same interface as the host's own appliance services
(tuning_host.appliance: namespaces, method names, roles, which are jobs), each call forwarded to the box.

A few calls stay on the host: `systemdataset.config` (the plugin's database lives in the host's data directory),
`system.ready` (the host is ready once the box said so: server/host.py), and the two the host serves where TrueNAS has
no API call (`tunable.get_zfs_parameters`, `zfs.version`), which read the ZFS module's sysfs directory as the plugin
does on TrueNAS (the App runs on the box's kernel).
"""
import errno
import os

from ...runtime import Service
from ...runtime.errors import CallError
from ...runtime.loader import import_package_modules, service_classes
from .errors import is_refusal, refused_reboot

APPLIANCE_PACKAGE = 'tuning_host.appliance'
LOCAL_METHODS = {'systemdataset.config', 'tunable.get_zfs_parameters', 'zfs.version', 'system.ready'}
COPIED_ATTRIBUTES = ('roles', '_private', '_no_auth_required', '_no_authz_required', 'rate_limit', 'audit')


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


def forwarding_services(middleware, box, interface=None) -> list:
    """Service instances forwarding every method of the appliance interface but LOCAL_METHODS."""
    services = []
    for ns, methods in (interface or appliance_interface()).items():
        body = {}
        for name, template in methods.items():
            full = f'{ns}.{name}'
            if full in LOCAL_METHODS:
                continue
            body[name] = _forwarder(full, template, box)
            if full == 'system.reboot':
                body[name] = _copy_marks(_reboot(box), body[name])
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
    directory = os.path.join(module_dir, 'parameters')
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


def read_zfs_version(module_dir: str) -> str | None:
    """`2.3.4` from `<module_dir>/version` (`2.3.4-1`), None when the module does not say."""
    try:
        with open(os.path.join(module_dir, 'version')) as f:
            return f.read().strip().split('-')[0] or None
    except OSError:
        return None


def local_services(middleware, module_dir: str, status=None) -> list:
    from ...appliance.systemdataset import SystemDatasetService
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
        System → Certificates in the box's web UI), the user, whether it is connected and the last error."""
        class Config:
            namespace = 'truenas'

        def status(self):
            return status()
        status.roles = ['READONLY_ADMIN']

    services = [SystemDatasetService(middleware), ZfsModuleParametersService(middleware),
                ZfsModuleVersionService(middleware), HostReadyService(middleware)]
    return services + ([TrueNasConnectionService(middleware)] if status is not None else [])
