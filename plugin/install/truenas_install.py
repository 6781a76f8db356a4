#!/usr/bin/env python3
"""Install the tuning plugin into TrueNAS 25.10's middlewared (developer mode required: /usr is read-only).

    python3 plugin/install/truenas_install.py [--root /] [--restart]

Copies middleware/tuning to <site-packages>/middlewared/plugins/tuning after checking the TrueNAS version against
manifest.json. Restarts middlewared only with --restart (that drops API sessions and kills running jobs).
"""
import argparse
import sys
from pathlib import Path

from installer import InstallError, install, load_manifest, plan_install, restart_middlewared


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('--root', default='/', type=Path, help='TrueNAS root to install into (default: /)')
    parser.add_argument('--restart', action='store_true', help='restart middlewared afterwards')
    args = parser.parse_args(argv)
    if args.restart and args.root.resolve() != Path('/'):
        parser.error('--restart only makes sense when installing into / (the running box)')
    try:
        manifest = load_manifest()
        plan = plan_install(args.root, manifest)
        files = install(plan)
    except (InstallError, OSError) as e:
        print(f'truenas_install: {e}', file=sys.stderr)
        return 1
    print(f'Installed {manifest["name"]} {manifest["version"]} for TrueNAS {plan.version}: '
          f'{len(files)} files into {plan.target} (list in {plan.target}/INSTALLED_FILES.json).')
    print(f'Panel: not installed. This plugin version does not register {manifest["install"]["panel"]["route"]} '
          'inside middlewared; use the standalone host for the panel.')
    print('Reinstall after every TrueNAS upgrade: upgrades replace /usr.')
    if args.restart:
        restart_middlewared()
        print('Restarted middlewared.')
    else:
        print('middlewared was NOT restarted: run `systemctl restart middlewared` (or pass --restart) to load it.')
    return 0


if __name__ == '__main__':
    sys.exit(main())
