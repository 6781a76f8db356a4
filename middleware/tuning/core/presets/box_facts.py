"""The box as the rules see it: facts pulled from a ``tuning.profile`` dict and the preview target.

Rules never dig through the raw profile; they ask a ``BoxFacts`` ("is the pool all-flash?", "fastest NIC?"), so each
fact is computed in exactly one place and unit-testable.
"""
import re
from dataclasses import dataclass

from .constants import HDD, KIND_RANK, MIXED, NVME, SSD


def parse_version(text: str | None) -> tuple[int, ...]:
    """"2.2.7", "zfs-2.3.0-1", "2.3.4-pve1" -> (2, 2, 7) etc.; unknown -> ()."""
    match = re.search(r'(\d+)\.(\d+)(?:\.(\d+))?', text or '')
    if not match:
        return ()
    return tuple(int(g) for g in match.groups() if g is not None)


@dataclass(frozen=True)
class BoxFacts:
    ram_bytes: int
    arc_max_bytes: int
    cores: int
    openzfs_version: str
    pool: dict
    dataset: str
    disks: dict            # name -> disk dict (profile.disks + profile.unused_disks)
    unused_disks: tuple    # names, in profile order
    nic_speeds_mbps: tuple  # speeds of NICs whose link is up and speed known
    nics_up: int

    @property
    def version(self) -> tuple[int, ...]:
        return parse_version(self.openzfs_version)

    @property
    def pool_name(self) -> str:
        return self.pool['name']

    @property
    def pool_disk_kind(self) -> str:
        """HDD, SSD, NVME or MIXED: the kind of the pool's data disks."""
        kind = self.pool.get('disk_kind')
        if kind:
            return kind
        kinds = {v.get('disk_kind') for v in self.pool.get('data_vdevs', []) if v.get('disk_kind')}
        return kinds.pop() if len(kinds) == 1 else MIXED

    @property
    def pool_is_flash(self) -> bool:
        return self.pool_disk_kind in (SSD, NVME)

    @property
    def pool_speed_rank(self) -> int:
        """Rank of the pool's *fastest* data disk kind: a cache/log device must beat all of them."""
        kind = self.pool_disk_kind
        if kind in KIND_RANK:
            return KIND_RANK[kind]
        kinds = [v.get('disk_kind') for v in self.pool.get('data_vdevs', [])]
        ranks = [KIND_RANK[k] for k in kinds if k in KIND_RANK]
        return max(ranks) if ranks else KIND_RANK[HDD]

    @property
    def pool_layout(self) -> str:
        return self.pool.get('layout') or ''

    @property
    def cache_devices(self) -> tuple:
        return tuple(self.pool.get('cache') or ())

    @property
    def log_devices(self) -> tuple:
        return tuple(self.pool.get('log') or ())

    @property
    def fastest_nic_mbps(self) -> int | None:
        return max(self.nic_speeds_mbps) if self.nic_speeds_mbps else None

    @property
    def total_nic_mbps(self) -> int:
        return sum(self.nic_speeds_mbps)

    def disk(self, name: str) -> dict | None:
        return self.disks.get(name)


def box_from(profile: dict, target: dict) -> tuple['BoxFacts | None', list]:
    """Build the box facts for ``target``; returns (box, [(field, message)]). box is None if the target is unusable."""
    errors = []
    pool_name = (target or {}).get('pool')
    pools = {p['name']: p for p in profile.get('pools', [])}
    if not pool_name:
        errors.append(('target.pool', 'a pool is required'))
        return None, errors
    if pool_name not in pools:
        known = ', '.join(sorted(pools)) or 'none'
        errors.append(('target.pool', f'no pool named {pool_name!r} (pools: {known})'))
        return None, errors
    pool = pools[pool_name]
    dataset = target.get('dataset') or pool_name
    if dataset != pool_name and not dataset.startswith(pool_name + '/'):
        errors.append(('target.dataset', f'{dataset!r} is not in pool {pool_name!r}'))
    elif pool.get('datasets') and dataset not in pool['datasets']:
        errors.append(('target.dataset', f'no dataset named {dataset!r} in pool {pool_name!r}'))
    if errors:
        return None, errors

    disks = {d['name']: d for d in profile.get('disks', [])}
    for d in profile.get('unused_disks', []):
        disks.setdefault(d['name'], d)
    nics = profile.get('nics', [])
    memory = profile.get('memory', {})
    box = BoxFacts(
        ram_bytes=int(memory.get('physical_bytes') or 0),
        arc_max_bytes=int(memory.get('arc_max_bytes') or 0),
        cores=int((profile.get('cpu') or {}).get('cores') or 1),
        openzfs_version=profile.get('openzfs_version') or '',
        pool=pool,
        dataset=dataset,
        disks=disks,
        unused_disks=tuple(d['name'] for d in profile.get('unused_disks', []) if not d.get('pool')),
        nic_speeds_mbps=tuple(n['speed_mbps'] for n in nics if n.get('link_up') and n.get('speed_mbps')),
        nics_up=sum(1 for n in nics if n.get('link_up')),
    )
    return box, []
