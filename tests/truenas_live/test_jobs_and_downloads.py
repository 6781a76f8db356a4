"""The plugin through the real framework where only the live tier's fake box can say it: the profile read through the
appliance services, job progress in words reaching a `core.get_jobs` subscriber, the database export downloaded with
`core.download` + an HTTP GET of middlewared's own `/_download` and imported through its `/_upload`, a benchmark's
scratch dataset. The API's flows themselves (presets, preview, apply and revert, alerts, validation errors, reports,
the wire protocol, roles) are tests/api's, run against this middlewared by api_suite.sh (run.sh, each release)."""
import json
import sqlite3
import threading
import urllib.error
import urllib.request

import pytest

from .server import ready_server, wait_for

TARGET = {'pool': 'tank', 'dataset': 'tank/media'}


@pytest.fixture(scope='module')
def server(tmp_path_factory):
    with ready_server(tmp_path_factory.mktemp('jobs') / 'box') as srv:
        yield srv


@pytest.fixture
def c(server):
    with server.client() as client:
        yield client


def download(server, c, method, args, filename) -> bytes:
    job_id, url = c.call('core.download', method, args, filename, False)
    assert url.startswith('/_download/')
    with urllib.request.urlopen(server.url + url, timeout=60) as r:
        assert r.status == 200
        body = r.read()
    job = wait_for(lambda: c.call('core.get_jobs', [['id', '=', job_id]], {'get': True}), 60, 'the job')
    wait_for(lambda: c.call('core.get_jobs', [['id', '=', job_id]], {'get': True})['state'] == 'SUCCESS', 60,
             f'{method} ending with SUCCESS (it is {job["state"]})')
    return body


def test_profile_reads_the_box_through_the_appliance_services(c):
    profile = c.call('tuning.profile')
    assert profile['backend'] == 'truenas'
    assert profile['pools'][0]['layout'] == 'RAIDZ2 6×HDD'
    assert [d['name'] for d in profile['unused_disks']] == ['sdg']
    assert profile['openzfs_version'] == '2.3.4'


def test_apply_progress_in_words_reaches_a_core_get_jobs_subscriber(c):
    seen, ended = [], threading.Event()

    def on_job(mtype, **message):
        fields = message.get('fields') or {}
        if fields.get('method') in ('tuning.preset.apply', 'tuning.restore_point.revert'):
            seen.append((fields.get('method'), fields.get('state'), (fields.get('progress') or {}).get('description')))
            if fields.get('method') == 'tuning.restore_point.revert' and fields.get('state') == 'SUCCESS':
                ended.set()

    c.subscribe('core.get_jobs', on_job)
    plan = c.call('tuning.preset.preview', 'max-iops', TARGET)
    dangerous = [ch['setting'] for ch in plan['changes'] if ch['risk'] == 'DANGEROUS']
    result = c.call('tuning.preset.apply', 'max-iops', TARGET, {'acknowledge': dangerous}, job=True)
    c.call('tuning.restore_point.revert', result['restore_point_id'], dangerous, job=True)
    assert ended.wait(30), seen
    words = [d for m, _, d in seen if m == 'tuning.preset.apply' and d]
    assert any(w.startswith('Applying 1/') for w in words), words
    assert any(w.startswith('Apply done') for w in words), words
    assert ('tuning.preset.apply', 'SUCCESS') in {(m, s) for m, s, _ in seen}


def test_the_database_export_is_a_consistent_sqlite_file(server, c, tmp_path):
    c.call('tuning.preset.create', {'name': 'Exported', 'base': 'balanced', 'settings': []})
    body = download(server, c, 'tuning.database.export', [], 'tuning.db')
    assert body.startswith(b'SQLite format 3\x00')
    path = tmp_path / 'export.db'
    path.write_bytes(body)
    with sqlite3.connect(path) as db:
        assert db.execute('PRAGMA integrity_check').fetchone() == ('ok',)
        assert ('exported',) in db.execute('SELECT id FROM preset').fetchall()


def test_a_benchmark_runs_fio_in_a_scratch_dataset_through_the_real_framework(server, c):
    """QUICK SEQ_WRITE on tank/media: the scratch child is created with pool.dataset.create (validated by the release's
    model), fio writes inside it, progress arrives in words, and the scratch is deleted afterwards. The fake box is
    made small first (2 GiB RAM, 256 MiB ARC) so the ARC-sized working set fits this machine's disk."""
    c.call('fakebox.inject', {'memory': {'physmem': 2 * 1024 ** 3, 'arc_max': 256 * 1024 ** 2}})
    words = []

    def on_job(mtype, **message):
        fields = message.get('fields') or {}
        if fields.get('method') == 'tuning.benchmark.run':
            words.append((fields.get('progress') or {}).get('description'))

    c.subscribe('core.get_jobs', on_job)
    spec = {'dataset': 'tank/media', 'tests': ['SEQ_WRITE'], 'profile': 'QUICK', 'runs': 1, 'adaptive': False,
            'runtime_seconds': 1, 'ramp_seconds': 0}
    entry = c.call('tuning.benchmark.run', spec, job=True)
    assert entry['summary']['SEQ_WRITE']['write_bw_bytes']['n'] == 1
    assert entry['summary']['SEQ_WRITE']['write_bw_bytes']['median'] > 0
    datasets = [d['id'] for d in c.call('pool.dataset.query')]
    assert datasets == ['tank', 'tank/media'], 'the scratch dataset was removed'
    mnt = server.home / 'mnt' / 'tank' / 'media'
    assert [p.name for p in mnt.iterdir()] == [], 'nothing left in the dataset'
    assert any(w and 'scratch' in w for w in words), words


def test_a_database_import_goes_through_middlewareds_upload_route(server, c):
    """The export, changed on the box, comes back through POST /_upload (middlewared's file application: `data` part,
    then `file`, token credentials) into tuning.database.import's input pipe."""
    c.call('tuning.preset.create', {'name': 'Before the export', 'base': 'balanced', 'settings': []})
    exported = download(server, c, 'tuning.database.export', [], 'tuning.db')
    c.call('tuning.preset.delete', 'before-the-export')
    token = c.call('auth.generate_token', 600, {}, False, True)
    body, content_type = multipart([
        ('data', json.dumps({'method': 'tuning.database.import', 'params': []}).encode(), None),
        ('file', exported, 'tuning.db')])
    request = urllib.request.Request(f'{server.url}/_upload', data=body, method='POST',
                                     headers={'Content-Type': content_type, 'Authorization': f'Token {token}'})
    try:
        with urllib.request.urlopen(request, timeout=60) as r:
            job_id = json.loads(r.read())['job_id']
    except urllib.error.HTTPError as e:
        raise AssertionError(f'/_upload answered {e.code}: {e.read()[:2000]!r}') from None
    job = wait_for(lambda: (lambda j: j if j['state'] in ('SUCCESS', 'FAILED') else None)(
        c.call('core.get_jobs', [['id', '=', job_id]], {'get': True})), 60, 'the import job ending')
    assert job['state'] == 'SUCCESS', job['error']
    assert job['result']['counts']['presets'] >= 1
    assert 'before-the-export' in {p['id'] for p in c.call('tuning.preset.query', [['builtin', '=', False]])}


def multipart(parts):
    boundary = 'tuning-live-boundary'
    body = b''
    for name, content, filename in parts:
        disposition = f'form-data; name="{name}"' + (f'; filename="{filename}"' if filename else '')
        body += f'--{boundary}\r\nContent-Disposition: {disposition}\r\n\r\n'.encode() + content + b'\r\n'
    return body + f'--{boundary}--\r\n'.encode(), f'multipart/form-data; boundary={boundary}'
