"""Install / uninstall the tuning plugin and its web panel into a TrueNAS root (``/`` on the box, any directory in
tests), from the release artefact ``make package`` builds (or, for development, from a source checkout).

The artefact unpacks to the same paths as the source tree (``manifest.json``, ``middleware/tuning/``,
``ui/dist/tuning/browser/``, ``plugin/install/``) plus ``SHA256SUMS``; the installer checks every file against
``SHA256SUMS`` (nothing missing, nothing changed, nothing added) before it touches the box.

What it touches: ``<site-packages>/middlewared/plugins/<plugin>/`` only (the panel goes to its ``panel/``). It refuses
to overwrite a directory it did not create, and it records every file it wrote (``INSTALLED_FILES.json`` inside that
directory) so the uninstaller removes exactly those. Nothing is backed up because nothing of TrueNAS's is changed.
"""
import hashlib
import json
import os
import re
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
RECORD_NAME = 'INSTALLED_FILES.json'
CHECKSUMS_NAME = 'SHA256SUMS'
PANEL_SUBDIR = 'panel'  # inside the installed plugin package: tuning/panel.py serves it from there
# Where TrueNAS SCALE keeps middlewared (src/middlewared/Makefile MWPATH1) and its release manifest.
SITE_PACKAGES = 'usr/lib/python3/dist-packages'
RELEASE_MANIFEST = 'data/manifest.json'
STATE_DB = '/var/db/system/tuning/tuning.db'
# TrueNAS release strings: 25.10.6, 25.10.0.1, 26.0.0-BETA.3, 25.10-RC.1; nightlies carry -MASTER-<date> and such.
RELEASE_RE = re.compile(r'^(?P<base>\d+(?:\.\d+)+)(?:-(?P<pre>[A-Za-z][A-Za-z0-9.\-]*))?$')
PRE_RELEASE_RE = re.compile(r'^(BETA|RC)\.\d+$')


class InstallError(Exception):
    pass


@dataclass
class Plan:
    source: Path          # the plugin package to copy (middleware/tuning)
    panel: Path | None    # the built panel to copy, or None (a checkout whose panel is not built)
    target: Path          # <site-packages>/middlewared/plugins/tuning
    version: str          # the TrueNAS release of the root
    release: str          # the supported release line it belongs to (25.10, 26.0)
    manifest: dict
    pre_release: bool = False


def load_manifest(repo: Path = REPO) -> dict:
    path = repo / 'manifest.json'
    try:
        manifest = json.loads(path.read_text())
    except FileNotFoundError:
        raise InstallError(f'{path}: missing (the plugin manifest names the supported TrueNAS versions)')
    except ValueError as e:
        raise InstallError(f'{path}: not JSON ({e})')
    for key in ('name', 'version', 'truenas_versions', 'install'):
        if key not in manifest:
            raise InstallError(f'{path}: key {key!r} is missing')
    return manifest


def truenas_version(root: Path) -> str:
    """The release middlewared reports (``sw_info()`` reads ``version`` from /data/manifest.json)."""
    path = root / RELEASE_MANIFEST
    try:
        return json.loads(path.read_text())['version']
    except (OSError, ValueError, KeyError, TypeError) as e:
        raise InstallError(f'{path}: cannot read the TrueNAS version ({e}); is this a TrueNAS root?')


def match_release(version: str, supported: list[str]) -> tuple[str | None, bool]:
    """The supported release line ``version`` belongs to, and whether it is a pre-release of it.

    ``25.10.6`` and ``25.10.0.1`` belong to ``25.10`` (``25.100`` does not); the BETA and RC pre-releases of a
    supported line are accepted too (``26.0.0-BETA.3`` belongs to ``26.0``), because the plugin is checked against the
    line's API, which is fixed by its first beta. Nightlies and other suffixes (``-MASTER-...``) are not."""
    m = RELEASE_RE.match(version.strip())
    if not m:
        return None, False
    base, pre = m['base'], m['pre']
    if pre is not None and not PRE_RELEASE_RE.match(pre):
        return None, False
    for line in supported:
        if base == line or base.startswith(f'{line}.'):
            return line, pre is not None
    return None, False


def version_supported(version: str, supported: list[str]) -> bool:
    return match_release(version, supported)[0] is not None


def unsupported_message(version: str, manifest: dict) -> str:
    lines = ', '.join(f'{r}.x' for r in manifest['truenas_versions'])
    return (f'TrueNAS {version} is not supported by {manifest["name"]} {manifest["version"]} (supported: {lines}, '
            'including their BETA and RC pre-releases; nightly builds are not). Each release line has its own API '
            'rules: install a plugin version whose manifest.json lists this release.')


# ---- the artefact's checksums ----

def file_sha256(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, 'rb') as f:
        for block in iter(lambda: f.read(1 << 16), b''):
            h.update(block)
    return h.hexdigest()


def parse_checksums(text: str) -> dict[str, str]:
    """``sha256sum`` format: ``<64 hex>  <relative path>`` per line."""
    sums = {}
    for n, line in enumerate(text.splitlines(), 1):
        m = re.fullmatch(r'([0-9a-f]{64}) [ *](.+)', line)
        if not m or m[2].startswith('/') or '..' in Path(m[2]).parts or m[2] in sums:
            raise InstallError(f'{CHECKSUMS_NAME} line {n} is malformed: {line!r}')
        sums[m[2]] = m[1]
    if not sums:
        raise InstallError(f'{CHECKSUMS_NAME} is empty')
    return sums


def bundle_files(bundle: Path) -> list[str]:
    """Every file of an unpacked artefact except SHA256SUMS and bytecode Python may have written."""
    return sorted(str(p.relative_to(bundle)) for p in bundle.rglob('*')
                  if (p.is_file() or p.is_symlink()) and p.name != CHECKSUMS_NAME
                  and '__pycache__' not in p.relative_to(bundle).parts)


def verify_bundle(bundle: Path) -> int:
    """Check every file of the unpacked artefact against its SHA256SUMS; returns the number of files checked."""
    path = bundle / CHECKSUMS_NAME
    try:
        sums = parse_checksums(path.read_text())
    except FileNotFoundError:
        raise InstallError(f'{path}: missing. Install from the release artefact (truenas-tuning-<version>.tar.gz, '
                           'built by `make package`), or pass --from-checkout to install from a source checkout')
    problems = []
    for rel, digest in sums.items():
        f = bundle / rel
        if f.is_symlink() or not f.is_file():
            problems.append(f'missing: {rel}')
        elif file_sha256(f) != digest:
            problems.append(f'changed: {rel}')
    problems += [f'not in {CHECKSUMS_NAME}: {rel}' for rel in bundle_files(bundle) if rel not in sums]
    if problems:
        shown = '; '.join(problems[:5]) + (f'; and {len(problems) - 5} more' if len(problems) > 5 else '')
        raise InstallError(f'the artefact in {bundle} does not match its {CHECKSUMS_NAME} ({shown}). It is damaged '
                           'or was modified: nothing was installed. Unpack a fresh copy of the release artefact.')
    return len(sums)


# ---- plan, install, uninstall ----

def plan_install(root: Path, manifest: dict, repo: Path = REPO, *, require_checksums: bool = False) -> Plan:
    """Every check, before anything is written. ``require_checksums`` (the installer script, unless told the source
    is a checkout) refuses a source without SHA256SUMS; a SHA256SUMS that is there is always checked."""
    if require_checksums or (repo / CHECKSUMS_NAME).exists():
        verify_bundle(repo)
    package = manifest['install']['plugin_package']
    source = repo / package['from']
    if not (source / '__init__.py').is_file():
        raise InstallError(f'{source}: plugin package not found')
    panel = repo / manifest['install']['panel']['from']
    if not (panel / 'index.html').is_file():
        if require_checksums:
            raise InstallError(f'{panel}: the built panel is missing from the artefact')
        panel = None
    middlewared = root / SITE_PACKAGES / 'middlewared'
    if not (middlewared / 'plugins').is_dir():
        raise InstallError(f'{middlewared}/plugins: not found; is {root} a TrueNAS SCALE root?')
    version = truenas_version(root)
    release, pre_release = match_release(version, manifest['truenas_versions'])
    if release is None:
        raise InstallError(unsupported_message(version, manifest))
    target = root / SITE_PACKAGES / package['to']
    if target.exists() and not (target / RECORD_NAME).is_file():
        raise InstallError(f'{target}: exists and was not installed by this installer; refusing to overwrite it')
    if not os.access(target.parent, os.W_OK):
        raise InstallError(f'{target.parent}: not writable. /usr is read-only on TrueNAS: enable developer mode '
                           '(install-dev-tools) first; see docs/truenas-install.md')
    return Plan(source=source, panel=panel, target=target, version=version, release=release, manifest=manifest,
                pre_release=pre_release)


def plugin_files(source: Path) -> list[Path]:
    """Relative paths of the plugin's files, without bytecode caches (nor a panel/ a developer may have put there)."""
    return sorted(p.relative_to(source) for p in source.rglob('*')
                  if p.is_file() and '__pycache__' not in p.parts and p.suffix != '.pyc'
                  and p.relative_to(source).parts[0] != PANEL_SUBDIR)


def panel_files(panel: Path) -> list[Path]:
    return sorted(p.relative_to(panel) for p in panel.rglob('*') if p.is_file())


def install(plan: Plan) -> list[str]:
    """Copy the plugin and the panel; returns the installed files (relative to the target), recorded for uninstall."""
    copies = [(plan.source / rel, rel) for rel in plugin_files(plan.source)]
    if plan.panel is not None:
        copies += [(plan.panel / rel, Path(PANEL_SUBDIR) / rel) for rel in panel_files(plan.panel)]
    if (plan.target / RECORD_NAME).is_file():
        uninstall(plan.target)  # an upgrade of our own install: remove exactly what the last one wrote
    try:
        for src, rel in copies:
            (plan.target / rel).parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(src, plan.target / rel)
            os.chmod(plan.target / rel, 0o644)
    finally:
        # Written even when a copy failed, so that the uninstaller (or the next install) removes what did get copied.
        record = {'name': plan.manifest['name'], 'version': plan.manifest['version'], 'truenas_version': plan.version,
                  'panel': plan.panel is not None,
                  'files': [str(rel) for _, rel in copies if (plan.target / rel).is_file()]}
        if plan.target.is_dir():
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


def after_upgrade_text(bundle: Path, manifest: dict) -> str:
    """What the admin must know about TrueNAS upgrades and backups (printed by the installer, same words as the docs)."""
    script = bundle / 'plugin' / 'install' / 'truenas_install.py'
    return (
        'After every TrueNAS upgrade: an upgrade replaces /usr and so removes this plugin. Keep this unpacked '
        f'artefact (or its .tar.gz) on a pool, turn developer mode on again (install-dev-tools), then run\n'
        f'    python3 {script} --restart\n'
        f'again. The plugin opens its database {STATE_DB} (on the system dataset, which upgrades keep) with '
        'nothing lost. If the new release is not supported by this version, the installer says so: get a plugin '
        'version whose manifest lists it.\n'
        'Backups: TrueNAS configuration backups do NOT contain the plugin database. Save it with the API job '
        'tuning.database.export and put it back with tuning.database.import.'
    )


def restart_middlewared() -> None:
    subprocess.run(['systemctl', 'restart', 'middlewared'], check=True)
