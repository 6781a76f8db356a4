"""The disks the VM tier gives the guest, and which of them pose as SSDs.

virtio-blk has no rotation-rate setting, so the guest marks the spare "SSD"s non-rotational itself with a udev rule
(lsblk then reports ROTA 0 for them, as for a real SSD).
"""
DATA_DISKS = 7              # zfsd1..4: raidz2 "HDD"s; zfsd5, zfsd6: spare "SSD"s; zfsd7: spare HDD
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
