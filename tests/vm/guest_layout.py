"""The disks the VM tier gives the guest, which of them pose as SSDs, and the box's own ARC size.

virtio-blk has no rotation-rate setting, so the guest marks the spare "SSD"s non-rotational itself with a udev rule
(lsblk then reports ROTA 0 for them, as for a real SSD).

A benchmark's working set is at least 2 x the ARC maximum (docs/benchmarks.md): with the default ARC of a 4 GiB VM
(2.8 GiB) that is 6.2 GiB, more than a small pool holds and minutes of layout at TCG speed. So the box caps its ARC
at 512 MiB in its own /etc/modprobe.d/zfs.conf (set before the tuning host first sees the box, so it is the box's
baseline, kept across reboots), and the data disks are 4 GiB (sparse: they cost only what is written).
"""
DATA_DISKS = 7              # zfsd1..4: raidz2 "HDD"s; zfsd5, zfsd6: spare "SSD"s; zfsd7: spare HDD
DISK_SIZE = '4G'
DISK_BYTES = 4 * 2**30
ARC_MAX_BYTES = 512 * 2**20
BOX_MODPROBE_CONF = '/etc/modprobe.d/zfs.conf'
POOL_SERIALS = ('zfsd1', 'zfsd2', 'zfsd3', 'zfsd4')
SSD_SERIALS = ('zfsd5', 'zfsd6')

SSD_UDEV_RULE = ''.join(
    f'ACTION=="add|change", KERNEL=="vd*[!0-9]", ENV{{ID_SERIAL}}=="{s}", ATTR{{queue/rotational}}="0"\n'
    for s in SSD_SERIALS)


def mark_ssds(vm) -> None:
    """Install the rule and apply it to the disks already present."""
    vm.write_file('/etc/udev/rules.d/60-tuning-ssd.rules', SSD_UDEV_RULE)
    vm.run('udevadm control --reload && udevadm trigger --subsystem-match=block && udevadm settle')
    for s in SSD_SERIALS:
        rota = vm.run(f'cat /sys/block/$(basename $(readlink -f /dev/disk/by-id/virtio-{s}))/queue/rotational')
        if rota.strip() != '0':
            raise RuntimeError(f'udev did not mark {s} non-rotational')


def cap_arc(vm) -> None:
    """The box's own ARC cap: live now, and at every module load (the admin's file, not the tuning host's)."""
    vm.write_file(BOX_MODPROBE_CONF, f'options zfs zfs_arc_max={ARC_MAX_BYTES}\n')
    vm.run(f'echo {ARC_MAX_BYTES} > /sys/module/zfs/parameters/zfs_arc_max')
    c_max = int(vm.run("awk '$1 == \"c_max\" {print $3}' /proc/spl/kstat/zfs/arcstats"))
    if c_max != ARC_MAX_BYTES:
        raise RuntimeError(f'the ARC did not take zfs_arc_max={ARC_MAX_BYTES} (c_max {c_max})')


def build_nas(vm) -> None:
    """The NAS the tier tests on: SSD marking, the ARC cap, tank = raidz2 of zfsd1..4, tank/share and tank/media."""
    disks = vm.disk_ids()
    mark_ssds(vm)
    cap_arc(vm)
    vm.run(f'zpool create -f -o ashift=12 tank raidz2 {" ".join(disks[:len(POOL_SERIALS)])}')
    vm.run('zfs create tank/share && zfs create tank/media')
