"""TrueNAS 25.10 load-time rules for plugin services, checked so that a plugin that would not load into
middlewared does not load into the standalone host either. Pure: inspects a class, returns problems."""
import inspect

from .roles import BUILTIN_ROLES

# Methods whose roles middlewared derives from `role_prefix` (config/CRUD); exempt from the roles rule.
CONFIG_CRUD_METHODS = frozenset(["do_create", "do_update", "do_delete", "create", "update", "delete", "query",
                                 "get_instance", "config"])
WRITE_METHODS = frozenset(["create", "update", "delete", "do_create", "do_update", "do_delete"])


def camel(method_name):
    """`get_zfs_parameters` -> `GetZfsParameters` (middlewared's snake_case to CamelCase)."""
    return "".join(word.capitalize() for word in method_name.split("_"))


def expected_model_names(service_cls_name, method_name):
    base = service_cls_name.removesuffix("Service")
    if method_name in ("do_create", "do_update", "do_delete"):
        method_name = method_name[3:]
    return f"{base}{camel(method_name)}Args", f"{base}{camel(method_name)}Result"


def _methods(cls):
    return inspect.getmembers(cls, predicate=inspect.isfunction)


def check_service_class(cls):
    """Return a list of human-readable rule violations of service class `cls` (empty when it would load)."""
    problems = []
    config = cls._config
    name = cls.__name__
    if not config.private and not config.cli_namespace:
        problems.append(f"{name}: public service needs `Config.cli_namespace`")

    for mname, method in _methods(cls):
        if mname.startswith("_"):
            continue
        where = f"{name}.{mname}"
        if getattr(method, "_job_outer", False):
            problems.append(f"{where}: @job must be the innermost decorator (directly above `def`)")
        is_private = getattr(method, "_private", False) or config.private
        has_models = hasattr(method, "new_style_accepts")

        if has_models:
            for role in getattr(method, "roles", []):
                if role not in BUILTIN_ROLES:
                    problems.append(f"{where}: invalid role {role!r} (not a TrueNAS built-in role)")
                elif mname in WRITE_METHODS and role.endswith("_READ"):
                    problems.append(f"{where}: {role} may not be granted on a create/update/delete method")

        if is_private:
            continue
        if not has_models:
            problems.append(f"{where}: API method is public, but has no @api_method")
            continue

        accepts_name, returns_name = expected_model_names(name, mname)
        if method.new_style_accepts.__name__ not in (accepts_name, "QueryArgs"):
            problems.append(f"{where}: incorrect accepts class name. Expected {accepts_name}, "
                            f"got {method.new_style_accepts.__name__}")
        if method.new_style_returns.__name__ != returns_name:
            problems.append(f"{where}: incorrect returns class name. Expected {returns_name}, "
                            f"got {method.new_style_returns.__name__}")

        needs_roles = not (hasattr(method, "_no_auth_required") or hasattr(method, "_no_authz_required")
                           or mname in CONFIG_CRUD_METHODS or mname.endswith("choices"))
        if needs_roles and not getattr(method, "roles", None):
            problems.append(f"{where}: Role definition is required for public API endpoints")
    return problems
