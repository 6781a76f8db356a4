"""The kit's pure side: cache defeat sizing, fio jobs in the shape the box recognises (the plugin's own
``matching_test`` on every built-in test, every engine), plan checks, the box's URLs and error words, fio's output,
the atomic --output file and the bounded retries."""
import json
import os

import pytest

from tuning.client_kit import tuning_client as kit
from tuning.core.bench.catalog import TESTS
from tuning.core.bench.fio_output import matching_test
from tuning.core.client.instructions import plan_test

GIB = 1 << 30
PLAN = {'runs': 3, 'runtime_seconds': 30, 'ramp_seconds': 5, 'min_size_bytes': 16 * GIB}


def options_of(args):
    """fio's command-line options as the 'job options' of its JSON output."""
    return dict(a[2:].split('=', 1) if '=' in a else (a[2:], '1') for a in args)


def test_direct_io_keeps_the_plans_size():
    defeat = kit.cache_defeat(16 * GIB, 64 * GIB, 'Linux', True)
    assert defeat['direct_io'] is True and defeat['size_bytes'] == 16 * GIB
    assert 'O_DIRECT' in defeat['reason'] and '16 GiB' in defeat['reason']


def test_without_direct_io_the_size_is_twice_the_clients_ram_at_least():
    defeat = kit.cache_defeat(16 * GIB, 32 * GIB, 'Linux', False, 'this file system refuses direct I/O (EINVAL)')
    assert defeat == {'direct_io': False, 'size_bytes': 64 * GIB, 'reason': defeat['reason']}
    assert defeat['reason'].startswith('this file system refuses direct I/O') and '32 GiB' in defeat['reason']
    # a small client: the box's minimum stays
    assert kit.cache_defeat(16 * GIB, 4 * GIB, 'Linux', False)['size_bytes'] == 16 * GIB


def test_macos_direct_io_is_f_nocache_and_says_so():
    defeat = kit.cache_defeat(8 * GIB, 16 * GIB, 'Darwin', True)
    assert defeat['direct_io'] is True and defeat['size_bytes'] == 8 * GIB and 'F_NOCACHE' in defeat['reason']


@pytest.mark.parametrize('test_id', list(TESTS))
@pytest.mark.parametrize('os_name,engine,direct', [('Linux', 'libaio', True), ('Linux', 'libaio', False),
                                                   ('Darwin', 'posixaio', True), ('Windows', 'windowsaio', True),
                                                   ('Linux', 'psync', True)])
def test_every_built_in_test_keeps_its_shape(test_id, os_name, engine, direct):
    test = plan_test(test_id)  # the plan the box sends
    args = kit.fio_job_args(test, PLAN, '/mnt/nas/tuning-client-7-ab', 'DIRECTORY', 16 * GIB, direct, engine,
                            os_name, (3, 33))
    options = options_of(args)
    assert matching_test({'options': options}) == test_id
    # the I/Os in flight stay the test's, whichever engine carries them
    depth = int(options.get('iodepth', 1)) if options['ioengine'] in kit.QUEUEING_ENGINES else 1
    assert int(options['numjobs']) * depth == TESTS[test_id].outstanding_ios
    assert options['group_reporting'] == '1' and options['time_based'] == '1'
    assert (options['runtime'], options['ramp_time']) == ('30', '5')
    assert options['direct'] == ('1' if direct else '0')
    assert int(options['size'].rstrip('m')) * (1 << 20) * int(options['numjobs']) >= 16 * GIB


def test_libaio_without_direct_io_and_sync_tests_use_psync():
    seq = plan_test('RAND_READ_4K')
    assert kit.job_shape(seq, 'libaio', True, 'Linux') == ('libaio', 2, 8)
    assert kit.job_shape(seq, 'libaio', False, 'Linux') == ('psync', 16, 1)
    assert kit.job_shape(seq, 'posixaio', False, 'Darwin') == ('posixaio', 2, 8)
    assert kit.job_shape(plan_test('SYNC_WRITE_4K'), 'libaio', True, 'Linux') == ('psync', 1, 1)


def test_sync_writes_are_dsync_on_recent_fio_and_sync_elsewhere():
    test = plan_test('SYNC_WRITE_4K')
    args = lambda os_name, version: kit.fio_job_args(test, PLAN, '/d', 'DIRECTORY', GIB, True, 'libaio', os_name,
                                                     version)
    assert '--sync=dsync' in args('Linux', (3, 33))
    assert '--sync=1' in args('Linux', (3, 16))
    assert '--sync=1' in args('Windows', (3, 33))


def test_job_layout_choices():
    args = kit.fio_job_args(plan_test('RAND_WRITE_4K'), PLAN, '/d', 'DIRECTORY', GIB, True, 'libaio', 'Linux',
                            (3, 33))
    for option in ('--randrepeat=0', '--refill_buffers=1', '--norandommap=1', '--overwrite=1', '--end_fsync=1',
                   '--fallocate=none', '--percentile_list=50:90:99:99.9', '--directory=/d', '--size=512m'):
        assert option in args
    reads = kit.fio_job_args(plan_test('SEQ_READ'), PLAN, '/d', 'DIRECTORY', GIB, True, 'libaio', 'Linux', (3, 33))
    assert '--end_fsync=1' not in reads and '--norandommap=1' not in reads and '--bs=1m' in reads


def test_block_device_jobs_share_the_device_at_offsets():
    args = kit.fio_job_args(plan_test('RAND_READ_4K'), PLAN, '/dev/sdb', 'BLOCK_DEVICE', 4 * GIB, True, 'libaio',
                            'Linux', (3, 33))
    options = options_of(args)
    assert options['filename'] == '/dev/sdb' and 'directory' not in options
    assert options['size'] == '2048m' and options['offset_increment'] == '2048m' and options['numjobs'] == '2'


def test_windows_paths_have_their_colon_escaped_and_run_as_threads():
    args = kit.fio_job_args(plan_test('SEQ_WRITE'), PLAN, 'Z:\\tuning-client-7-ab', 'DIRECTORY', GIB, True,
                            'windowsaio', 'Windows', (3, 33))
    assert '--directory=Z\\:\\tuning-client-7-ab' in args and '--thread' in args


def test_sizes_in_fio_words():
    assert kit.fio_block_size(1 << 20) == '1m' and kit.fio_block_size(4096) == '4k'
    assert kit.fio_block_size(1000) == '1000'
    assert kit.fio_size(16 * GIB) == '16384m' and kit.fio_size(1000) == '1000'
    assert kit.size_words(16 * GIB) == '16 GiB' and kit.size_words(1536 << 20) == '1.5 GiB'
    assert kit.size_words((500 << 20) + 800 * 1024) == '501 MiB' and kit.size_words(1023) == '1,023 B'
    assert kit.rate_words(112e6) == '112 MB/s' and kit.rate_words(2.5e9) == '2,500 MB/s'
    assert kit.rate_words(12.34e6) == '12.3 MB/s'


@pytest.mark.parametrize('x', [0, 0.000123456, 0.01, 0.5, 1, 9.999, 12.34, 99.96, 100, 1234.5, 987654.3, -12.5])
def test_the_kit_writes_figures_by_the_boxs_one_rule(x):
    from tuning.core.figures import significant
    assert kit.significant(x) == significant(x)


SIZES = [0, 1, 999, 1023, 1024, 1025, 1536, 65535, 65536 + 100, 99 * 1024 + 1000, 102348, 102400, 1048575,
         (500 << 20) + 800 * 1024, 999 << 20, (1 << 30) - 1, 1 << 30, 1536 << 20, 16 << 30, (1 << 40) - (1 << 20),
         5 << 40, 1 << 50, 3 << 60, -(2 << 30)]


@pytest.mark.parametrize('n', SIZES + [int(1.07 ** k) for k in range(0, 700, 7)])
def test_the_kit_writes_sizes_by_the_boxs_one_rule(n):
    from tuning.core.presets.units import format_bytes
    assert kit.size_words(n) == format_bytes(n)


def valid_plan():
    return {'tests': [plan_test('SEQ_WRITE')], 'runs': 1, 'runtime_seconds': 1, 'ramp_seconds': 0,
            'min_size_bytes': 1 << 20, 'box': {}, 'network': {'available': False, 'port': 5201}}


@pytest.mark.parametrize('change,field', [
    (lambda p: p.update(tests=[]), 'plan.tests'),
    (lambda p: p['tests'][0].update(rw='trim'), 'plan.tests.0.rw'),
    (lambda p: p['tests'][0].update(numjobs=0), 'plan.tests.0.numjobs'),
    (lambda p: p['tests'][0].update(rwmixread=101), 'plan.tests.0.rwmixread'),
    (lambda p: p['tests'][0].update(sync='yes'), 'plan.tests.0.sync'),
    (lambda p: p.update(runs=True), 'plan.runs'),
    (lambda p: p.pop('min_size_bytes'), 'plan.min_size_bytes'),
    (lambda p: p.update(network={'port': 1}), 'plan.network'),
])
def test_a_plan_the_kit_cannot_run_is_named(change, field):
    plan = valid_plan()
    assert kit.check_plan(plan) is plan
    change(plan)
    with pytest.raises(kit.BoxRefused) as e:
        kit.check_plan(plan)
    assert f'({field}:' in e.value.message and e.value.exit_code == kit.EXIT_BOX


def test_network_is_wanted_only_when_offered_and_not_refused():
    plan = valid_plan()
    assert not kit.network_wanted(plan, False)
    plan['network']['available'] = True
    assert kit.network_wanted(plan, False) and not kit.network_wanted(plan, True)


def test_iperf3_is_tried_again_only_while_no_server_has_measured():
    # a server not listening yet, or busy
    assert kit.iperf3_may_retry(None, 'unable to connect to server: Connection refused')
    assert kit.iperf3_may_retry({'error': 'the server is busy running a test. try again later'},
                                'the server is busy running a test. try again later')
    # the previous one-off server took the connection as it exited (seen in a test run): nothing measured yet
    dropped = 'unable to receive control message: Connection reset by peer'
    assert kit.iperf3_may_retry({'start': {}, 'intervals': [], 'end': {}, 'error': dropped}, dropped)
    # the same words after intervals were measured: the test itself failed, so it is not run twice
    assert not kit.iperf3_may_retry({'intervals': [{'sum': {}}], 'error': dropped}, dropped)
    assert not kit.iperf3_may_retry({'error': 'interrupt - the client has terminated'},
                                    'interrupt - the client has terminated')


def test_api_base():
    assert kit.api_base('https://nas.lan') == 'https://nas.lan/_plugins/tuning/client/'
    assert kit.api_base('https://[fd00::1]:8443/') == 'https://[fd00::1]:8443/_plugins/tuning/client/'
    assert kit.api_base('http://h/_plugins/tuning/client') == 'http://h/_plugins/tuning/client/'
    with pytest.raises(kit.CheckFailed):
        kit.api_base('nas.lan')


def test_box_errors_in_words():
    body = {'error': {'errname': 'EINVAL', 'reason': 'Invalid result',
                      'extra': [['fio.0.run', 'run 4 is not between 1 and the plan\'s 3 runs', 22]]}}
    assert kit.box_error_words(400, body) == \
        'Invalid result\n  fio.0.run: run 4 is not between 1 and the plan\'s 3 runs'
    assert kit.box_error_words(500, None) == 'the box answered HTTP 500'


def test_fio_document_after_notes():
    doc = {'fio version': 'fio-3.33', 'jobs': [{'jobname': 'x', 'error': 0}]}
    text = 'note: both iodepth >= 1 and synchronous I/O engine are selected {sic}\n' + json.dumps(doc)
    assert kit.fio_document(text) == doc
    assert kit.fio_document('fio: no such engine') is None
    assert kit.fio_job_error(doc) is None
    assert 'error 5' in kit.fio_job_error({'jobs': [{'jobname': 'x', 'error': 5}]})


def test_output_file_is_replaced_whole(tmp_path):
    path = tmp_path / 'result.json'
    kit.write_atomically(str(path), {'a': 1})
    assert json.loads(path.read_text()) == {'a': 1}
    with pytest.raises(TypeError):  # fails halfway through writing: the old file stays, no temporary is left
        kit.write_atomically(str(path), {'a': 2, 'b': object()})
    assert json.loads(path.read_text()) == {'a': 1}
    assert os.listdir(tmp_path) == ['result.json']


def test_retries_are_bounded(monkeypatch):
    waits, logged = [], []
    monkeypatch.setattr(kit.time, 'sleep', waits.append)
    calls = []

    def down():
        calls.append(1)
        raise kit.BoxUnreachable('connection refused')

    with pytest.raises(kit.BoxUnreachable):
        kit.retrying(down, 'posting', logged.append, tries=4)
    assert len(calls) == 4 and waits == [1, 2, 4] and len(logged) == 3
    answers = iter([kit.BoxUnreachable('down'), 'ok'])

    def flaky():
        answer = next(answers)
        if isinstance(answer, Exception):
            raise answer
        return answer

    assert kit.retrying(flaky, 'posting', logged.append, tries=4) == 'ok'
    refused = []

    def refuses():
        refused.append(1)
        raise kit.BoxRefused('no', 400)

    with pytest.raises(kit.BoxRefused):  # a refusal is an answer: never tried again
        kit.retrying(refuses, 'posting', logged.append, tries=4)
    assert len(refused) == 1


def test_retries_until_a_deadline(monkeypatch):
    now = [1000.0]
    monkeypatch.setattr(kit.time, 'time', lambda: now[0])
    monkeypatch.setattr(kit.time, 'sleep', lambda s: now.__setitem__(0, now[0] + s))

    def down():
        raise kit.BoxUnreachable('rebooting')

    with pytest.raises(kit.BoxUnreachable):
        kit.retrying(down, 'asking for a step', lambda _: None, until=1100.0)
    assert 1050 <= now[0] <= 1100


def test_space_needed_is_the_largest_test_after_rounding_per_job():
    plan = {'tests': [plan_test('SEQ_WRITE'), plan_test('RAND_READ_4K')]}
    assert kit.space_needed(plan, 8 << 20, 'libaio', True, 'Linux') == 8 << 20
    # 16 psync jobs of ceil(9 MiB / 16) = 1 MiB each
    assert kit.space_needed(plan, 9 << 20, 'libaio', False, 'Linux') == 16 << 20
