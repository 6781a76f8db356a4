"""The layout model against measured throughput (issue 23): pools of several layouts on six HDD-shaped disks.

    .venv/bin/python tests/vm/lab_layout.py                       # 1 x 6 RAIDZ2, 2 x 3 RAIDZ1, 3 x 2 mirror, 1 x 6 RAIDZ1
    .venv/bin/python tests/vm/lab_layout.py --layouts raidz2-6 raidz1-3x2 --seconds 30

Boots the VM tier's VM with six data disks shaped by QEMU's throttle as 7,200 rpm HDDs at 1/64 of their bandwidth
(disk_shapes.LAYOUT_HDD: why 1/64 is there), reads every disk raw with fio (1 MiB sequential write and read, 4 KiB
random read: the per-disk figures), then for each layout: `zpool create` on the six disks (a scratch pool, destroyed
after), fio sequential write of 1 GiB (4 jobs of 1 MiB, end_fsync, 2 x the box's 512 MiB ARC maximum), the pool
exported and imported (the ARC holds none of it), sequential read (one reader through the four files), and 4 KiB
random read (16 jobs, primarycache=metadata so that no read is answered from RAM, the disks shaped for seeks only:
LAYOUT_HDD_SEEKS). Each measured figure is set beside core.layout.candidates.performance's estimate from the measured
per-disk figures (the function `tuning.advice.layout` uses), with how busy the busiest disk was (its bytes or
operations over the phase against its limit: near 100 % the pool is bound by its disks, well below it something
else limits). Prints the table docs/layout-check.md shows and keeps the figures as JSON (--out). Not part of
`make test`; about 25 minutes on a busy host.
"""
from __future__ import annotations

import argparse
import datetime
import json
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(REPO / 'middleware'))

from tuning.core.layout.candidates import layout_name, performance  # noqa: E402
from tuning.core.layout.capacity import MIRROR, RAIDZ, pool_space  # noqa: E402

DISKS = 6
DISK_SIZE = '4G'
DISK_BYTES = 4 * 2**30
POOL = 'layoutlab'
MIB = 2**20
SEQ_JOBS, SEQ_FILE = 4, 256 * MIB          # 1 GiB in all: 2 x the box's ARC maximum (guest_layout.ARC_MAX_BYTES)
RAND_JOBS = 16

# name: (kind, width, parity, vdevs)
LAYOUTS = {
    'raidz2-6': (RAIDZ, 6, 2, 1),
    'raidz1-3x2': (RAIDZ, 3, 1, 2),
    'mirror-2x3': (MIRROR, 2, 1, 3),
    'raidz1-6': (RAIDZ, 6, 1, 1),
}
METRICS = (('write_bytes_per_second', 'sequential write'), ('read_bytes_per_second', 'sequential read'),
           ('read_iops', 'random read 4 KiB'))


# -- pure: the model, the vdev words, the table ---------------------------------------------------------------------
def vdev_words(kind: str, width: int, parity: int, vdevs: int, disks: list[str]) -> str:
    """`zpool create`'s vdev words for the layout on `disks` (the first width x vdevs of them)."""
    if len(disks) < width * vdevs:
        raise ValueError(f'{width * vdevs} disks needed, {len(disks)} given')
    word = 'mirror' if kind == MIRROR else f'raidz{parity}'
    return ' '.join(f'{word} ' + ' '.join(disks[v * width:(v + 1) * width]) for v in range(vdevs))


def model(kind: str, width: int, parity: int, vdevs: int, disk: dict, *, disk_bytes: int = DISK_BYTES,
          recordsize: int = 128 * 1024) -> dict:
    """The advice's estimate for the layout from one disk's figures: candidates.performance with the record share
    candidates() gives it (data sectors of a record over all it takes)."""
    space = pool_space(kind, width, parity, vdevs, disk_bytes, recordsize=recordsize)
    return performance(kind, width, parity, vdevs, disk, space['record_data_sectors'] / space['record_sectors'])


def mb(bytes_per_second: float | None) -> str:
    return '—' if bytes_per_second is None else f'{bytes_per_second / 1e6:.1f} MB/s'


def ratio(measured: float | None, expected: float | None) -> str:
    return '—' if not measured or not expected else f'{measured / expected:.2f}'


def table(rows: list[dict]) -> str:
    """Markdown: per layout and metric, the model's figure, the measured one, measured / model, the busiest disk."""
    out = ['| layout | metric | model | measured | measured / model | busiest disk |',
           '| --- | --- | --- | --- | --- | --- |']
    for row in rows:
        for key, words in METRICS:
            fmt = (lambda v: '—' if v is None else f'{v:,.0f} IOPS') if key == 'read_iops' else mb
            got = row['measured'].get(key)
            busy = row['busy'].get(key)
            out.append(f'| {row["name"]} | {words} | {fmt(row["model"][key])} | {fmt(got)} | '
                       f'{ratio(got, row["model"][key])} | {"—" if busy is None else f"{busy:.0%}"} |')
    return '\n'.join(out) + '\n'


def per_disk_figures(raw: list[dict]) -> dict:
    """One disk's figures for the model: the median of the disks' raw figures (as the advice takes the ladder's)."""
    def median(key):
        values = sorted(d[key] for d in raw)
        mid = len(values) // 2
        return values[mid] if len(values) % 2 else (values[mid - 1] + values[mid]) / 2
    return {'read_bytes_per_second': median('read_bytes_per_second'),
            'write_bytes_per_second': median('write_bytes_per_second'), 'iops': median('iops')}


def busiest(before: dict, after: dict, seconds: float, field: str, limit: float) -> float:
    """The busiest disk's share of its limit over a phase: `field` ('bytes' or 'ops') deltas of /sys/block stats."""
    return max((after[d][field] - before[d][field]) / seconds / limit for d in before)


def parse_diskstats(text: str) -> dict:
    """`name r_ios r_sectors w_ios w_sectors` lines -> {name: {'ops', 'bytes'}} (reads and writes together)."""
    out = {}
    for line in text.strip().splitlines():
        name, r_ios, r_sec, w_ios, w_sec = line.split()
        out[name] = {'ops': int(r_ios) + int(w_ios), 'bytes': (int(r_sec) + int(w_sec)) * 512}
    return out


# -- the VM part ----------------------------------------------------------------------------------------------------
def fio(vm, job: str, timeout: float = 1800) -> dict:
    vm.write_file('/root/lab.fio', job)
    return json.loads(vm.run('fio --output-format=json /root/lab.fio', timeout=timeout))


def job_file(sections: dict[str, dict], **global_opts) -> str:
    lines = ['[global]'] + [f'{k}={v}' for k, v in global_opts.items()]
    for name, opts in sections.items():
        lines += ['', f'[{name}]'] + [f'{k}={v}' for k, v in opts.items()]
    return '\n'.join(lines) + '\n'


def stats(vm, devices: list[str]) -> dict:
    cmd = ' ; '.join(f'echo {d} $(awk \'{{print $1, $3, $5, $7}}\' /sys/block/{d}/stat)' for d in devices)
    return parse_diskstats(vm.run(cmd))


def measured_phase(vm, devices, job: str, direction: str, kind: str, limit: float) -> tuple[float, float, dict]:
    """Run one fio job file; (the figure summed over its jobs, the busiest disk's share of `limit`, fio's JSON)."""
    before, t0 = stats(vm, devices), time.monotonic()
    result = fio(vm, job)
    seconds = time.monotonic() - t0
    after = stats(vm, devices)
    jobs = result['jobs']
    figure = sum(j[direction]['iops' if kind == 'ops' else 'bw_bytes'] for j in jobs)
    return figure, busiest(before, after, seconds, kind, limit), result


def arc_data(vm) -> dict:
    """The ARC's data hits and misses so far (demand and prefetch)."""
    text = vm.run("awk '$1 ~ /^(demand|prefetch)_data_(hits|misses)$/ {print $1, $3}' /proc/spl/kstat/zfs/arcstats")
    return {name: int(value) for name, value in (line.split() for line in text.strip().splitlines())}


def raw_disks(vm, disks, seconds) -> list[dict]:
    """Each disk alone, raw (the pool is not made yet): 1 MiB write and read, 4 KiB random read at the seek shape."""
    from disk_shapes import LAYOUT_HDD, LAYOUT_HDD_SEEKS
    out = []
    for i, path in enumerate(disks, 1):
        figures = {'disk': path.rsplit('-', 1)[-1]}
        for rw, bs, key in (('write', '1M', 'write_bytes_per_second'), ('read', '1M', 'read_bytes_per_second'),
                            ('randread', '4k', 'iops')):
            vm.shape_disk(i, LAYOUT_HDD_SEEKS if rw == 'randread' else LAYOUT_HDD)
            job = job_file({'raw': {'rw': rw, 'bs': bs}}, filename=path, direct=1, ioengine='psync',
                           time_based=1, runtime=seconds, ramp_time=2, size='1g', randrepeat=0, norandommap=1)
            j, = fio(vm, job)['jobs']
            side = 'write' if rw == 'write' else 'read'
            figures[key] = j[side]['iops' if key == 'iops' else 'bw_bytes']
        vm.shape_disk(i, LAYOUT_HDD)
        print(f'  {figures["disk"]}: write {mb(figures["write_bytes_per_second"])}, read '
              f'{mb(figures["read_bytes_per_second"])}, {figures["iops"]:,.0f} IOPS', flush=True)
        out.append(figures)
    return out


def pool_run(vm, name, disks, devices, seconds) -> dict:
    from disk_shapes import LAYOUT_HDD, LAYOUT_HDD_SEEKS
    kind, width, parity, vdevs = LAYOUTS[name]
    bench = f'/{POOL}/bench'
    create = f'zpool create -f -o ashift=12 {POOL} {vdev_words(kind, width, parity, vdevs, disks)}'
    for attempt in range(5):
        # after the last pool's destroy udev re-reads the disks' partitions: their by-id links come and go a while
        vm.run('udevadm settle')
        if vm.ssh(create, check=False).returncode == 0:
            break
        time.sleep(3)
    else:
        vm.run(create)
    try:
        vm.run(f'zfs create -o compression=off {POOL}/bench')
        files = ':'.join(f'lab.{n}' for n in range(SEQ_JOBS))
        seq = dict(directory=bench, ioengine='psync', bs='1M', fallocate='none', refill_buffers=1,
                   filename_format='lab.$jobnum', numjobs=SEQ_JOBS, size=SEQ_FILE)
        measured, busy = {}, {}
        measured['write_bytes_per_second'], busy['write_bytes_per_second'], _ = measured_phase(
            vm, devices, job_file({'seqwrite': {'rw': 'write', 'end_fsync': 1}}, **seq), 'write', 'bytes',
            LAYOUT_HDD.bytes_per_second)
        # the ARC keeps nothing of a pool exported
        vm.run(f'zpool export {POOL} && zpool import -d /dev/disk/by-id {POOL}')
        # one reader through the four files in turn: ZFS's prefetch keeps every disk busy ahead of it. Four readers
        # at once prefetched more than the 512 MiB ARC holds at these disk speeds (over a thousand reads queued a
        # stream): prefetched blocks were evicted before they were read, and the pool gave 0.2 MB/s of 10
        measured['read_bytes_per_second'], busy['read_bytes_per_second'], _ = measured_phase(
            vm, devices, job_file({'seqread': {'rw': 'read', 'filename': files, 'file_service_type': 'sequential',
                                               'size': SEQ_JOBS * SEQ_FILE, 'time_based': 1, 'runtime': seconds}},
                                  directory=bench, ioengine='psync', bs='1M'),
            'read', 'bytes', LAYOUT_HDD.bytes_per_second)
        # the sequential read left what it read in the ARC: primarycache=metadata keeps no new data there, and the
        # pool is exported again so that none of the old is left to answer a random read
        vm.run(f'zfs set primarycache=metadata {POOL}/bench && zpool export {POOL} && '
               f'zpool import -d /dev/disk/by-id {POOL}')
        arc0 = arc_data(vm)
        for i in range(1, DISKS + 1):
            vm.shape_disk(i, LAYOUT_HDD_SEEKS)
        try:
            measured['read_iops'], busy['read_iops'], _ = measured_phase(
                vm, devices, job_file({'randread': {'rw': 'randread', 'bs': '4k', 'numjobs': RAND_JOBS,
                                                    'filename': files, 'size': SEQ_JOBS * SEQ_FILE,
                                                    'time_based': 1, 'runtime': seconds, 'norandommap': 1,
                                                    'randrepeat': 0}},
                                      directory=bench, ioengine='psync'), 'read', 'ops', LAYOUT_HDD_SEEKS.iops)
        finally:
            for i in range(1, DISKS + 1):
                vm.shape_disk(i, LAYOUT_HDD)
        arc1 = arc_data(vm)
        random_hits = {k: arc1[k] - arc0[k] for k in arc0}
    finally:
        vm.ssh(f'zpool destroy -f {POOL}', check=False)
    return {'name': layout_name(kind, width, parity, vdevs), 'key': name, 'measured': measured, 'busy': busy,
            'random_read_arc': random_hits}


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    p.add_argument('--layouts', nargs='+', default=list(LAYOUTS), choices=list(LAYOUTS))
    p.add_argument('--seconds', type=int, default=30, help='seconds of each timed read (the write is 1 GiB)')
    p.add_argument('--raw-seconds', type=int, default=5)
    p.add_argument('--out', type=Path, default=Path('/tmp/lab-layout.json'), help='the figures as JSON')
    args = p.parse_args(argv)

    from disk_shapes import LAYOUT_HDD
    from guest_layout import cap_arc
    from vm import VM, image_dir
    t0 = time.monotonic()
    machine = VM(image_dir(), data_disks=DISKS, disk_size=DISK_SIZE, disk_shapes={i: LAYOUT_HDD
                                                                                 for i in range(1, DISKS + 1)})
    try:
        machine.start()
        print(f'booted in {machine.timings["boot_to_ssh_s"]} s', flush=True)
        cap_arc(machine)
        disks = machine.disk_ids()
        devices = machine.run('for d in ' + ' '.join(disks) + '; do basename $(readlink -f $d); done').split()
        print('raw disks:', flush=True)
        raw = raw_disks(machine, disks, args.raw_seconds)
        disk = per_disk_figures(raw)
        rows = []
        for name in args.layouts:
            print(f'{name}:', flush=True)
            row = pool_run(machine, name, disks, devices, args.seconds)
            row['model'] = model(*LAYOUTS[name], disk)
            rows.append(row)
            print(table([row]), 'ARC during the random read:', row['random_read_arc'], flush=True)
            args.out.write_text(json.dumps({'raw': raw, 'per_disk': disk, 'rows': rows}, indent=1))
        machine.poweroff()
    finally:
        machine.close()
    meta = {'date': datetime.datetime.now(datetime.timezone.utc).isoformat(timespec='minutes'),
            'commit': subprocess.run(['git', '-C', str(REPO), 'rev-parse', '--short', 'HEAD'],
                                     capture_output=True, text=True).stdout.strip(),
            'shape': LAYOUT_HDD.described(), 'elapsed_minutes': round((time.monotonic() - t0) / 60, 1)}
    print(table(rows))
    args.out.write_text(json.dumps({'meta': meta, 'raw': raw, 'per_disk': disk, 'rows': rows}, indent=1))
    print(f'wrote {args.out} after {meta["elapsed_minutes"]} minutes')
    return 0


if __name__ == '__main__':
    raise SystemExit(main())
