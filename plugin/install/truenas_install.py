#!/usr/bin/env python3
"""Install the tuning plugin and its web panel into TrueNAS 25.10 or 26.0 (developer mode required: /usr is
read-only).

    tar -xzf truenas-tuning-<version>.tar.gz
    python3 truenas-tuning-<version>/plugin/install/truenas_install.py [--root /] [--restart]

Checks every file of the unpacked artefact against its SHA256SUMS and the TrueNAS release (/data/manifest.json)
against manifest.json before writing anything; then copies the plugin to
<site-packages>/middlewared/plugins/tuning and the panel to .../tuning/panel (served at /_plugins/tuning/).
Running it again over its own install upgrades it. Restarts middlewared only with --restart (that drops API sessions,
the web UI's too, and kills running jobs). --from-checkout installs from a source checkout instead (development).
"""
import sys

sys.dont_write_bytecode = True  # no __pycache__ inside the artefact: it would not match SHA256SUMS next time

import argparse  # noqa: E402
from pathlib import Path  # noqa: E402

from installer import (  # noqa: E402
    REPO, InstallError, after_upgrade_text, install, load_manifest, plan_install, restart_middlewared,
)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('--root', default='/', type=Path, help='TrueNAS root to install into (default: /)')
    parser.add_argument('--restart', action='store_true', help='restart middlewared afterwards')
    parser.add_argument('--from-checkout', action='store_true',
                        help='install from a source checkout (no SHA256SUMS; the panel only if ui/ was built)')
    args = parser.parse_args(argv)
    if args.restart and args.root.resolve() != Path('/'):
        parser.error('--restart only makes sense when installing into / (the running box)')
    try:
        manifest = load_manifest()
        plan = plan_install(args.root, manifest, require_checksums=not args.from_checkout)
        files = install(plan)
    except (InstallError, OSError) as e:
        print(f'truenas_install: {e}', file=sys.stderr)
        return 1
    print(f'Installed {manifest["name"]} {manifest["version"]} for TrueNAS {plan.version}: '
          f'{len(files)} files into {plan.target} (list in {plan.target}/INSTALLED_FILES.json).')
    if plan.pre_release:
        print(f'Note: TrueNAS {plan.version} is a pre-release of {plan.release}; pre-releases (BETA, RC) of a '
              'supported release are accepted.')
    route = manifest['install']['panel']['route']
    if plan.panel is not None:
        print(f'Panel: installed; open https://<this box>{route} (same login as the TrueNAS web UI).')
    else:
        print(f'Panel: NOT installed ({REPO / manifest["install"]["panel"]["from"]} is not built); {route} will say '
              'so. Build it (`make ui`) or install the release artefact.')
    print(after_upgrade_text(REPO, manifest))
    if args.restart:
        restart_middlewared()
        print('Restarted middlewared.')
    else:
        print('middlewared was NOT restarted: run `systemctl restart middlewared` (or pass --restart) to load it.')
    return 0


if __name__ == '__main__':
    sys.exit(main())
