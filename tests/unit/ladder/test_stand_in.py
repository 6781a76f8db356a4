"""Stand-ins: the sandbox reads files it makes once under its data dir, never a host device; a real backend has
none. The plan of a read: the pool's data disks only (the others said), each device checked before anything is
read (a block device on a real box, the stand-in file on the sandbox)."""
import asyncio
import os

import pytest

from tuning.framework import ValidationErrors
from tuning.flows.ladder_run import checked_plan, device_kind_error, summary_words
from tuning_host.backends import create_backend
from tuning_host.backends.errors import NotFoundError
from tuning_host.backends.sandbox import STAND_IN_BYTES


@pytest.fixture
def sandbox(tmp_path):
    b = create_backend('sandbox', str(tmp_path / 'data'))
    yield b
    b.close()


def test_a_stand_in_is_made_once_under_the_data_dir_with_non_zero_data(sandbox):
    path = sandbox.stand_in_disk('sda')
    assert path == os.path.join(sandbox.data_dir, 'sandbox', 'disks', 'sda')
    assert os.path.getsize(path) == STAND_IN_BYTES
    with open(path, 'rb') as f:
        assert 0 not in f.read(1024 * 1024)
    made = os.stat(path).st_mtime_ns
    assert sandbox.stand_in_disk('sda') == path and os.stat(path).st_mtime_ns == made
    with open(path, 'r+b') as f:   # a cut-short stand-in (a crash while it was made) is made again
        f.truncate(1024)
    assert os.path.getsize(sandbox.stand_in_disk('sda')) == STAND_IN_BYTES
    with pytest.raises(NotFoundError):
        sandbox.stand_in_disk('sdz')


def test_a_real_backend_has_no_stand_in(tmp_path):
    from tuning_host.backends.base import Backend
    with pytest.raises(NotFoundError, match='reads real disks'):
        Backend.stand_in_disk(type('B', (), {'name': 'openzfs'})(), 'sda')


def test_device_kinds(tmp_path):
    regular = tmp_path / 'f'
    regular.write_bytes(b'x')
    assert device_kind_error(str(regular), stand_in=True) is None
    assert device_kind_error(str(regular), stand_in=False) == f'{regular} is not a block device'
    assert device_kind_error(str(tmp_path), stand_in=True) == f'{tmp_path} is not a stand-in file'
    assert 'cannot be read' in device_kind_error(str(tmp_path / 'missing'), stand_in=False)


POOL = {'name': 'tank', 'topology': {
    'data': [{'type': 'MIRROR', 'children': [{'disk': 'sdb'}, {'disk': 'sda'}]}],
    'cache': [{'type': 'DISK', 'disk': 'nvme0n1', 'children': []}],
    'log': [], 'spare': [{'type': 'DISK', 'disk': 'sdc', 'children': []}]}}


class FakeMiddleware:
    def __init__(self, backend, stand_ins=None):
        self.backend = type('B', (), {'name': backend})()
        self.stand_ins, self.calls = stand_ins or {}, []

    async def call(self, method, *args):
        self.calls.append(method)
        if method == 'pool.query':
            return [POOL]
        if method == 'disk.query':
            return [{'name': 'sda', 'devname': 'sda'}, {'name': 'sdb', 'devname': 'sdb'}]
        if method == 'disk.stand_in':
            return self.stand_ins[args[0]]
        raise AssertionError(method)

    async def run_in_thread(self, fn, *args):
        return fn(*args)


def test_the_plan_reads_the_data_disks_and_says_which_devices_are_not_read(tmp_path):
    stand_ins = {}
    for name in ('sda', 'sdb'):
        stand_ins[name] = str(tmp_path / name)
        (tmp_path / name).write_bytes(b'x')
    middleware = FakeMiddleware('sandbox', stand_ins)
    plan = asyncio.run(checked_plan(middleware, {'pool': 'tank', 'seconds_per_disk': 3}))
    assert plan == {'disks': [{'name': 'sda', 'device': stand_ins['sda']}, {'name': 'sdb', 'device': stand_ins['sdb']}],
                    'skipped': ['cache nvme0n1', 'spare sdc'], 'stand_in': True}
    assert 'disk.query' not in middleware.calls


def test_a_real_box_reads_dev_paths_and_refuses_what_is_not_a_block_device():
    middleware = FakeMiddleware('openzfs')
    with pytest.raises(ValidationErrors) as e:   # this test machine has no /dev/sda and /dev/sdb block devices
        asyncio.run(checked_plan(middleware, {'pool': 'tank', 'seconds_per_disk': 3}))
    (error,) = e.value.errors
    assert error.attribute == 'options.pool' and '/dev/sda' in error.errmsg and 'nothing was read' in error.errmsg
    assert 'disk.stand_in' not in middleware.calls


def test_an_unknown_pool_is_refused_naming_the_pools():
    with pytest.raises(ValidationErrors) as e:
        asyncio.run(checked_plan(FakeMiddleware('sandbox'), {'pool': 'nope', 'seconds_per_disk': 3}))
    (error,) = e.value.errors
    assert error.attribute == 'options.pool' and error.errmsg == 'nope is not a pool of this box (tank).'


def test_summary_words_say_stand_ins_plainly():
    row = {'pool': 'tank', 'stand_in': True, 'options': {'seconds_per_disk': 3}, 'total_read_bytes_per_second': 2e9,
           'disks': [{'name': 'sda', 'read_bytes_per_second': 2e9, 'error': None},
                     {'name': 'sdb', 'read_bytes_per_second': None, 'error': 'fio failed: EIO'}]}
    words = summary_words(row, ['cache nvme0n1'])
    assert words.startswith('Read 2 stand-in files of tank for 3 s each: 2,000 MB/s in total (sda 2,000 MB/s, '
                            'sdb: fio failed: EIO).')
    assert 'Not read: cache nvme0n1 (only the data disks are read).' in words
    assert 'stand-in files were read; the figures say nothing about real disks.' in words
