"""Backends under the appliance services: `sandbox` (simulated box) and `openzfs` (a real Linux box)."""
from .base import Backend
from .errors import BackendError, BusyError, CommandError, InvalidValueError, NotFoundError, ReadOnlyError

BACKENDS = ('sandbox', 'openzfs')


def create_backend(name, data_dir, box_file=None, start=True):
    """Build the backend the host runs on and activate it (`start()`: at a boot, persisted values apply).

    `box_file` describes the simulated box (sandbox only; default: the seeds' NAS). The activation report is kept
    on the backend as `activation`.
    """
    if name == 'sandbox':
        from .sandbox import SandboxBackend
        backend = SandboxBackend(data_dir, box_file)
    elif name == 'openzfs':
        if box_file:
            raise ValueError('backend: a box file only applies to the sandbox backend')
        from .openzfs import OpenZfsBackend
        backend = OpenZfsBackend(data_dir)
    else:
        raise ValueError(f'backend: unknown backend {name!r} (choose one of {", ".join(BACKENDS)})')
    backend.activation = backend.start() if start else None
    return backend


__all__ = ['Backend', 'BackendError', 'BusyError', 'CommandError', 'InvalidValueError', 'NotFoundError',
           'ReadOnlyError', 'BACKENDS', 'create_backend']
