"""What this box can take: ranges of settings that depend on its RAM, beyond each knob's own type and range.

OpenZFS ignores an ARC maximum of all of RAM or more, or below 64 MiB, and an ARC minimum below 32 MiB or above the
ARC maximum (``arc.c``, ``arc_tuning_update``: "Valid range: 64M - <all physical memory>", "32M - <arc_c_max>"); a
write buffer can never be larger than RAM. Custom presets are checked with ``limit_error`` when they are saved and
when they are planned (preview, apply, campaigns), so a value this box refuses is a field error in both places,
never a "Caution" that fails at apply. The settings list shows the same ranges (``box_limit``).
"""
from dataclasses import dataclass

from .constants import MiB, ZFS_PARAMETER
from .units import format_bytes

ARC_MAX_FLOOR = 64 * MiB     # MIN_ARC_MAX
ARC_MIN_FLOOR = 32 * MiB     # 2 << SPA_MAXBLOCKSHIFT
RAM_BOUND = ('zfs_arc_max', 'zfs_arc_min', 'zfs_dirty_data_max', 'zfs_dirty_data_max_max')
# Settings where 0 is not a size of nothing but "OpenZFS decides" (the ARC bounds): a row shows 0 as the default.
ZERO_IS_DEFAULT = frozenset({(ZFS_PARAMETER, 'zfs_arc_max'), (ZFS_PARAMETER, 'zfs_arc_min')})


@dataclass(frozen=True)
class Limit:
    minimum: int
    maximum: int               # inclusive
    zero_allowed: bool         # 0 leaves the size to OpenZFS
    below: str                 # why a smaller value is refused
    above: str                 # why a larger value is refused
    words: str                 # the whole range, for the settings list


def zero_is_default(kind: str, setting: str) -> bool:
    """Whether a value 0 of the setting leaves it to OpenZFS or the kernel (whatever the box's RAM)."""
    return (kind, setting) in ZERO_IS_DEFAULT


def _ram(box) -> int:
    return int(getattr(box, 'ram_bytes', 0) or 0)


def box_limit(kind: str, setting: str, box, chosen: dict | None = None) -> Limit | None:
    """This box's range of a setting; None when only the knob's own range applies (or the box's RAM is unknown).
    ``chosen`` holds other byte values of the same preset ({setting: int}): an ARC minimum must fit its maximum."""
    ram = _ram(box)
    if kind != ZFS_PARAMETER or setting not in RAM_BOUND or ram <= 0:
        return None
    chosen = chosen or {}
    ram_words = f"this box's {format_bytes(ram)} of RAM"
    under_ram = f"less than {format_bytes(ram)} (this box's RAM)"
    if setting == 'zfs_arc_max':
        floor, below = ARC_MAX_FLOOR, 'is below 64 MiB, the smallest ARC maximum OpenZFS accepts'
        if chosen.get('zfs_arc_min', 0) >= floor:
            floor = chosen['zfs_arc_min'] + 1
            below = f'must be above the minimum ARC size this preset sets ({format_bytes(chosen["zfs_arc_min"])})'
        return Limit(floor, ram - 1, zero_is_default(kind, setting), below,
                     f'exceeds {ram_words}; the ARC must stay below it', f'0 (OpenZFS decides) or {format_bytes(floor)} up to {under_ram}')
    if setting == 'zfs_arc_min':
        if chosen.get('zfs_arc_max'):
            ceiling, above = chosen['zfs_arc_max'], 'the maximum ARC size this preset sets'
        elif int(getattr(box, 'arc_max_bytes', 0) or 0) > 0:
            ceiling, above = box.arc_max_bytes, "this box's maximum ARC size"
        else:
            ceiling, above = ram - 1, ram_words
        return Limit(ARC_MIN_FLOOR, min(ceiling, ram - 1), zero_is_default(kind, setting),
                     'is below 32 MiB, the smallest ARC minimum OpenZFS accepts',
                     f'exceeds {above} ({format_bytes(ceiling)})',
                     f'0 (OpenZFS decides) or 32 MiB up to {format_bytes(ceiling)} ({above})')
    return Limit(0, ram - 1, False, '', f'exceeds {ram_words}; data waiting to be written is held in RAM',
                 f'0 B up to {under_ram}')


def limit_error(kind: str, setting: str, value: str, box, chosen: dict | None = None) -> str | None:
    """Why this box refuses ``value`` (canonical) for the setting; None when it takes it."""
    limit = box_limit(kind, setting, box, chosen)
    if limit is None:
        return None
    number = int(value)
    if number == 0 and limit.zero_allowed:
        return None
    if number > limit.maximum:
        return f'{format_bytes(number)} {limit.above}'
    if number < limit.minimum:
        return f'{format_bytes(number)} {limit.below}'
    return None


__all__ = ['ARC_MAX_FLOOR', 'ARC_MIN_FLOOR', 'Limit', 'ZERO_IS_DEFAULT', 'box_limit', 'limit_error', 'zero_is_default']
