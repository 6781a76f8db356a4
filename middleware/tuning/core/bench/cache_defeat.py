"""Choose how a test keeps caches out of its numbers (pure).

``choose_cache_defeat(test, profile, env)`` → ``{method, direct, working_set_bytes, explanation}`` where method is

- ``DIRECT_IO``: ZFS Direct I/O really bypasses the ARC: OpenZFS ≥ 2.3 on Linux (FreeBSD ships it off), a dataset
  (never a zvol) whose ``direct`` property honours O_DIRECT (``standard`` or ``always``; ``disabled`` sends it
  through the ARC) and a block size that is a multiple of the recordsize (unaligned direct writes silently go
  through the ARC). The working set can then stay modest.
- ``ARC_METADATA_ONLY``: random reads Direct I/O cannot take (blocks smaller than the recordsize, an older OpenZFS,
  ``direct=disabled``): the scratch dataset holds only the benchmark's own files, and while such a test runs its
  ``primarycache`` is ``metadata``, so the ARC keeps none of their data (OpenZFS 2.2 and later also drop the data
  the layout writes) and every block read comes from the disks: a whole record per random read, the real cost of a
  read the cache does not hold. A working set of 2 × ARC did not do that: each miss brings its whole record in and
  later random reads hit it (the lab's Random read 4 KiB came 80 % from RAM). The working set stays modest (2 ×
  zfs_dirty_data_max for a test that also writes, so its writes run past the write-throttle buffer). A target whose
  own ``primarycache`` is ``none`` keeps it (the scratch inherits it): ``scratch_primarycache`` says what to set.
- ``WORKING_SET``: buffered I/O on a working set ≥ 2 × ARC max (and ≥ 2 × zfs_dirty_data_max, so writes run past the
  write-throttle buffer): at least half of what is read cannot be in the ARC. Sequential reads Direct I/O cannot
  take keep the ARC (``primarycache=metadata`` would turn ZFS's read-ahead off for them, openzfs/zfs#9375); the ARC's
  counters say how much came from RAM (``arc_reads``), and a test they find answered from RAM is flagged. zvols use
  O_DIRECT here too (it skips the page cache above the zvol, not the ARC).
- ``O_DIRECT``: not ZFS: O_DIRECT bypasses the page cache; a modest working set.

``parse_openzfs_version('zfs-2.3.4-1')`` → ``(2, 3)`` or ``None``. ``DEFEAT_WORDS``: each method in words (a run
whose tests use several methods is ``MIXED``).
"""
import re

from ..presets.units import format_bytes

DEFEAT_WORDS = {'DIRECT_IO': 'ZFS Direct I/O', 'ARC_METADATA_ONLY': 'No file data kept in the ARC',
                'WORKING_SET': 'A working set larger than the ARC', 'O_DIRECT': 'Direct I/O past the page cache',
                'MIXED': 'Each test its own way', 'CLIENT_DIRECT_IO': 'Direct I/O on the client',
                'CLIENT_WORKING_SET': 'A working set larger than the client’s cache'}


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
    if test.reads and test.is_random:
        size = size_given or max(2 * dirty if test.writes else 0, profile.direct_working_set_bytes)
        own = str(env.get('primarycache') or '').lower()
        keeps = own in ('none', 'metadata')
        return {
            'method': 'ARC_METADATA_ONLY', 'direct': bool(env.get('is_zvol')), 'working_set_bytes': size,
            'scratch_primarycache': None if keeps else 'metadata',
            'explanation': (f'{blocker}; the ARC keeps no data of the test files (primarycache='
                            f'{own if keeps else "metadata"} on the scratch dataset), so every block read comes '
                            f'from the disks; {format_bytes(size)} working set'),
        }
    size = size_given or max(2 * arc, 2 * dirty, profile.direct_working_set_bytes)
    return {
        'method': 'WORKING_SET', 'direct': bool(env.get('is_zvol')), 'working_set_bytes': size,
        'explanation': (f'{blocker}; working set {format_bytes(size)} ≥ 2 × ARC max ({format_bytes(arc)}), so at '
                        'least half of what is read is not in the ARC; its counters say how much came from RAM'),
    }
