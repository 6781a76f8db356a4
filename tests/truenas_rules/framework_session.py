"""Bring the REAL TrueNAS ``middlewared`` package into this process for one test module, and take it out again.

Needs ``MIDDLEWARED_SRC`` (``src/middlewared`` of a TS-25.10.x checkout) and the ``truenas_api_client`` package
(``TRUENAS_API_CLIENT_SRC``: a directory holding it, e.g. an export of truenas/api_client at a TS-25.10 tag; not on
PyPI). The tree is copied to a temporary directory with the plugin at ``middlewared/plugins/tuning``, exactly where an
installed plugin lives, so middlewared's own plugin discovery finds it. Nothing from TrueNAS enters this repository.
"""
import importlib.util
import os
import shutil
import sys
from dataclasses import dataclass, field
from pathlib import Path

from . import native_stubs

REPO = Path(__file__).resolve().parents[2]
PLUGIN_SRC = REPO / 'middleware' / 'tuning'
PLUGIN_MODULE = 'middlewared.plugins.tuning'
# Imported by middlewared at module level; installed in the side venv by run.sh (requirements.txt).
FRAMEWORK_REQUIREMENTS = ('sqlalchemy', 'mako', 'croniter', 'email_validator', 'isodate', 'cryptography', 'aiohttp',
                          'pydantic')


def skip_reason() -> str | None:
    """Why the real-framework tier cannot run here, or None."""
    src = os.environ.get('MIDDLEWARED_SRC')
    if not src:
        return ('MIDDLEWARED_SRC is not set: point it at src/middlewared of a TrueNAS TS-25.10.x checkout '
                '(see tests/truenas_rules/run.sh)')
    if not (Path(src) / 'middlewared' / 'utils' / 'plugins.py').is_file():
        return f'MIDDLEWARED_SRC={src} does not look like src/middlewared (no middlewared/utils/plugins.py)'
    if api_client_dir() is None:
        return ('truenas_api_client is not importable: set TRUENAS_API_CLIENT_SRC to a directory containing the '
                'truenas_api_client package (truenas/api_client at a TS-25.10 tag)')
    missing = [m for m in FRAMEWORK_REQUIREMENTS if importlib.util.find_spec(m) is None]
    if missing:
        return (f'the real framework needs {", ".join(missing)}: run the tier through tests/truenas_rules/run.sh '
                '(side venv from tests/truenas_rules/requirements.txt)')
    return None


def api_client_dir() -> str | None:
    src = os.environ.get('TRUENAS_API_CLIENT_SRC')
    if src:
        return src if (Path(src) / 'truenas_api_client' / '__init__.py').is_file() else None
    spec = importlib.util.find_spec('truenas_api_client')
    return str(Path(spec.origin).parents[1]) if spec else None


def build_tree(middlewared_src: Path, dest: Path) -> Path:
    """Copy of ``middlewared`` with the plugin installed at ``plugins/tuning``; returns the sys.path root."""
    ignore = shutil.ignore_patterns('__pycache__', '*.pyc')
    shutil.copytree(middlewared_src / 'middlewared', dest / 'middlewared', ignore=ignore)
    shutil.copytree(PLUGIN_SRC, dest / 'middlewared' / 'plugins' / 'tuning', ignore=ignore)
    return dest


TRUENAS_PACKAGES = ('middlewared', 'truenas_api_client')


def _under(module, root: Path) -> bool:
    file = getattr(module, '__file__', None)
    return bool(file) and str(file).startswith(str(root))


@dataclass
class FrameworkSession:
    root: Path
    stubs: native_stubs.StubFinder
    path_entries: list[str]
    modules_before: set[str] = field(default_factory=set)

    def close(self):
        """Forget TrueNAS's modules (middlewared, its API client, the plugin copy in the tree) and the stubs, so later
        tests see the standalone plugin. Libraries imported meanwhile stay: pydantic, for one, imports parts of itself
        lazily (pydantic.root_model) and breaks when they vanish from under the classes that use them."""
        native_stubs.uninstall(self.stubs)
        for name in set(sys.modules) - self.modules_before:
            if name.split('.')[0] in TRUENAS_PACKAGES or _under(sys.modules[name], self.root):
                del sys.modules[name]
        for entry in self.path_entries:
            if entry in sys.path:
                sys.path.remove(entry)


def open_session(tmp: Path) -> FrameworkSession:
    root = build_tree(Path(os.environ['MIDDLEWARED_SRC']), tmp)
    modules_before = set(sys.modules)
    if any(name == 'middlewared' or name.startswith('middlewared.') for name in modules_before):
        raise RuntimeError('a middlewared package is already imported in this process')
    entries = [str(root)]
    client = api_client_dir()
    if client and client not in sys.path:
        entries.append(client)
    for entry in reversed(entries):
        sys.path.insert(0, entry)
    return FrameworkSession(root=root, stubs=native_stubs.install(), path_entries=entries,
                            modules_before=modules_before)
