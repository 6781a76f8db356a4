"""The one seam between the plugin (middleware/tuning, `tuning`) and the standalone host (plugin/tuning_host), read
from the imports of every module (ast, nothing imported):

- the host imports of the plugin only its entry points (HOST_ENTRY_POINTS) and the shared package (`tuning.shared`);
  it loads the plugin itself by name (runtime/loader.py imports the packages `--plugins` names, as middlewared loads
  its plugins), which is no import statement;
- the plugin imports of the host only the framework seam (framework.py: off TrueNAS the names come from the host's
  runtime);
- the shared package imports the standard library and itself, nothing else;
- no cycle of imports runs through modules of both packages.

Run as a script it prints the import graph between the two packages (and between the host's subpackages):
`.venv/bin/python tests/unit/test_import_seam.py [checkout]`.
"""
import ast
import os
import sys
from collections import defaultdict

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PLUGIN, HOST, SHARED = 'tuning', 'tuning_host', 'tuning.shared'
ROOTS = {PLUGIN: 'middleware/tuning', HOST: 'plugin/tuning_host'}

HOST_ENTRY_POINTS = {
    'tuning.panel': 'the panel, served by the host as middlewared serves a plugin\'s static files',
    'tuning.client_http': 'the client kit\'s HTTP handler, on the same route as inside TrueNAS',
}
# (importer, imported) the host still takes from the plugin's private modules: none left (server/answers.py, the
# last, went in 8183faf); an entry here must name modules that exist (test_every_allowance_names_a_module_that_exists)
ALLOWED_FOR_NOW: dict[tuple[str, str], str] = {}
PLUGIN_FRAMEWORK_SEAM = {
    ('tuning.framework', 'tuning_host.runtime'): 'the runtime implementing middlewared\'s contract',
    ('tuning.framework', 'tuning_host.appliance.release'): 'the release whose method names the host imitates',
}
IMPORTERS = ('import_module', '__import__')


def modules(repo=REPO) -> dict[str, tuple[str, bool]]:
    """{module name: (path, is a package)} of both packages."""
    found = {}
    for package, root in ROOTS.items():
        base = os.path.join(repo, root)
        for directory, dirs, files in os.walk(base):
            dirs[:] = sorted(d for d in dirs if d != '__pycache__')
            parts = [package] + os.path.relpath(directory, base).split(os.sep)
            parts = [p for p in parts if p != '.']
            for name in sorted(files):
                if name.endswith('.py'):
                    is_package = name == '__init__.py'
                    found['.'.join(parts if is_package else parts + [name[:-3]])] = \
                        (os.path.join(directory, name), is_package)
    return found


def _absolute(module: str, is_package: bool, level: int, name: str | None) -> str:
    package = module if is_package else module.rpartition('.')[0]
    if level > 1:
        package = '.'.join(package.split('.')[:-(level - 1)])
    return '.'.join(p for p in (package, name) if p)


def imports(module: str, path: str, is_package: bool, known) -> list[tuple[int, str, bool]]:
    """[(line, imported module, whether written as a stdlib/third-party absolute import)]: `from x import y` is x.y
    when that is a module, else x; a literal `importlib.import_module('x')` counts too."""
    with open(path, encoding='utf-8') as f:
        tree = ast.parse(f.read(), path)
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out += [(node.lineno, alias.name, True) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = _absolute(module, is_package, node.level, node.module) if node.level else node.module
            for alias in node.names:
                sub = f'{base}.{alias.name}'
                out.append((node.lineno, sub if sub in known else base, node.level == 0))
        elif isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Constant) and \
                isinstance(node.args[0].value, str) and \
                getattr(node.func, 'attr', getattr(node.func, 'id', None)) in IMPORTERS:
            out.append((node.lineno, node.args[0].value, True))
    return out


def graph(repo=REPO) -> dict[str, set[str]]:
    """{module: the modules of both packages it imports}, each import also importing its parent packages (their
    __init__ runs first)."""
    known = modules(repo)
    edges = defaultdict(set)
    for module, (path, is_package) in known.items():
        for _, target, _ in imports(module, path, is_package, known):
            parts = target.split('.')
            for i in range(1, len(parts) + 1):
                name = '.'.join(parts[:i])
                if name in known and name != module:
                    edges[module].add(name)
        edges.setdefault(module, set())
    return dict(edges)


def in_package(module: str, package: str) -> bool:
    return module == package or module.startswith(package + '.')


def side(module: str) -> str:
    return HOST if in_package(module, HOST) else PLUGIN


def direct_imports(repo=REPO) -> list[tuple[str, int, str]]:
    """[(importer, line, imported)] of every import between the two packages (parents not added)."""
    known = modules(repo)
    out = set()
    for module, (path, is_package) in known.items():
        for line, target, _ in imports(module, path, is_package, known):
            if target.split('.')[0] in ROOTS and side(target) != side(module):
                out.add((module, line, target))
    return sorted(out)


def host_violations(repo=REPO) -> list[str]:
    return [f'{m}:{line} imports {t}' for m, line, t in direct_imports(repo)
            if side(m) == HOST and t not in HOST_ENTRY_POINTS and not in_package(t, SHARED)
            and (m, t) not in ALLOWED_FOR_NOW]


def plugin_violations(repo=REPO) -> list[str]:
    return [f'{m}:{line} imports {t}' for m, line, t in direct_imports(repo)
            if side(m) == PLUGIN and not any(m == a and in_package(t, b) for a, b in PLUGIN_FRAMEWORK_SEAM)]


def shared_violations(repo=REPO) -> list[str]:
    known = modules(repo)
    out = []
    for module, (path, is_package) in known.items():
        if not in_package(module, SHARED):
            continue
        for line, target, absolute in imports(module, path, is_package, known):
            if absolute and target.split('.')[0] in sys.stdlib_module_names and not target.startswith(PLUGIN):
                continue
            if not absolute and in_package(target, SHARED):
                continue
            out.append(f'{module}:{line} imports {target}')
    return out


def stale_allowances(repo=REPO, entry_points=None, allowed=None, seam=None) -> list[str]:
    """The allowances naming a module neither package has: an allowance outliving its module would silently allow
    the next module of that name."""
    known = modules(repo)
    named = [('HOST_ENTRY_POINTS', m) for m in (HOST_ENTRY_POINTS if entry_points is None else entry_points)]
    for label, pairs in (('ALLOWED_FOR_NOW', ALLOWED_FOR_NOW if allowed is None else allowed),
                         ('PLUGIN_FRAMEWORK_SEAM', PLUGIN_FRAMEWORK_SEAM if seam is None else seam)):
        named += [(label, m) for pair in pairs for m in pair]
    return [f'{label} names {m}, which does not exist' for label, m in named if m not in known]


def cycles(edges) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan, iterative)."""
    index, low, on_stack, stack, found = {}, {}, set(), [], []
    counter = 0
    for start in sorted(edges):
        if start in index:
            continue
        work = [(start, iter(sorted(edges[start])))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(edges.get(child, ())))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


def crossing_cycles(repo=REPO) -> list[list[str]]:
    return [c for c in cycles(graph(repo)) if {side(m) for m in c} == {PLUGIN, HOST}]


def test_the_host_imports_only_the_plugins_entry_points_and_the_shared_package():
    assert host_violations() == []


def test_the_plugin_imports_the_host_only_through_the_framework_seam():
    assert plugin_violations() == []


def test_the_shared_package_imports_only_the_standard_library_and_itself():
    assert modules().get(SHARED), 'middleware/tuning/shared/ is the shared package'
    assert shared_violations() == []


def test_no_import_cycle_runs_through_both_packages():
    assert crossing_cycles() == []


def test_every_allowance_names_a_module_that_exists():
    assert stale_allowances() == []


def test_the_checks_see_what_they_look_for(tmp_path):
    """A host module importing a private plugin module, a plugin module importing the host outside the framework
    seam, a shared module importing the plugin, and a cycle through both are each caught."""
    for root, files in {'middleware/tuning': {'__init__.py': '', 'framework.py': 'from tuning_host import app\n',
                                              'private.py': 'from tuning_host import app\n',
                                              'shared/__init__.py': '', 'shared/names.py': 'import re\nfrom .. '
                                              'import private\n'},
                        'plugin/tuning_host': {'__init__.py': '', 'app.py': 'import tuning.private\n'
                                               'from tuning.shared import names\nfrom tuning import panel\n'}}.items():
        for name, text in files.items():
            path = tmp_path / root / name
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text)
    assert host_violations(tmp_path) == ['tuning_host.app:1 imports tuning.private',
                                         'tuning_host.app:3 imports tuning']
    assert plugin_violations(tmp_path) == ['tuning.framework:1 imports tuning_host.app',
                                           'tuning.private:1 imports tuning_host.app']
    assert shared_violations(tmp_path) == ['tuning.shared.names:2 imports tuning.private']
    assert crossing_cycles(tmp_path) == [['tuning.private', 'tuning.shared.names', 'tuning_host.app']]
    assert stale_allowances(tmp_path, entry_points={'tuning.panel': '', 'tuning.private': ''},
                            allowed={('tuning_host.gone', 'tuning.private'): ''},
                            seam={('tuning.framework', 'tuning_host.app'): ''}) == [
        'HOST_ENTRY_POINTS names tuning.panel, which does not exist',
        'ALLOWED_FOR_NOW names tuning_host.gone, which does not exist']


def _package_of(module: str, known) -> str:
    return module if known[module][1] else module.rpartition('.')[0]


def summary(repo=REPO) -> str:
    known = modules(repo)
    count = defaultdict(int)
    for m in known:
        count[SHARED if in_package(m, SHARED) else side(m)] += 1
    lines = [f'modules: {PLUGIN} {count[PLUGIN]} (of which {SHARED} {count[SHARED]}), {HOST} {count[HOST]}']
    crossing = direct_imports(repo)
    for src, dst in ((HOST, PLUGIN), (PLUGIN, HOST)):
        rows = [(m, t) for m, _, t in crossing if side(m) == src]
        lines.append(f'{src} -> {dst}: {len(rows)} imports from {len({m for m, _ in rows})} modules of '
                     f'{len({t for _, t in rows})} modules')
        lines += [f'  {m} -> {t}' for m, t in sorted(set(rows))]
    lines.append('violations: ' + (', '.join(host_violations(repo) + plugin_violations(repo) +
                                             shared_violations(repo)) or 'none'))
    lines.append('cycles through both packages: ' + ('; '.join(' '.join(c) for c in crossing_cycles(repo)) or 'none'))
    edges = defaultdict(set)
    for module, (path, is_package) in known.items():
        if side(module) != HOST:
            continue
        for _, target, _ in imports(module, path, is_package, known):
            if target in known and side(target) == HOST:
                a, b = _package_of(module, known), _package_of(target, known)
                if a != b:
                    edges[a, b].add((module, target))
    lines.append(f'{HOST} subpackages (importer -> imported: pairs of modules):')
    lines += [f'  {a} -> {b}: {len(pairs)}' for (a, b), pairs in sorted(edges.items())]
    return '\n'.join(lines)


if __name__ == '__main__':
    print(summary(sys.argv[1] if len(sys.argv) > 1 else REPO))
