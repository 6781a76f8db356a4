"""Choose how a test keeps caches out of its numbers (pure).

``choose_cache_defeat(test, profile, env)`` → ``{method, direct, working_set_bytes, explanation}`` where method is

- ``DIRECT_IO``: ZFS Direct I/O really bypasses the ARC: OpenZFS ≥ 2.3 on Linux (FreeBSD ships it off), a dataset
  (never a zvol) whose ``direct`` property honours O_DIRECT (``standard`` or ``always``; ``disabled`` sends it
  through the ARC) and a block size that is a multiple of the recordsize (unaligned direct writes silently go
  through the ARC). The working set can then stay modest.
- ``WORKING_SET``: buffered I/O on a working set ≥ 2 × ARC max (and ≥ 2 × zfs_dirty_data_max, so writes run past the
  write-throttle buffer): at least half of what is read cannot be in the ARC. Small random reads can still find far
  more there (each miss brings its whole record in): the ARC's counters say how much (``arc_reads``), and a test
  they find answered from RAM is flagged. zvols use O_DIRECT here too (it skips the page cache above the zvol, not
  the ARC).
- ``O_DIRECT``: not ZFS: O_DIRECT bypasses the page cache; a modest working set.

``parse_openzfs_version('zfs-2.3.4-1')`` → ``(2, 3)`` or ``None``.
"""
import re

from ..presets.units import format_bytes


def parse_openzfs_version(text):
    if not text:
        return None
    m = re.search(r'(\d+)\.(\d+)', str(text))
    return (int(m.group(1)), int(m.group(2))) if m else None


def _direct_io_blocker(test, env):
    """Why ZFS Direct I/O would not truly bypass the ARC for this test, or None when it would."""
    version = parse_openzfs_version(env.get('openzfs_version'))
    if env.get('is_zvol'):
        return 'zvols do not support ZFS Direct I/O'
    if env.get('os') != 'Linux':
        return f'ZFS Direct I/O is off by default on {env.get("os") or "this OS"}'
    if version is None or version < (2, 3):
        return f'OpenZFS {env.get("openzfs_version") or "?"} ignores O_DIRECT (Direct I/O needs 2.3 or later)'
    if str(env.get('direct') or '').lower() == 'disabled':
        return "the dataset's Direct I/O property is Disabled, so O_DIRECT goes through the ARC"
    recordsize = env['recordsize_bytes']
    if test.block_size % recordsize:
        return (f'{test.block_size // 1024}K blocks are not aligned to the {recordsize // 1024}K recordsize, '
                'so direct writes would go through the ARC')
    return None


def choose_cache_defeat(test, profile, env, size_given=None):
    """The method for ``test``; ``size_given``: the working set the spec asks for instead of the method's own (its
    words then say that size; whether it is large enough is ``method``'s to decide)."""
    if not env['is_zfs']:
        size = size_given or profile.plain_directory_working_set_bytes
        return {
            'method': 'O_DIRECT', 'direct': True, 'working_set_bytes': size,
            'explanation': f'not ZFS: O_DIRECT bypasses the page cache; {format_bytes(size)} working set',
        }
    blocker = _direct_io_blocker(test, env)
    if blocker is None:
        size = size_given or profile.direct_working_set_bytes
        return {
            'method': 'DIRECT_IO', 'direct': True, 'working_set_bytes': size,
            'explanation': f'OpenZFS Direct I/O bypasses the ARC (recordsize-aligned blocks); {format_bytes(size)} working set',
        }
    arc = env['arc_max_bytes']
    dirty = env.get('dirty_data_max_bytes') or 0
    size = size_given or max(2 * arc, 2 * dirty, profile.direct_working_set_bytes)
    return {
        'method': 'WORKING_SET', 'direct': bool(env.get('is_zvol')), 'working_set_bytes': size,
        'explanation': (f'{blocker}; working set {format_bytes(size)} ≥ 2 × ARC max ({format_bytes(arc)}), so at '
                        'least half of what is read is not in the ARC; its counters say how much came from RAM'),
    }
