"""Service discovery like middlewared's plugin loading: import the top-level modules of a package (depth 1),
instantiate every Service subclass each module defines, then run module-level `setup(middleware)` functions."""
import importlib
import inspect
import os

from .rules import check_service_class
from .service import Service

__all__ = ["ServiceLoadError", "import_package_modules", "service_classes", "load_services", "run_setups"]


class ServiceLoadError(Exception):
    """A package's services break the TrueNAS load-time rules, or a module failed to import."""


def import_package_modules(package_name):
    """Import `package_name` and each `.py` module directly inside it (not sub-packages), sorted by name."""
    package = importlib.import_module(package_name)
    modules = [package]
    names = set()
    for directory in getattr(package, "__path__", []):  # also a namespace package (no __init__.py yet)
        names.update(f[:-3] for f in os.listdir(directory) if f.endswith(".py") and f != "__init__.py")
    for name in sorted(names):
        modules.append(importlib.import_module(f"{package_name}.{name}"))
    return modules


def service_classes(module):
    """Service subclasses defined in `module` itself (ones it merely imports are skipped)."""
    return [obj for _, obj in inspect.getmembers(module, inspect.isclass)
            if issubclass(obj, Service) and obj is not Service and obj.__module__ == module.__name__]


def load_services(middleware, packages):
    """Register the services of `packages`, a list of `(package_name, strict)`; `strict` packages (the plugin)
    must follow the TrueNAS load-time rules. Returns the modules' `setup` functions, in load order."""
    setups = []
    problems = []
    instances = []
    for package_name, strict in packages:
        for module in import_package_modules(package_name):
            for cls in service_classes(module):
                if strict:
                    problems.extend(f"{module.__name__}: {p}" for p in check_service_class(cls))
                instances.append(cls)
            setup = getattr(module, "setup", None)
            if callable(setup) and getattr(setup, "__module__", None) == module.__name__:
                setups.append(setup)
    if problems:
        raise ServiceLoadError("services would not load into TrueNAS middlewared:\n  " + "\n  ".join(problems))
    for cls in instances:
        middleware.add_service(cls(middleware))
    return setups


async def run_setups(middleware, setups):
    """Run `setup(middleware)` functions (sync ones in a thread) after every service is registered."""
    for setup in setups:
        if inspect.iscoroutinefunction(setup):
            await setup(middleware)
        else:
            await middleware.run_in_thread(setup, middleware)
