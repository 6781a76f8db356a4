"""A client RESULT: its model (closed, bounded, field paths) and its check against the plan, then the stored record."""
import copy
import json
import os

import pytest

from tuning.client import submission_or_errors
from tuning.core.bench.errors import BenchmarkInputError
from tuning.core.client import client_record, client_runs, kit_instructions
from tuning.framework import ValidationErrors

FIXTURES = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))), 'fixtures',
                        'bench', 'fio')
GIB = 1024 ** 3


def fio(name):
    with open(os.path.join(FIXTURES, name)) as f:
        return json.load(f)


WRITE, READ, SYNC = fio('seq-write-libaio-direct.json'), fio('seq-read-psync.json'), fio('sync-write-dsync.json')
PLAN = kit_instructions({'tests': ['SEQ_WRITE', 'SEQ_READ'], 'runs': 2, 'runtime_seconds': 30, 'ramp_seconds': 5,
                     'network_interface': None, 'network_port': 5201},
                    {'physical_bytes': 8 * GIB, 'arc_max_bytes': 4 * GIB})
SESSION = {'id': 7, 'label': 'office', 'protocol': 'NFS', 'dataset': 'tank/share', 'plan': PLAN}


def body(**changes):
    out = {
        'kit_version': 1, 'session_id': 7, 'started_at': '2026-11-24T10:00:00Z', 'finished_at': '2026-11-24T10:12:00Z',
        'client': {'hostname': 'ws1', 'os': 'Linux'},
        'target': {'path': '/mnt/tank', 'kind': 'DIRECTORY', 'protocol': 'NFS'},
        'cache_defeat': {'direct_io': False, 'size_bytes': 32 * GIB, 'reason': 'no O_DIRECT: 2 × client RAM'},
        'fio': [{'test': 'SEQ_WRITE', 'run': 2, 'output': WRITE}, {'test': 'SEQ_WRITE', 'run': 1, 'output': WRITE},
                {'test': 'SEQ_READ', 'run': 1, 'output': READ}],
    }
    out.update(changes)
    return out


def fields(call):
    with pytest.raises(ValidationErrors) as e:
        call()
    return [error.attribute for error in e.value.errors]


def refused(result, plan=PLAN):
    with pytest.raises(BenchmarkInputError) as e:
        client_runs(result, plan)
    return e.value.field


def test_a_minimal_result_passes_its_model_with_defaults():
    result = submission_or_errors(body())
    assert result['step_id'] is None and result['iperf3'] == [] and result['link'] is None
    assert result['fio'][0]['output'] is not WRITE and result['fio'][0]['output'] == WRITE


@pytest.mark.parametrize('change, field', [
    ({'surplus': 1}, 'surplus'),
    ({'kit_version': '1'}, 'kit_version'),                                  # strict: no "1" → 1
    ({'client': {'hostname': 'h' * 256, 'os': 'Linux'}}, 'client.hostname'),
    ({'client': {'hostname': 'ws1', 'os': 'Linux', 'colour': 'red'}}, 'client.colour'),
    ({'target': {'path': '/x', 'kind': 'FILE', 'protocol': 'NFS'}}, 'target.kind'),
    ({'target': {'path': '/x', 'kind': 'DIRECTORY', 'protocol': 'NFS', 'mount_options': 'o' * 4097}},
     'target.mount_options'),
    ({'fio': []}, 'fio'),
    ({'fio': [{'test': 'SEQ_WRITE', 'run': 1, 'output': WRITE}] * 181}, 'fio'),
    ({'fio': [{'test': 'SEQ_WRITE', 'run': 0, 'output': WRITE}]}, 'fio.0.run'),
    ({'fio': [{'test': 'SEQ_WRITE', 'run': 1, 'output': 'text'}]}, 'fio.0.output'),
    ({'iperf3': [{'name': 'x', 'output': {}}] * 9}, 'iperf3'),
    ({'label': 'l' * 121}, 'label'),
])
def test_the_model_refuses_naming_the_field(change, field):
    assert field in fields(lambda: submission_or_errors(body(**change)))
    assert 'data.' + field in fields(lambda: submission_or_errors(body(**change), 'data'))


def test_a_campaign_step_of_six_tests_and_thirty_runs_fits_the_model():
    # a campaign allows 30 runs a step (campaign_models); its client step posts one fio document per test and run
    docs = [{'test': 'SEQ_WRITE', 'run': run, 'output': WRITE} for run in range(1, 31)] * 6
    assert len(submission_or_errors(body(fio=docs))['fio']) == 180


def test_runs_are_read_with_the_box_fio_reader_in_run_order():
    runs = client_runs(submission_or_errors(body()), PLAN)
    assert list(runs['tests']) == ['SEQ_WRITE', 'SEQ_READ']
    assert [r['run'] for r in runs['tests']['SEQ_WRITE']] == [1, 2]
    first = runs['tests']['SEQ_WRITE'][0]
    assert first['metrics']['write_bw_bytes'] == WRITE['jobs'][0]['write']['bw_bytes']
    assert first['iodepth']['requested'] >= 1 and runs['fio_versions'] == [WRITE['fio version']]


def test_plan_rules_name_the_field():
    assert refused(body(fio=[{'test': 'SEQ_WRITE', 'run': 3, 'output': WRITE}])) == 'fio.0.run'
    assert refused(body(fio=[{'test': 'SEQ_WRITE', 'run': 1, 'output': WRITE},
                             {'test': 'SEQ_WRITE', 'run': 1, 'output': WRITE}])) == 'fio.1.run'
    assert refused(body(fio=[{'test': 'SYNC_WRITE_4K', 'run': 1, 'output': SYNC}])) == 'fio.0.test'
    assert refused(body(fio=[{'test': 'NOPE', 'run': 1, 'output': WRITE}])) == 'fio.0.test'


def test_fio_documents_are_refused_where_they_are_wrong():
    assert refused(body(fio=[{'test': 'SEQ_WRITE', 'run': 1, 'output': READ}])) == 'fio.0.output.jobs.0'
    failed = copy.deepcopy(WRITE)
    failed['jobs'][0]['error'] = 28
    assert refused(body(fio=[{'test': 'SEQ_WRITE', 'run': 1, 'output': failed}])) == 'fio.0.output.jobs.0.error'
    broken = copy.deepcopy(WRITE)
    broken['jobs'][0]['write']['bw_bytes'] = 'fast'
    assert refused(body(fio=[{'test': 'SEQ_READ', 'run': 1, 'output': READ},
                             {'test': 'SEQ_WRITE', 'run': 1, 'output': broken}])) == \
        'fio.1.output.jobs.0.write.bw_bytes'
    assert refused(body(fio=[{'test': 'SEQ_WRITE', 'run': 1, 'output': {}}])) == 'fio.0.output.fio_version'
    two = copy.deepcopy(WRITE)
    two['jobs'].append(copy.deepcopy(WRITE['jobs'][0]))
    assert refused(body(fio=[{'test': 'SEQ_WRITE', 'run': 1, 'output': two}])) == 'fio.0.output.jobs'
    other_shape = copy.deepcopy(WRITE)
    other_shape['jobs'][0]['job options']['bs'] = '128k'
    assert refused(body(fio=[{'test': 'SEQ_WRITE', 'run': 1, 'output': other_shape}])) == 'fio.0.output.jobs.0'


def test_field_paths_carry_the_prefix_of_an_imported_file():
    with pytest.raises(BenchmarkInputError) as e:
        client_runs(body(fio=[{'test': 'SEQ_WRITE', 'run': 5, 'output': WRITE}]), PLAN, 'data')
    assert e.value.field == 'data.fio.0.run'


def test_the_record_is_a_client_benchmark_with_client_and_box_context():
    result = submission_or_errors(body(link={'interface': 'eth0', 'speed_mbps': 1000}))
    runs = client_runs(result, PLAN)
    box = {'preset': None, 'dataset': {'dataset': 'tank/share', 'pool': 'tank'}, 'openzfs_version': '2.2.7'}
    record = client_record(result, SESSION, PLAN, runs, box)
    assert record['source'] == 'CLIENT' and record['label'] == 'NFS from ws1'
    assert record['summary']['SEQ_WRITE']['write_bw_bytes']['n'] == 2
    context = record['context']
    assert context['openzfs_version'] == '2.2.7' and context['preset'] is None
    assert context['target'] == {'path': '/mnt/tank', 'kind': 'DIRECTORY', 'protocol': 'NFS', 'protocol_version': None,
                                 'server': None, 'export': None, 'mount_options': None, 'fstype': None,
                                 'dataset': 'tank/share', 'pool': 'tank'}
    assert context['session'] == {'id': 7, 'label': 'office', 'protocol': 'NFS', 'dataset': 'tank/share',
                                  'step_id': None}
    assert context['cache_defeat']['method'] == 'CLIENT_WORKING_SET'
    assert context['link']['speed_mbps'] == 1000 and context['client']['hostname'] == 'ws1'
    assert record['raw'] == {'format': 'CLIENT_KIT', 'result': result}
    assert 'fio_json' not in json.dumps(record['runs'])
    assert client_record({**result, 'label': 'mine'}, SESSION, PLAN, runs, box)['label'] == 'mine'


def test_the_note_says_the_protocol_in_words_and_a_local_result_has_no_link_maximum():
    box = {'dataset': None, 'theoretical_max': {'bytes_per_second': 125_000_000, 'basis': 'eno1 link at 1,000 Mb/s'}}

    def record(protocol, version=None):
        result = submission_or_errors(body(target={'path': '/tmp/kit', 'kind': 'DIRECTORY', 'protocol': protocol,
                                                   'protocol_version': version}))
        return client_record(result, SESSION, PLAN, client_runs(result, PLAN), box)
    local, nfs = record('LOCAL'), record('NFS', '4.2')
    assert local['notes'][-1] == 'Measured on client ws1 on its own disk (/tmp/kit); cache defeat: no O_DIRECT: ' \
                                 '2 × client RAM.'
    assert nfs['notes'][-1].startswith('Measured on client ws1 over NFS 4.2 (/tmp/kit);')
    assert 'ISCSI' not in record('ISCSI')['notes'][-1] and 'over iSCSI' in record('ISCSI')['notes'][-1]
    # the box's link carries no byte of a client's own disk: no maximum to be above, no "served from a cache"
    assert local['context']['theoretical_max'] is None
    assert nfs['context']['theoretical_max'] == box['theoretical_max']


def test_the_default_label_says_protocol_version_and_client_in_words():
    from tuning.core.client.result import default_label

    def label(protocol, version=None, kind='DIRECTORY', given=None):
        return default_label({'label': given, 'client': {'hostname': 'ws1'},
                              'target': {'protocol': protocol, 'protocol_version': version, 'kind': kind}})
    assert label('NFS', '4.2') == 'NFS 4.2 from ws1'
    assert label('SMB', '3.1.1') == 'SMB 3.1.1 from ws1'
    assert label('ISCSI', kind='BLOCK_DEVICE') == 'iSCSI from ws1'
    assert label('LOCAL') == 'local directory on ws1'
    assert label('LOCAL', kind='BLOCK_DEVICE') == 'local device on ws1'
    assert label('OTHER') == 'a share from ws1'
    assert label('NFS', given='nightly') == 'nightly'

