"""Every setting a custom preset may change, in words: its name, what it does in one sentence, and its unit.

The unit decides how a value may be typed in a preset (``custom.typed_value``): sizes take K/M/G/T ("64G", "8 GiB"),
percentages and seconds take their sign ("20%", "30s"); the ARC and write-buffer sizes also take a share of RAM
("50%"). A test fails when a registry knob a preset may set has no entry here.
"""
from .constants import DATASET_PROPERTY, SERVICE, SYSCTL, ZFS_PARAMETER
from .limits import zero_is_default

BYTES = 'BYTES'
BYTES_PER_SECOND = 'BYTES_PER_SECOND'
PERCENT = 'PERCENT'
SECONDS = 'SECONDS'
COUNT = 'COUNT'
UNITS = (BYTES, BYTES_PER_SECOND, PERCENT, SECONDS, COUNT)

D, P, S, V = DATASET_PROPERTY, ZFS_PARAMETER, SYSCTL, SERVICE

# (kind, setting) -> (name, what it does, unit or None)
WORDS: dict[tuple[str, str], tuple[str, str, str | None]] = {
    (D, 'recordsize'): ('Record size', 'The largest block ZFS writes for a file of this dataset.', BYTES),
    (D, 'compression'): ('Compression', 'How blocks of this dataset are compressed when written.', None),
    (D, 'atime'): ('Access time updates', 'Whether reading a file also records when it was last read.', None),
    (D, 'sync'): ('Synchronous writes', 'Whether ZFS honours a client\'s request to put a write on disk before '
                                        'acknowledging it.', None),
    (D, 'logbias'): ('Sync write logging', 'Whether synchronous writes go to the intent log first (latency) or '
                                           'straight to the pool (throughput).', None),
    (D, 'primarycache'): ('RAM cache (ARC) use', 'What of this dataset the ARC keeps in RAM: data and metadata, '
                                                 'metadata only, or nothing.', None),
    (D, 'secondarycache'): ('Cache device (L2ARC) use', 'What of this dataset may go to the L2ARC cache device.',
                            None),
    (D, 'special_small_blocks'): ('Small blocks on the special vdev', 'Blocks up to this size are stored on the '
                                                                      'pool\'s special (flash) vdev; 0 turns it off.',
                                  BYTES),
    (P, 'zfs_arc_max'): ('Maximum ARC size', 'The most RAM the ZFS read cache (ARC) may use; 0 leaves it to OpenZFS.',
                         BYTES),
    (P, 'zfs_arc_min'): ('Minimum ARC size', 'The RAM the ARC keeps even under memory pressure; 0 leaves it to '
                                             'OpenZFS.', BYTES),
    (P, 'zfs_dirty_data_max'): ('Write buffer size', 'How much written data may wait in RAM before ZFS makes '
                                                     'writers wait for the disks.', BYTES),
    (P, 'zfs_dirty_data_max_max'): ('Write buffer limit', 'The upper bound of the write buffer, read when the ZFS '
                                                          'module loads (at boot).', BYTES),
    (P, 'zfs_dirty_data_max_percent'): ('Write buffer, % of RAM', 'The write buffer\'s default size as a share of '
                                                                  'RAM, read at boot.', PERCENT),
    (P, 'zfs_dirty_data_max_max_percent'): ('Write buffer limit, % of RAM', 'The write buffer\'s upper bound as a '
                                                                            'share of RAM, read at boot.', PERCENT),
    (P, 'zfs_txg_timeout'): ('Transaction group interval', 'The longest time written data waits before ZFS commits '
                                                           'it to the disks.', SECONDS),
    (P, 'zfs_prefetch_disable'): ('Read-ahead off', '1 stops ZFS from reading ahead of sequential readers.', None),
    (P, 'zfetch_max_distance'): ('Read-ahead distance', 'How far ahead of a sequential reader ZFS reads, per stream.',
                                 BYTES),
    (P, 'zfs_vdev_async_read_max_active'): ('Read-ahead requests per disk', 'How many background (prefetch) reads '
                                                                            'each disk may have in flight.', COUNT),
    (P, 'zfs_vdev_async_write_max_active'): ('Background writes per disk', 'How many background writes each disk '
                                                                           'may have in flight.', COUNT),
    (P, 'zfs_vdev_sync_read_max_active'): ('Reads per disk', 'How many reads an application waits on each disk may '
                                                             'have in flight.', COUNT),
    (P, 'zfs_vdev_sync_write_max_active'): ('Synchronous writes per disk', 'How many synchronous writes each disk '
                                                                           'may have in flight.', COUNT),
    (P, 'zfs_vdev_max_active'): ('Requests per disk in all', 'How many requests of all kinds each disk may have in '
                                                             'flight.', COUNT),
    (P, 'l2arc_write_max'): ('Cache device fill rate', 'How much data per second ZFS copies to the L2ARC cache '
                                                       'device.', BYTES_PER_SECOND),
    (P, 'l2arc_write_boost'): ('Cache device extra fill', 'Extra L2ARC fill per second while the ARC is still warming '
                                                          'up.', BYTES_PER_SECOND),
    (P, 'l2arc_noprefetch'): ('Keep read-ahead off the cache device', '1 keeps data read ahead for sequential '
                                                                      'readers out of the L2ARC.', None),
    (P, 'l2arc_headroom'): ('Cache device scan depth', 'How deep into the ARC the L2ARC feed looks, as a multiple '
                                                       'of its fill rate.', COUNT),
    (P, 'zfs_nocacheflush'): ('Skip disk cache flushes', '1 stops ZFS from flushing disk write caches; only safe '
                                                         'when every disk cache survives a power cut.', None),
    (P, 'zil_nocacheflush'): ('Skip log cache flushes', '1 stops ZFS from flushing the log device\'s cache after '
                                                        'intent-log writes.', None),
    (P, 'zfs_immediate_write_sz'): ('Direct sync write size', 'Without a log device, synchronous writes larger than '
                                                              'this go to the pool directly.', BYTES),
    (P, 'zil_slog_bulk'): ('Log bulk threshold', 'Log bytes per commit written at high priority; more go at lower '
                                                 'priority.', BYTES),
    (P, 'metaslab_lba_weighting_enabled'): ('Prefer outer disk tracks', '1 places data on the faster outer tracks '
                                                                        'of rotating disks first.', None),
    (P, 'zfs_dio_enabled'): ('Direct I/O', '1 lets applications that ask for Direct I/O bypass the ARC.', None),
    (S, 'net.core.rmem_max'): ('Largest receive buffer', 'The largest receive buffer a network socket may ask for.',
                               BYTES),
    (S, 'net.core.wmem_max'): ('Largest send buffer', 'The largest send buffer a network socket may ask for.', BYTES),
    (S, 'net.ipv4.tcp_rmem'): ('TCP receive buffer', 'Smallest, default and largest receive buffer of a TCP '
                                                     'connection, three sizes.', BYTES),
    (S, 'net.ipv4.tcp_wmem'): ('TCP send buffer', 'Smallest, default and largest send buffer of a TCP connection, '
                                                  'three sizes.', BYTES),
    (S, 'net.core.netdev_max_backlog'): ('Receive queue length', 'How many received packets each CPU may queue '
                                                                 'before the kernel drops them.', COUNT),
    (V, 'multichannel'): ('SMB multichannel', 'Lets one SMB client use several network connections at once.', None),
    (V, 'servers'): ('NFS server threads', 'How many NFS requests the server handles at once; AUTO follows the CPU '
                                           'count.', COUNT),
}


def words_of(kind: str, setting: str) -> tuple[str, str, str | None]:
    """(name, what it does, unit) of a setting a custom preset may change."""
    return WORDS[(kind, setting)]


def name_of(kind: str, setting: str) -> str:
    """The setting's name in words ("Write buffer limit"), or its id for a setting this list does not know."""
    found = WORDS.get((kind, setting))
    return found[0] if found else setting


def unit_fields(kind: str, setting: str) -> dict:
    """``{unit, zero_is_default}`` of any setting a row names (plan, in effect, drift), in the vocabulary of the
    settings list, so the panel never guesses a unit: ``unit`` None for a setting without one (an enum, a switch,
    a pool's devices, a setting tuning does not know)."""
    found = WORDS.get((kind, setting))
    return {'unit': found[2] if found else None, 'zero_is_default': zero_is_default(kind, setting)}


__all__ = ['BYTES', 'BYTES_PER_SECOND', 'COUNT', 'PERCENT', 'SECONDS', 'UNITS', 'WORDS', 'name_of', 'unit_fields', 'words_of']
