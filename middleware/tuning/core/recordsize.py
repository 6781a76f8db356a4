"""Record size advice from a dataset's own files (pure): what a bounded, read-only scan saw, and what it says.

``FileSizes`` adds files up one at a time without keeping them (a scan of a million files holds a few counters):
files and bytes by size (powers of two), the files whose data is read and written in small pieces in place (virtual
disks, databases: by name, a guess said as one), the bytes in files no larger than each ``special_small_blocks``
threshold, and for each candidate record size the space the last, partial record of every larger file would add
with compression off.

``recordsize_advice(sizes, current, compression)`` → the record size to use and why, the figures behind it, and the
special vdev sizes; its rules (OpenZFS "Workload Tuning"):

- a dataset's record size is the largest block ZFS writes for a file; a file smaller than it takes one block of its
  own size, so small files waste nothing under a large record size;
- files read and written whole (media, backups, archives) gain from large records: fewer blocks to track, better
  compression, longer disk I/O: **1M** when files of 1 MiB or more hold at least ``LARGE_SHARE`` of the bytes;
- files read and written in small pieces in place want the application's I/O size, else every small write reads,
  changes and rewrites a whole record: **16K** for databases (InnoDB's page; PostgreSQL's is 8K), **64K** for virtual
  disks, when they hold at least ``IN_PLACE_SHARE`` of the bytes;
- otherwise the default, **128K**, fits a mix.
A new record size applies to data written afterwards only; existing files keep theirs until rewritten.
"""
import math
import os
from collections import Counter

from .presets.units import format_bytes
from .words import and_join

KIB, MIB = 1024, 1024 * 1024
CANDIDATES = tuple(k * KIB for k in (16, 32, 64, 128, 256, 512, 1024))
SMALL_BLOCK_LIMITS = tuple(k * KIB for k in (4, 8, 16, 32, 64, 128))
LARGE = MIB
LARGE_SHARE = 0.80
IN_PLACE_SHARE = 0.50
DEFAULT = 128 * KIB
# names of files written in place in small pieces: the guess by name, said as a guess
IN_PLACE = {
    'VIRTUAL_DISK': ('.qcow2', '.vmdk', '.vdi', '.vhd', '.vhdx', '.img', '.raw'),
    'DATABASE': ('.db', '.sqlite', '.sqlite3', '.ibd', '.mdf', '.ndf', '.ldf', '.myd', '.myi'),
}
IN_PLACE_WORDS = {'VIRTUAL_DISK': 'virtual disk images', 'DATABASE': 'database files'}


def block_words(size: int) -> str:
    """A record or block size as the panel writes sizes everywhere: 128 KiB, 1 MiB (never ZFS's 128K, 1M)."""
    return format_bytes(size)


def size_bucket(size: int) -> int:
    """The power of two a size rounds up to (0 for empty files): the histogram's bucket."""
    return 0 if size <= 0 else 1 << max(0, math.ceil(math.log2(size)))


def in_place_kind(name: str) -> str | None:
    ext = os.path.splitext(name)[1].lower()
    return next((kind for kind, exts in IN_PLACE.items() if ext in exts), None)


class FileSizes:
    """Counters of the files a scan saw; ``add`` one file at a time, ``as_dict`` for the answer."""

    def __init__(self):
        self.files = 0
        self.bytes = 0
        self.large_bytes = 0             # in files of LARGE or more
        self.by_size = Counter()         # bucket → files
        self.bytes_by_size = Counter()   # bucket → bytes
        self.in_place = Counter()        # kind → bytes
        self.small_bytes = Counter()     # limit → bytes in files no larger
        self.tail_bytes = Counter()      # record size → space the last partial record adds (compression off)

    def add(self, name: str, size: int) -> None:
        self.files += 1
        self.bytes += size
        if size >= LARGE:
            self.large_bytes += size
        bucket = size_bucket(size)
        self.by_size[bucket] += 1
        self.bytes_by_size[bucket] += size
        if kind := in_place_kind(name):
            self.in_place[kind] += size
        for limit in SMALL_BLOCK_LIMITS:
            if size <= limit:
                self.small_bytes[limit] += size
        for record in CANDIDATES:
            if size > record:
                self.tail_bytes[record] += -size % record

    def as_dict(self) -> dict:
        return {'files': self.files, 'bytes': self.bytes, 'large_bytes': self.large_bytes,
                'histogram': [{'up_to_bytes': b, 'files': self.by_size[b], 'bytes': self.bytes_by_size[b]}
                              for b in sorted(self.by_size)],
                'in_place_bytes': {kind: self.in_place[kind] for kind in IN_PLACE},
                'small_bytes': {limit: self.small_bytes[limit] for limit in SMALL_BLOCK_LIMITS},
                'tail_bytes': {record: self.tail_bytes[record] for record in CANDIDATES}}


def _share(part: int, whole: int) -> float:
    return part / whole if whole else 0.0


def recordsize_advice(sizes: dict, current: int | None, compression: str | None) -> dict:
    """What record size ``sizes`` (``FileSizes.as_dict``) calls for, against the dataset's ``current`` one (bytes)
    and its ``compression`` (``OFF`` or an algorithm): ``{recommended, current, change, reasons, large_share,
    in_place_share, candidates: [{record, tail_bytes, tail_share, words}], special: [{limit, bytes, words}]}``."""
    total = sizes['bytes']
    large = sizes['large_bytes']
    in_place = sizes['in_place_bytes']
    in_place_total = sum(in_place.values())
    reasons = []
    if not sizes['files'] or not total:
        recommended = current or DEFAULT
        reasons.append('The scan found no data: nothing here calls for a change.')
    elif _share(in_place_total, total) >= IN_PLACE_SHARE:
        kind = max(in_place, key=in_place.get)
        recommended = 16 * KIB if kind == 'DATABASE' else 64 * KIB
        reasons.append(f'{_share(in_place_total, total) * 100:.0f} % of the data is in {IN_PLACE_WORDS[kind]} (by '
                       'their names), written in place in small pieces: a record size near the application\'s I/O '
                       'size spares every small write a read and rewrite of a whole record'
                       + (' (InnoDB writes 16 KiB pages, PostgreSQL 8 KiB).' if kind == 'DATABASE'
                          else ' (64 KiB suits most virtual disks; the guests\' own block size is the exact match).'))
    elif _share(large, total) >= LARGE_SHARE:
        recommended = MIB
        reasons.append(f'{_share(large, total) * 100:.0f} % of the data is in files of 1 MiB or more, read and '
                       'written whole: 1 MiB records mean fewer blocks to track, better compression and longer disk '
                       'reads and writes. Smaller files still take one block of their own size.')
    else:
        recommended = DEFAULT
        reasons.append(f'A mix: {_share(large, total) * 100:.0f} % of the data is in files of 1 MiB or more and '
                       f'{_share(in_place_total, total) * 100:.0f} % in files written in place: the default 128 KiB '
                       'fits it.')
    if current and recommended != current:
        reasons.append(f'A new record size applies to data written from then on; the files already here keep '
                       f'{block_words(current)} records until they are rewritten.')
    off = (compression or 'OFF').upper() == 'OFF'
    candidates = []
    for record in CANDIDATES:
        tail = sizes['tail_bytes'][record] if total else 0
        words = (f'{format_bytes(tail)} ({_share(tail, total) * 100:.1f} %) in the last, partial record of each '
                 'larger file' + ('' if off else ', almost all of it compressed away'))
        candidates.append({'record': record, 'tail_bytes': tail, 'tail_share': round(_share(tail, total), 4),
                           'words': words})
    small = sizes['small_bytes']
    special = [{'limit': limit, 'bytes': small[limit],
                'words': f'files of {block_words(limit)} or less add up to {format_bytes(small[limit])}'}
               for limit in SMALL_BLOCK_LIMITS]
    return {'recommended': recommended, 'current': current, 'change': bool(current) and recommended != current,
            'reasons': reasons, 'large_share': round(_share(large, total), 4),
            'in_place_share': round(_share(in_place_total, total), 4), 'in_place_kinds': and_join(kinds) if (
                kinds := [IN_PLACE_WORDS[k] for k, v in in_place.items() if v]) else None,
            'candidates': candidates, 'special': special}


STOPPED_WORDS = {'ENTRIES': 'it reached the most files and folders it may look at',
                 'TIME': 'it ran out of the time it was given'}


def scan_words(scan: dict) -> str:
    """"1,204 files (38.2 GiB) in 96 folders, all of the dataset" or "… the first 200,000 entries: it reached …"."""
    sizes = scan['sizes']
    seen = (f'{sizes["files"]:,} files ({format_bytes(sizes["bytes"])}) in {scan["directories"]:,} '
            f'folder{"s" if scan["directories"] != 1 else ""}')
    if scan['complete']:
        words = f'{seen}: all of the dataset'
    else:
        why = STOPPED_WORDS.get(scan['stopped_by'], 'it stopped')
        words = f'{seen}: part of the dataset, where the walk began ({why}); the advice speaks for what was seen'
    extra = []
    if scan['other_filesystems']:
        extra.append(f'{scan["other_filesystems"]} child dataset{"s" if scan["other_filesystems"] != 1 else ""} '
                     'left out (each has its own record size)')
    if scan['unreadable']:
        extra.append(f'{scan["unreadable"]} entr{"ies" if scan["unreadable"] != 1 else "y"} could not be read')
    return words + (f'; {and_join(extra)}' if extra else '') + '.'


def recordsize_answer(dataset: str, scan: dict, current: int | None, compression: str | None) -> dict:
    """``tuning.advice.recordsize``'s answer from a ``box.file_scan`` walk of ``dataset``."""
    sizes = scan['sizes']
    advice = recordsize_advice(sizes, current, compression)
    return {
        'dataset': dataset,
        'recommended': advice['recommended'], 'recommended_words': block_words(advice['recommended']),
        'current': current, 'current_words': block_words(current) if current else None,
        'change': advice['change'], 'reasons': advice['reasons'],
        'large_share': advice['large_share'], 'in_place_share': advice['in_place_share'],
        'in_place_kinds': advice['in_place_kinds'],
        'scan': {'files': sizes['files'], 'bytes': sizes['bytes'], 'directories': scan['directories'],
                 'complete': scan['complete'], 'seconds': scan['seconds'], 'words': scan_words(scan)},
        'histogram': [{**row, 'up_to_words': format_bytes(row['up_to_bytes']) if row['up_to_bytes'] else 'empty',
                       'bytes_words': format_bytes(row['bytes'])} for row in sizes['histogram']],
        'candidates': [{**c, 'record_words': block_words(c['record'])} for c in advice['candidates']],
        'special': [{**s, 'limit_words': block_words(s['limit']), 'bytes_words': format_bytes(s['bytes'])}
                    for s in advice['special']],
    }
