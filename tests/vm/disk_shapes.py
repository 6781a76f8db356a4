"""Disks shaped like the ones a NAS has: QEMU's per-disk throttle set to a scaled-down 7,200 rpm disk (and a SATA
SSD), so that the pool in the VM is bound by its disks and not by the host's memory or QEMU's emulated CPU.

Without a shape the data disks are files in the host's page cache: a "raw disk" read gives 6-13 GB/s, and the pool's
figures are whatever the emulated CPU manages (about 26 MB/s written, 64 MB/s read under TCG). A preset that helps
real disks then shows nothing, or the wrong thing.

The scale. A 7,200 rpm SATA disk streams about 160 MB/s and does about 160 operations a second with a queue (seek
and half a rotation each, reordered by the disk). Everything is divided by SCALE = 16: 10 MB/s and 10 operations a
second per HDD, so that the four-disk RAIDZ2 pool (about 20 MB/s of data either way) stays below the CPU's ceiling
under TCG. The SSD stand-in is a SATA SSD (500 MB/s, 50,000 operations a second) divided by the same 16.

What QEMU's throttle cannot do: it charges every request one operation, whether it follows the previous one or
seeks, so it has no notion of a seek. With the operation rate set to the bandwidth divided by 1 MiB, a stream in
1 MiB requests runs at the disk's bandwidth and random 4 KiB requests at its operation rate, which is the shape of an
HDD. ZFS issues 1 MiB requests for sequential work on rotational disks (it aggregates adjacent I/O up to
zfs_vdev_aggregation_limit, 1 MiB, and a throttled queue gives it plenty to aggregate); a stream of small requests
that cannot be merged is slower here than on a real disk. The figures are the disks' of the scale, not a real NAS's:
compare them with each other (a preset against the baseline), never with a datasheet.
"""
from __future__ import annotations

from dataclasses import dataclass

SCALE = 16


@dataclass(frozen=True)
class DiskShape:
    words: str
    bytes_per_second: int
    iops: int

    def described(self) -> str:
        return f'{self.words} ({self.bytes_per_second / 1e6:,.1f} MB/s, {self.iops:,} operations a second)'

    def scaled(self, scale: int = SCALE) -> 'DiskShape':
        return DiskShape(f'{self.words}, 1/{scale} scale', self.bytes_per_second // scale, max(1, self.iops // scale))


HDD_7200 = DiskShape('7,200 rpm SATA HDD', 160_000_000, 160)
SATA_SSD = DiskShape('SATA SSD', 500_000_000, 50_000)
LAB_HDD = HDD_7200.scaled()
LAB_SSD = SATA_SSD.scaled()


def lab_shapes(serials: dict[int, str], ssd_serials: tuple[str, ...]) -> dict[int, DiskShape]:
    """{data disk index: shape} for the lab: the SSD stand-ins shaped as SSDs, every other data disk as an HDD."""
    return {i: LAB_SSD if serial in ssd_serials else LAB_HDD for i, serial in serials.items()}
