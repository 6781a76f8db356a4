"""A middleware object that loads the tuning plugin with middlewared's own loader and checks.

Built on middlewared's unit-test mock (``middlewared.pytest.unit.middleware.Middleware``: calls dispatch through a
dict, threads run inline) plus ``LoadPluginsMixin`` (the loader the daemon uses), a real ``RoleManager`` over the
built-in ``ROLES`` and a real ``Events`` registry, so unknown role names fail here exactly as they fail at daemon start.
Import this module only inside an open ``FrameworkSession``.
"""
import asyncio
import inspect

from middlewared.event import Events
from middlewared.pytest.unit.middleware import Middleware as UnitTestMiddleware
from middlewared.role import ROLES, RoleManager
from middlewared.utils.plugins import LoadPluginsMixin

from .framework_session import PLUGIN_MODULE


class PluginMiddleware(LoadPluginsMixin, UnitTestMiddleware):

    def __init__(self):
        super().__init__()
        # the unit-test mock replaces event_register with a Mock on the instance; use the real registry instead
        del self.event_register
        self.role_manager = RoleManager(ROLES)
        self.events = Events(self.role_manager)
        self.setup_functions = []
        self.event_handlers = {}
        self.loaded_modules = []

    # the daemon's signature (main.py), routed to the real registry so event roles are validated; 26.0 dropped
    # `returns`, so it is passed on only to a release that still takes it (the plugin never passes it)
    def event_register(self, name, description, *, private=False, models=None, no_auth_required=False,
                       no_authz_required=False, roles=None, **release_specific):
        kwargs = dict(private=private, models=models, no_auth_required=no_auth_required,
                      no_authz_required=no_authz_required, roles=roles or [])
        if 'returns' in inspect.signature(self.events.register).parameters:
            kwargs['returns'] = release_specific.pop('returns', None)
        if release_specific:
            raise TypeError(f'event_register() got unexpected arguments {sorted(release_specific)}')
        self.events.register(name, description, **kwargs)

    # main.py's: internal subscriptions and background tasks on the running loop
    def event_subscribe(self, name, handler):
        self.event_handlers.setdefault(name, []).append(handler)

    def create_task(self, coro, *, name=None):
        return asyncio.get_running_loop().create_task(coro, name=name)

    def get_method(self, name):
        service, method = name.rsplit('.', 1)
        serviceobj = self.get_service(service)
        return serviceobj, getattr(serviceobj, method)

    def load_tuning(self):
        """Discover, instantiate and register the plugin's services the way the daemon's plugin load does."""
        def on_module_end(module):
            self.loaded_modules.append(module.__name__)
            if hasattr(module, 'setup'):
                self.setup_functions.append(module.setup)

        self._load_plugins(on_module_end=on_module_end, whitelist=[PLUGIN_MODULE])
        for namespace, service in self._services.items():
            for name in public_method_names(service):
                roles = getattr(getattr(service, name), 'roles', None) or []
                if roles:
                    self.role_manager.register_method(f'{namespace}.{name}', roles, exist_ok=True)
            # internal calls (middleware.call('tuning.x')) dispatch through the mock's dict
            for name, method in inspect.getmembers(service, callable):
                if not name.startswith('_'):
                    self.setdefault(f'{namespace}.{name}', method)

    async def run_setups(self):
        for setup in self.setup_functions:
            result = setup(self)
            if inspect.isawaitable(result):
                await result


def public_method_names(service) -> list[str]:
    """Methods middlewared exposes: not underscored, not @private, on a non-private service."""
    if service._config.private:
        return []
    return sorted(name for name, method in inspect.getmembers(service, inspect.ismethod)
                  if not name.startswith('_') and name not in FRAMEWORK_HELPERS
                  and not getattr(method, '_private', False))


# Helpers 26.0's Service inherits (CallMixin); its method table leaves them out (main.py get_service_methods).
FRAMEWORK_HELPERS = {'call2', 'call_sync2', 's'}
