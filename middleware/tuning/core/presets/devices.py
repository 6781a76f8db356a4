"""Cache (L2ARC) and log (SLOG) devices: which unused disks fit a pool, and validation of the admin's choice.

A fitting device is an unused SSD or NVMe disk of a faster kind than the pool's fastest data disks; an HDD never
fits (an L2ARC or SLOG slower than the pool only adds latency).
"""
from .constants import HDD, KIND_RANK
from .units import format_disk_size

ROLE_NAMES = {'cache': 'cache disk (L2ARC)', 'log': 'log disk (SLOG)'}


def describe_disk(disk: dict) -> str:
    """"sdh (512 GB SSD)"."""
    size = format_disk_size(int(disk.get('size_bytes') or 0))
    return f'{disk["name"]} ({size} {disk.get("kind", "?")})'


def is_fitting(box, disk: dict) -> bool:
    kind = disk.get('kind')
    return kind in KIND_RANK and kind != HDD and KIND_RANK[kind] > box.pool_speed_rank


def fitting_unused_disks(box, exclude=()) -> list[dict]:
    """Unused disks that would make a useful cache/log device for the target pool, fastest and largest first."""
    disks = [box.disk(name) for name in box.unused_disks if name not in exclude]
    fitting = [d for d in disks if d and is_fitting(box, d)]
    return sorted(fitting, key=lambda d: (-KIND_RANK[d['kind']], -int(d.get('size_bytes') or 0), d['name']))


def validate_selection(box, role: str, names: list, field: str, taken: dict) -> list[tuple[str, str]]:
    """Errors for ``target.cache_disks`` / ``target.log_disks``; ``taken`` maps disk -> field already using it."""
    errors = []
    if role == 'log' and len(names) > 2:
        errors.append((field, 'choose one log disk, or two for a mirrored log'))
    for index, name in enumerate(names):
        item = f'{field}.{index}'
        disk = box.disk(name) if isinstance(name, str) else None
        if disk is None:
            errors.append((item, f'no disk named {name!r}'))
            continue
        if name in taken:
            errors.append((item, f'{name} is already chosen in {taken[name]}'))
            continue
        taken[name] = field
        if disk.get('pool') or name not in box.unused_disks:
            where = f' by pool {disk["pool"]}' if disk.get('pool') else ''
            errors.append((item, f'{name} is in use{where}; choose an unused disk'))
        elif disk.get('kind') == HDD:
            errors.append((item, f'{describe_disk(disk)} is an HDD; a {ROLE_NAMES[role]} must be an SSD or NVMe '
                                 f'faster than the pool\'s disks'))
        elif not is_fitting(box, disk):
            errors.append((item, f'{describe_disk(disk)} is not faster than the pool\'s {box.pool_disk_kind} data '
                                 f'disks, so it would not speed the pool up'))
    return errors
