"""Space safety (pure).

``check_space(required_bytes, env)`` → ``{required_bytes, refquota_bytes, ...figures}`` or raises
``InsufficientSpaceError`` with the numbers; ``room_for_scratch(env)`` → the largest scratch quota it accepts (what
the forms compare their figure with, before Start):

- ZFS (``env['is_zfs']``): the run needs ``required × 1.1`` (``refquota_bytes``: the files, their metadata and RAIDZ
  padding); refuse when the pool's used bytes plus that would pass 80 % of its size (TrueNAS starts alerting at 85 %,
  metaslabs slow down when nearly full). The scratch dataset's ``refquota`` is ``scratch_quota_bytes``: the room the
  80 % rule leaves (``room_for_scratch``), so nothing the run writes can take the pool past 80 %. Not the need
  itself: ZFS counts each write in flight at up to 24 times its size against a quota until its transaction group is
  synced, so near a quota every write waits for a sync. The lab's random writes laid out 1 GiB of 16 KiB records
  into a 1.1 GiB quota at 20 kB/s, and measured that wait, not the disks.
- plain directory: refuse when the run plus 10 % would leave less than a margin free on the filesystem
  (5 % of its size, at most 1 GiB).
"""
import math

from .catalog import GIB
from .errors import InsufficientSpaceError

POOL_MAX_USED_FRACTION = 0.80
QUOTA_FACTOR = 1.1


def refquota_for(required_bytes):
    return math.ceil(required_bytes * QUOTA_FACTOR)


def _gib(n):
    return f'{n / GIB:.2f} GiB'


def check_space(required_bytes, env):
    size, used, free = env['size_bytes'], env['used_bytes'], env['free_bytes']
    quota = refquota_for(required_bytes)
    if env['is_zfs']:
        after = (used + quota) / size if size else 1.0
        figures = {
            'required_bytes': required_bytes, 'refquota_bytes': quota,
            'scratch_quota_bytes': max(quota, room_for_scratch(env)), 'pool_size_bytes': size,
            'pool_used_bytes': used, 'pool_free_bytes': free, 'used_percent_after': round(after * 100, 1),
            'max_used_percent': POOL_MAX_USED_FRACTION * 100,
        }
        if after > POOL_MAX_USED_FRACTION or quota > free:
            raise InsufficientSpaceError(
                f'the benchmark needs {_gib(quota)} (working set + 10 %), which would take the pool from '
                f'{used / size * 100:.1f} % to {after * 100:.1f} % used; the limit is 80 %', figures)
        return figures
    margin = min(math.ceil(size * 0.05), GIB)
    figures = {
        'required_bytes': required_bytes, 'refquota_bytes': quota, 'scratch_quota_bytes': quota,
        'filesystem_size_bytes': size,
        'filesystem_free_bytes': free, 'margin_bytes': margin, 'free_after_bytes': free - quota,
    }
    if free - quota < margin:
        raise InsufficientSpaceError(
            f'the benchmark needs {_gib(quota)} (working set + 10 %) but the filesystem has {_gib(free)} free and '
            f'must keep {_gib(margin)} spare', figures)
    return figures


def room_for_scratch(env):
    """The largest refquota (working set + 10 %) ``check_space`` lets through on ``env``, never below 0."""
    size, used, free = env['size_bytes'], env['used_bytes'], env['free_bytes']
    if env['is_zfs']:
        return max(0, min(free, math.floor(size * POOL_MAX_USED_FRACTION) - used))
    return max(0, free - min(math.ceil(size * 0.05), GIB))
