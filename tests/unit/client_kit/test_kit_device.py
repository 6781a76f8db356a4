"""The kit on a block device (what an iSCSI LUN is on a Linux client), here a loop device over a file: measured
with --overwrite-device repeating its path; refused when it has partitions. Needs root and losetup; the loop
devices are detached afterwards."""
import os
import shutil
import subprocess
import sys

import pytest

from fake_box import TOKEN, FakeBox, tiny_plan
from test_kit_run import KIT, assert_box_accepts
from waiting import HANG_SECONDS

pytestmark = pytest.mark.skipif(os.geteuid() != 0 or shutil.which('losetup') is None or shutil.which('fio') is None,
                                reason='needs root, losetup and fio')

MIB = 1 << 20


def mbr_with_one_partition(path, size):
    """A disk image holding an MBR with one Linux partition from 1 MiB to the end."""
    with open(path, 'wb') as f:
        f.truncate(size)
        entry = bytes([0, 0, 0, 0, 0x83, 0, 0, 0]) + (2048).to_bytes(4, 'little') + \
            (size // 512 - 2048).to_bytes(4, 'little')
        f.seek(446)
        f.write(entry)
        f.seek(510)
        f.write(b'\x55\xaa')


@pytest.fixture
def loop_device(tmp_path):
    attached = []

    def attach(image, partitions=False):
        done = subprocess.run(['losetup', '--find', '--show'] + (['--partscan'] if partitions else []) + [image],
                              capture_output=True, text=True)
        if done.returncode != 0:
            pytest.skip(f'losetup cannot attach here: {done.stderr.strip()}')
        attached.append(done.stdout.strip())
        return attached[-1]

    yield attach
    for device in attached:
        subprocess.run(['losetup', '--detach', device], check=True)


def run(box, device, *extra):
    return subprocess.run([sys.executable, KIT, 'run', '--box', box.url, '--path', device, *extra],
                          capture_output=True, text=True, timeout=HANG_SECONDS,
                          env={**os.environ, 'TUNING_TOKEN': TOKEN})


def test_an_empty_device_is_measured_once_its_path_is_repeated(tmp_path, loop_device):
    image = tmp_path / 'lun.img'
    with open(image, 'wb') as f:
        f.truncate(64 * MIB)
    device = loop_device(str(image))
    plan = tiny_plan(runs=1)
    with FakeBox(plan) as box:
        refused = run(box, device)
        assert refused.returncode == 3 and f'repeat its path with --overwrite-device {device}' in refused.stderr
        done = run(box, device, '--overwrite-device', device)
    assert done.returncode == 0, done.stderr
    result = box.results[0]
    assert result['target']['kind'] == 'BLOCK_DEVICE' and result['target']['path'] == device
    assert result['target']['protocol'] == 'LOCAL'  # a loop device is no iSCSI LUN
    assert result['cache_defeat']['direct_io'] is True
    assert_box_accepts(result, plan)
    with FakeBox(tiny_plan(min_size_bytes=128 * MIB)) as box:  # bigger than the device
        small = run(box, device, '--overwrite-device', device)
    assert small.returncode == 3 and 'holds 64 MiB; the measurement needs 128 MiB' in small.stderr


def test_a_device_with_partitions_is_refused(tmp_path, loop_device):
    image = tmp_path / 'disk.img'
    mbr_with_one_partition(str(image), 64 * MIB)
    device = loop_device(str(image), partitions=True)
    name = os.path.basename(device)
    if not any(p.startswith(name + 'p') for p in os.listdir(f'/sys/class/block/{name}')):
        pytest.skip('the kernel did not scan the loop device\'s partitions')
    before = image.read_bytes()[:1024 * 1024]
    with FakeBox(tiny_plan(runs=1)) as box:
        done = run(box, device, '--overwrite-device', device)
    assert done.returncode == 3 and f'{device} has partitions ({name}p1)' in done.stderr
    assert image.read_bytes()[:1024 * 1024] == before and box.results == []
