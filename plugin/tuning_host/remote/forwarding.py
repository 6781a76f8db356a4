"""The remote appliance's forwarded services: the same interface as the host's own appliance services
(tuning_host.appliance: namespaces, method names, roles, which are jobs), each call forwarded to the box. The classes
are made from that interface when the host starts, one a namespace, so a method added to the appliance is forwarded
without a line here.

A few calls stay on the host (LOCAL_METHODS, LOCAL_NAMESPACES; local_services.py answers them): `systemdataset.config`
(the plugin's database lives in the host's data directory), `system.ready` (the host is ready once the box said so),
the reads of the box's kernel the App can make itself because it runs on it (the ZFS module's sysfs, /proc), and what
is the host's own business: its alerts and the reasons it needs a reboot. Raw ZFS property writes go through
pool.dataset.update where it takes the property (dataset_writes.py).
"""
import errno

from ..backends import APPLIANCE_PACKAGE
from ..runtime import Service
from ..runtime.errors import CallError
from ..runtime.loader import import_package_modules, service_classes
from . import dataset_writes
from .errors import is_refusal, refused_reboot

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
