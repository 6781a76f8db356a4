"""`Service` base class: an inner `Config` names the namespace; public methods become `namespace.method`."""
import inspect
import logging

__all__ = ["Service", "ServiceConfig", "public_method_names"]


class ServiceConfig:
    """Resolved `Config` of a service class (defaults as in middlewared)."""
    __slots__ = ("namespace", "namespace_alias", "private", "cli_namespace", "cli_private", "cli_description",
                 "events", "event_sources", "role_prefix", "thread_pool", "process_pool")

    def __init__(self, cls):
        cfg = getattr(cls, "Config", None)
        default_ns = cls.__name__.removesuffix("Service").lower()
        self.namespace = getattr(cfg, "namespace", default_ns)
        self.namespace_alias = getattr(cfg, "namespace_alias", None)
        self.private = getattr(cfg, "private", False)
        self.cli_namespace = getattr(cfg, "cli_namespace", None)
        self.cli_private = getattr(cfg, "cli_private", False)
        self.cli_description = getattr(cfg, "cli_description", None)
        self.events = list(getattr(cfg, "events", []) or [])
        self.event_sources = getattr(cfg, "event_sources", None)
        self.role_prefix = getattr(cfg, "role_prefix", None)
        self.thread_pool = getattr(cfg, "thread_pool", None)
        self.process_pool = getattr(cfg, "process_pool", False)


class Service:
    """Base class of every service. `self.middleware` is the Middleware object."""

    class Config:
        pass

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        # Only the subclass's own Config counts; inheriting a parent's namespace would register it twice.
        if "Config" not in cls.__dict__:
            cls.Config = type("Config", (), {})
        cls._config = ServiceConfig(cls)

    def __init__(self, middleware):
        self.middleware = middleware
        self.logger = getattr(middleware, "logger", None) or logging.getLogger(f"tuning_host.{self._config.namespace}")


Service._config = ServiceConfig(Service)


def public_method_names(service_cls):
    """Names of the public methods of a service class: callables not starting with `_` and not @private."""
    names = []
    for name, member in inspect.getmembers(service_cls):
        if name.startswith("_") or not callable(member) or inspect.isclass(member):
            continue
        if getattr(member, "_private", False):
            continue
        names.append(name)
    return names
