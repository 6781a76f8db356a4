"""The one place that decides where the framework names come from.

Inside TrueNAS middlewared (25.10) they are middlewared's own; anywhere else they come from the standalone host's
runtime (``tuning_host.runtime``), which implements the same contract. Nothing else in the plugin imports either
framework, and the domain core (``tuning.core``) imports neither.
"""
try:
    from middlewared.api import api_method
    from middlewared.api.base import BaseModel as _FrameworkModel, LongString, NonEmptyString, single_argument_args
    from middlewared.api.current import QueryArgs, QueryFilters, QueryOptions
    from middlewared.service import CallError, Service, ValidationError, ValidationErrors, job, private
    from middlewared.service_exception import InstanceNotFound, MatchNotFound
    from middlewared.utils import filter_list
    ON_TRUENAS = True
except ImportError:
    from tuning_host.runtime import (  # noqa: F401  (re-exported)
        BaseModel as _FrameworkModel, CallError, InstanceNotFound, LongString, MatchNotFound, NonEmptyString,
        QueryArgs, QueryFilters, QueryOptions, Service, ValidationError, ValidationErrors, api_method,
        filter_list, job, private, single_argument_args,
    )
    ON_TRUENAS = False

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

__all__ = [
    'API_MODELS_MODULE', 'BaseModel', 'CallError', 'InstanceNotFound', 'LongString', 'MatchNotFound',
    'NonEmptyString', 'ON_TRUENAS', 'QueryArgs', 'QueryFilters', 'QueryOptions', 'READ_ROLES', 'Service',
    'ValidationError', 'ValidationErrors', 'WRITE_ROLES', 'api_method', 'filter_list', 'job', 'private',
    'single_argument_args',
]
