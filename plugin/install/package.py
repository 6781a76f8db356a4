#!/usr/bin/env python3
"""Build the release artefact: dist/truenas-tuning-<version>.tar.gz (and its .sha256).

    python3 plugin/install/package.py [--out dist] [--panel-dir ui/dist/tuning/browser]

The tarball unpacks to truenas-tuning-<version>/ holding the same paths as the source tree: manifest.json, the plugin
(middleware/tuning), the built panel (ui/dist/tuning/browser), the installer and uninstaller (plugin/install), the
install guide (docs/truenas-install.md) and SHA256SUMS over all of them, which the installer checks before it
touches the box. The archive is reproducible: sorted entries, fixed owner and modes, mtime SOURCE_DATE_EPOCH (else
the last commit's time, else 0).
"""
import argparse
import gzip
import hashlib
import io
import json
import os
import subprocess
import sys
import tarfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
PACKAGE_DIR = 'middleware/tuning'
PANEL_DIR = 'ui/dist/tuning/browser'
INSTALL_SCRIPTS = ['plugin/install/installer.py', 'plugin/install/truenas_install.py',
                   'plugin/install/truenas_uninstall.py']
DOCS = ['docs/truenas-install.md', 'manifest.json']


class PackageError(Exception):
    pass


def _files(directory: Path) -> list[Path]:
    return sorted(p for p in directory.rglob('*')
                  if p.is_file() and '__pycache__' not in p.parts and p.suffix != '.pyc')


def collect(repo: Path, panel_dir: Path) -> dict[str, bytes]:
    """Archive path (relative to the artefact's top directory) -> content."""
    if not (panel_dir / 'index.html').is_file():
        raise PackageError(f'{panel_dir}: the panel is not built (no index.html); run `make ui` first')
    if not (repo / PACKAGE_DIR / '__init__.py').is_file():
        raise PackageError(f'{repo / PACKAGE_DIR}: plugin package not found')
    out = {}
    for p in _files(repo / PACKAGE_DIR):
        out[str(p.relative_to(repo))] = p.read_bytes()
    for p in _files(panel_dir):
        out[f'{PANEL_DIR}/{p.relative_to(panel_dir)}'] = p.read_bytes()
    for rel in INSTALL_SCRIPTS + DOCS:
        out[rel] = (repo / rel).read_bytes()
    return out


def checksums(files: dict[str, bytes]) -> bytes:
    return ''.join(f'{hashlib.sha256(data).hexdigest()}  {rel}\n' for rel, data in sorted(files.items())).encode()


def source_date(repo: Path) -> int:
    if os.environ.get('SOURCE_DATE_EPOCH'):
        return int(os.environ['SOURCE_DATE_EPOCH'])
    try:
        return int(subprocess.run(['git', '-C', str(repo), 'log', '-1', '--format=%ct'], capture_output=True,
                                  text=True, check=True).stdout.strip())
    except (OSError, subprocess.CalledProcessError, ValueError):
        return 0


def build(repo: Path, panel_dir: Path, out_dir: Path) -> Path:
    version = json.loads((repo / 'manifest.json').read_text())['version']
    top = f'truenas-tuning-{version}'
    files = collect(repo, panel_dir)
    files['SHA256SUMS'] = checksums(files)
    mtime = source_date(repo)
    out_dir.mkdir(parents=True, exist_ok=True)
    artefact = out_dir / f'{top}.tar.gz'
    raw = io.BytesIO()
    with tarfile.open(fileobj=raw, mode='w', format=tarfile.PAX_FORMAT) as tar:
        dirs = sorted({str(Path(rel).parents[i]) for rel in files for i in range(len(Path(rel).parts) - 1)})
        for rel in ['.', *dirs]:
            info = tarfile.TarInfo(top if rel == '.' else f'{top}/{rel}')
            info.type, info.mode, info.mtime = tarfile.DIRTYPE, 0o755, mtime
            tar.addfile(info)
        for rel, data in sorted(files.items()):
            info = tarfile.TarInfo(f'{top}/{rel}')
            info.size, info.mtime = len(data), mtime
            info.mode = 0o755 if rel in INSTALL_SCRIPTS[1:] else 0o644
            tar.addfile(info, io.BytesIO(data))
    with open(artefact, 'wb') as f, gzip.GzipFile(fileobj=f, mode='wb', mtime=mtime, filename='') as gz:
        gz.write(raw.getvalue())
    digest = hashlib.sha256(artefact.read_bytes()).hexdigest()
    (out_dir / f'{top}.tar.gz.sha256').write_text(f'{digest}  {artefact.name}\n')
    return artefact


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('--out', default=REPO / 'dist', type=Path, help='output directory (default: dist/)')
    parser.add_argument('--panel-dir', default=REPO / PANEL_DIR, type=Path, help='the built panel')
    args = parser.parse_args(argv)
    try:
        artefact = build(REPO, args.panel_dir, args.out)
    except (PackageError, OSError) as e:
        print(f'package: {e}', file=sys.stderr)
        return 1
    print(f'{artefact} ({artefact.stat().st_size} bytes); sha256 in {artefact.name}.sha256')
    return 0


if __name__ == '__main__':
    sys.exit(main())
