import json

import pytest

from tuning.core.bench.errors import BenchmarkInputError
from tuning.core.bench.importers import import_result


def test_bonnie_text_report_uses_its_csv_line_and_converts_kib(fixture_text):
    result = import_result('BONNIE', fixture_text('bonnie', 'report-2.00a.txt'))
    assert result['source'] == 'BONNIE' and result['tool_version'] == '2.00a'
    # CSV line: put_block 122271 K/sec, seeks 13023/s, get_block +++++
    (run,) = result['tests']['SEQ_WRITE']['runs']
    assert run['bw_bytes'] == 122271 * 1024 and run['metrics'] == {'write_bw_bytes': 122271 * 1024}
    assert result['tests']['RANDOM_IOPS']['runs'][0]['iops'] == 13023
    assert 'SEQ_READ' not in result['tests']
    assert any('get_block' in n and '+++++' in n for n in result['notes'])


def test_bonnie_several_runs_skip_the_header(fixture_text):
    result = import_result('BONNIE', fixture_text('bonnie', 'runs-x3-2.00a.csv'))
    writes = [r['bw_bytes'] for r in result['tests']['SEQ_WRITE']['runs']]
    assert writes == [92877 * 1024, 81600 * 1024, 67030 * 1024]
    reads = [r['bw_bytes'] for r in result['tests']['SEQ_READ']['runs']]
    assert reads == [None, None, 1762789 * 1024]  # the first two were too fast to measure
    assert [r['iops'] for r in result['tests']['RANDOM_IOPS']['runs']] == [12103, 10291, 9144]


def test_bonnie_only_too_fast_values_is_refused(fixture_text):
    with pytest.raises(BenchmarkInputError) as e:
        import_result('BONNIE', fixture_text('bonnie', 'too-fast-2.00a.csv'))
    assert e.value.field == 'data'


def test_bonnie_196_layout():
    # 1.96 layout: 48 fields, put_block at 9, get_block at 15, seeks at 17
    line = ('1.96,1.96,box,1,1397563574,4G,,707,98,77925,8,36870,4,3618,91,94227,5,311.1,4,16,,,,,+++++,+++,'
            '+++++,+++,+++++,+++,+++++,+++,+++++,+++,+++++,+++,11839us,2110ms,1597ms,53925us,99082us,1231ms,'
            '283us,533us,592us,95us,19us,77us')
    result = import_result('BONNIE', line + '\n')
    assert result['tests']['SEQ_WRITE']['runs'][0]['bw_bytes'] == 77925 * 1024
    assert result['tests']['SEQ_READ']['runs'][0]['bw_bytes'] == 94227 * 1024
    assert result['tests']['RANDOM_IOPS']['runs'][0]['iops'] == pytest.approx(311.1)


def test_bonnie_bad_value_names_line_and_column(fixture_text):
    text = fixture_text('bonnie', 'runs-x3-2.00a.csv').replace('81600', '81x00')
    with pytest.raises(BenchmarkInputError) as e:
        import_result('BONNIE', text)
    assert e.value.field == 'line 3, column put_block'


def test_bonnie_wrong_field_count_and_no_csv():
    with pytest.raises(BenchmarkInputError) as e:
        import_result('BONNIE', 'Version 2.00a\n1.98,2.00a,box,1,2\n')
    assert e.value.field == 'line 2' and '50' in e.value.message
    with pytest.raises(BenchmarkInputError) as e:
        import_result('BONNIE', 'just some text\n')
    assert e.value.field == 'data'


def test_gobonniego_runs_and_decimal_megabytes(fixture_text):
    text = fixture_text('gobonniego', 'runs3.json')
    doc = json.loads(text)
    result = import_result('GOBONNIEGO', text)
    assert result['tool_version'] == doc['version']
    writes = [r['bw_bytes'] for r in result['tests']['SEQ_WRITE']['runs']]
    assert writes == [r['write_megabytes_per_second'] * 1_000_000 for r in doc['results']]
    assert len(result['tests']['SEQ_READ']['runs']) == 3
    assert [r['iops'] for r in result['tests']['RANDOM_IOPS']['runs']] == [r['iops'] for r in doc['results']]


def test_gobonniego_malformed(fixture_text):
    doc = json.loads(fixture_text('gobonniego', 'runs3.json'))
    doc['results'][1]['iops'] = 'lots'
    with pytest.raises(BenchmarkInputError) as e:
        import_result('GOBONNIEGO', json.dumps(doc))
    assert e.value.field == 'results[1].iops'
    with pytest.raises(BenchmarkInputError) as e:
        import_result('GOBONNIEGO', '{"version": "1", \n "results": [}')
    assert e.value.field.startswith('line 2, column')
    with pytest.raises(BenchmarkInputError) as e:
        import_result('GOBONNIEGO', '{"version": "1"}')
    assert e.value.field == 'results'


def test_fio_import_maps_jobs_and_concatenated_runs(fixture_text):
    write = fixture_text('fio', 'seq-write-psync.json')
    result = import_result('FIO', write + write + fixture_text('fio', 'randrw-70-30.json'))
    assert len(result['tests']['SEQ_WRITE']['runs']) == 2
    mixed = result['tests']['MIXED_70_30']['runs'][0]['metrics']
    assert {'read_iops', 'write_iops', 'read_lat_p99_ns', 'write_lat_p99_ns'} <= set(mixed)


def test_fio_import_status_stream_is_one_run(fixture_text):
    result = import_result('FIO', fixture_text('fio', 'status-interval-stream.txt'))
    assert len(result['tests']['SEQ_WRITE']['runs']) == 1


def test_fio_import_unknown_job_kept_with_note(fixture_text):
    doc = json.loads(fixture_text('fio', 'seq-read-psync.json'))
    doc['jobs'][0]['job options']['bs'] = '64k'
    result = import_result('FIO', json.dumps(doc))
    assert list(result['tests']) == ['FIO:seq-read-psync'] and 'matches no built-in test' in result['notes'][0]


def test_fio_import_job_error_fails_whole_import(fixture_text):
    doc = json.loads(fixture_text('fio', 'seq-read-psync.json'))
    doc['jobs'][0]['error'] = 5
    with pytest.raises(BenchmarkInputError) as e:
        import_result('FIO', json.dumps(doc))
    assert e.value.field == 'jobs[0].error'


def test_unknown_format_and_empty_data():
    with pytest.raises(BenchmarkInputError) as e:
        import_result('IOZONE', 'x')
    assert e.value.field == 'format'
    with pytest.raises(BenchmarkInputError) as e:
        import_result('FIO', '  ')
    assert e.value.field == 'data'
