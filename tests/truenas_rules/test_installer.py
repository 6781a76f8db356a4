"""The release artefact (`make package` = plugin/install/package.py) and its installer / uninstaller, run for real
against temp trees laid out like TrueNAS 25.10 and 26.0 roots."""
import importlib.util
import os
import json
import shutil
import subprocess
import sys
import tarfile
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
INSTALL = REPO / 'plugin' / 'install'
PLUGINS = Path('usr/lib/python3/dist-packages/middlewared/plugins')
VERSION = json.loads((REPO / 'manifest.json').read_text())['version']
TOP = f'truenas-tuning-{VERSION}'


def _load(name):
    spec = importlib.util.spec_from_file_location(f'tuning_truenas_{name}', INSTALL / f'{name}.py')
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


installer = _load('installer')
package = _load('package')


@pytest.fixture(scope='module')
def artefact(tmp_path_factory):
    """The artefact built by the packager from this checkout and a small stand-in for the built panel."""
    base = tmp_path_factory.mktemp('artefact')
    panel = base / 'browser'
    (panel / 'media').mkdir(parents=True)
    (panel / 'index.html').write_text('<!doctype html><app-root></app-root>')
    (panel / 'main-7XQ2UMLK.js').write_text('console.log(1)')
    (panel / 'media' / 'font-ABCD1234.woff2').write_bytes(b'wOF2')
    result = subprocess.run([sys.executable, str(INSTALL / 'package.py'), '--out', str(base / 'dist'),
                             '--panel-dir', str(panel)], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    return base / 'dist' / f'{TOP}.tar.gz', panel


@pytest.fixture
def bundle(artefact, tmp_path):
    """A freshly unpacked copy of the artefact, unpacked as the docs tell an admin to (tar; TrueNAS 25.10's Python
    3.11.2 has no extraction filters)."""
    (tmp_path / 'unpacked').mkdir()
    subprocess.run(['tar', '-xzf', str(artefact[0]), '-C', str(tmp_path / 'unpacked')], check=True)
    return tmp_path / 'unpacked' / TOP


def make_root(path: Path, version: str) -> Path:
    (path / PLUGINS).mkdir(parents=True)
    (path / PLUGINS / 'tunables.py').write_text('# built-in plugin\n')
    (path / PLUGINS / 'pool_').mkdir()
    (path / PLUGINS / 'pool_' / '__init__.py').write_text('# built-in package\n')
    (path / 'data').mkdir()
    (path / 'data' / 'manifest.json').write_text(json.dumps({'version': version}))
    return path


@pytest.fixture
def root(tmp_path):
    return make_root(tmp_path / 'root', '25.10.6')


def run(bundle, script, root, *extra):
    return subprocess.run([sys.executable, str(bundle / 'plugin' / 'install' / script), '--root', str(root), *extra],
                          capture_output=True, text=True)


def tree(path: Path) -> dict[str, bytes]:
    return {str(p.relative_to(path)): p.read_bytes() for p in sorted(path.rglob('*')) if p.is_file()}


def test_artefact_holds_plugin_panel_installer_manifest_and_checksums(artefact, bundle):
    names = set(tarfile.open(artefact[0]).getnames())
    for rel in ('manifest.json', 'SHA256SUMS', 'docs/truenas-install.md', 'plugin/install/installer.py',
                'plugin/install/truenas_install.py', 'plugin/install/truenas_uninstall.py',
                'middleware/tuning/__init__.py', 'middleware/tuning/panel.py', 'ui/dist/tuning/browser/index.html'):
        assert f'{TOP}/{rel}' in names, rel
    assert not [n for n in names if '__pycache__' in n or n.endswith('.pyc')]
    assert installer.verify_bundle(bundle) == len(installer.bundle_files(bundle))
    sha = artefact[0].with_name(artefact[0].name + '.sha256').read_text().split()[0]
    assert sha == installer.file_sha256(artefact[0])


def test_artefact_is_reproducible(artefact, tmp_path, monkeypatch):
    monkeypatch.setenv('SOURCE_DATE_EPOCH', '1700000000')
    a = package.build(REPO, artefact[1], tmp_path / 'a')
    b = package.build(REPO, artefact[1], tmp_path / 'b')
    assert a.read_bytes() == b.read_bytes()


def test_packaging_without_a_built_panel_is_refused(tmp_path):
    result = subprocess.run([sys.executable, str(INSTALL / 'package.py'), '--out', str(tmp_path),
                             '--panel-dir', str(tmp_path / 'none')], capture_output=True, text=True)
    assert result.returncode == 1 and 'panel is not built' in result.stderr
    assert not list(tmp_path.glob('*.tar.gz'))


@pytest.mark.parametrize('version', ['25.10.6', '25.10.0.1', '26.0.0-BETA.3', '26.0.2'])
def test_install_and_uninstall_on_supported_releases(bundle, tmp_path, version):
    root = make_root(tmp_path / 'root', version)
    before = tree(root)
    result = run(bundle, 'truenas_install.py', root)
    assert result.returncode == 0, result.stderr
    target = root / PLUGINS / 'tuning'
    record = json.loads((target / 'INSTALLED_FILES.json').read_text())
    assert record['truenas_version'] == version and record['panel'] is True
    plugin = [str(p) for p in installer.plugin_files(bundle / 'middleware' / 'tuning')]
    panel = ['panel/index.html', 'panel/main-7XQ2UMLK.js', 'panel/media/font-ABCD1234.woff2']
    assert record['files'] == plugin + panel
    for rel in plugin:
        assert (target / rel).read_bytes() == (REPO / 'middleware' / 'tuning' / rel).read_bytes()
    assert (target / 'panel' / 'index.html').read_text() == '<!doctype html><app-root></app-root>'
    assert 'Panel: installed' in result.stdout and 'NOT restarted' in result.stdout
    assert 'After every TrueNAS upgrade' in result.stdout and 'truenas_install.py --restart' in result.stdout
    assert 'do NOT contain the plugin database' in result.stdout and 'tuning.database.export' in result.stdout
    assert ('pre-release' in result.stdout) == ('BETA' in version)
    assert not list(bundle.rglob('__pycache__'))  # running the installer left the artefact as it was

    (target / '__pycache__').mkdir()  # what middlewared's imports leave behind
    (target / '__pycache__' / 'panel.cpython-311.pyc').write_bytes(b'pyc')
    result = run(bundle, 'truenas_uninstall.py', root)
    assert result.returncode == 0, result.stderr
    assert tree(root) == before
    assert sorted(p.name for p in (root / PLUGINS).iterdir()) == ['pool_', 'tunables.py']


@pytest.mark.parametrize('version', ['24.10.2.4', '25.04.2.6', '27.0.0', '27.0.0-BETA.1', '26.04.0', '25.100.1',
                                     '25.10.1-MASTER-20251001-120000', '26.0', 'garbage'])
def test_unsupported_releases_are_refused_and_nothing_written(bundle, tmp_path, version):
    root = make_root(tmp_path / 'root', version)
    before = tree(root)
    result = run(bundle, 'truenas_install.py', root)
    if version == '26.0':  # the bare release line is a release of it
        assert result.returncode == 0, result.stderr
        return
    assert result.returncode == 1
    assert f'TrueNAS {version} is not supported' in result.stderr
    assert '25.10.x, 26.0.x' in result.stderr and 'BETA and RC' in result.stderr
    assert tree(root) == before


@pytest.mark.parametrize('tamper', ['change', 'add', 'remove', 'checksums'])
def test_a_tampered_artefact_is_refused_before_touching_the_box(bundle, root, tamper):
    if tamper == 'change':
        (bundle / 'middleware' / 'tuning' / 'panel.py').write_text('import os; os.system("evil")\n')
    elif tamper == 'add':
        (bundle / 'middleware' / 'tuning' / 'extra.py').write_text('# not part of the release\n')
    elif tamper == 'remove':
        (bundle / 'ui' / 'dist' / 'tuning' / 'browser' / 'main-7XQ2UMLK.js').unlink()
    else:
        (bundle / 'SHA256SUMS').write_text('not a checksum line\n')
    before = tree(root)
    result = run(bundle, 'truenas_install.py', root)
    assert result.returncode == 1
    assert 'SHA256SUMS' in result.stderr and ('nothing was installed' in result.stderr or 'malformed' in result.stderr)
    assert tree(root) == before


def test_a_checkout_needs_from_checkout(root):
    result = run(REPO, 'truenas_install.py', root)
    assert result.returncode == 1 and 'SHA256SUMS: missing' in result.stderr and '--from-checkout' in result.stderr
    assert not (root / PLUGINS / 'tuning').exists()
    result = run(REPO, 'truenas_install.py', root, '--from-checkout')
    assert result.returncode == 0, result.stderr
    assert (root / PLUGINS / 'tuning' / '__init__.py').is_file()


def test_reinstall_replaces_its_own_install(bundle, root):
    assert run(bundle, 'truenas_install.py', root).returncode == 0
    first = tree(root)
    stale = root / PLUGINS / 'tuning' / 'removed_in_new_version.py'
    stale.write_text('')
    record = root / PLUGINS / 'tuning' / 'INSTALLED_FILES.json'
    data = json.loads(record.read_text())
    record.write_text(json.dumps({**data, 'files': data['files'] + ['removed_in_new_version.py']}))
    assert run(bundle, 'truenas_install.py', root).returncode == 0
    assert not stale.exists()
    assert tree(root) == first


def test_upgrade_of_truenas_then_reinstall(bundle, tmp_path):
    """A TrueNAS upgrade replaces /usr (the plugin is gone); the same artefact installs again on the new release."""
    root = make_root(tmp_path / 'root', '25.10.6')
    assert run(bundle, 'truenas_install.py', root).returncode == 0
    shutil.rmtree(root / 'usr')
    make_root(tmp_path / 'new', '26.0.0-BETA.3')
    shutil.copytree(tmp_path / 'new' / 'usr', root / 'usr')
    (root / 'data' / 'manifest.json').write_text(json.dumps({'version': '26.0.0-BETA.3'}))
    result = run(bundle, 'truenas_install.py', root)
    assert result.returncode == 0, result.stderr
    assert json.loads((root / PLUGINS / 'tuning' / 'INSTALLED_FILES.json').read_text())['truenas_version'] \
        == '26.0.0-BETA.3'


def test_uninstall_keeps_files_it_did_not_install(bundle, root):
    assert run(bundle, 'truenas_install.py', root).returncode == 0
    foreign = root / PLUGINS / 'tuning' / 'box' / 'admin-notes.txt'
    foreign.write_text('mine')
    assert run(bundle, 'truenas_uninstall.py', root).returncode == 0
    assert foreign.read_text() == 'mine'
    assert sorted(p.name for p in (root / PLUGINS / 'tuning').rglob('*')) == ['admin-notes.txt', 'box']


def test_a_tuning_directory_not_installed_by_us_is_not_overwritten(bundle, root):
    (root / PLUGINS / 'tuning').mkdir()
    (root / PLUGINS / 'tuning' / '__init__.py').write_text('# someone else')
    result = run(bundle, 'truenas_install.py', root)
    assert result.returncode == 1 and 'refusing to overwrite' in result.stderr
    assert (root / PLUGINS / 'tuning' / '__init__.py').read_text() == '# someone else'
    assert run(bundle, 'truenas_uninstall.py', root).returncode == 1


def test_not_a_truenas_root_is_refused(bundle, tmp_path):
    result = run(bundle, 'truenas_install.py', tmp_path)
    assert result.returncode == 1 and 'TrueNAS SCALE root' in result.stderr


def test_restart_is_refused_for_a_fake_root(bundle, root):
    result = run(bundle, 'truenas_install.py', root, '--restart')
    assert result.returncode == 2 and '--restart only makes sense' in result.stderr
    assert not (root / PLUGINS / 'tuning').exists()


@pytest.mark.parametrize('version, release, pre', [
    ('25.10', '25.10', False), ('25.10.1', '25.10', False), ('25.10.2.1', '25.10', False),
    ('25.10-RC.1', '25.10', True), ('26.0.0-BETA.3', '26.0', True), ('26.0.0-RC.2', '26.0', True),
    ('25.100.1', None, False), ('25.04.2', None, False), ('26.04.0', None, False), ('27.0.0-BETA.1', None, False),
    ('26.0.0-MASTER-20260101', None, False), ('26.0.0-INTERNAL.5', None, False), ('', None, False),
])
def test_version_matching(version, release, pre):
    assert installer.match_release(version, ['25.10', '26.0']) == (release, pre)


@pytest.mark.skipif(not os.environ.get('MIDDLEWARED_SRC'), reason='needs the release tree (tests/truenas_rules/run.sh)')
def test_install_and_uninstall_on_the_real_release_tree(bundle, tmp_path):
    """The artefact into a copy of the real middlewared of the release the tier runs (run.sh sets MIDDLEWARED_SRC and
    TRUENAS_VERSION): every file TrueNAS ships is byte-identical after the uninstall, and the installed package is
    the one middlewared's plugin loader would import."""
    root = tmp_path / 'root'
    site = root / 'usr/lib/python3/dist-packages'
    shutil.copytree(Path(os.environ['MIDDLEWARED_SRC']) / 'middlewared', site / 'middlewared',
                    ignore=shutil.ignore_patterns('__pycache__'))
    (root / 'data').mkdir()
    version = os.environ.get('TRUENAS_VERSION', '25.10.6')
    (root / 'data' / 'manifest.json').write_text(json.dumps({'version': version}))
    before = tree(root)
    result = run(bundle, 'truenas_install.py', root)
    assert result.returncode == 0, result.stderr
    target = root / PLUGINS / 'tuning'
    assert (target / '__init__.py').is_file() and (target / 'panel' / 'index.html').is_file()
    assert json.loads((target / 'INSTALLED_FILES.json').read_text())['truenas_version'] == version
    result = run(bundle, 'truenas_uninstall.py', root)
    assert result.returncode == 0, result.stderr
    assert tree(root) == before
