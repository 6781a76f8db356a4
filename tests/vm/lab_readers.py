"""Four sequential readers on the efficacy lab's pool: does ZFS's read-ahead collapse there as it did on the layout
check's slower disks (docs/layout-check.md, "Four readers at once")?

    .venv/bin/python tests/vm/lab_readers.py

Boots the VM with the efficacy lab's disk shapes (disk_shapes.LAB_HDD: 10 MB/s and 160 operations a second a disk),
builds the lab's NAS (tank: RAIDZ2 of four, the ARC capped at 512 MiB), lays out 1 GiB (4 files of 256 MiB, the
project's SEQ_READ working set for this ARC), then reads it as SEQ_READ does (4 psync readers of 1 MiB, 20 s after
2 s of ramp, never reaching the end of a file) with ZFS's read-ahead distance (`zfetch_max_distance`) at its default
64 MiB and at 16 and 4 MiB, the pool exported and imported before each so that the ARC holds none of it. Prints each
run's MB/s and the ARC's prefetch and demand counters (lab_layout.arc_data). Not part of `make test`; about 15 minutes.
"""
from __future__ import annotations

import json
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from disk_shapes import lab_shapes  # noqa: E402
from guest_layout import DATA_DISKS, DISK_SIZE, SSD_SERIALS, build_nas  # noqa: E402
from lab_layout import arc_data  # noqa: E402
from vm import VM, image_dir  # noqa: E402

MIB = 2**20
PARAMETERS = '/sys/module/zfs/parameters/'
COUNTERS = ('prefetch_data_misses', 'prefetch_data_hits', 'demand_data_misses', 'demand_data_hits')
FILES = '/tank/share/readers'
RUNS = [(4, 64 * MIB), (4, 16 * MIB), (4, 4 * MIB), (4, 64 * MIB), (4, 4 * MIB)]


def read_once(vm, readers: int, distance: int, seconds: int = 20) -> str:
    vm.run('zpool export tank && zpool import tank')   # nothing of the files left in the ARC
    vm.run(f'echo {distance} > {PARAMETERS}zfetch_max_distance')
    before = arc_data(vm)
    out = vm.run(f'fio --name=r --directory={FILES} --rw=read --bs=1M --numjobs={readers} --size=256M '
                 f'--ioengine=psync --time_based=1 --runtime={seconds} --ramp_time=2 --group_reporting '
                 '--output-format=json', timeout=600)
    after = arc_data(vm)
    bw = json.loads(out[out.index('{'):])['jobs'][0]['read']['bw_bytes']
    counts = ', '.join(f'{k} {after[k] - before[k]:,}' for k in COUNTERS)
    return f'{readers} readers, read-ahead distance {distance // MIB} MiB: {bw / 1e6:.1f} MB/s ({counts})'


def main() -> int:
    shapes = lab_shapes({i: f'zfsd{i}' for i in range(1, DATA_DISKS + 1)}, SSD_SERIALS)
    with VM(image_dir(), data_disks=DATA_DISKS, disk_size=DISK_SIZE, disk_shapes=shapes) as vm:
        vm.start()
        build_nas(vm)
        print(vm.run('zfs version | head -1'), flush=True)
        started = time.monotonic()
        vm.run(f'mkdir -p {FILES} && fio --name=r --directory={FILES} --rw=write --bs=1M --numjobs=4 --size=256M '
               '--ioengine=psync --refill_buffers=1 --end_fsync=1 --output-format=json > /dev/null', timeout=1200)
        print(f'laid out 1 GiB in {time.monotonic() - started:.0f} s', flush=True)
        for readers, distance in RUNS:
            print(read_once(vm, readers, distance), flush=True)
    return 0


if __name__ == '__main__':
    raise SystemExit(main())
