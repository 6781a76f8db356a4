"""Every setting a custom preset may change, in words: its name, what it does in one sentence, and its unit; and
its values in words (``value_words``: "Disabled", "on", "24 GiB"), as the TrueNAS web UI and the panel show them.
A 0/1 module parameter is a ``SWITCH``: its values read "off" and "on", and either spelling is typed.

The unit decides how a value may be typed in a preset (``custom.typed_value``): sizes take K/M/G/T ("64G", "8 GiB"),
percentages and seconds take their sign ("20%", "30s"); the ARC and write-buffer sizes also take a share of RAM
("50%"). A test fails when a registry knob a preset may set has no entry here.
"""
import re

from .constants import DATASET_PROPERTY, SERVICE, SYSCTL, ZFS_PARAMETER
from .limits import zero_is_default
from .units import format_bytes, parse_size

BYTES = 'BYTES'
BYTES_PER_SECOND = 'BYTES_PER_SECOND'
PERCENT = 'PERCENT'
SECONDS = 'SECONDS'
COUNT = 'COUNT'
SWITCH = 'SWITCH'   # 0/1: off/on
UNITS = (BYTES, BYTES_PER_SECOND, PERCENT, SECONDS, COUNT, SWITCH)

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
    (P, 'zfs_prefetch_disable'): ('Disable read-ahead', 'On stops ZFS from reading ahead of sequential readers.',
                                  SWITCH),
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
    (P, 'l2arc_noprefetch'): ('Keep read-ahead off the cache device', 'On keeps data read ahead for sequential '
                                                                      'readers out of the L2ARC.', SWITCH),
    (P, 'l2arc_headroom'): ('Cache device scan depth', 'How deep into the ARC the L2ARC feed looks, as a multiple '
                                                       'of its fill rate.', COUNT),
    (P, 'zfs_nocacheflush'): ('Skip disk cache flushes', 'On stops ZFS from flushing disk write caches; only safe '
                                                         'when every disk cache survives a power cut.', SWITCH),
    (P, 'zil_nocacheflush'): ('Skip log cache flushes', 'On stops ZFS from flushing the log device\'s cache after '
                                                        'intent-log writes.', SWITCH),
    (P, 'zfs_immediate_write_sz'): ('Direct sync write size', 'Without a log device, synchronous writes larger than '
                                                              'this go to the pool directly.', BYTES),
    (P, 'zil_slog_bulk'): ('Log bulk threshold', 'Log bytes per commit written at high priority; more go at lower '
                                                 'priority.', BYTES),
    (P, 'metaslab_lba_weighting_enabled'): ('Prefer outer disk tracks', 'On places data on the faster outer tracks '
                                                                        'of rotating disks first.', SWITCH),
    (P, 'zfs_dio_enabled'): ('Direct I/O', 'On lets applications that ask for Direct I/O bypass the ARC.', SWITCH),
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
    (V, 'servers'): ('NFS server threads', 'How many NFS requests the server handles at once; automatic follows '
                                           'the CPU count.', COUNT),
}


def words_of(kind: str, setting: str) -> tuple[str, str, str | None]:
    """(name, what it does, unit) of a setting a custom preset may change."""
    return WORDS[(kind, setting)]


def name_of(kind: str, setting: str) -> str:
    """The setting's name in words ("Write buffer limit"), or its id for a setting this list does not know."""
    found = WORDS.get((kind, setting))
    return found[0] if found else setting


def summary_of(kind: str, setting: str, knob_summary: str | None) -> str:
    """What a plan or in-effect row calls the setting: its name where the preset editor has one ("Synchronous
    writes" in both, not "handling of synchronous writes" in the plan), else the registry's few words, else its id."""
    found = WORDS.get((kind, setting))
    return found[0] if found else knob_summary or setting


# A ZFS enum as the API spells it (METADATA, THROUGHPUT): letters only, so LZ4 or ZSTD-3 stay as they are; the
# panel's enumWords (ui/src/app/shared/format.ts) reads the same values the same way.
_ENUM = re.compile(r'^[A-Z]+(_[A-Z]+)*$')
_ACRONYMS = frozenset({'ZSTD', 'GZIP', 'ZLE', 'LZJB', 'SMB', 'NFS', 'ISCSI', 'ARC', 'SLOG', 'HDD', 'SSD', 'NVME'})
_SWITCH = {'true': 'on', 'false': 'off'}
_WORDS = {**_SWITCH, 'AUTO': 'automatic'}   # the panel's VALUE_WORDS (ui/src/app/shared/format.ts)
_ON_OFF = {'0': 'off', '1': 'on'}
# three sizes of a TCP buffer: what each is, after them
TRIPLE_WORDS = '(min, default, max)'


def value_word(value: str) -> str:
    """An API value as a word: "DISABLED" -> "Disabled", "METADATA_ONLY" -> "Metadata only", "true" -> "on",
    "AUTO" -> "automatic"; names (LZ4, GZIP-9, 1M) as they are."""
    text = str(value)
    if text in _WORDS:
        return _WORDS[text]
    if not _ENUM.fullmatch(text) or text in _ACRONYMS:
        return text
    words = text.lower().replace('_', ' ')
    return words[:1].upper() + words[1:]


def choice_words(values, conjunction: str = 'or') -> str:
    """"Standard, Always or Disabled": values in words, the API's spelling in parentheses where a word is not what
    one types ("Metadata only (METADATA_ONLY)"; values are taken in any case, so "Disabled" is typed as it reads)."""
    words = []
    for value in values:
        word = value_word(value)
        typed = word.upper() == str(value).upper() or (str(value) in _SWITCH)
        words.append(word if typed else f'{word} ({value})')
    if len(words) < 2:
        return ''.join(words)
    return f'{", ".join(words[:-1])} {conjunction} {words[-1]}'


def value_words(kind: str, setting: str, value) -> str:
    """A setting's value as people read it, by the unit of the settings list: sizes in IEC units ("24 GiB", 128K as
    "128 KiB", three TCP buffer sizes as "4 KiB, 128 KiB, 6 MiB (min, default, max)"), rates per second,
    percentages, seconds, 0 of the ARC bounds as "0 (OpenZFS default)", enums as words ("Disabled"), switches
    (0/1 and true/false) as off/on; "no value" for None."""
    if value is None:
        return 'no value'
    text = str(value).strip()
    unit = unit_fields(kind, setting)['unit']
    parts = text.split()
    if text == '0' and zero_is_default(kind, setting):
        return '0 (OpenZFS default)'
    if unit in (BYTES, BYTES_PER_SECOND) and parts:
        try:   # bytes, or ZFS's spelling of a block size ("128K")
            sizes = [parse_size(p) for p in parts]
        except ValueError:
            return text
        suffix = '/s' if unit == BYTES_PER_SECOND else ''
        words = ', '.join(format_bytes(size) + suffix for size in sizes)
        return f'{words} {TRIPLE_WORDS}' if len(sizes) == 3 else words
    if unit == SWITCH and text in _ON_OFF:
        return _ON_OFF[text]
    if unit == PERCENT and text.isdigit():
        return f'{text} %'
    if unit == SECONDS and text.isdigit():
        return f'{text} s'
    return value_word(text)


def unit_fields(kind: str, setting: str) -> dict:
    """``{unit, zero_is_default}`` of any setting a row names (plan, in effect, drift), in the vocabulary of the
    settings list, so the panel never guesses a unit: ``unit`` None for a setting without one (an enum, true/false,
    a pool's devices, a setting tuning does not know)."""
    found = WORDS.get((kind, setting))
    return {'unit': found[2] if found else None, 'zero_is_default': zero_is_default(kind, setting)}


__all__ = ['BYTES', 'BYTES_PER_SECOND', 'COUNT', 'PERCENT', 'SECONDS', 'SWITCH', 'TRIPLE_WORDS', 'UNITS', 'WORDS',
           'choice_words', 'name_of', 'unit_fields', 'value_word', 'value_words', 'words_of']
