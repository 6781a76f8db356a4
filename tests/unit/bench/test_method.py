import pytest

from tuning.core.bench.catalog import GIB, MIB
from tuning.core.bench.errors import BenchmarkInputError, InsufficientSpaceError
from tuning.core.bench.jobfile import render_job_file, render_layout_file
from tuning.core.bench.method import benchmark_method, scratch_need
from tuning.core.bench.space import check_space, refquota_for, room_for_scratch

ALL = ['SEQ_WRITE', 'SEQ_READ', 'RAND_READ_4K', 'RAND_WRITE_4K', 'SYNC_WRITE_4K', 'MIXED_70_30']


def zfs_env(**over):
    env = {'is_zfs': True, 'os': 'Linux', 'openzfs_version': '2.3.4', 'arc_max_bytes': 16 * GIB,
           'recordsize_bytes': 128 * 1024, 'is_zvol': False, 'dirty_data_max_bytes': 4 * GIB,
           'size_bytes': 10 * 1024 * GIB, 'used_bytes': 1024 * GIB, 'free_bytes': 9 * 1024 * GIB}
    env.update(over)
    return env


def dir_env(**over):
    env = {'is_zfs': False, 'os': 'Linux', 'size_bytes': 100 * GIB, 'used_bytes': 50 * GIB, 'free_bytes': 50 * GIB}
    env.update(over)
    return env


def by_test(method):
    return {t['test']: t for t in method['tests']}


def test_direct_io_only_where_it_bypasses_the_arc():
    tests = by_test(benchmark_method({'tests': ALL, 'profile': 'STANDARD'}, zfs_env()))
    # 1M is a multiple of the 128K recordsize: Direct I/O; 4K/8K are not: random reads keep no file data in the
    # ARC, writes use a working set ≥ 2 × ARC
    assert tests['SEQ_WRITE']['cache_defeat']['method'] == 'DIRECT_IO'
    assert tests['SEQ_WRITE']['direct'] is True and tests['SEQ_WRITE']['ioengine'] == 'libaio'
    assert tests['SEQ_WRITE']['scratch_primarycache'] is None
    for t in ('RAND_WRITE_4K', 'SYNC_WRITE_4K'):
        assert tests[t]['cache_defeat']['method'] == 'WORKING_SET' and tests[t]['scratch_primarycache'] is None
        assert tests[t]['direct'] is False and tests[t]['ioengine'] == 'psync'
        assert tests[t]['working_set_bytes'] >= 32 * GIB
        assert 'not aligned' in tests[t]['cache_defeat']['explanation']
        assert 'its counters say how much came from RAM' in tests[t]['cache_defeat']['explanation']
    for t in ('RAND_READ_4K', 'MIXED_70_30'):
        assert tests[t]['cache_defeat']['method'] == 'ARC_METADATA_ONLY'
        assert tests[t]['scratch_primarycache'] == 'metadata'
        assert tests[t]['direct'] is False and tests[t]['ioengine'] == 'psync'
        assert 'not aligned' in tests[t]['cache_defeat']['explanation']
        assert 'primarycache=metadata on the scratch dataset' in tests[t]['cache_defeat']['explanation']
    # no ARC to outgrow: the profile's modest set, and past the write buffer (2 × 4 GiB) for the one that writes
    assert tests['RAND_READ_4K']['working_set_bytes'] == 8 * GIB
    assert tests['MIXED_70_30']['working_set_bytes'] == 8 * GIB
    quick = by_test(benchmark_method({'tests': ALL, 'profile': 'QUICK'}, zfs_env()))
    assert quick['RAND_READ_4K']['working_set_bytes'] == GIB and quick['MIXED_70_30']['working_set_bytes'] == 8 * GIB


@pytest.mark.parametrize('own, kept', [('ALL', 'metadata'), ('all', 'metadata'), (None, 'metadata'),
                                       ('METADATA', None), ('NONE', None)])
def test_random_reads_keep_a_target_that_caches_less(own, kept):
    # the scratch dataset inherits the target's primarycache: one already caching no data keeps its own
    test = benchmark_method({'tests': ['RAND_READ_4K'], 'profile': 'QUICK'}, zfs_env(primarycache=own))['tests'][0]
    assert test['cache_defeat']['method'] == 'ARC_METADATA_ONLY' and test['scratch_primarycache'] == kept
    assert f'primarycache={(own or "all").lower() if kept is None else "metadata"}' in \
        test['cache_defeat']['explanation']


def test_a_multiple_test_run_says_each_tests_method_in_words():
    method = benchmark_method({'tests': ['SEQ_WRITE', 'RAND_READ_4K', 'RAND_WRITE_4K'], 'profile': 'QUICK'},
                              zfs_env())
    assert method['cache_defeat'] == {
        'method': 'MIXED', 'explanation': 'Sequential write 1 MiB: ZFS Direct I/O; Random read 4 KiB: No file data '
                                          'kept in the ARC; Random write 4 KiB: A working set larger than the ARC'}


@pytest.mark.parametrize('over, reason', [
    ({'openzfs_version': 'zfs-2.2.7-1'}, 'ignores O_DIRECT'),
    ({'os': 'FreeBSD'}, 'off by default'),
    ({'is_zvol': True}, 'zvols'),
    # direct=disabled: ZFS sends O_DIRECT through the ARC (the VM tier saw it), whatever the version says
    ({'direct': 'DISABLED'}, "Direct I/O property is Disabled"),
])
def test_working_set_when_direct_io_is_not_real(over, reason):
    method = benchmark_method({'tests': ['SEQ_READ'], 'profile': 'QUICK'}, zfs_env(**over))
    test = method['tests'][0]
    assert test['cache_defeat']['method'] == 'WORKING_SET' and reason in test['cache_defeat']['explanation']
    assert test['working_set_bytes'] >= 2 * 16 * GIB
    assert method['cache_defeat']['method'] == 'WORKING_SET'


@pytest.mark.parametrize('direct', ['STANDARD', 'always', None])
def test_a_direct_property_that_honours_o_direct_keeps_direct_io(direct):
    method = benchmark_method({'tests': ['SEQ_READ'], 'profile': 'QUICK'}, zfs_env(direct=direct))
    assert method['tests'][0]['cache_defeat']['method'] == 'DIRECT_IO' and method['target']['direct'] == direct


def test_zvol_uses_o_direct_with_libaio_but_sized_past_arc():
    test = benchmark_method({'tests': ['RAND_WRITE_4K'], 'profile': 'QUICK'}, zfs_env(is_zvol=True))['tests'][0]
    assert test['direct'] is True and test['ioengine'] == 'libaio' and test['iodepth'] > 1
    assert test['working_set_bytes'] >= 32 * GIB


def test_working_set_also_covers_dirty_data():
    test = benchmark_method({'tests': ['RAND_WRITE_4K'], 'profile': 'QUICK'},
                          zfs_env(arc_max_bytes=1 * GIB, dirty_data_max_bytes=4 * GIB))['tests'][0]
    assert test['working_set_bytes'] >= 8 * GIB


def test_plain_directory_uses_o_direct_and_a_modest_size():
    method = benchmark_method({'tests': ALL, 'profile': 'QUICK'}, dir_env())
    assert method['cache_defeat']['method'] == 'O_DIRECT'
    for t in method['tests']:
        assert t['direct'] is True and t['working_set_bytes'] <= 512 * MIB
    assert method['runs'] == 5 and method['max_runs'] == 10
    assert (method['runtime_seconds'] + method['ramp_seconds']) * len(ALL) * method['runs'] <= 150


def test_space_refusal_on_pool_past_80_percent_carries_numbers():
    env = zfs_env(size_bytes=100 * GIB, used_bytes=75 * GIB, free_bytes=25 * GIB, arc_max_bytes=4 * GIB)
    with pytest.raises(InsufficientSpaceError) as e:
        benchmark_method({'tests': ['RAND_WRITE_4K'], 'profile': 'QUICK'}, env)
    assert e.value.numbers['pool_used_bytes'] == 75 * GIB
    assert e.value.numbers['used_percent_after'] > 80
    assert '80 %' in e.value.message


def test_space_refusal_on_small_filesystem():
    with pytest.raises(InsufficientSpaceError) as e:
        benchmark_method({'tests': ['SEQ_WRITE'], 'profile': 'STANDARD'}, dir_env(free_bytes=2 * GIB))
    assert e.value.numbers['filesystem_free_bytes'] == 2 * GIB


@pytest.mark.parametrize('env', [
    zfs_env(size_bytes=100 * GIB, used_bytes=75 * GIB, free_bytes=25 * GIB),   # the 80 % rule binds
    zfs_env(size_bytes=100 * GIB, used_bytes=10 * GIB, free_bytes=5 * GIB),    # the dataset's own free space binds
    dir_env(), dir_env(size_bytes=10 * GIB, free_bytes=2 * GIB),                # a margin stays free
])
def test_room_for_scratch_is_the_largest_quota_the_space_check_passes(env):
    room = room_for_scratch(env)
    for quota in (room, room + MIB):
        required = int(quota / 1.1)
        while refquota_for(required) > quota:   # the largest working set whose quota is within `quota`
            required -= 1
        if quota == room:
            check_space(required, env)
        else:
            with pytest.raises(InsufficientSpaceError):
                check_space(required + MIB, env)
    assert room_for_scratch(dir_env(size_bytes=10 * GIB, free_bytes=300 * MIB)) == 0   # less free than the margin


def test_scratch_need_says_what_the_run_takes_and_how_it_keeps_caches_out():
    seq = {'tests': ['SEQ_WRITE', 'SEQ_READ'], 'profile': 'QUICK'}
    # OpenZFS 2.3 on Linux, 1 MiB blocks on a 128 KiB recordsize: Direct I/O, the profile's modest set
    assert scratch_need(seq, zfs_env()) == {'working_set_bytes': GIB, 'refquota_bytes': refquota_for(GIB),
                                            'method': 'DIRECT_IO'}
    # OpenZFS 2.2 ignores O_DIRECT: twice the ARC's maximum
    older = scratch_need(seq, zfs_env(openzfs_version='2.2.7'))
    assert older['method'] == 'WORKING_SET' and older['working_set_bytes'] == 32 * GIB
    # the largest test decides: a 4 KiB random read cannot take Direct I/O past a 128 KiB recordsize
    assert scratch_need({**seq, 'tests': ['SEQ_WRITE', 'RAND_WRITE_4K']}, zfs_env())['method'] == 'WORKING_SET'
    # a 4 KiB random read on an ARC that keeps no data of the scratch dataset: no larger than the modest set
    assert scratch_need({**seq, 'tests': ['RAND_READ_4K']}, zfs_env()) == {
        'working_set_bytes': GIB, 'refquota_bytes': refquota_for(GIB), 'method': 'ARC_METADATA_ONLY'}
    assert scratch_need(seq, dir_env())['method'] == 'O_DIRECT'
    with pytest.raises(BenchmarkInputError):
        scratch_need({'tests': ['RAND_WRITE_4K'], 'working_set_bytes': 256 * MIB}, zfs_env())


def test_the_scratch_quota_is_the_room_the_80_percent_rule_leaves():
    # a quota as tight as the files makes ZFS hold every write until a sync (each write in flight counts up to 24
    # times its size against it): the lab's random writes measured that wait. The room keeps the pool under 80 %.
    env = zfs_env(size_bytes=100 * GIB, used_bytes=50 * GIB, free_bytes=45 * GIB, arc_max_bytes=GIB)
    space = benchmark_method({'tests': ['RAND_WRITE_4K'], 'profile': 'QUICK'}, env)['space']
    assert space['refquota_bytes'] == refquota_for(8 * GIB)   # the need: 2 x the 4 GiB write buffer, + 10 %
    assert space['scratch_quota_bytes'] == room_for_scratch(env) == 30 * GIB   # 80 of 100 GiB, 50 used
    assert space['used_percent_after'] == 58.8   # the check still counts the need, not the quota
    # off ZFS there is no quota: the figure is the need
    plain = benchmark_method({'tests': ['SEQ_WRITE'], 'profile': 'QUICK'}, dir_env())['space']
    assert plain['scratch_quota_bytes'] == plain['refquota_bytes']


def test_refquota_is_largest_working_set_plus_ten_percent():
    method = benchmark_method({'tests': ['SEQ_WRITE', 'RAND_READ_4K'], 'profile': 'STANDARD'}, zfs_env())
    largest = max(t['working_set_bytes'] for t in method['tests'])
    assert method['space']['required_bytes'] == largest
    assert method['space']['refquota_bytes'] == pytest.approx(largest * 1.1, abs=1)


@pytest.mark.parametrize('spec, field', [
    ({'tests': []}, 'spec.tests'),
    ({'tests': ['SEQ_WRITE', 'NOPE']}, 'spec.tests.1'),
    ({'tests': ['SEQ_WRITE'], 'profile': 'FAST'}, 'spec.profile'),
    ({'tests': ['SEQ_WRITE'], 'runs': 0}, 'spec.runs'),
    ({'tests': ['SEQ_WRITE', 'SEQ_WRITE']}, 'spec.tests'),
])
def test_bad_spec_names_the_field(spec, field):
    with pytest.raises(BenchmarkInputError) as e:
        benchmark_method(spec, dir_env())
    assert e.value.field == field


def test_bad_env_names_the_field():
    with pytest.raises(BenchmarkInputError) as e:
        benchmark_method({'tests': ['SEQ_WRITE']}, zfs_env(arc_max_bytes='big'))
    assert e.value.field == 'env.arc_max_bytes'


def test_working_set_override_cannot_undercut_the_arc_rule():
    with pytest.raises(BenchmarkInputError) as e:
        benchmark_method({'tests': ['RAND_WRITE_4K'], 'working_set_bytes': GIB}, zfs_env())
    assert e.value.field == 'spec.working_set_bytes'
    assert e.value.message == ('1 GiB is below the 32 GiB needed to keep the ARC out of the numbers '
                               '(Random write 4 KiB)')   # sizes in words, never a byte count
    method = benchmark_method({'tests': ['RAND_READ_4K'], 'working_set_bytes': 64 * MIB}, dir_env())
    assert method['tests'][0]['working_set_bytes'] == 64 * MIB
    # an ARC keeping no data of the files: any set reads from the disks, but writes must run past the write buffer
    method = benchmark_method({'tests': ['RAND_READ_4K'], 'working_set_bytes': 64 * MIB}, zfs_env())
    assert method['tests'][0]['working_set_bytes'] == 64 * MIB
    with pytest.raises(BenchmarkInputError) as e:
        benchmark_method({'tests': ['MIXED_70_30'], 'working_set_bytes': GIB}, zfs_env())
    assert e.value.message == ('1 GiB is below the 8 GiB needed for its writes to run past the write buffer '
                               '(Mixed 70/30 8 KiB)')


def test_sync_writes_take_any_working_set_asked_for():
    # each waits for the intent log whatever the ARC holds (the SLOG headroom measures with one the ARC can hold)
    method = benchmark_method({'tests': ['SYNC_WRITE_4K'], 'working_set_bytes': 256 * MIB}, zfs_env())
    assert method['tests'][0]['working_set_bytes'] == 256 * MIB
    with pytest.raises(BenchmarkInputError):   # an async write still must run past the write buffer
        benchmark_method({'tests': ['RAND_WRITE_4K'], 'working_set_bytes': 256 * MIB}, zfs_env())


def test_the_words_say_the_working_set_asked_for_not_the_methods_own():
    # the walk-through: 512 MiB asked, the details said "256 MiB working set"
    method = benchmark_method({'tests': ['SEQ_READ'], 'profile': 'QUICK', 'working_set_bytes': 512 * MIB}, zfs_env())
    test = method['tests'][0]
    assert test['working_set_bytes'] == 512 * MIB and '512 MiB working set' in test['cache_defeat']['explanation']
    assert '512 MiB working set' in method['cache_defeat']['explanation']


def test_not_adaptive_caps_at_planned_runs():
    method = benchmark_method({'tests': ['SEQ_WRITE'], 'runs': 7, 'adaptive': False}, dir_env())
    assert method['runs'] == method['max_runs'] == 7


def _ini(text):
    sections, current = {}, None
    for line in text.splitlines():
        if line.startswith('[') and line.endswith(']'):
            current = sections.setdefault(line[1:-1], {})
        elif '=' in line and current is not None:
            key, value = line.split('=', 1)
            current[key] = value
    return sections


def test_job_file_for_psync_dataset_random_write():
    method = benchmark_method({'tests': ['RAND_WRITE_4K'], 'profile': 'QUICK'}, zfs_env())
    ini = _ini(render_job_file(method['tests'][0], method, '/mnt/tank/.tuning-bench-1'))
    g, job = ini['global'], ini['rand_write_4k']
    assert g['directory'] == '/mnt/tank/.tuning-bench-1'
    assert g['ioengine'] == 'psync' and g['direct'] == '0'
    for key, value in (('group_reporting', '1'), ('clat_percentiles', '1'), ('percentile_list', '50:90:99:99.9'),
                       ('time_based', '1'), ('randrepeat', '0'), ('refill_buffers', '1'), ('runtime', '3'),
                       ('ramp_time', '1')):
        assert g[key] == value
    assert 'zero_buffers' not in g and 'iodepth' not in job  # psync ignores iodepth: not written
    assert job['rw'] == 'randwrite' and job['bs'] == '4k' and job['numjobs'] == '16'
    assert job['norandommap'] == '1' and job['end_fsync'] == '1' and job['overwrite'] == '1'


def test_job_file_for_libaio_sequential_and_sync_and_mixed():
    method = benchmark_method({'tests': ['SEQ_READ', 'SYNC_WRITE_4K', 'MIXED_70_30'], 'profile': 'QUICK'}, dir_env())
    jobs = {t['test']: _ini(render_job_file(t, method, '/tmp/s')) for t in method['tests']}
    seq = jobs['SEQ_READ']
    assert seq['global']['ioengine'] == 'libaio' and seq['seq_read']['iodepth'] == '4'
    assert seq['seq_read']['bs'] == '1m' and 'end_fsync' not in seq['seq_read']
    assert 'norandommap' not in seq['seq_read'] and 'overwrite' not in seq['seq_read']
    # No POSIX_FADV_SEQUENTIAL: OpenZFS would prefetch 128 MiB per file into the ARC that Direct I/O never reads.
    assert seq['global']['fadvise_hint'] == '0'
    sync = jobs['SYNC_WRITE_4K']
    assert sync['global']['ioengine'] == 'psync' and sync['sync_write_4k']['sync'] == 'dsync'
    assert sync['sync_write_4k']['numjobs'] == '1'
    mixed = jobs['MIXED_70_30']['mixed_70_30']
    assert mixed['rw'] == 'randrw' and mixed['rwmixread'] == '70' and mixed['bs'] == '8k'


def test_job_file_refuses_multiline_directory():
    method = benchmark_method({'tests': ['SEQ_READ']}, dir_env())
    with pytest.raises(ValueError):
        render_job_file(method['tests'][0], method, '/tmp/x\n[evil]')
    with pytest.raises(ValueError):
        render_layout_file(method['tests'][0], '/tmp/x\n[evil]')


def test_files_a_test_reads_or_overwrites_are_written_first_by_their_own_job():
    method = benchmark_method({'tests': ALL, 'profile': 'QUICK'}, dir_env())
    layouts = {t['test']: render_layout_file(t, '/tmp/s') for t in method['tests']}
    assert layouts['SEQ_WRITE'] is None   # writes its own files
    for planned in method['tests']:
        if planned['test'] == 'SEQ_WRITE':
            continue
        measured = _ini(render_job_file(planned, method, '/tmp/s'))
        layout = _ini(layouts[planned['test']])
        name = planned['job_name']
        # the same section, job count and size: fio names and sizes the files the measured job opens as they are
        assert set(layout) == {'global', name} and layout['global']['directory'] == '/tmp/s'
        for key in ('numjobs', 'size'):
            assert layout[name][key] == measured[name][key], (planned['test'], key)
        # written whole, a record at a time (no 4 KiB writes read back into 128 KiB records), and nothing else run
        assert (layout[name]['rw'], layout[name]['bs'], layout[name]['create_only']) == ('read', '1m', '1')
        assert layout['global']['fallocate'] == 'none' and 'time_based' not in layout['global']
