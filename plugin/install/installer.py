"""Install / uninstall the tuning plugin into a TrueNAS 25.10 root (``/`` on the box, any directory in tests).

What it touches: ``<site-packages>/middlewared/plugins/<plugin>`` only. It refuses to overwrite a directory it did
not create, and it records every file it wrote (``INSTALLED_FILES.json`` inside that directory) so the uninstaller
removes exactly those. Nothing is backed up because nothing of TrueNAS's is changed.
"""
import json
import os
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
RECORD_NAME = 'INSTALLED_FILES.json'
# Where TrueNAS SCALE keeps middlewared (src/middlewared/Makefile MWPATH1) and its release manifest.
SITE_PACKAGES = 'usr/lib/python3/dist-packages'
RELEASE_MANIFEST = 'data/manifest.json'


class InstallError(Exception):
    pass


@dataclass
class Plan:
    source: Path
    target: Path
    version: str
    manifest: dict


def load_manifest(repo: Path = REPO) -> dict:
    path = repo / 'manifest.json'
    try:
        manifest = json.loads(path.read_text())
    except FileNotFoundError:
        raise InstallError(f'{path}: missing (the plugin manifest names the supported TrueNAS versions)')
    for key in ('name', 'version', 'truenas_versions', 'install'):
        if key not in manifest:
            raise InstallError(f'{path}: key {key!r} is missing')
    return manifest


def truenas_version(root: Path) -> str:
    """The release middlewared reports (``sw_info()`` reads ``version`` from /data/manifest.json)."""
    path = root / RELEASE_MANIFEST
    try:
        return json.loads(path.read_text())['version']
    except (OSError, ValueError, KeyError) as e:
        raise InstallError(f'{path}: cannot read the TrueNAS version ({e}); is this a TrueNAS root?')


def version_supported(version: str, supported: list[str]) -> bool:
    """``25.10.1`` is covered by ``25.10``; ``25.100`` is not."""
    return any(version == s or version.startswith(f'{s}.') for s in supported)


def plan_install(root: Path, manifest: dict, repo: Path = REPO) -> Plan:
    package = manifest['install']['plugin_package']
    source = repo / package['from']
    if not (source / '__init__.py').is_file():
        raise InstallError(f'{source}: plugin package not found')
    middlewared = root / SITE_PACKAGES / 'middlewared'
    if not (middlewared / 'plugins').is_dir():
        raise InstallError(f'{middlewared}/plugins: not found; is {root} a TrueNAS SCALE root?')
    version = truenas_version(root)
    if not version_supported(version, manifest['truenas_versions']):
        raise InstallError(f'TrueNAS {version} is not supported by {manifest["name"]} {manifest["version"]} '
                           f'(supported: {", ".join(manifest["truenas_versions"])})')
    target = root / SITE_PACKAGES / package['to']
    if target.exists() and not (target / RECORD_NAME).is_file():
        raise InstallError(f'{target}: exists and was not installed by this installer; refusing to overwrite it')
    if not os.access(target.parent, os.W_OK):
        raise InstallError(f'{target.parent}: not writable. /usr is read-only on TrueNAS: enable developer mode '
                           '(install-dev-tools) first; see docs/truenas-install.md')
    return Plan(source=source, target=target, version=version, manifest=manifest)


def plugin_files(source: Path) -> list[Path]:
    """Relative paths of the plugin's files, without bytecode caches."""
    return sorted(p.relative_to(source) for p in source.rglob('*')
                  if p.is_file() and '__pycache__' not in p.parts and p.suffix != '.pyc')


def install(plan: Plan) -> list[str]:
    """Copy the plugin; returns the installed files (relative to the target), recorded for uninstall."""
    if (plan.target / RECORD_NAME).is_file():
        uninstall(plan.target)  # an upgrade of our own install: remove exactly what the last one wrote
    files = plugin_files(plan.source)
    for rel in files:
        (plan.target / rel).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(plan.source / rel, plan.target / rel)
    record = {'name': plan.manifest['name'], 'version': plan.manifest['version'], 'truenas_version': plan.version,
              'files': [str(rel) for rel in files]}
    (plan.target / RECORD_NAME).write_text(json.dumps(record, indent=1) + '\n')
    return record['files']


def read_record(target: Path) -> dict:
    try:
        return json.loads((target / RECORD_NAME).read_text())
    except FileNotFoundError:
        raise InstallError(f'{target}: no {RECORD_NAME}; nothing installed by this installer there')


def uninstall(target: Path) -> list[str]:
    """Remove the recorded files, then the directories that became empty (never anything else)."""
    record = read_record(target)
    removed = []
    for rel in record['files']:
        path = target / rel
        if path.is_file():
            path.unlink()
            removed.append(rel)
        cache = path.parent / '__pycache__'
        if cache.is_dir():  # bytecode Python wrote for the installed modules
            for pyc in cache.glob(f'{path.stem}.*.pyc'):
                pyc.unlink()
    (target / RECORD_NAME).unlink()
    for directory in sorted((d for d in [target, *target.rglob('*')] if d.is_dir()),
                            key=lambda d: len(d.parts), reverse=True):
        if not any(directory.iterdir()):
            directory.rmdir()
    return removed


def restart_middlewared() -> None:
    subprocess.run(['systemctl', 'restart', 'middlewared'], check=True)
