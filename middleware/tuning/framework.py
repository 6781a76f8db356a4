"""The one place that decides where the framework names come from.

Installed into TrueNAS this package is ``middlewared.plugins.tuning``: the names are middlewared's own, imported
without a fallback, so a name that moved in a TrueNAS release fails the plugin's load loudly (in middlewared's log)
instead of quietly picking the standalone runtime. Anywhere else they come from the standalone host's runtime
(``tuning_host.runtime``), which implements the same contract. Nothing else in the plugin imports either framework,
and the domain core (``tuning.core``) imports neither.

25.10 and 26.0 export these names from the same modules; if a release moves one, the difference belongs here.
"""
import errno
import importlib.util

ON_TRUENAS = __name__.startswith('middlewared.plugins.')

if ON_TRUENAS:
    from middlewared.alert.base import AlertCategory, AlertClass, AlertLevel, SimpleOneShotAlertClass
    from middlewared.api import api_method
    from middlewared.api.base import (
        BaseModel as _FrameworkModel, ForUpdateMetaclass, LongString, NonEmptyString, single_argument_args,
    )
    from middlewared.api.current import QueryArgs, QueryFilters, QueryOptions
    from middlewared.service import CallError, Service, ValidationError, ValidationErrors, job, private
    from middlewared.service_exception import InstanceNotFound, MatchNotFound
    from middlewared.utils.filter_list import filter_list
    # Raw ZFS properties (logbias, primarycache, ...): 25.10 has the private zfs.dataset.update; 26.0 removed it (and
    # its module) and writes them with the private pool.dataset.update_impl, as its own plugins do.
    _ZFS_PROPERTY_WRITER = ('zfs.dataset.update' if importlib.util.find_spec('middlewared.plugins.zfs_.dataset')
                            else 'pool.dataset.update_impl')

    def zfs_property_writer() -> str:
        return _ZFS_PROPERTY_WRITER
else:
    from tuning_host.runtime import (  # noqa: F401  (re-exported)
        AlertCategory, AlertClass, AlertLevel, BaseModel as _FrameworkModel, CallError, ForUpdateMetaclass,
        InstanceNotFound, LongString,
        MatchNotFound, NonEmptyString, QueryArgs, QueryFilters, QueryOptions, Service, SimpleOneShotAlertClass,
        ValidationError, ValidationErrors, api_method, filter_list, job, private, single_argument_args,
    )
    from tuning_host.appliance.release import zfs_property_writer  # noqa: F401  (of the release the host imitates)

async def run_in_proc(middleware, fn, *args, **kwargs):
    """``fn(*args, **kwargs)`` in a worker process (``compute``'s CPU-heavy work, off the GIL the event loop needs):
    the standalone host's process pool. Inside TrueNAS a thread, as before: 26.0's middlewared has no process pool
    (its main.py dropped run_in_proc), and in the live tier 25.10's pool lost its workers ("terminated abruptly") on
    the plugin's work, a cause not yet found; ``compute`` stays importable there (the load-rule tier checks it)."""
    if ON_TRUENAS:
        return await middleware.run_in_thread(fn, *args, **kwargs)
    return await middleware.run_in_proc(fn, *args, **kwargs)


def plain(value):
    """An appliance call's answer as plain data. 26.0's typed services (``zfs.resource`` among them) answer internal
    calls with their pydantic entry models (ZFSResourceEntry), not dicts; 25.10's and the standalone host's are dicts
    already."""
    dump = getattr(value, 'model_dump', None)
    return dump() if callable(dump) else value


def field_errors(problems) -> 'ValidationErrors':
    """``ValidationErrors`` of ``(field, message)`` or ``(field, message, errno)`` pairs: the TrueNAS error format,
    each message under the field it is about."""
    verrors = ValidationErrors()
    for field, message, *code in problems:
        verrors.add(field, message, *code)
    return verrors


def field_error(field: str, message: str, code: int = errno.EINVAL) -> 'ValidationErrors':
    """One message under one field; ``raise field_error(...)``."""
    return field_errors([(field, message, code)])


# middlewared accepts models for public methods only when they are defined under ``middlewared.api.`` (a string check
# on ``__module__``). The plugin keeps its models next to its services, so on TrueNAS they are re-homed there.
API_MODELS_MODULE = 'middlewared.api.current'


class BaseModel(_FrameworkModel):
    @classmethod
    def __pydantic_init_subclass__(cls, **kwargs):
        super().__pydantic_init_subclass__(**kwargs)
        if ON_TRUENAS:
            cls.__module__ = API_MODELS_MODULE


# Roles reused from TrueNAS (unknown role names fail at plugin load there).
READ_ROLES = ['SYSTEM_ADVANCED_READ']
WRITE_ROLES = ['SYSTEM_ADVANCED_WRITE']
# What middlewared asks of system.reboot; a call that erases a disk asks no less (checked inside the method, as the
# method's own role admits calls that write no disk).
FULL_ADMIN_ROLE = 'FULL_ADMIN'


def holds_full_admin(app) -> bool:
    """Whether the caller behind ``app`` (a method's ``pass_app``) holds FULL_ADMIN. No ``app``: an internal call,
    trusted as middlewared trusts it."""
    if app is None:
        return True
    credentials = app.authenticated_credentials
    if credentials is None:
        return False
    if ON_TRUENAS:
        from middlewared.utils.privilege import credential_has_full_admin
        return credential_has_full_admin(credentials)
    return FULL_ADMIN_ROLE in credentials['roles']

__all__ = [
    'API_MODELS_MODULE', 'AlertCategory', 'AlertClass', 'AlertLevel', 'BaseModel', 'CallError', 'FULL_ADMIN_ROLE',
    'ForUpdateMetaclass', 'InstanceNotFound', 'holds_full_admin',
    'LongString', 'MatchNotFound', 'NonEmptyString', 'ON_TRUENAS', 'QueryArgs', 'QueryFilters', 'QueryOptions',
    'READ_ROLES', 'Service', 'SimpleOneShotAlertClass', 'ValidationError', 'ValidationErrors', 'WRITE_ROLES',
    'api_method', 'field_error', 'field_errors', 'filter_list', 'job', 'plain', 'private', 'run_in_proc', 'single_argument_args',
    'zfs_property_writer',
]
