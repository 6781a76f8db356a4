"""SLOG headroom (core.slog): the intent log's counters, and the answer in words; the flow never changes the sync of
a dataset that is not a benchmark's scratch."""
import asyncio
import errno

import pytest

from tuning.advice import TuningAdviceService
from tuning.core.slog import slog_headroom, sync_load
from tuning.shared.kstat import parse_kstat
from tuning.flows.slog_run import read_zil_counters, set_scratch_sync
from tuning.framework import ValidationErrors

ZIL = """15 1 0x01 20 5440 4838404713 1214920154640
name                            type data
zil_commit_count                4    1200
zil_commit_writer_count         4    1100
zil_itx_count                   4    5400
zil_itx_metaslab_normal_count   4    5400
zil_itx_metaslab_normal_bytes   4    22118400
zil_itx_metaslab_slog_count     4    0
zil_itx_metaslab_slog_bytes     4    0
"""


def summary(iops, p50_ms, p99_ms):
    return {'write_iops': {'median': iops}, 'write_lat_p50_ns': {'median': p50_ms * 1e6},
            'write_lat_p99_ns': {'median': p99_ms * 1e6}}


def load(commits):
    return {'seconds': 30.0, 'commits_per_second': commits, 'records_per_second': commits * 4,
            'bytes_per_second': commits * 16384.0, 'to_log_device': False}


def test_the_zil_counters_are_read_and_their_rise_is_a_rate():
    before = parse_kstat(ZIL)
    assert before['zil_commit_count'] == 1200 and before['zil_itx_metaslab_normal_bytes'] == 22118400
    after = {**before, 'zil_commit_count': 1500, 'zil_itx_count': 6600, 'zil_itx_metaslab_normal_bytes': 27033600}
    assert sync_load(before, after, 30.0) == {'seconds': 30.0, 'commits_per_second': 10.0,
                                              'records_per_second': 40.0, 'bytes_per_second': 163840.0,
                                              'to_log_device': False}
    assert sync_load(after, before, 30.0) is None and sync_load(None, after, 30.0) is None


def test_a_pool_slow_at_sync_writes_with_a_sync_load_is_worth_a_log_device():
    answer = slog_headroom(summary(180, 5.4, 9.0), summary(4700, 0.2, 0.4), load(120), [])
    assert answer['verdict'] == 'WORTH_IT' and answer['headroom'] == 26.11
    assert answer['words'][0].startswith('Sync writes of 4 KiB, one at a time: 180 a second with the intent log as '
                                         'the pool has it (each waits 5.40 ms, p99 9.00 ms); 4,700 a second')
    assert 'could raise sync writes up to 26.1× here' in answer['words'][1]
    assert 'waited for the intent log 120 times a second (1.9 MiB/s of log records)' in answer['words'][2]


def test_without_sync_writes_a_log_device_would_not_help_whatever_the_headroom():
    answer = slog_headroom(summary(180, 5.4, 9.0), summary(4700, 0.2, 0.4), load(0.2), [])
    assert answer['verdict'] == 'NO_SYNC_LOAD' and 'a log device would not help' in answer['words'][-1]


def test_little_headroom_little_gain_and_an_existing_log_device_is_said():
    answer = slog_headroom(summary(9000, 0.1, 0.2), summary(11000, 0.08, 0.15), load(50), ['nvme0n1'])
    assert answer['verdict'] == 'LITTLE_GAIN' and answer['headroom'] == 1.22
    assert 'already has a log device (nvme0n1)' in answer['words'][1]
    unknown = slog_headroom(summary(9000, 0.1, 0.2), summary(11000, 0.08, 0.15), None, [])
    assert unknown['verdict'] == 'UNKNOWN_LOAD' and 'could not be read' in unknown['words'][-1]


def test_the_counters_file_is_read_and_none_without_one(tmp_path):
    path = tmp_path / 'zil'
    path.write_text(ZIL)
    assert read_zil_counters(str(path))['zil_itx_count'] == 5400
    assert read_zil_counters(str(tmp_path / 'absent')) is None


class Appliance:
    def __init__(self):
        self.calls = []

    async def call(self, method, *args):
        self.calls.append((method, *args))


@pytest.mark.parametrize('dataset', ['tank/media', 'tank', 'tank/media/.tuning-bench-x/y', 'tank/.tuning-benchx/..'])
def test_sync_is_changed_only_on_a_benchmark_scratch_dataset(dataset):
    appliance = Appliance()
    with pytest.raises(Exception, match='not a benchmark scratch dataset'):
        asyncio.run(set_scratch_sync(appliance, dataset, 'DISABLED'))
    assert appliance.calls == []
    asyncio.run(set_scratch_sync(appliance, 'tank/media/.tuning-bench-7-abc123', 'DISABLED'))
    assert appliance.calls == [('pool.dataset.update', 'tank/media/.tuning-bench-7-abc123', {'sync': 'DISABLED'})]


def test_a_window_of_no_seconds_watches_nothing_and_says_so():
    from tuning.flows.slog_run import watch_sync_load

    class Never:
        async def run_in_thread(self, fn, *args):
            raise AssertionError('no counters are read for a window of 0 s')
    assert asyncio.run(watch_sync_load(Never(), 0, lambda *a: None)) is None
    answer = slog_headroom(summary(180, 5.4, 9.0), summary(4700, 0.2, 0.4), None, [], watched=False)
    assert answer['verdict'] == 'UNKNOWN_LOAD' and 'was not watched (a window of 0 s)' in answer['words'][-1]


def test_large_records_are_named_as_the_ceiling_small_ones_are_not():
    # the lab's figures: 80 and 138 sync writes a second into 128 KiB records on a RAIDZ2 of HDD-shaped disks
    answer = slog_headroom(summary(80, 6.13, 10.4), summary(138, 3.0, 5.0), None, [], recordsize_bytes=128 * 1024)
    (rewrite,) = [w for w in answer['words'] if 'rewrites a whole' in w]
    assert rewrite.startswith('Each of these 4 KiB writes rewrites a whole 128 KiB record of the dataset, with or '
                              'without a log device: at 138 a second that is up to 17.2 MiB/s for the disks to write.')
    assert 'a smaller recordsize on the dataset that takes them' in rewrite
    assert answer['words'].index(rewrite) == 2   # after the headroom it qualifies
    for small in (16 * 1024, None):
        words = slog_headroom(summary(80, 6.13, 10.4), summary(138, 3.0, 5.0), None, [], recordsize_bytes=small)
        assert not any('rewrites a whole' in w for w in words['words'])


@pytest.mark.parametrize('is_zfs, sandbox, refused', [
    (False, False, "tank/vm is not on ZFS: a log device is a ZFS pool's, and there is no intent log to measure here."),
    # a sandbox directory that lies on a ZFS filesystem still belongs to no pool of the box: refused too
    (True, True, "tank/vm is not on ZFS: the sandbox's datasets are plain directories, with no intent log to measure."),
    (False, True, "tank/vm is not on ZFS: the sandbox's datasets are plain directories, with no intent log to measure."),
    (True, False, None),
])
def test_a_dataset_off_zfs_or_on_the_sandbox_is_refused_in_words(is_zfs, sandbox, refused):
    from tuning.core.slog import dataset_refusal
    assert dataset_refusal('tank/vm', is_zfs, sandbox) == refused


def test_waits_are_said_as_every_figure_is_three_significant_figures():
    answer = slog_headroom(summary(4, 278.92, 509.61), summary(41, 24.1, 40.0), None, [])
    assert '(each waits 279 ms, p99 510 ms)' in answer['words'][0]


# `tuning.advice.slog` erases the SSDs it is given: a caller without FULL_ADMIN (what system.reboot asks) is refused
# under `ssd_disks` before anything runs, while a dataset-only call keeps the method's write role.
class App:
    def __init__(self, roles):
        self.authenticated_credentials = {'roles': roles}


class Ran(Exception):
    """The refusal was passed: the call went on to measure (stopped here, before the box is touched)."""


def call(monkeypatch, roles, options):
    def busy_while(*a, **k):
        raise Ran()
    monkeypatch.setattr('tuning.advice.busy_while', busy_while)
    service, job = type('S', (), {'middleware': None})(), type('J', (), {'id': 1})()
    return asyncio.run(TuningAdviceService.slog(service, App(roles), job, options))


def test_writing_an_ssd_without_full_admin_is_refused_under_the_field_naming_the_role(monkeypatch):
    with pytest.raises(ValidationErrors) as e:
        call(monkeypatch, ['SYSTEM_ADVANCED_WRITE'], {'dataset': 'tank/db', 'ssd_disks': ['sdh']})
    [error] = e.value.errors
    assert error.attribute == 'options.ssd_disks' and error.errno == errno.EACCES
    assert 'Full admin role (FULL_ADMIN)' in error.errmsg


@pytest.mark.parametrize('roles, options', [
    (['SYSTEM_ADVANCED_WRITE'], {'dataset': 'tank/db'}),
    (['FULL_ADMIN'], {'ssd_disks': ['sdh']}),
])
def test_a_dataset_only_call_or_a_full_admin_goes_on(monkeypatch, roles, options):
    with pytest.raises(Ran):
        call(monkeypatch, roles, options)
