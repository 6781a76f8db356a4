"""Stand-ins for the native/OS modules the real ``middlewared`` package imports at module level.

Off a TrueNAS box these are absent (C extensions, Samba, ZFS, PAM, ...). None of them is exercised by loading the
tuning plugin: they are imported by unrelated framework modules (string types, directory services, crypto helpers).
Each stub is an empty module whose attributes are ``MagicMock``s, created only for the names listed here, and only
while the real-framework tier runs (``install()`` / ``uninstall()``).
"""
import importlib.abc
import importlib.machinery
import sys
import types
from unittest.mock import MagicMock

# Top-level names found by importing middlewared 25.10 and 26.0 (service, api.current, pytest.unit.middleware, utils.plugins,
# role, event, job) on plain Debian and stubbing each ModuleNotFoundError in turn.
STUBBED_ROOTS = (
    'zettarepl',   # snapshot naming-schema validator used by api/base/types/string.py
    'ldap', 'wbclient', 'samba', 'gssapi', 'tdb',  # directory services (AD/LDAP/Kerberos)
    'lexicon',     # DNS-authenticator models build Literal[...] from lexicon.providers.ovh.ENDPOINTS
    'cryptit', 'Cryptodome', 'pam',  # password hashing / PAM auth
    'libzfs', 'truenas_pylibzfs',     # ZFS bindings
    'pyroute2',    # netlink
    'systemd', 'setproctitle',        # daemon-only (main.py), listed so an accidental import cannot fail the tier
    # 26.0 moved OS, PAM and SCRAM helpers into TrueNAS's own native packages (found the same way on 26.0.0-BETA.3)
    'truenas_os', 'truenas_os_pyutils', 'truenas_pyscram', 'truenas_pynetif', 'truenas_authenticator',
    'truenas_pypam', 'truenas_pam_faillog',
    'truenas_pypwenc',  # 26.0's secret encryption, imported by middlewared.sqlalchemy (the alert plugin's models)
)

# A Literal over an empty or mocked key set cannot be built, so the OVH endpoints need real keys (the names lexicon
# uses; values are irrelevant to model building).
PRESET_ATTRIBUTES = {
    'lexicon.providers.ovh': {'ENDPOINTS': {name: '' for name in (
        'ovh-eu', 'ovh-ca', 'kimsufi-eu', 'kimsufi-ca', 'soyoustart-eu', 'soyoustart-ca')}},
}


class StubModule(types.ModuleType):
    def __getattr__(self, name):
        if name.startswith('__'):
            raise AttributeError(name)
        value = MagicMock(name=f'{self.__name__}.{name}')
        setattr(self, name, value)
        return value


class StubFinder(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Answers imports of ``STUBBED_ROOTS`` (and their submodules) with ``StubModule``s; records what was used."""

    def __init__(self, roots=STUBBED_ROOTS):
        self.roots = frozenset(roots)
        self.used: set[str] = set()

    def find_spec(self, fullname, path=None, target=None):
        if fullname.split('.')[0] in self.roots:
            return importlib.machinery.ModuleSpec(fullname, self, is_package=True)
        return None

    def create_module(self, spec):
        module = StubModule(spec.name)
        module.__path__ = []
        for attr, value in PRESET_ATTRIBUTES.get(spec.name, {}).items():
            setattr(module, attr, value)
        self.used.add(spec.name)
        return module

    def exec_module(self, module):
        pass


def install() -> StubFinder:
    finder = StubFinder()
    sys.meta_path.insert(0, finder)
    return finder


def uninstall(finder: StubFinder) -> None:
    if finder in sys.meta_path:
        sys.meta_path.remove(finder)
    for name in list(sys.modules):
        if name.split('.')[0] in finder.roots:
            del sys.modules[name]
