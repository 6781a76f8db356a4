"""Disks shaped like the ones a NAS has: QEMU's per-disk throttle set to a scaled-down 7,200 rpm disk (and a SATA
SSD), so that the pool in the VM is bound by its disks and not by the host's memory or QEMU's emulated CPU.

Without a shape the data disks are files in the host's page cache: a "raw disk" read gives 6-13 GB/s, and the pool's
figures are whatever the emulated CPU manages (about 26 MB/s written, 64 MB/s read under TCG). A preset that helps
real disks then shows nothing, or the wrong thing.

The scale. A 7,200 rpm SATA disk streams about 160 MB/s and does about 160 operations a second with a queue (seek
and half a rotation each, reordered by the disk). Its bandwidth is divided by SCALE = 16: 10 MB/s per HDD, so that
the four-disk RAIDZ2 pool (about 20 MB/s of data either way) stays below the emulated CPU's ceiling under TCG. Its
operation rate is not divided: 160 a second per disk is already below what the emulated CPU issues (1,200-1,700
random 4 KiB reads a second on the unshaped pool), so random I/O meets a real HDD's seek rate. The SSD stand-in is a
SATA SSD (500 MB/s, 50,000 operations a second) with its bandwidth divided by the same 16.

What QEMU's throttle cannot do: it charges every request one operation, whether it follows the previous one or
seeks, so it has no notion of a seek. A scaled operation rate (10 a second) made every 64 KiB piece ZFS writes to a
RAIDZ2 member cost a seek: the lab's first run streamed writes at 1.4 MB/s instead of the 20 MB/s the bandwidth
allows. At 160 operations a second, requests of 64 KiB and more reach the bandwidth, and small random requests the
rate of a real disk's seeks. The figures are the disks' of the scale, not a real NAS's: compare them with each other
(a preset against the baseline), never with a datasheet.
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
        """The bandwidth divided by `scale`, the operation rate kept (see the module's docstring)."""
        return DiskShape(f'{self.words}, bandwidth at 1/{scale}', self.bytes_per_second // scale, self.iops)


HDD_7200 = DiskShape('7,200 rpm SATA HDD', 160_000_000, 160)
SATA_SSD = DiskShape('SATA SSD', 500_000_000, 50_000)
LAB_HDD = HDD_7200.scaled()
LAB_SSD = SATA_SSD.scaled()


def lab_shapes(serials: dict[int, str], ssd_serials: tuple[str, ...]) -> dict[int, DiskShape]:
    """{data disk index: shape} for the lab: the SSD stand-ins shaped as SSDs, every other data disk as an HDD."""
    return {i: LAB_SSD if serial in ssd_serials else LAB_HDD for i, serial in serials.items()}


# The layout check (lab_layout.py) builds pools of all six HDD-shaped disks: up to 6 disks' bandwidth at once (a
# 3 x 2 mirror reads from all six), where the efficacy lab's pool reads 2-4. At 1/16 (10 MB/s a disk) that is up to
# 60 MB/s, at or above what the emulated CPU moves under TCG (about 26 MB/s written, 64 MB/s read, less on a busy
# host): the comparison would measure the CPU. At 1/64 (2.5 MB/s a disk) the widest case is 15 MB/s read and
# 12 MB/s written, a quarter to a half of the CPU's ceiling, so the pools stay bound by their disks.
LAYOUT_SCALE = 64
LAYOUT_HDD = HDD_7200.scaled(LAYOUT_SCALE)
# Random reads in that check: the operation rate alone (no bandwidth limit), as on a real HDD, where moving a 128 KiB
# record takes under a millisecond beside a seek of several. With the scaled bandwidth a 128 KiB read would take
# 52 ms, and every layout's random reads would be its disks' bandwidth divided by the record, not their seeks.
LAYOUT_HDD_SEEKS = DiskShape(f'{HDD_7200.words}, seeks only (no bandwidth limit)', 0, HDD_7200.iops)
