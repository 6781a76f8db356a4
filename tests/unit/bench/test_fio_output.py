import json

import pytest

from tuning.core.bench.catalog import TESTS
from tuning.core.bench.errors import BenchmarkInputError
from tuning.core.bench.fio_output import job_metrics, parse_fio_json, parse_block_size, matching_test
from tuning.core.bench.fio_status_stream import StatusStreamDecoder, progress_from_status, split_json_stream


def load(fixture_text, name):
    return fixture_text('fio', name)


def test_seq_write_psync(fixture_text):
    raw = json.loads(load(fixture_text, 'seq-write-psync.json'))
    parsed = parse_fio_json(load(fixture_text, 'seq-write-psync.json'))
    assert parsed['fio_version'] == 'fio-3.33'
    job = parsed['jobs'][0]
    assert job['error'] == 0 and job['read'] is None
    assert job['write']['bw_bytes'] == raw['jobs'][0]['write']['bw_bytes']
    pct = raw['jobs'][0]['write']['clat_ns']['percentile']
    assert job['write']['lat_ns'] == {'p50': pct['50.000000'], 'p90': pct['90.000000'], 'p99': pct['99.000000'],
                                      'p99_9': pct['99.900000']}
    assert job['iodepth'] == {'requested': 1, 'achieved': 1, 'distribution': job['iodepth']['distribution'],
                              'ok': True}
    assert matching_test(job) == 'SEQ_WRITE'


@pytest.mark.parametrize('name, test_id', [
    ('seq-read-psync.json', 'SEQ_READ'),
    ('seq-write-libaio-direct.json', 'SEQ_WRITE'),
    ('randread-libaio-direct.json', 'RAND_READ_4K'),
    ('randwrite-psync.json', 'RAND_WRITE_4K'),
    ('sync-write-dsync.json', 'SYNC_WRITE_4K'),
    ('randrw-70-30.json', 'MIXED_70_30'),
])
def test_every_captured_job_type_maps_to_its_test(fixture_text, name, test_id):
    job = parse_fio_json(load(fixture_text, name))['jobs'][0]
    assert matching_test(job) == test_id
    metrics = job_metrics(job, TESTS[test_id].directions)
    for d in TESTS[test_id].directions:
        assert metrics[f'{d}_bw_bytes'] > 0 and metrics[f'{d}_iops'] > 0
        assert metrics[f'{d}_lat_p50_ns'] <= metrics[f'{d}_lat_p99_ns']


def test_libaio_achieved_queue_depth_is_checked(fixture_text):
    job = parse_fio_json(load(fixture_text, 'randread-libaio-direct.json'))['jobs'][0]
    assert job['iodepth']['requested'] == 16 and job['iodepth']['achieved'] == 16 and job['iodepth']['ok']
    raw = json.loads(load(fixture_text, 'randread-libaio-direct.json'))
    raw['jobs'][0]['iodepth_level'] = {'1': 97.0, '2': 3.0, '4': 0.0, '8': 0.0, '16': 0.0, '32': 0.0, '>=64': 0.0}
    shallow = parse_fio_json(raw)['jobs'][0]
    assert shallow['iodepth']['achieved'] == 1 and shallow['iodepth']['ok'] is False


def test_mixed_has_both_directions(fixture_text):
    job = parse_fio_json(load(fixture_text, 'randrw-70-30.json'))['jobs'][0]
    assert job['read']['iops'] > job['write']['iops']  # 70/30


def test_bad_fio_json_names_the_field(fixture_text):
    raw = json.loads(load(fixture_text, 'seq-read-psync.json'))
    raw['jobs'][0]['read']['bw_bytes'] = 'fast'
    with pytest.raises(BenchmarkInputError) as e:
        parse_fio_json(raw)
    assert e.value.field == 'jobs[0].read.bw_bytes'
    with pytest.raises(BenchmarkInputError) as e:
        parse_fio_json('{"jobs": []}')
    assert e.value.field == 'fio version'
    with pytest.raises(BenchmarkInputError) as e:
        parse_fio_json('not json')
    assert e.value.field == 'fio'


def test_block_size_text():
    assert parse_block_size('4k') == 4096 and parse_block_size('1M') == 1 << 20
    assert parse_block_size('1024KiB') == 1 << 20 and parse_block_size('8192') == 8192
    assert parse_block_size('4k,8k') is None


def test_status_stream_split_into_documents(fixture_text):
    text = load(fixture_text, 'status-interval-stream.txt')
    docs = split_json_stream(text)
    assert len(docs) == text.count('"fio version"') >= 3
    elapsed = [d['jobs'][0]['elapsed'] for d in docs]
    assert elapsed == sorted(elapsed)


def test_status_stream_incremental_with_noise_and_cut_documents(fixture_text):
    text = load(fixture_text, 'status-interval-stream.txt')
    noisy = 'fio: this is {noise}\n' + text[:3000] + '\nwarning: job restarted\n' + text
    decoder = StatusStreamDecoder()
    docs = []
    for i in range(0, len(noisy), 97):
        docs += decoder.feed(noisy[i:i + 97])
    assert len(docs) == text.count('"fio version"')  # the cut-off copy is skipped, every real one decoded once


def test_progress_from_status(fixture_text):
    docs = split_json_stream(load(fixture_text, 'status-interval-stream.txt'))
    first = progress_from_status(docs[0], TESTS['SEQ_WRITE'], 1, 3)
    last = progress_from_status(docs[-1], TESTS['SEQ_WRITE'], 1, 3)
    assert 0 <= first['fraction'] <= last['fraction'] == 1.0
    assert last['bw_bytes'] == docs[-1]['jobs'][0]['write']['bw_bytes'] and last['phase'] == 'measure'
