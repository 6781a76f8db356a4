"""tuning.database.export / import: a round trip brings the exported state back over later changes; a bad file is
refused naming the field and changes nothing; an import waits for no one (refused while the box is busy).

Each test has a host of its own (an import replaces the whole database). The file goes in through `/_upload`, as on
TrueNAS."""
import errno
import json
import os
import urllib.request

import pytest

from client import HANG_SECONDS, JobFailed, RpcError
from tuning_helpers import basic_auth, error_fields, upload

FIXTURES = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), 'fixtures', 'bench')
PLUGINS = 'tuning,sample_plugin'
SQLITE_MAGIC = b'SQLite format 3\x00'
PRESET = {'name': 'Keep me', 'description': 'made before the export', 'base': 'max-iops', 'settings': []}
TARGET = {'pool': 'tank', 'dataset': 'tank/media'}


@pytest.fixture
def c(fresh_host):
    host = fresh_host(plugins=PLUGINS)
    client = host.client()
    client.host = host
    yield client
    client.close()


def export(c) -> tuple[bytes, dict]:
    job_id, url = c.call('core.download', 'tuning.database.export', [], 'tuning.db', False)
    with urllib.request.urlopen(c.host.http_url + url, timeout=HANG_SECONDS) as r:
        body = r.read()
    job = c.wait_job(job_id, timeout=HANG_SECONDS)
    assert job['state'] == 'SUCCESS', job
    return body, job['result']


def start_import(c, data: bytes) -> int:
    status, body = upload(c.host.http_url, 'tuning.database.import', [], data,
                          basic_auth(c.host.username, c.host.password))
    assert status == 200, body
    return json.loads(body)['job_id']


def import_(c, data: bytes) -> dict:
    job = c.wait_job(start_import(c, data), timeout=HANG_SECONDS)
    if job['state'] != 'SUCCESS':
        raise JobFailed(job)
    return job['result']


def bonnie(c, label):
    with open(os.path.join(FIXTURES, 'bonnie', 'runs-x3-2.00a.csv')) as f:
        return c.call('tuning.benchmark.import', 'BONNIE', f.read(), label)


def ids(c, namespace):
    return [row['id'] for row in c.call(f'tuning.{namespace}.query')]


def test_export_then_import_brings_the_exported_state_back(c):
    preset = c.call('tuning.preset.create', PRESET)
    applied = c.job('tuning.preset.apply', 'max-seq-write', TARGET, {'acknowledge': []})
    result = bonnie(c, 'before the export')
    data, summary = export(c)
    assert data.startswith(SQLITE_MAGIC) and summary['size'] == len(data)
    assert summary['counts'] == {'presets': 1, 'restore_points': 1, 'pending_reboot': 0, 'benchmarks': 1,
                                 'campaigns': 0}
    before = {ns: ids(c, ns) for ns in ('preset', 'restore_point', 'benchmark')}

    # Later changes, which the import undoes.
    c.call('tuning.preset.delete', preset['id'])
    c.call('tuning.preset.create', {**PRESET, 'name': 'Made later'})
    c.call('tuning.benchmark.delete', result['id'])
    bonnie(c, 'after the export')
    c.job('tuning.restore_point.revert', applied['restore_point_id'], [])
    assert {ns: ids(c, ns) for ns in before} != before

    imported = import_(c, data)
    assert imported['counts'] == summary['counts']
    assert imported['schema_version'] == imported['schema_version_imported'] == summary['schema_version']
    assert {ns: ids(c, ns) for ns in before} == before
    assert c.call('tuning.benchmark.get', result['id'])['label'] == 'before the export'
    assert c.call('tuning.preset.query', [['id', '=', preset['id']]], {'get': True})['name'] == 'Keep me'
    # The imported database says max-seq-write is applied; the box (reverted meanwhile) says otherwise: drift.
    state = c.call('tuning.state')
    assert state['active']['restore_point_id'] == applied['restore_point_id']
    assert state['drift'] and state['busy'] is None
    # The database it replaced is kept beside it, and the imported one takes writes.
    assert os.path.basename(imported['backup']).startswith('tuning.db.before-import-')
    assert os.path.exists(imported['backup'])
    assert c.call('tuning.preset.create', {**PRESET, 'name': 'After the import'})['id'] == 'after-the-import'


@pytest.mark.parametrize('data, says', [
    (b'', 'is empty'),
    (b'PK\x03\x04 a zip file, not a database', 'is not an SQLite database'),
    (SQLITE_MAGIC + b'\x00' * 200, 'cannot be read as an SQLite database'),
])
def test_a_bad_file_is_refused_naming_the_field_and_nothing_changes(c, data, says):
    c.call('tuning.preset.create', PRESET)
    before = {ns: ids(c, ns) for ns in ('preset', 'restore_point', 'benchmark')}
    with pytest.raises(JobFailed) as e:
        import_(c, data)
    assert error_fields(e.value) == ['file']
    assert says in e.value.job['error']
    assert {ns: ids(c, ns) for ns in before} == before
    assert c.call('tuning.state')['busy'] is None


def test_a_database_of_a_newer_schema_is_refused(c):
    data, summary = export(c)
    version_offset = 60   # SQLite's header field "user version", big-endian
    newer = data[:version_offset] + (summary['schema_version'] + 1).to_bytes(4, 'big') + data[version_offset + 4:]
    with pytest.raises(JobFailed) as e:
        import_(c, newer)
    assert error_fields(e.value) == ['file']
    assert 'newer version of tuning' in e.value.job['error']


def test_refused_while_a_benchmark_holds_the_box(c):
    data, _ = export(c)
    c.subscribe('core.get_jobs')
    # it holds the box for longer than this test may wait (it is aborted at the end)
    spec = {'dataset': 'tank/media', 'tests': ['SEQ_WRITE'], 'profile': 'QUICK', 'runs': 3, 'adaptive': False,
            'runtime_seconds': int(HANG_SECONDS), 'ramp_seconds': 0}
    bench = c.job_id('tuning.benchmark.run', spec)
    c.wait_event(lambda ev: ev.get('collection') == 'core.get_jobs' and ev.get('id') == bench
                 and ((ev.get('fields') or {}).get('progress') or {}).get('extra'), timeout=HANG_SECONDS)
    try:
        job = c.wait_job(start_import(c, data), timeout=HANG_SECONDS)
        assert job['state'] == 'FAILED'
        assert job['exc_info']['errno'] == errno.EBUSY
        assert 'tuning.benchmark.run' in job['error']
    finally:
        c.call('core.job_abort', bench)
        assert c.wait_job(bench, timeout=HANG_SECONDS)['state'] == 'ABORTED'
    assert import_(c, data)['counts']['benchmarks'] == 0   # free again: the same file goes in


def test_import_is_the_way_back_when_the_database_cannot_be_opened(fresh_host):
    host = fresh_host(plugins=PLUGINS)
    c = host.client()
    c.host = host
    c.call('tuning.preset.create', PRESET)
    data, _ = export(c)
    c.close()
    host.stop()
    path = os.path.join(host.data_dir, 'tuning', 'tuning.db')
    for leftover in (path + '-wal', path + '-shm'):
        if os.path.exists(leftover):
            os.unlink(leftover)
    with open(path, 'wb') as f:
        f.write(b'not a database any more' * 100)
    host.start()
    c = host.client()
    c.host = host
    with pytest.raises(RpcError) as e:
        c.call('tuning.preset.query')
    assert 'could not start' in e.value.reason

    imported = import_(c, data)
    with open(imported['backup'], 'rb') as f:
        assert f.read().startswith(b'not a database any more')
    assert [p['name'] for p in c.call('tuning.preset.query', [['builtin', '=', False]])] == ['Keep me']
    assert c.call('tuning.state')['busy'] is None
    c.close()
