"""docs/architecture.md §1 stays the map of the tree: every Python package of the plugin and the host has a row (or
is named in its parent's row, as `rules/` is in core/presets'), and every path the table names exists."""
import re
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
DOC = REPO / 'docs' / 'architecture.md'
ROOTS = ('middleware/tuning', 'plugin/tuning_host')


def layout_rows(text: str) -> dict[str, str]:
    """§1's table: each path of a row's first cell (without its trailing slash) -> the whole row."""
    section = text.split('## 1.', 1)[1].split('\n## ', 1)[0]
    rows = {}
    for line in section.splitlines():
        if not line.startswith('| `'):
            continue
        first_cell = line.split('|')[1]
        for path in re.findall(r'`([^`]+)`', first_cell):
            rows[path.rstrip('/')] = line
    return rows


def packages() -> list[str]:
    found = []
    for root in ROOTS:
        for init in sorted((REPO / root).rglob('__init__.py')):
            package = init.parent.relative_to(REPO).as_posix()
            if '__pycache__' not in package:
                found.append(package)
    return found


def missing_packages(rows: dict[str, str], package_paths: list[str]) -> list[str]:
    missing = []
    for package in package_paths:
        parent, name = package.rsplit('/', 1)
        if package not in rows and f'`{name}/`' not in rows.get(parent, ''):
            missing.append(package)
    return missing


def test_every_package_is_on_the_map():
    rows = layout_rows(DOC.read_text())
    assert missing_packages(rows, packages()) == []


def test_every_path_on_the_map_exists():
    rows = layout_rows(DOC.read_text())
    assert [p for p in rows if not (REPO / p).exists()] == []


def test_a_package_missing_from_the_map_is_found():
    rows = {'a/b': '| `a/b/` | | holds `rules/` |'}
    assert missing_packages(rows, ['a/b', 'a/b/rules', 'a/b/other']) == ['a/b/other']
