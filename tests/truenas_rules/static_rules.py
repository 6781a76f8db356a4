"""The TrueNAS 25.10 load-time rules, checked over service classes with nothing but pydantic and inspect.

Independent of both frameworks: it reads only the attributes middlewared's decorators leave on a method
(``new_style_accepts``/``new_style_returns``, ``roles``, ``_private``, ``_job``, ``__wrapped__``) and the service's
inner ``Config``. Each check returns a list of problems (strings naming the class/method); empty means it passes.
"""
import inspect
import typing

import pydantic

from .truenas_25_10_facts import BUILTIN_NAMESPACES, BUILTIN_ROLES

WRITE_ONLY_METHOD_SUFFIXES = ('create', 'update', 'delete')  # *_READ roles may not be granted on these (role.py)
EXPORT_PREFIX = 'Tuning'


def config_of(cls) -> dict:
    """The service's Config as middlewared defaults it: namespace = class name minus ``Service``, lower-cased."""
    default_ns = cls.__name__.removesuffix('Service').lower()
    config = getattr(cls, 'Config', None)
    return {
        'namespace': getattr(config, 'namespace', default_ns),
        'cli_namespace': getattr(config, 'cli_namespace', None),
        'private': getattr(config, 'private', False),
        'cli_private': getattr(config, 'cli_private', False),
    }


def camel(name: str) -> str:
    return ''.join(word.capitalize() for word in name.split('_'))


def public_methods(cls) -> dict[str, typing.Callable]:
    """Functions a client can call: defined on the plugin's own classes, not underscored, not @private."""
    if config_of(cls)['private']:
        return {}
    found = {}
    for klass in reversed(cls.__mro__):
        if klass.__module__.split('.')[0] != cls.__module__.split('.')[0]:
            continue  # the framework's Service and object
        for name, attr in vars(klass).items():
            if inspect.isfunction(attr) and not name.startswith('_') and not getattr(attr, '_private', False):
                found[name] = attr
    return found


def nested_models(model) -> list[type]:
    """``model`` and every pydantic model reachable through its field annotations."""
    seen, todo = [], [model]
    while todo:
        current = todo.pop()
        if current in seen:
            continue
        seen.append(current)
        for field in current.model_fields.values():
            todo.extend(_models_in(field.annotation))
    return seen


def _models_in(annotation) -> list[type]:
    if inspect.isclass(annotation) and issubclass(annotation, pydantic.BaseModel):
        return [annotation]
    return [m for arg in typing.get_args(annotation) for m in _models_in(arg)]


def check_model_config(model) -> list[str]:
    config = model.model_config
    problems = []
    if config.get('strict') is not True:
        problems.append(f'{model.__name__}: model_config strict must be True (no "1" -> 1 coercion)')
    if config.get('extra') != 'forbid':
        problems.append(f'{model.__name__}: model_config extra must be "forbid"')
    return problems


def check_method(cls, name: str, fn) -> list[str]:
    where = f'{cls.__name__}.{name}'
    accepts, returns = getattr(fn, 'new_style_accepts', None), getattr(fn, 'new_style_returns', None)
    if accepts is None or returns is None:
        return [f'{where}: public method without @api_method']
    problems = []
    prefix = cls.__name__.removesuffix('Service') + camel(name.removeprefix('do_') if name in (
        'do_create', 'do_update', 'do_delete') else name)
    if accepts.__name__ not in (f'{prefix}Args', 'QueryArgs'):
        problems.append(f'{where}: accepts model is {accepts.__name__}, must be {prefix}Args')
    if returns.__name__ != f'{prefix}Result':
        problems.append(f'{where}: returns model is {returns.__name__}, must be {prefix}Result')
    if list(returns.model_fields) != ['result']:
        problems.append(f'{where}: {returns.__name__} must have exactly one field, "result" '
                        f'(has {list(returns.model_fields)})')
    own = cls.__module__.split('.')[0]
    for model in nested_models(accepts) + nested_models(returns):
        if model.__module__.split('.')[0] == own or model in (accepts, returns):
            problems += [f'{where}: {p}' for p in check_model_config(model)]
    roles = list(getattr(fn, 'roles', None) or [])
    if not roles:
        problems.append(f'{where}: public method without roles')
    unknown = sorted(set(roles) - BUILTIN_ROLES)
    if unknown:
        problems.append(f'{where}: roles {unknown} are not TrueNAS 25.10 built-in roles')
    if name.removeprefix('do_').endswith(WRITE_ONLY_METHOD_SUFFIXES) and any(r.endswith('_READ') for r in roles):
        problems.append(f'{where}: *_READ roles may not be granted on create/update/delete')
    problems += check_job(where, fn)
    return problems


def check_job(where: str, fn) -> list[str]:
    """@job must sit directly above ``def`` (below @api_method) and the function must take ``job`` after self (after
    ``app`` with ``pass_app``, as middlewared's Job prepends them: service.control(self, app, job, ...))."""
    if not hasattr(fn, '_job'):
        return []
    inner = inspect.unwrap(fn)
    if inner is fn or not hasattr(inner, '_job'):
        return [f'{where}: @job must be the innermost decorator (directly above def, below @api_method)']
    params = list(inspect.signature(inner).parameters)
    lead = ['app', 'job'] if hasattr(fn, '_pass_app') or hasattr(inner, '_pass_app') else ['job']
    if params[1:1 + len(lead)] != lead:
        return [f'{where}: a job method takes `job` as its first parameter after self (has {params[:3]})']
    return []


def check_service(cls) -> list[str]:
    config = config_of(cls)
    problems = []
    if not config['private'] and not config['cli_private'] and not config['cli_namespace']:
        problems.append(f'{cls.__name__}: public service without Config.cli_namespace')
    if config['namespace'] in BUILTIN_NAMESPACES:
        problems.append(f'{cls.__name__}: namespace {config["namespace"]!r} belongs to a built-in TrueNAS service '
                        '(it would be merged into it)')
    for name, fn in sorted(public_methods(cls).items()):
        problems += check_method(cls, name, fn)
    return problems


def check_exports(module) -> list[str]:
    """Exported model names are star-imported into the API package on TrueNAS: they must not replace built-ins."""
    problems = []
    for name in getattr(module, '__all__', []):
        obj = getattr(module, name)
        if inspect.isclass(obj) and issubclass(obj, pydantic.BaseModel) and not name.startswith(EXPORT_PREFIX):
            problems.append(f'{module.__name__}.{name}: exported model names must start with {EXPORT_PREFIX!r}')
    return problems


def service_classes(module, base) -> list[type]:
    return [obj for obj in vars(module).values()
            if inspect.isclass(obj) and issubclass(obj, base) and obj is not base
            and obj.__module__ == module.__name__]


