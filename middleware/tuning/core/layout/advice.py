"""``tuning.advice.layout``'s answer from the box's profile and the ladder's latest raw read (pure).

Raises ``LayoutInputError(field, message)`` for options that name nothing usable (the service turns it into a
validation error naming the field)."""
import statistics
from collections import Counter

from ..ladder.words import rate
from ..presets.units import format_bytes, is_power_of_two
from .candidates import KIND_WORDS, TYPICAL, candidates, disk_words, naive_bytes
from .capacity import MIRROR, RAIDZ

NOTES = [
    'Usable space is what zfs list shows free on the new, empty pool: parity and padding for 128 KiB blocks, the '
    'disks\' labels, whole metaslabs and slop space already taken off. Compression adds to it; small records take '
    'more than their share on RAIDZ.',
    'Holds in these records: the data that fits, uncompressed, written in records of the chosen size, each with its '
    'own parity and padding. Usable space counts every block as 128 KiB, so on RAIDZ larger records can hold more '
    'than it, smaller ones less; on a mirror both are the same.',
    'Throughput and IOPS are first-order estimates from one disk\'s figures: a RAIDZ vdev streams at about its data '
    'disks\' rate and gives about one disk\'s random IOPS, a mirror reads from every side and writes at one disk\'s '
    'rate, and the pool adds its vdevs up. Real pools fall short of them, wide RAIDZ vdevs most: benchmark the pool '
    'you build.',
]


class LayoutInputError(ValueError):
    def __init__(self, field: str, message: str):
        super().__init__(message)
        self.field = field


GIVEN_WORDS = {'count': 'how many there are', 'size_bytes': "each one's size", 'kind': 'their kind'}


def chosen_disks(profile: dict, options: dict) -> dict:
    """The disks the advice is for: ``{source, count, size_bytes, kind, names, left_out}``."""
    source = options['source']
    if source == 'GIVEN':
        missing = [f for f in ('count', 'size_bytes', 'kind') if options.get(f) is None]
        if missing:
            raise LayoutInputError(f'options.{missing[0]}', f'Needed for disks typed in: {GIVEN_WORDS[missing[0]]}.')
        return {'source': source, 'count': options['count'], 'size_bytes': options['size_bytes'],
                'kind': options['kind'], 'names': [], 'left_out': []}
    if source == 'POOL':
        if not options.get('pool'):
            raise LayoutInputError('options.pool', 'Name the pool whose disks to lay out.')
        pool = next((p for p in profile['pools'] if p['name'] == options['pool']), None)
        if pool is None:
            raise LayoutInputError('options.pool', f'No pool named {options["pool"]!r} on this box.')
        names = [d for vdev in pool['data_vdevs'] for d in vdev['disks']]
        disks = [d for d in profile['disks'] if d['name'] in names]
    else:
        disks = [d for d in profile['disks'] if not d.get('pool')]
        if not disks:
            raise LayoutInputError('options.source', 'This box has no disk outside a pool: lay out a pool\'s disks '
                                   'again, or type in disks you do not have yet.')
    if not disks:
        raise LayoutInputError('options.pool', f'The box does not list the disks of {options["pool"]!r}.')
    kind = Counter(d['kind'] for d in disks).most_common(1)[0][0]
    like = [d for d in disks if d['kind'] == kind]
    left_out = [f'{d["name"]} ({KIND_WORDS[d["kind"]]}, {format_bytes(d["size_bytes"])})'
                for d in disks if d['kind'] != kind]
    return {'source': source, 'count': len(like), 'size_bytes': min(d['size_bytes'] for d in like), 'kind': kind,
            'names': [d['name'] for d in like], 'left_out': left_out}


def disk_figures(disks: dict, options: dict, disk_read: dict | None) -> dict:
    """One disk's figures for the estimates: given, measured by the ladder's raw read of these disks, or typical."""
    if options.get('per_disk'):
        return {**options['per_disk'], 'source': 'GIVEN', 'words': 'The figures given for each disk.'}
    measured = [d['read_bytes_per_second'] for d in (disk_read or {}).get('disks', [])
                if d.get('read_bytes_per_second') and d['name'] in disks['names']]
    typical = TYPICAL[disks['kind']]
    if measured and not disk_read.get('stand_in'):
        read = statistics.median(measured)
        return {'read_bytes_per_second': read, 'write_bytes_per_second': read, 'iops': typical['iops'],
                'source': 'MEASURED',
                'words': f'Read {rate(read)} a disk (median of {len(measured)}, the ladder\'s raw read of '
                         f'{disk_read["created_at"]}); writes taken as fast, {typical["iops"]:,} IOPS typical of '
                         f'a {KIND_WORDS[disks["kind"]]}.'}
    return {**typical, 'source': 'TYPICAL',
            'words': f'Typical figures for {"an" if disks["kind"] == "SSD" else "a"} {KIND_WORDS[disks["kind"]]}: {rate(typical["read_bytes_per_second"])} '
                     f'read, {rate(typical["write_bytes_per_second"])} write, {typical["iops"]:,} IOPS. Read the '
                     'disks on the Bottleneck page for this box\'s own.'}


def current_shape(profile: dict, pool_name: str | None) -> tuple | None:
    """``(kind, width, parity, vdevs)`` of a pool whose data vdevs are all alike, else None."""
    pool = next((p for p in profile['pools'] if p['name'] == pool_name), None)
    if pool is None or not pool['data_vdevs']:
        return None
    shapes = {(v['type'].upper(), len(v['disks'])) for v in pool['data_vdevs']}
    if len(shapes) != 1:
        return None
    (kind, width), = shapes
    if kind.startswith('RAIDZ') and kind[5:].isdigit():
        return RAIDZ, width, int(kind[5:]), len(pool['data_vdevs'])
    if kind == 'MIRROR':
        return MIRROR, width, width - 1, len(pool['data_vdevs'])
    return None


def layout_advice(profile: dict, options: dict, disk_read: dict | None = None) -> dict:
    """The answer: the disks, one disk's figures and every candidate layout, most usable space first."""
    if not is_power_of_two(options['recordsize_bytes']):
        raise LayoutInputError('options.recordsize_bytes', 'A record size is a power of two: 4096, 131072 (128 '
                               'KiB), 1048576 (1 MiB).')
    disks = chosen_disks(profile, options)
    figures = disk_figures(disks, options, disk_read)
    rows = candidates(disks['count'], disks['size_bytes'], disks['kind'], figures, ashift=options['ashift'],
                      recordsize=options['recordsize_bytes'], legacy=options.get('legacy', False))
    mine = current_shape(profile, options.get('pool')) if disks['source'] == 'POOL' else None
    for row in rows:
        row['naive_bytes'] = naive_bytes(row['kind'], row['width'], row['parity'], row['vdevs'], disks['size_bytes'])
        row['current'] = mine == (row['kind'], row['width'], row['parity'] if row['kind'] == RAIDZ else
                                  row['width'] - 1, row['vdevs'])
    notes = list(NOTES)
    if not rows:
        notes.insert(0, f'{disk_words(disks["count"], disks["size_bytes"], disks["kind"])}: too few for a '
                        'redundant layout (a mirror needs 2).')
    if disks['left_out']:
        notes.append(f'Left out (another kind): {", ".join(disks["left_out"])}.')
    if options.get('legacy'):
        notes.append('Counted as ZFS before OpenZFS 2.0 did (FreeNAS 9.3): 1/32 of the pool kept back however '
                     'large.')
    return {
        'disks': {**disks, 'words': disk_words(disks['count'], disks['size_bytes'], disks['kind'])},
        'per_disk': figures,
        'ashift': options['ashift'],
        'recordsize_bytes': options['recordsize_bytes'],
        'layouts': rows,
        'notes': notes,
    }
