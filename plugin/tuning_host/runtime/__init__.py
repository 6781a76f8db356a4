"""Middlewared-compatible runtime for the standalone host (architecture.md §2).

`tuning.framework` imports these names when middlewared is not importable; they behave like middlewared 25.10's.
"""
from .alerts import AlertCategory, AlertClass, AlertLevel, OneShotAlertClass, SimpleOneShotAlertClass
from .decorators import api_method, job, pass_app, private
from .errors import (CallError, CallException, InstanceNotFound, MatchNotFound, ValidationError, ValidationErrors,
                     get_errname, ENOTAUTHENTICATED)
from .filters import filter_list
from .jobs import Job, State
from .middleware import Middleware, MethodNotFound
from .pipes import Pipe, Pipes
from .models import (BaseModel, ForUpdateMetaclass, LongString, NonEmptyString, QueryArgs, QueryFilters, QueryOptions,
                     single_argument_args, single_argument_result)
from .service import Service

__all__ = [
    "AlertCategory", "AlertClass", "AlertLevel", "OneShotAlertClass", "SimpleOneShotAlertClass",
    "Service", "api_method", "job", "private", "pass_app",
    "CallError", "CallException", "ValidationError", "ValidationErrors", "InstanceNotFound", "MatchNotFound",
    "get_errname", "ENOTAUTHENTICATED",
    "BaseModel", "ForUpdateMetaclass", "NonEmptyString", "LongString", "single_argument_args", "single_argument_result",
    "QueryArgs", "QueryOptions", "QueryFilters",
    "filter_list", "Job", "State", "Middleware", "MethodNotFound", "Pipe", "Pipes",
]
