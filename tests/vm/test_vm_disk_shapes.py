"""The HDD-shaped lab's disks (disk_shapes.py) in the running VM: with QEMU's throttle set to the lab's HDD shape on
the pool's disks, the ladder's disk rung reads what the disks give (about the shape's 10 MB/s each, where the
unshaped disk files answer from the host's memory at GB/s); with the shape lifted the speed comes back. The lab
(`make lab`) boots its VM with these shapes; this tier keeps unshaped disks for its speed."""
import pytest

from disk_shapes import LAB_HDD
from guest_layout import POOL_SERIALS

pytestmark = pytest.mark.vm

POOL_DISKS = [int(serial.removeprefix('zfsd')) for serial in POOL_SERIALS]   # the data disk index of each


def mb(bytes_per_second) -> str:
    return f'{bytes_per_second / 1e6:.1f} MB/s'


def read_disks(client, seconds):
    return client.job('tuning.ladder.read_disks', {'pool': 'tank', 'seconds_per_disk': seconds}, timeout=600)


def test_shaped_disks_bound_the_disk_rung_and_lifting_the_shape_gives_the_speed_back(vm, client, figures):
    try:
        for index in POOL_DISKS:
            vm.shape_disk(index, LAB_HDD)
        shaped = read_disks(client, 6)
    finally:
        for index in POOL_DISKS:
            vm.shape_disk(index, None)
    free = read_disks(client, 3)

    assert [d['error'] for d in shaped['disks']] == [None] * len(POOL_DISKS), shaped['words']
    rates = [d['read_bytes_per_second'] for d in shaped['disks']]
    # each disk reads what its shape lets through: near the limit (a burst above it is QEMU's bucket, a tenth)
    assert all(0.5 * LAB_HDD.bytes_per_second <= r <= 1.2 * LAB_HDD.bytes_per_second for r in rates), rates
    assert free['total_read_bytes_per_second'] > 5 * shaped['total_read_bytes_per_second'], (free, shaped)
    assert vm.disk_shapes == {}
    figures['disks shaped as HDDs (raw, read)'] = (
        f'{", ".join(mb(r) for r in rates)} (limit {mb(LAB_HDD.bytes_per_second)} each; '
        f'unshaped {mb(free["total_read_bytes_per_second"])} in total)')
