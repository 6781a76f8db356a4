"""What the kernel and the pool in the VM really say, read over ssh (never through the API under test).

Parsing is in pure functions (`parse_*`); `GuestTruth` runs the commands. Used to check that a preset really changed
/sys/module/zfs/parameters, `zfs get`, `zpool status` and sysctls, and that a revert restored them exactly.
"""
from __future__ import annotations

import re
import shlex
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / 'api'))
from tuning_helpers import diff as snapshot_diff  # noqa: E402,F401  (one snapshot diff for both tiers)

DATASET_PROPS = ('recordsize', 'compression', 'atime', 'sync', 'logbias', 'primarycache', 'secondarycache',
                 'special_small_blocks')
SECTION_ROLES = {'cache': 'cache', 'logs': 'log', 'spares': 'spare', 'special': 'special', 'dedup': 'dedup'}


def parse_params(text: str) -> dict[str, str]:
    """`grep -H '' /sys/module/zfs/parameters/*` -> {name: value}."""
    out = {}
    for line in text.splitlines():
        path, _, value = line.partition(':')
        out[path.rsplit('/', 1)[-1]] = value
    return out


def parse_zfs_get(text: str) -> dict[str, dict[str, tuple[str, str]]]:
    """`zfs get -H -o name,property,value,source ...` -> {dataset: {prop: (value, source)}}."""
    out: dict[str, dict[str, tuple[str, str]]] = {}
    for line in text.splitlines():
        name, prop, value, source = line.split('\t')
        out.setdefault(name, {})[prop] = (value, source)
    return out


def disk_of(device: str) -> str:
    """/dev/vdf1 -> vdf, /dev/nvme0n1p1 -> nvme0n1, /dev/vdf -> vdf."""
    base = device.rsplit('/', 1)[-1]
    m = re.fullmatch(r'(nvme\d+n\d+)(p\d+)?', base)
    if m:
        return m.group(1)
    return re.sub(r'\d+$', '', base)


def parse_zpool_status_roles(text: str) -> dict[str, list[str]]:
    """`zpool status -PL POOL` -> {'data': [disk...], 'cache': [...], 'log': [...], ...} (whole-disk names)."""
    roles: dict[str, list[str]] = {'data': [], 'cache': [], 'log': [], 'spare': [], 'special': [], 'dedup': []}
    in_config = False
    role = None
    pool_indent = None
    for line in text.splitlines():
        if line.strip().startswith('NAME') and 'STATE' in line:
            in_config = True
            continue
        if not in_config:
            continue
        if line.startswith('errors:'):
            break
        if not line.strip():
            continue
        indent = len(line) - len(line.lstrip())
        word = line.split()[0]
        if pool_indent is None:
            pool_indent, role = indent, 'data'
            continue
        if indent == pool_indent:
            role = SECTION_ROLES.get(word, role)
            continue
        if word.startswith('/dev/'):
            roles[role].append(disk_of(word))
    return roles


def normalise_sysctl(value: str) -> str:
    return ' '.join(value.split())


class GuestTruth:
    def __init__(self, vm):
        self.vm = vm

    def disk(self, serial: str) -> str:
        """Kernel name (vdX) of the data disk with `serial` (zfsdN)."""
        return self.vm.run(f'readlink -f /dev/disk/by-id/virtio-{shlex.quote(serial)}').strip().rsplit('/', 1)[-1]

    def params(self) -> dict[str, str]:
        return parse_params(self.vm.run("grep -H '' /sys/module/zfs/parameters/*"))

    def param(self, name: str) -> str:
        return self.vm.run(f'cat /sys/module/zfs/parameters/{shlex.quote(name)}').strip()

    def props(self, datasets: list[str], props=DATASET_PROPS) -> dict[str, dict[str, tuple[str, str]]]:
        q = ' '.join(shlex.quote(d) for d in datasets)
        return parse_zfs_get(self.vm.run(f'zfs get -H -o name,property,value,source {",".join(props)} {q}'))

    def local_props(self, pool: str = 'tank') -> dict[str, dict[str, tuple[str, str]]]:
        """Every property set locally or inherited from a local setting, on every dataset of `pool`."""
        return parse_zfs_get(self.vm.run(f'zfs get -r -H -o name,property,value,source -s local,inherited all '
                                         f'{shlex.quote(pool)}'))

    def datasets(self, pool: str = 'tank') -> list[str]:
        return self.vm.run(f'zfs list -H -r -o name {shlex.quote(pool)}').split()

    def roles(self, pool: str = 'tank') -> dict[str, list[str]]:
        return parse_zpool_status_roles(self.vm.run(f'zpool status -PL {shlex.quote(pool)}'))

    def sysctl(self, name: str) -> str:
        return normalise_sysctl(self.vm.run(f'sysctl -n {shlex.quote(name)}'))

    def modprobe_zfs_options(self) -> str:
        """The persisted module options (what the next module load will use)."""
        return self.vm.run("cat /etc/modprobe.d/*.conf 2>/dev/null | grep -E '^\\s*options\\s+zfs' || true")

    def snapshot(self, sysctls: list[str], pool: str = 'tank') -> dict:
        """Everything tuning can touch, for exact before/after comparison."""
        ds = self.datasets(pool)
        return {
            'params': self.params(),
            'props': self.props(ds),
            'local_props': self.local_props(pool),
            'roles': self.roles(pool),
            'sysctls': {n: self.sysctl(n) for n in sysctls},
            'modprobe': self.modprobe_zfs_options(),
        }


def same_default(value: str, original: str) -> bool:
    """Whether a module parameter after a reboot is the box's own value again. RAM-derived defaults (dirty data,
    ARC, write log, dedup log sizes: 1 % of RAM and up) are sized from the memory the kernel sees at that boot, which
    moves by a few pages between boots (0.0002 % seen); so sizes of 1 MiB and more may differ by 0.1 %, anything else
    must be equal. A preset's change is far larger than that."""
    if value == original:
        return True
    try:
        a, b = int(value), int(original)
    except ValueError:
        return False
    return min(a, b) >= 2**20 and abs(a - b) * 1000 <= max(a, b)


def reboot_diff(before: dict, after: dict) -> list[str]:
    """snapshot_diff across a reboot: RAM-derived parameters that are the box's own default again count as equal."""
    params = {name: before['params'][name] if same_default(value, before['params'].get(name, '')) else value
              for name, value in after['params'].items()}
    return snapshot_diff(before, {**after, 'params': params})
