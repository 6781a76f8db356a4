"""Capture real OpenZFS command outputs from the VM into tests/fixtures/openzfs/captured/.

Boots the VM with 7 data disks, builds a small NAS: `tank` = raidz2 of zfsd1..4, datasets share (lz4, atime=off),
media (recordsize=1M) and a zvol vm; zfsd5..7 unused, zfsd5/6 marked non-rotational (the "SSD"s, as in the tests). Captures the pool/disk/kernel views (stage `raidz2`), then adds
zfsd5 as cache and zfsd6 as log and captures again (stage `raidz2-cache-log`, zfsd7 still unused), then runs fio with
JSON output on a dataset. Every file is listed in manifest.json with the exact command and its exit code.

    python3 tests/vm/capture.py [OUT_DIR]
"""
from __future__ import annotations

import json
import shlex
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from vm import VM, read_versions  # noqa: E402
from guest_layout import DATA_DISKS, mark_ssds  # noqa: E402

REPO = Path(__file__).resolve().parents[2]
DEFAULT_OUT = REPO / 'tests/fixtures/openzfs/captured'

ZFS_LIST_COLS = 'name,type,used,avail,refer,mountpoint,recordsize,volblocksize,compression,atime,sync,' \
                'primarycache,secondarycache,logbias,quota,reservation'

# file name -> guest command, captured per pool stage
POOL_VIEWS = {
    'zpool-list-Hp.txt': 'zpool list -Hp',
    'zpool-list-Hpv.txt': 'zpool list -Hpv',
    'zpool-list-j.json': 'zpool list -j --json-int',
    'zpool-status-P.txt': 'zpool status -P',
    'zpool-status.txt': 'zpool status',
    'zpool-status-jP.json': 'zpool status -j -P --json-int',
    'zpool-get-Hp-all.txt': 'zpool get -Hp all tank',
    'zfs-list-Hp.txt': f'zfs list -Hp -o {ZFS_LIST_COLS}',
    'zfs-list-j.json': 'zfs list -j --json-int',
    'zfs-get-Hp-all-tank.txt': 'zfs get -Hp all tank',
    'zfs-get-Hp-all-tank-share.txt': 'zfs get -Hp all tank/share',
    'zfs-get-Hp-all-tank-vm.txt': 'zfs get -Hp all tank/vm',
    'lsblk.json': 'lsblk -J -b -o NAME,TYPE,SIZE,ROTA,MODEL,SERIAL,TRAN',
    'lsblk-by-id.txt': 'ls -l /dev/disk/by-id/',
    # the exact forms the openzfs backend runs (plugin/tuning_host/backends/openzfs_commands.py)
    'zpool_status_P_L.txt': 'zpool status -P -L tank',
    'zpool_status_g.txt': 'zpool status -g tank',
    'zpool_list_H_p.txt': 'zpool list -H -p -o name,size,allocated,free,health,guid',
    'zfs_list_H_p.txt': 'zfs list -H -p -o name,type,mountpoint -t filesystem,volume',
    'zfs_get_all_share.txt': 'zfs get -H -p -o name,property,value,source all tank/share',
    'lsblk_backend.json': 'lsblk -J -b -o NAME,TYPE,SIZE,ROTA,MODEL,SERIAL,TRAN,MOUNTPOINT,FSTYPE',
}

# flat copies at the top (the final NAS layout), under the names the backend's parser tests read
TOP_VIEWS = {
    'zpool_status_P_L.txt': 'zpool status -P -L tank',
    'zpool_status_g.txt': 'zpool status -g tank',
    'lsblk.json': 'lsblk -J -b -o NAME,TYPE,SIZE,ROTA,MODEL,SERIAL,TRAN,MOUNTPOINT,FSTYPE',
    'zfs_version.txt': 'zfs version',
}

# captured once (machine-wide)
MACHINE_VIEWS = {
    'zfs-version.txt': 'zfs version',
    'zfs-version-j.json': 'zfs version -j',
    'sys-module-zfs-version.txt': 'cat /sys/module/zfs/version',
    'arcstats.txt': 'cat /proc/spl/kstat/zfs/arcstats',
    # name<TAB>octal mode<TAB>value; mode 644 = writable at runtime, 444 = load-time only
    'zfs-parameters.tsv': 'cd /sys/module/zfs/parameters && for f in *; do '
                          'printf "%s\\t%s\\t%s\\n" "$f" "$(stat -c %a "$f")" "$(cat "$f")"; done',
    # name<TAB>operstate<TAB>speed (empty when the driver reports none)
    'net.tsv': 'cd /sys/class/net && for n in *; do '
               'printf "%s\\t%s\\t%s\\n" "$n" "$(cat $n/operstate)" "$(cat $n/speed 2>/dev/null)"; done',
    'ls-sys-class-net.txt': 'ls /sys/class/net',
    'meminfo.txt': 'cat /proc/meminfo',
    'uname-r.txt': 'uname -r',
    'nproc.txt': 'nproc',
    'fio-version.txt': 'fio --version',
    'os-release.txt': 'cat /etc/os-release',
}

FIO_JOBS = {
    'fio-seqwrite-1m.json': '--name=seqwrite --rw=write --bs=1M --size=256M',
    'fio-seqread-1m.json': '--name=seqread --rw=read --bs=1M --size=256M',
    'fio-randread-4k.json': '--name=randread --rw=randread --bs=4k --size=256M --iodepth=8',
    'fio-randrw-4k-2jobs.json': '--name=randrw --rw=randrw --rwmixread=70 --bs=4k --size=128M --numjobs=2 '
                                '--group_reporting',
}
FIO_COMMON = '--ioengine=psync --runtime=8 --time_based --output-format=json --directory=/tank/fio'


def capture(vm: VM, out: Path, views: dict[str, str], stage: str, manifest: list[dict]) -> None:
    out.mkdir(parents=True, exist_ok=True)
    for name, cmd in views.items():
        r = vm.ssh(cmd, check=False, timeout=300)
        (out / name).write_text(r.stdout)
        if r.returncode != 0:
            (out / (name + '.err')).write_text(r.stderr)
        rel = str((out / name).relative_to(manifest_root))
        manifest.append({'file': rel, 'stage': stage, 'command': cmd, 'rc': r.returncode})
        print(f'  {rel}: rc={r.returncode} {len(r.stdout)} bytes')


def main(argv: list[str]) -> int:
    global manifest_root
    out = Path(argv[0]).resolve() if argv else DEFAULT_OUT
    manifest_root = out
    out.mkdir(parents=True, exist_ok=True)
    t0 = time.monotonic()
    manifest: list[dict] = []
    with VM(data_disks=DATA_DISKS) as vm:
        vm.start()
        print(f'boot to ssh: {vm.timings["boot_to_ssh_s"]}s')
        d = vm.disk_ids()
        mark_ssds(vm)
        vm.run('modprobe zfs')
        vm.run(f'zpool create -f -o ashift=12 tank raidz2 {" ".join(d[:4])}')
        vm.run('zfs create -o compression=lz4 -o atime=off tank/share && zfs create -o recordsize=1M tank/media'
               ' && zfs create -V 256M -o volblocksize=16K tank/vm && zfs create tank/fio')
        vm.run('udevadm settle')
        capture(vm, out, MACHINE_VIEWS, 'machine', manifest)
        capture(vm, out / 'raidz2', POOL_VIEWS, 'raidz2', manifest)
        vm.run(f'zpool add -f tank cache {d[4]} && zpool add -f tank log {d[5]}')
        capture(vm, out / 'raidz2-cache-log', POOL_VIEWS, 'raidz2-cache-log', manifest)
        capture(vm, out, TOP_VIEWS, 'raidz2-cache-log', manifest)
        for name, args in FIO_JOBS.items():
            cmd = f'fio {args} {FIO_COMMON}'
            r = vm.ssh(cmd, check=False, timeout=600)
            (out / name).write_text(r.stdout)
            manifest.append({'file': name, 'stage': 'fio', 'command': cmd, 'rc': r.returncode})
            print(f'  {name}: rc={r.returncode} {len(r.stdout)} bytes')
        # arcstats again after I/O: non-trivial hit/miss counters
        capture(vm, out, {'arcstats-after-fio.txt': 'cat /proc/spl/kstat/zfs/arcstats'}, 'fio', manifest)
        vm.poweroff()
    versions = read_versions()
    (out / 'manifest.json').write_text(json.dumps({'versions': versions, 'files': manifest}, indent=1) + '\n')
    print(f'captured {len(manifest)} files into {out} in {time.monotonic() - t0:.0f}s; versions: '
          + ' '.join(f'{k}={shlex.quote(v)}' for k, v in versions.items()))
    return 0


manifest_root = DEFAULT_OUT

if __name__ == '__main__':
    raise SystemExit(main(sys.argv[1:]))
