"""The registry of what stands for the appliance under the plugin (`--backend`), each imported only when chosen:

- `sandbox` (a simulated box) and `openzfs` (a real Linux box with OpenZFS): Backend subclasses of this package, under
  the host's own appliance services (APPLIANCE_PACKAGE), which turn their primitives into TrueNAS calls;
- `truenas`: a TrueNAS box's own API, the host running as a TrueNAS App (tuning_host.remote, a peer of the appliance
  services): the remote appliance registers the appliance's services itself, forwarding them to the box.
"""
from .base import Backend
from .errors import BackendError, BusyError, CommandError, InvalidValueError, NotFoundError, ReadOnlyError

APPLIANCE_PACKAGE = 'tuning_host.appliance'


def _sandbox(data_dir, box_file, settings):
    from .sandbox import SandboxBackend
    return SandboxBackend(data_dir, box_file)


def _openzfs(data_dir, box_file, settings):
    if box_file:
        raise ValueError('backend: a box file only applies to the sandbox backend')
    from .openzfs import OpenZfsBackend
    return OpenZfsBackend(data_dir)


def _truenas(data_dir, box_file, settings):
    if settings is None:
        raise ValueError('backend: truenas needs the host\'s settings (the box\'s URL and API key)')
    from ..remote import RemoteAppliance
    return RemoteAppliance(settings)


# name: (how it is built, the package of appliance services the host loads over it: None when it registers its own)
_REGISTRY = {
    'sandbox': (_sandbox, APPLIANCE_PACKAGE),
    'openzfs': (_openzfs, APPLIANCE_PACKAGE),
    'truenas': (_truenas, None),
}
BACKENDS = tuple(_REGISTRY)


def _entry(name):
    if name not in _REGISTRY:
        raise ValueError(f'backend: unknown backend {name!r} (choose one of {", ".join(BACKENDS)})')
    return _REGISTRY[name]


def create_backend(name, data_dir, box_file=None, start=True, settings=None):
    """Build the backend the host runs on and activate it (`start()`: at a boot, persisted values apply).

    `box_file` describes the simulated box (sandbox only; default: the seeds' NAS); `settings` are the host's
    (HostSettings), which the truenas backend reads its box's address and login from. The activation report is kept
    on the backend as `activation`. A setting that cannot work raises ValueError naming it.
    """
    build, _ = _entry(name)
    backend = build(data_dir, box_file, settings)
    backend.activation = backend.start() if start else None
    return backend


def appliance_package(name) -> str | None:
    """The package of appliance services the host loads over backend `name`; None for one that registers them itself
    (`add_services(middleware)`: the remote appliance)."""
    return _entry(name)[1]


__all__ = ['Backend', 'BackendError', 'BusyError', 'CommandError', 'InvalidValueError', 'NotFoundError',
           'ReadOnlyError', 'APPLIANCE_PACKAGE', 'BACKENDS', 'appliance_package', 'create_backend']
