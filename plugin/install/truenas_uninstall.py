#!/usr/bin/env python3
"""Remove exactly the files truenas_install.py installed (plugin and panel, its INSTALLED_FILES.json), then the
directories that became empty.

    python3 plugin/install/truenas_uninstall.py [--root /] [--restart]
"""
import sys

sys.dont_write_bytecode = True  # no __pycache__ inside the artefact

import argparse  # noqa: E402
from pathlib import Path  # noqa: E402

from installer import SITE_PACKAGES, STATE_DB, InstallError, load_manifest, restart_middlewared, uninstall  # noqa: E402


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('--root', default='/', type=Path, help='TrueNAS root to uninstall from (default: /)')
    parser.add_argument('--restart', action='store_true', help='restart middlewared afterwards')
    args = parser.parse_args(argv)
    if args.restart and args.root.resolve() != Path('/'):
        parser.error('--restart only makes sense when uninstalling from / (the running box)')
    try:
        manifest = load_manifest()
        target = args.root / SITE_PACKAGES / manifest['install']['plugin_package']['to']
        removed = uninstall(target)
    except (InstallError, OSError) as e:
        print(f'truenas_uninstall: {e}', file=sys.stderr)
        return 1
    print(f'Removed {len(removed)} files of {manifest["name"]} from {target}.')
    print(f'The plugin database ({STATE_DB}) is kept: reinstalling picks it up again. Delete '
          f'{Path(STATE_DB).parent} by hand to forget presets, restore points and benchmark results.')
    if args.restart:
        restart_middlewared()
        print('Restarted middlewared.')
    else:
        print('middlewared was NOT restarted: run `systemctl restart middlewared` (or pass --restart).')
    return 0


if __name__ == '__main__':
    sys.exit(main())
