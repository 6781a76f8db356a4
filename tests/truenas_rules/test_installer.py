"""The TrueNAS installer and uninstaller, run for real against a temp tree laid out like a TrueNAS 25.10 root."""
import importlib.util
import json
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
INSTALL = REPO / 'plugin' / 'install'
PLUGINS = Path('usr/lib/python3/dist-packages/middlewared/plugins')
_spec = importlib.util.spec_from_file_location('tuning_truenas_installer', INSTALL / 'installer.py')
installer = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(installer)


def run(script, root, *extra):
    return subprocess.run([sys.executable, str(INSTALL / script), '--root', str(root), *extra],
                          capture_output=True, text=True)


@pytest.fixture
def root(tmp_path):
    (tmp_path / PLUGINS).mkdir(parents=True)
    (tmp_path / PLUGINS / 'tunables.py').write_text('# built-in plugin\n')
    (tmp_path / 'data').mkdir()
    (tmp_path / 'data' / 'manifest.json').write_text(json.dumps({'version': '25.10.1', 'codename': 'Goldeye'}))
    return tmp_path


def tree(path: Path) -> dict[str, bytes]:
    return {str(p.relative_to(path)): p.read_bytes() for p in sorted(path.rglob('*')) if p.is_file()}


def test_install_copies_the_plugin_package_and_records_it(root):
    result = run('truenas_install.py', root)
    assert result.returncode == 0, result.stderr
    target = root / PLUGINS / 'tuning'
    expected = [str(p) for p in installer.plugin_files(REPO / 'middleware' / 'tuning')]
    record = json.loads((target / 'INSTALLED_FILES.json').read_text())
    assert record['files'] == expected and record['truenas_version'] == '25.10.1'
    for rel in expected:
        assert (target / rel).read_bytes() == (REPO / 'middleware' / 'tuning' / rel).read_bytes()
    assert not list(target.rglob('__pycache__'))
    assert (root / PLUGINS / 'tunables.py').read_text() == '# built-in plugin\n'
    assert 'NOT restarted' in result.stdout and 'Panel: not installed' in result.stdout


def test_reinstall_replaces_its_own_install(root):
    assert run('truenas_install.py', root).returncode == 0
    stale = root / PLUGINS / 'tuning' / 'removed_in_new_version.py'
    stale.write_text('')
    record = root / PLUGINS / 'tuning' / 'INSTALLED_FILES.json'
    data = json.loads(record.read_text())
    record.write_text(json.dumps({**data, 'files': data['files'] + ['removed_in_new_version.py']}))
    assert run('truenas_install.py', root).returncode == 0
    assert not stale.exists()


def test_uninstall_removes_exactly_what_was_installed(root):
    before = tree(root)
    assert run('truenas_install.py', root).returncode == 0
    result = run('truenas_uninstall.py', root)
    assert result.returncode == 0, result.stderr
    assert tree(root) == before
    assert not (root / PLUGINS / 'tuning').exists()


def test_uninstall_keeps_files_it_did_not_install(root):
    assert run('truenas_install.py', root).returncode == 0
    foreign = root / PLUGINS / 'tuning' / 'box' / 'admin-notes.txt'
    foreign.write_text('mine')
    assert run('truenas_uninstall.py', root).returncode == 0
    assert foreign.read_text() == 'mine'
    assert sorted(p.name for p in (root / PLUGINS / 'tuning').rglob('*')) == ['admin-notes.txt', 'box']


def test_unsupported_truenas_version_is_refused_and_nothing_written(root):
    (root / 'data' / 'manifest.json').write_text(json.dumps({'version': '25.04.2.6'}))
    result = run('truenas_install.py', root)
    assert result.returncode == 1
    assert 'TrueNAS 25.04.2.6 is not supported' in result.stderr and '25.10' in result.stderr
    assert not (root / PLUGINS / 'tuning').exists()


def test_a_tuning_directory_not_installed_by_us_is_not_overwritten(root):
    (root / PLUGINS / 'tuning').mkdir()
    (root / PLUGINS / 'tuning' / '__init__.py').write_text('# someone else')
    result = run('truenas_install.py', root)
    assert result.returncode == 1 and 'refusing to overwrite' in result.stderr
    assert (root / PLUGINS / 'tuning' / '__init__.py').read_text() == '# someone else'
    assert run('truenas_uninstall.py', root).returncode == 1


def test_not_a_truenas_root_is_refused(tmp_path):
    result = run('truenas_install.py', tmp_path)
    assert result.returncode == 1 and 'TrueNAS SCALE root' in result.stderr


def test_restart_is_refused_for_a_fake_root(root):
    result = run('truenas_install.py', root, '--restart')
    assert result.returncode == 2 and '--restart only makes sense' in result.stderr
    assert not (root / PLUGINS / 'tuning').exists()


@pytest.mark.parametrize('version, supported', [('25.10', True), ('25.10.1', True), ('25.10.2.1', True),
                                                ('25.100.1', False), ('25.04.2', False), ('26.0.0', False)])
def test_version_matching(version, supported):
    assert installer.version_supported(version, ['25.10']) is supported
