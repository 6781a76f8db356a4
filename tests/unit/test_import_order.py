"""Every pure module imports on its own, first, in a fresh interpreter state: an import cycle that only bites when one
module happens to be imported before the others (a test file run alone, a script) fails here."""
import importlib
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
PACKAGES = ('tuning.core', 'tuning.shared')


def modules() -> list[str]:
    names = []
    for package in PACKAGES:
        root = REPO / 'middleware' / Path(*package.split('.'))
        for path in sorted(root.rglob('*.py')):
            parts = path.relative_to(REPO / 'middleware').with_suffix('').parts
            names.append('.'.join(parts[:-1] if parts[-1] == '__init__' else parts))
    return names


def import_alone(name: str) -> str | None:
    """None, or why ``name`` cannot be imported before any other module of the plugin."""
    kept = {k: v for k, v in sys.modules.items() if k == 'tuning' or k.startswith('tuning.')}
    for k in kept:
        del sys.modules[k]
    try:
        importlib.import_module(name)
        return None
    except ImportError as e:
        return f'{name}: {e}'
    finally:
        for k in [k for k in sys.modules if k == 'tuning' or k.startswith('tuning.')]:
            del sys.modules[k]
        sys.modules.update(kept)


def test_every_pure_module_imports_first():
    names = modules()
    assert len(names) > 50
    assert [why for why in map(import_alone, names) if why] == []
