"""The SSDs' part of `tuning.advice.slog` (flows.slog_run.write_ssds) with real fio on files standing in for the
disks: each disk is checked against the box again just before it is written, and one put in a pool meanwhile is not
written at all."""
import asyncio
import shutil

import pytest

from tuning.flows import slog_run

pytestmark = pytest.mark.skipif(shutil.which('fio') is None, reason='fio is not installed')
SIZE = 4 * 1024 * 1024


class Middleware:
    async def run_in_thread(self, fn, *args):
        return await asyncio.get_running_loop().run_in_executor(None, fn, *args)


def profile(sdj_pool):
    return {'disks': [{'name': 'sdh', 'kind': 'SSD', 'pool': None}, {'name': 'sdj', 'kind': 'SSD', 'pool': sdj_pool}],
            'unused_disks': [{'name': 'sdh'}] + ([] if sdj_pool else [{'name': 'sdj'}])}


def test_a_disk_put_in_a_pool_since_the_check_is_not_written(monkeypatch, tmp_path):
    reads = iter([profile(None), profile('tank')])   # sdj joined a pool while sdh was written

    async def read_profile(middleware):
        return next(reads)
    monkeypatch.setattr(slog_run, 'read_profile', read_profile)
    monkeypatch.setattr(slog_run, 'fio_records_dir', lambda middleware: str(tmp_path / 'records'))
    monkeypatch.setattr(slog_run, 'FIO', shutil.which('fio'))
    files = {name: tmp_path / name for name in ('sdh', 'sdj')}
    for path in files.values():
        path.write_bytes(b'\x5a' * SIZE)
    plan = {'disks': [{'name': n, 'device': str(p), 'region_bytes': SIZE // 2} for n, p in files.items()],
            'stand_in': True}
    said = []
    rows = asyncio.run(slog_run.write_ssds(Middleware(), lambda *a: said.append(a[1]), plan, 2))
    assert [r['disk'] for r in rows] == ['sdh', 'sdj']
    assert rows[0]['error'] is None and rows[0]['iops'] > 0 and rows[0]['latency_p50_ns'] > 0
    assert rows[0]['written_bytes'] > 0
    assert rows[1] == {'disk': 'sdj', 'iops': None, 'latency_p50_ns': None, 'latency_p99_ns': None,
                       'written_bytes': None,
                       'error': "not written: sdj is in pool tank: testing it would write over the pool's data."}
    written = files['sdh'].read_bytes()   # from its start, never past the region: the rest is as it was
    assert written[:4096] != b'\x5a' * 4096 and written[SIZE // 2:] == b'\x5a' * (SIZE // 2)
    assert files['sdj'].read_bytes() == b'\x5a' * SIZE
    assert said[0] == ('SSD 1/2 (sdh, stand-in file): 4 KiB synchronous writes from its start for 2 s, never past its '
                       'first 2 MiB')


def test_a_device_is_sized_without_writing_it_and_the_region_is_at_most_its_size(tmp_path):
    path = tmp_path / 'sdh'
    path.write_bytes(b'\x5a' * SIZE)
    assert slog_run.device_bytes(str(path)) == SIZE
    assert slog_run.fio_sync_write.region_of(SIZE) == SIZE and path.read_bytes() == b'\x5a' * SIZE
