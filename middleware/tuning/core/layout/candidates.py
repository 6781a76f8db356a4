"""Candidate pool layouts for a set of like disks, side by side (pure): capacity as ZFS allocates it
(``capacity.py``), expected throughput and IOPS from per-disk figures, fault tolerance, and the reasons in words.

The throughput model is the usual first-order one, stated as such to the reader: a RAIDZ vdev streams at about its
data disks' rate and gives about one disk's random IOPS; a mirror reads from every side and writes at one disk's
rate; the pool adds its vdevs up. Measured pools fall short of it, wide RAIDZ vdevs most of all.
"""
from ..presets.units import format_bytes
from ..words import and_join
from .capacity import MIRROR, RAIDZ, pool_space

MAX_RAIDZ_WIDTH = 16     # wider vdevs resilver too slowly to be worth listing
WIDE_RAIDZ = 10          # past this width, the words warn about resilver time and write rate
TIE = 0.005             # holding within this share of the most counts as holding the same
BIG_HDD = 2 * 10 ** 12   # RAIDZ1 on HDDs larger than this: a second failure during the resilver loses the pool
# Per-disk figures used when none was measured: a typical disk of each kind (sequential MB/s, 4 KiB random IOPS)
TYPICAL = {
    'HDD': {'read_bytes_per_second': 200e6, 'write_bytes_per_second': 190e6, 'iops': 150},
    'SSD': {'read_bytes_per_second': 530e6, 'write_bytes_per_second': 480e6, 'iops': 50_000},
    'NVME': {'read_bytes_per_second': 3000e6, 'write_bytes_per_second': 2000e6, 'iops': 300_000},
}
KIND_WORDS = {'HDD': 'hard disk', 'SSD': 'SSD', 'NVME': 'NVMe drive'}


def shapes(count: int) -> list[tuple[str, int, int, int]]:
    """Every layout worth comparing for ``count`` disks: ``(kind, width, parity, vdevs)``; mirrors of 2 and 3,
    RAIDZ1/2/3 at each width from parity + 2 that leaves at most one disk over (a spare), and one vdev of all."""
    found = []
    for width in (2, 3):
        if count >= width:
            found.append((MIRROR, width, width - 1, count // width))
    for parity in (1, 2, 3):
        for width in range(parity + 2, min(count, MAX_RAIDZ_WIDTH) + 1):
            if count % width <= 1:
                found.append((RAIDZ, width, parity, count // width))
    return found


def layout_name(kind: str, width: int, parity: int, vdevs: int) -> str:
    """'2 × 6-wide RAIDZ2', '6 × 2-way mirror', '1 × 12-wide RAIDZ2'."""
    if kind == MIRROR:
        return f'{vdevs} × {width}-way mirror'
    return f'{vdevs} × {width}-wide RAIDZ{parity}'


def performance(kind: str, width: int, parity: int, vdevs: int, disk: dict, record_share: float) -> dict:
    """First-order throughput (bytes/s) and 4 KiB IOPS of the pool; ``record_share`` is the share of a record's
    sectors that hold data (parity and padding are written too)."""
    read, write, iops = disk['read_bytes_per_second'], disk['write_bytes_per_second'], disk['iops']
    if kind == MIRROR:
        return {'read_bytes_per_second': vdevs * width * read, 'write_bytes_per_second': vdevs * write,
                'read_iops': vdevs * width * iops, 'write_iops': vdevs * iops}
    return {'read_bytes_per_second': vdevs * (width - parity) * read,
            'write_bytes_per_second': vdevs * width * write * record_share,
            'read_iops': vdevs * iops, 'write_iops': vdevs * iops}


def tolerance_words(kind: str, width: int, parity: int, vdevs: int) -> str:
    per_vdev = width - 1 if kind == MIRROR else parity
    disks = 'disk' if per_vdev == 1 else 'disks'
    if vdevs == 1:
        return f'Survives any {per_vdev} failed {disks}.'
    return (f'Survives {per_vdev} failed {disks} in each {"mirror" if kind == MIRROR else "vdev"} (up to '
            f'{per_vdev * vdevs} in all); one more in the same one loses the pool.')


def cautions(kind: str, width: int, parity: int, *, disk_kind: str, disk_bytes: int) -> list[str]:
    """What an admin must weigh before choosing this layout, in words: said beside its space, not only under
    "why"."""
    said = []
    if kind == RAIDZ and parity == 1 and disk_kind == 'HDD' and disk_bytes > BIG_HDD:
        said.append(f'RAIDZ1 on {format_bytes(disk_bytes)} hard disks: a second failure or a read error during '
                    'the long resilver loses the pool.')
    if kind == RAIDZ and width > WIDE_RAIDZ:
        said.append(f'A {width}-wide vdev resilvers slowly (every disk is read to rebuild one) and often writes '
                    'slower than this estimate.')
    return said


def reasons(kind: str, width: int, parity: int, vdevs: int, spares: int, space: dict, *, disk_kind: str,
            disk_bytes: int, recordsize: int, ashift: int) -> list[str]:
    """Why this layout holds what it holds and behaves as it does, in words."""
    said = []
    record = format_bytes(recordsize)
    data, total = space['record_data_sectors'], space['record_sectors']
    if kind == RAIDZ:
        padding = total - data - parity * -(-data // (width - parity))
        parts = [f'{data} of data', f'{total - data - padding} of parity'] + ([f'{padding} of padding'] if padding
                                                                             else [])
        said.append(f'Each {record} record takes {total} sectors of {format_bytes(1 << ashift)} on {width} disks: '
                    f'{and_join(parts)}, so {data / total:.0%} of the space holds data.')
        worth = "1 disk's" if vdevs == 1 else f"{vdevs} disks'"
        said.append(f"Random I/O: each RAIDZ vdev gives about one disk's IOPS, so this pool about {worth} worth.")
        said += cautions(kind, width, parity, disk_kind=disk_kind, disk_bytes=disk_bytes)
    else:
        said.append(f'Mirrors keep {1 / width:.0%} of the raw space; reads come from every side ({width} disks '
                    'a mirror), writes at one disk\'s rate a mirror; the best random I/O of these layouts.')
    said.append(f'ZFS keeps {format_bytes(space["slop_bytes"])} back (slop space) so that a full pool can still '
                'delete.')
    if spares:
        said.append(f'{spares} disk left over: a hot spare.')
    return said


def candidates(count: int, disk_bytes: int, disk_kind: str, disk: dict, *, ashift: int = 12,
               recordsize: int = 128 * 1024, whole_disk: bool = True, legacy: bool = False) -> list[dict]:
    """Every layout of ``shapes(count)`` with its space, estimates, tolerance, cautions and reasons; first the one
    that holds the most data in ``recordsize`` records (what the data will fill, not the free space before it), and
    of those that hold about as much, the one that survives more failures."""
    rows = []
    for kind, width, parity, vdevs in shapes(count):
        space = pool_space(kind, width, parity, vdevs, disk_bytes, ashift=ashift, recordsize=recordsize,
                           whole_disk=whole_disk, legacy=legacy)
        spares = count - width * vdevs
        share = space['record_data_sectors'] / space['record_sectors']
        rows.append({
            'name': layout_name(kind, width, parity, vdevs),
            'kind': kind, 'width': width, 'parity': parity if kind == RAIDZ else 0, 'vdevs': vdevs,
            'spares': spares,
            'raw_bytes': space['raw_bytes'], 'usable_bytes': space['usable_bytes'],
            'effective_bytes': space['effective_bytes'], 'slop_bytes': space['slop_bytes'],
            'record_sectors': space['record_sectors'], 'record_data_sectors': space['record_data_sectors'],
            **performance(kind, width, parity, vdevs, disk, share),
            'failures_tolerated': (width - 1 if kind == MIRROR else parity),
            'tolerance': tolerance_words(kind, width, parity, vdevs),
            'cautions': cautions(kind, width, parity, disk_kind=disk_kind, disk_bytes=disk_bytes),
            'reasons': reasons(kind, width, parity, vdevs, spares, space, disk_kind=disk_kind,
                               disk_bytes=disk_bytes, recordsize=recordsize, ashift=ashift),
        })
    # layouts that hold about the same (within TIE of the most) rank by the failures they survive
    step = max([r['effective_bytes'] for r in rows] + [1]) * TIE
    return sorted(rows, key=lambda r: (-round(r['effective_bytes'] / step), -r['failures_tolerated'],
                                       -r['usable_bytes'], r['name']))


def naive_bytes(kind: str, width: int, parity: int, vdevs: int, disk_bytes: int) -> int:
    """What the data disks add up to, the sum people expect: no labels, padding or slop."""
    return vdevs * (disk_bytes if kind == MIRROR else (width - parity) * disk_bytes)


def disk_words(count: int, disk_bytes: int, disk_kind: str) -> str:
    """'12 × 3.6 TiB hard disks' (sizes by the one rule, format_bytes, as every size the panel shows)."""
    noun = KIND_WORDS[disk_kind] + ('s' if count != 1 else '')
    return f'{count} × {format_bytes(disk_bytes)} {noun}'
