"""fio's own distributed mode (core.client.fio_clients, pure), against a real fio-3.33 document of two clients
(`fio --client=… --client=… --output-format=json`, its "All clients" group)."""
import copy
import json
import os

import pytest

from tuning.core.bench.errors import BenchmarkInputError
from tuning.core.client.fio_clients import all_clients, client_argv, job_text, server_argv
from tuning.core.client.instructions import plan_test

with open(os.path.join(os.path.dirname(__file__), 'fixtures', 'fio_two_clients_seq_write.json')) as f:
    TWO = json.load(f)


def test_the_all_clients_group_is_the_sum_and_each_client_is_kept():
    found = all_clients(TWO, 'SEQ_WRITE', 2)
    assert found['fio_version'] == 'fio-3.33'
    each = [c['run']['bw_bytes'] for c in found['clients']]
    assert [c['hostname'] for c in found['clients']] == ['192.168.1.21', '192.168.1.22']
    assert found['all']['bw_bytes'] == pytest.approx(sum(each), rel=0.01)
    assert found['all']['metrics']['write_iops'] == pytest.approx(sum(c['run']['iops'] for c in found['clients']),
                                                                  rel=0.01)


def test_without_fios_all_clients_entry_the_box_adds_the_clients_up():
    with_sum = all_clients(TWO, 'SEQ_WRITE', 2)
    found = all_clients({**TWO, 'client_stats': TWO['client_stats'][:2]}, 'SEQ_WRITE', 2)
    assert (with_sum['summed_by'], found['summed_by']) == ('FIO', 'BOX')
    assert found['all']['bw_bytes'] == sum(c['run']['bw_bytes'] for c in found['clients'])
    assert found['all']['bw_bytes'] == pytest.approx(with_sum['all']['bw_bytes'], rel=0.01)
    assert found['all']['metrics']['write_iops'] == pytest.approx(with_sum['all']['metrics']['write_iops'], rel=0.01)


def test_the_clients_follow_the_order_the_box_gave_them_not_fios():
    given = [('192.168.1.22', 8766), ('192.168.1.21', 8765)]
    found = all_clients(TWO, 'SEQ_WRITE', 2, given)
    assert [(c['hostname'], c['port']) for c in found['clients']] == given
    with pytest.raises(BenchmarkInputError) as e:
        all_clients(TWO, 'SEQ_WRITE', 2, [('192.168.1.22', 8766), ('192.168.1.99', 8765)])
    assert e.value.field == 'client_stats.0.hostname' and '192.168.1.21:8765' in e.value.message


def test_a_missing_client_or_an_error_is_named():
    with pytest.raises(BenchmarkInputError) as e:
        all_clients(TWO, 'SEQ_WRITE', 3)
    assert e.value.field == 'client_stats' and '3 were asked' in e.value.message
    failed = copy.deepcopy(TWO)
    failed['client_stats'][1]['error'] = 5
    with pytest.raises(BenchmarkInputError) as e:
        all_clients(failed, 'SEQ_WRITE', 2)
    assert e.value.field == 'client_stats.1.error' and '192.168.1.22' in e.value.message
    with pytest.raises(BenchmarkInputError) as e:
        all_clients(TWO, 'SEQ_READ', 2)
    assert e.value.field == 'client_stats.0.job options'
    with pytest.raises(BenchmarkInputError) as e:
        all_clients({'fio version': 'fio-3.33', 'jobs': []}, 'SEQ_WRITE', 2)
    assert e.value.field == 'client_stats'


def test_the_command_lines():
    assert server_argv('fio', '192.168.1.21', 8765) == ['fio', '--server=ip:192.168.1.21,8765']
    assert server_argv('fio', 'fd00::21', 8765) == ['fio', '--server=ip6:fd00::21,8765']
    assert client_argv('fio', [{'address': '192.168.1.21', 'port': 8765, 'job_file': '/tmp/a.fio'},
                               {'address': '192.168.1.22', 'port': 8766, 'job_file': '/tmp/b.fio'}]) == \
        ['fio', '--output-format=json', '--client=ip:192.168.1.21,8765', '/tmp/a.fio',
         '--client=ip:192.168.1.22,8766', '/tmp/b.fio']
    with pytest.raises(ValueError):
        client_argv('fio', [])


def test_a_job_file_keeps_the_shape_the_box_recognises():
    text = job_text(plan_test('SEQ_WRITE'), {'runtime_seconds': 30, 'ramp_seconds': 5}, '/mnt/share/scratch',
                    1 << 30)
    assert '[SEQ_WRITE]' in text and 'rw=write' in text and 'bs=1048576' in text and 'group_reporting=1' in text
    assert 'directory=/mnt/share/scratch' in text and 'runtime=30' in text and 'time_based=1' in text


def test_a_step_measured_by_fio_servers_is_stored_as_the_all_clients_sums_with_the_spread():
    from tuning.core.client.fio_clients import measured_record
    found = all_clients(TWO, 'SEQ_WRITE', 2)
    record = measured_record({'SEQ_WRITE': [found, found]}, 'Campaign 1', {'session_ids': [4, 5], 'runs': 2},
                             {'target': {'protocol': 'NFS'}})
    assert record['source'] == 'CLIENT' and [r['run'] for r in record['runs']['SEQ_WRITE']] == [1, 2]
    assert record['summary']['SEQ_WRITE']['write_bw_bytes']['median'] == found['all']['metrics']['write_bw_bytes']
    assert [c['session_id'] for c in record['context']['clients']] == [4, 5]
    spread = record['context']['aggregate']['spread']['SEQ_WRITE']['write_bw_bytes']
    each = sorted(c['run']['metrics']['write_bw_bytes'] for c in found['clients'])
    assert (spread['min'], spread['max']) == (each[0], each[1])
    assert record['context']['client']['hostname'] == '2 clients (192.168.1.21:8765, 192.168.1.22:8766)'
    assert 'fio\'s "All clients" sum.' in record['notes'][0]
    by_box = all_clients({**TWO, 'client_stats': TWO['client_stats'][:2]}, 'SEQ_WRITE', 2)
    record = measured_record({'SEQ_WRITE': [found, by_box]}, 'Campaign 1', {'session_ids': [4, 5], 'runs': 2}, {})
    assert 'the box added the clients\' figures up' in record['notes'][0]
