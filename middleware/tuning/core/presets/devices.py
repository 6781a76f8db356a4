"""Cache (L2ARC) and log (SLOG) devices: which disks can serve a pool, why the others cannot, and the admin's choice.

A disk fits when it is unused, an SSD or NVMe of a faster kind than the pool's fastest data disks, large enough,
and not already chosen for the other role; an HDD never fits (an L2ARC or SLOG slower than the pool only adds
latency). ``device_choices`` tells the picker, disk by disk, whether it is offered and, if not, why in words;
``validate_selection`` refuses a choice with the same words.
"""
from .constants import DISK_KIND_NAMES, DISK_KIND_WORD, DISK_KIND_WORDS, HDD, KIND_RANK, MiB
from .units import format_bytes

ROLES = ('cache', 'log')
ROLE_NAMES = {'cache': 'cache disk (L2ARC)', 'log': 'log disk (SLOG)'}
ROLE_DEVICE = {'cache': 'cache device', 'log': 'log device'}
ROLE_FIELDS = {'cache': 'cache_disks', 'log': 'log_disks'}
MIN_DEVICE_BYTES = 64 * MiB  # SPA_MINDEVSIZE: ZFS refuses smaller vdevs


def describe_disk(disk: dict) -> str:
    """"sdh (477 GiB SSD)": the size by the one rule (format_bytes), as the disk tables show it."""
    size = format_bytes(int(disk.get('size_bytes') or 0))
    return f'{disk["name"]} ({size} {DISK_KIND_NAMES.get(disk.get("kind"), disk.get("kind", "?"))})'


def is_fitting(box, disk: dict) -> bool:
    kind = disk.get('kind')
    return kind in KIND_RANK and kind != HDD and KIND_RANK[kind] > box.pool_speed_rank


def _pool_disks_words(box) -> str:
    return f'pool {box.pool_name}\'s {DISK_KIND_WORDS.get(box.pool_disk_kind, "data disks")}'


def unfit_reason(box, role: str, disk: dict, chosen_elsewhere: str | None = None) -> str | None:
    """Why ``disk`` cannot be the pool's ``role`` device, as a clause after its name; None when it can.
    ``chosen_elsewhere``: the other role it is already chosen for in this target, if any."""
    name = disk['name']
    device = ROLE_DEVICE[role]
    for have, role_of in ((box.cache_devices, 'cache'), (box.log_devices, 'log')):
        if name in have:
            return f'is already the {ROLE_DEVICE[role_of]} of pool {box.pool_name}'
    if disk.get('pool'):
        return f'is in use by pool {disk["pool"]}'
    if name not in box.unused_disks:
        return 'is not an unused disk (TrueNAS does not list it as free: a boot disk, or it has partitions)'
    if chosen_elsewhere:
        return f'is already chosen as the {ROLE_DEVICE[chosen_elsewhere]}'
    kind = disk.get('kind')
    if kind == HDD:
        return f'is a hard disk: a {device} needs flash (an SSD or NVMe disk)'
    if kind not in KIND_RANK:
        return f'is a disk of unknown kind: a {device} needs flash (an SSD or NVMe disk)'
    if not is_fitting(box, disk):
        return (f'is an {DISK_KIND_WORD[kind]}, not faster than {_pool_disks_words(box)}: as a {device} it would not '
                f'speed the pool up')
    size = int(disk.get('size_bytes') or 0)
    if size < MIN_DEVICE_BYTES:
        return f'is smaller than the {format_bytes(MIN_DEVICE_BYTES)} ZFS accepts for a device'
    if role == 'cache' and box.arc_max_bytes and size < box.arc_max_bytes:
        return (f'is smaller than the {format_bytes(box.arc_max_bytes)} ARC in RAM: as a cache device it would hold '
                f'less than RAM already caches')
    return None


def _other_role(role: str, target: dict, name: str) -> str | None:
    other = 'log' if role == 'cache' else 'cache'
    return other if name in (target.get(ROLE_FIELDS[other]) or ()) else None


def _ordered_disks(box) -> list[dict]:
    """Unused disks first (profile order), then the rest: the order does not change with the choice."""
    unused = [box.disks[n] for n in box.unused_disks if n in box.disks]
    return unused + [d for n, d in box.disks.items() if n not in box.unused_disks]


def device_choices(box, target: dict) -> dict[str, list[dict]]:
    """For cache and log: every disk of the box, whether it can be chosen for the target pool and, if not, why."""
    choices = {}
    for role in ROLES:
        rows = []
        for disk in _ordered_disks(box):
            reason = unfit_reason(box, role, disk, _other_role(role, target, disk['name']))
            rows.append({'name': disk['name'], 'kind': disk.get('kind'), 'size_bytes': int(disk.get('size_bytes') or 0),
                         'model': disk.get('model'), 'eligible': reason is None, 'reason': reason})
        choices[role] = rows
    return choices


def fitting_unused_disks(box, role: str, target: dict) -> list[dict]:
    """Disks that would make a useful ``role`` device for the target pool, fastest and largest first."""
    disks = [box.disk(name) for name in box.unused_disks]
    fitting = [d for d in disks
               if d and unfit_reason(box, role, d, _other_role(role, target, d['name'])) is None]
    return sorted(fitting, key=lambda d: (-KIND_RANK[d['kind']], -int(d.get('size_bytes') or 0), d['name']))


def not_offered(box, role: str, target: dict) -> list[str]:
    """"sdh (512 GB SSD) is already chosen as the log device" for each unused disk that does not fit."""
    out = []
    for name in box.unused_disks:
        disk = box.disk(name)
        reason = disk and unfit_reason(box, role, disk, _other_role(role, target, name))
        if reason:
            out.append(f'{describe_disk(disk)} {reason}')
    return out


def validate_selection(box, role: str, names: list, field: str, taken: dict) -> list[tuple[str, str]]:
    """Errors for ``target.cache_disks`` / ``target.log_disks``; ``taken`` maps disk -> role already using it."""
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
            errors.append((item, f'{name} is already chosen as the {ROLE_DEVICE[taken[name]]}'))
            continue
        taken[name] = role
        reason = unfit_reason(box, role, disk)
        if reason:
            errors.append((item, f'{describe_disk(disk)} {reason}; choose another disk as {ROLE_NAMES[role]}'))
    return errors
