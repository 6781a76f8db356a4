"""Client sessions end to end on a real host: the token shown once, the kit's HTTP endpoints with and without a
valid token, results posted and imported as benchmark results with source CLIENT and their context, refusals that
name the field and write nothing, revocation. The fio documents are real fio output (tests/fixtures/bench/fio)."""
import copy
import glob
import hashlib
import json
import os
import socket
import sqlite3
import subprocess
import urllib.error
import urllib.request

import pytest

from client import HANG_SECONDS, RpcError
from hosting import free_port
from test_report_api import download
from tuning_helpers import error_fields, until

FIXTURES = os.path.join(os.path.dirname(__file__), '..', 'fixtures', 'bench', 'fio')
FIO = {test: json.load(open(os.path.join(FIXTURES, name))) for test, name in (
    ('SEQ_WRITE', 'seq-write-libaio-direct.json'), ('SEQ_READ', 'seq-read-psync.json'),
    ('RAND_READ_4K', 'randread-libaio-direct.json'))}
MIB = 1024 * 1024
GIB = 1024 * MIB
SANDBOX_BOX = os.path.join(os.path.dirname(__file__), '..', '..', 'plugin', 'tuning_host', 'backends', 'boxes',
                           'default.json')


def http(host, method, path, token=None, body=None, content_type='application/json', headers=None):
    """(status, headers, decoded JSON or text or None) of a request to /_plugins/tuning/client/<path>."""
    data = body if isinstance(body, bytes) or body is None else json.dumps(body).encode()
    request = urllib.request.Request(f'{host.http_url}/_plugins/tuning/client/{path}', data=data, method=method,
                                     headers={**({'Content-Type': content_type} if data is not None else {}),
                                              **({'Authorization': f'Bearer {token}'} if token else {}),
                                              **(headers or {})})
    try:
        with urllib.request.urlopen(request, timeout=HANG_SECONDS) as r:
            status, answer_headers, raw = r.status, r.headers, r.read()
    except urllib.error.HTTPError as e:
        status, answer_headers, raw = e.code, e.headers, e.read()
    if answer_headers.get('Content-Type', '').startswith('application/json'):
        return status, answer_headers, json.loads(raw)
    return status, answer_headers, raw.decode() if raw else None


def create(c, host, **options):
    return c.call('tuning.client.session.create', {'protocol': 'NFS', 'tests': ['SEQ_WRITE', 'SEQ_READ'], 'runs': 2,
                                                   'box_url': host.http_url, **options})


def result_of(session, **changes):
    """A RESULT for the session: SEQ_WRITE runs 1 and 2, SEQ_READ run 1, from real fio documents."""
    body = {
        'kit_version': 1, 'session_id': session['id'], 'step_id': None, 'label': None,
        'started_at': '2026-11-24T10:00:00Z', 'finished_at': '2026-11-24T10:12:00Z',
        'client': {'hostname': 'ws1', 'os': 'Linux', 'os_version': '6.1.0-28-amd64', 'python': '3.11.2',
                   'fio_version': 'fio-3.33', 'iperf3_version': 'iperf 3.12', 'cpu_count': 8, 'ram_bytes': 16 << 30},
        'target': {'path': '/mnt/tank', 'kind': 'DIRECTORY', 'protocol': 'NFS', 'protocol_version': '4.2',
                   'server': '192.168.1.10', 'export': '/mnt/tank/share', 'mount_options': 'rw,vers=4.2',
                   'fstype': 'nfs4'},
        'link': {'interface': 'eth0', 'speed_mbps': 1000, 'mtu': 1500, 'address': '192.168.1.20'},
        'cache_defeat': {'direct_io': True, 'size_bytes': 2 * MIB, 'reason': 'O_DIRECT on the NFS mount'},
        'fio': [{'test': 'SEQ_WRITE', 'run': 1, 'output': FIO['SEQ_WRITE']},
                {'test': 'SEQ_WRITE', 'run': 2, 'output': FIO['SEQ_WRITE']},
                {'test': 'SEQ_READ', 'run': 1, 'output': FIO['SEQ_READ']}],
        'iperf3': [], 'network_result_id': None,
    }
    body.update(changes)
    return body


def benchmark_count(c):
    return c.call('tuning.benchmark.query', [], {'count': True})


def refused(host, c, session, token, body, field):
    """POST v1/results is 400 naming ``field``, and nothing was stored."""
    before = benchmark_count(c)
    status, _, answer = http(host, 'POST', 'v1/results', token, body)
    assert status == 400, answer
    assert answer['error']['errname'] == 'EINVAL'
    assert field in [e[0] for e in answer['error']['extra']], answer
    assert benchmark_count(c) == before
    assert c.call('tuning.client.session.get', session['id'])['results'] == []
    return answer['error']


def test_the_token_is_shown_once_and_never_in_a_command_or_a_later_answer(client, host):
    c = client
    created = create(c, host, label='office NFS', runtime_seconds=5, ramp_seconds=0)
    token = created.pop('token')
    assert len(token) >= 40
    assert created['state'] == 'ACTIVE' and created['results'] == []
    assert created['kit_url'] == f'{host.http_url}/_plugins/tuning/client/kit/tuning_client.py'
    plan = created['plan']
    assert [t['id'] for t in plan['tests']] == ['SEQ_WRITE', 'SEQ_READ']
    assert plan['tests'][0] == {'id': 'SEQ_WRITE', 'label': 'Sequential write 1 MiB', 'rw': 'write', 'block_size': MIB,
                                'numjobs': 1, 'iodepth': 4, 'rwmixread': None, 'sync': False}
    memory = c.call('tuning.profile')['memory']
    assert plan['min_size_bytes'] >= 2 * memory['arc_max_bytes'] > 0
    assert plan['box'] == {'ram_bytes': memory['physical_bytes'], 'arc_max_bytes': memory['arc_max_bytes']}
    assert (plan['runs'], plan['runtime_seconds'], plan['ramp_seconds']) == (2, 5, 0)
    for command in created['commands'].values():
        assert token not in command and 'TUNING_TOKEN' in command and created['kit_url'] in command
    got = c.call('tuning.client.session.get', created['id'])
    assert got == created
    listed = c.call('tuning.client.session.query', [['id', '=', created['id']]], {'get': True})
    assert listed == created and token not in json.dumps(c.call('tuning.client.session.query'))


def test_session_options_are_checked_field_by_field(client, host):
    c = client
    for options, field in (({'tests': ['SEQ_WRITE', 'SEQ_WRITE']}, 'options.tests'),
                           ({'dataset': 'tank/no-such-dataset'}, 'options.dataset'),
                           ({'network_interface': 'nope0'}, 'options.network_interface'),
                           ({'box_url': 'ftp://nas'}, 'options.box_url'),
                           ({'runtime_seconds': 4}, 'options.runtime_seconds'),
                           ({'runs': 21}, 'options.runs')):
        before = len(c.call('tuning.client.session.query'))
        with pytest.raises(RpcError) as e:
            create(c, host, **options)
        assert any(f.endswith(field) for f in error_fields(e.value)), (options, error_fields(e.value))
        assert len(c.call('tuning.client.session.query')) == before


def test_the_session_endpoint_wants_an_active_sessions_token(client, host):
    c = client
    created = create(c, host)
    status, _, answer = http(host, 'GET', 'v1/session', created['token'])
    assert status == 200
    assert answer == {'session': {k: created[k] for k in ('id', 'label', 'protocol', 'expires_at')},
                      'plan': created['plan']}
    for token in (None, 'not-a-token', created['token'][:-1], 'x' * 5000):
        status, _, answer = http(host, 'GET', 'v1/session', token)
        assert status == 401 and answer['error']['errname'] == 'ENOTAUTHENTICATED', token
    status, _, answer = http(host, 'GET', 'v1/session', headers={'Authorization': f'Basic {created["token"]}'})
    assert status == 401


@pytest.mark.sandbox_only
def test_an_expired_sessions_token_is_refused(client, host):
    c = client
    created = create(c, host)
    # the box's clock cannot be moved: the session's expiry is, in the host's own database
    with sqlite3.connect(host_database(host)) as db:
        db.execute("UPDATE client_session SET expires_at = '2000-01-01T00:00:00+00:00' WHERE id = ?",
                   (created['id'],))
    assert c.call('tuning.client.session.get', created['id'])['state'] == 'EXPIRED'
    status, _, answer = http(host, 'GET', 'v1/session', created['token'])
    assert status == 401 and 'expired' in answer['error']['reason']
    before = benchmark_count(c)
    assert http(host, 'POST', 'v1/results', created['token'], result_of(created))[0] == 401
    assert benchmark_count(c) == before


def test_a_posted_result_is_stored_as_a_client_benchmark_with_its_context(client, host):
    c = client
    created = create(c, host, dataset='tank/media')
    status, _, answer = http(host, 'POST', 'v1/results', created['token'], result_of(created))
    assert status == 201, answer
    entry = c.call('tuning.benchmark.get', answer['id'])
    assert entry['source'] == 'CLIENT' and entry['label'] == 'NFS 4.2 from ws1'
    assert [r['run'] for r in entry['runs']['SEQ_WRITE']] == [1, 2] and len(entry['runs']['SEQ_READ']) == 1
    write = entry['runs']['SEQ_WRITE'][0]['metrics']['write_bw_bytes']
    assert write == FIO['SEQ_WRITE']['jobs'][0]['write']['bw_bytes']
    assert entry['summary']['SEQ_WRITE']['write_bw_bytes']['n'] == 2
    context = entry['context']
    assert context['client']['hostname'] == 'ws1' and context['link']['speed_mbps'] == 1000
    assert context['target']['export'] == '/mnt/tank/share'
    assert (context['target']['dataset'], context['target']['pool']) == ('tank/media', 'tank')
    assert context['session'] == {'id': created['id'], 'label': created['label'], 'protocol': 'NFS',
                                  'dataset': 'tank/media', 'step_id': None}
    assert context['cache_defeat']['direct_io'] is True and context['cache_defeat']['method'] == 'CLIENT_DIRECT_IO'
    assert context['settings'] and context['pool']['name'] == 'tank'   # the box's side, as a local benchmark's
    assert context['openzfs_version'] and context['memory'] and 'preset' in context
    assert c.call('tuning.client.session.get', created['id'])['results'] == [answer['id']]
    labelled = result_of(created, label='after the recordsize change')
    status, _, again = http(host, 'POST', 'v1/results', created['token'], labelled)
    assert status == 201 and c.call('tuning.benchmark.get', again['id'])['label'] == 'after the recordsize change'
    compared = c.call('tuning.benchmark.compare', [answer['id'], again['id']], None)
    assert compared['comparisons'][0]['id'] == again['id']


def test_a_bad_result_is_refused_whole_naming_the_field(client, host):
    c = client
    created = create(c, host)
    token = created['token']
    error_doc = copy.deepcopy(FIO['SEQ_WRITE'])
    error_doc['jobs'][0]['error'] = 5
    cases = (
        (result_of(created, fio=[{'test': 'SEQ_WRITE', 'run': 3, 'output': FIO['SEQ_WRITE']}]), 'fio.0.run'),
        (result_of(created, fio=[{'test': 'SEQ_WRITE', 'run': 1, 'output': FIO['SEQ_WRITE']},
                                 {'test': 'SEQ_WRITE', 'run': 1, 'output': FIO['SEQ_WRITE']}]), 'fio.1.run'),
        (result_of(created, fio=[{'test': 'RAND_READ_4K', 'run': 1, 'output': FIO['RAND_READ_4K']}]), 'fio.0.test'),
        (result_of(created, fio=[{'test': 'SEQ_FAST', 'run': 1, 'output': FIO['SEQ_WRITE']}]), 'fio.0.test'),
        (result_of(created, fio=[{'test': 'SEQ_WRITE', 'run': 1, 'output': FIO['SEQ_READ']}]), 'fio.0.output.jobs.0'),
        (result_of(created, fio=[{'test': 'SEQ_WRITE', 'run': 1, 'output': error_doc}]),
         'fio.0.output.jobs.0.error'),
        (result_of(created, fio=[{'test': 'SEQ_WRITE', 'run': 1, 'output': {'jobs': []}}]),
         'fio.0.output.fio_version'),
        (result_of(created, surplus=1), 'surplus'),
        (result_of(created, client={**result_of(created)['client'], 'hostname': 'h' * 256}), 'client.hostname'),
        (result_of(created, target={**result_of(created)['target'], 'mount_options': 'o' * 4097}),
         'target.mount_options'),
        (result_of(created, session_id=created['id'] + 1000), 'session_id'),
        (result_of(created, step_id=999999), 'step_id'),
        (result_of(created, iperf3=[{'name': 'x', 'output': {}}] * 9), 'iperf3'),
        (result_of(created, fio=[]), 'fio'),
    )
    for body, field in cases:
        refused(host, c, created, token, body, field)


def test_bodies_that_are_not_json_or_too_large_and_unknown_endpoints(client, host):
    c = client
    created = create(c, host)
    token = created['token']
    before = benchmark_count(c)
    status, _, answer = http(host, 'POST', 'v1/results', token, b'{"kit_version": ')
    assert status == 400 and 'not JSON' in answer['error']['reason']
    status, _, answer = http(host, 'POST', 'v1/results', token, b'{}', content_type='text/plain')
    assert status == 415 and answer['error']['errname'] == 'EINVAL'
    big = json.dumps(result_of(created, label='x' * (17 * MIB))).encode()
    status, _, answer = http(host, 'POST', 'v1/results', token, big)
    assert status == 413 and answer['error']['errname'] == 'EFBIG'
    assert benchmark_count(c) == before
    # no token: refused before the body is even looked at
    assert http(host, 'POST', 'v1/results', None, big)[0] == 401
    status, headers, answer = http(host, 'GET', 'v1/results', token)
    assert status == 405 and headers['Allow'] == 'POST'
    status, _, answer = http(host, 'GET', 'v1/nothing', token)
    assert status == 404 and answer['error']['errname'] == 'ENOENT'
    assert http(host, 'GET', 'v1/steps/next', token)[0] == 204


def test_a_kit_output_file_imports_as_its_posted_result_would_store(client, host):
    c = client
    created = create(c, host)
    entry = c.call('tuning.benchmark.import', 'CLIENT_KIT', json.dumps(result_of(created)), 'from a file')
    assert entry['source'] == 'CLIENT' and entry['label'] == 'from a file'
    assert entry['context']['session']['id'] == created['id'] and entry['context']['client']['hostname'] == 'ws1'
    assert c.call('tuning.client.session.get', created['id'])['results'] == [entry['id']]
    before = benchmark_count(c)
    for data, field in ((json.dumps(result_of(created, fio=[{'test': 'SEQ_WRITE', 'run': 9,
                                                             'output': FIO['SEQ_WRITE']}])), 'data.fio.0.run'),
                        (json.dumps(result_of(created, session_id=10 ** 9)), 'data.session_id'),
                        ('{"kit_version"', 'data')):
        with pytest.raises(RpcError) as e:
            c.call('tuning.benchmark.import', 'CLIENT_KIT', data, 'bad file')
        assert field in error_fields(e.value), error_fields(e.value)
    assert benchmark_count(c) == before


def test_revoking_stops_the_token_at_once_and_keeps_the_results(client, host):
    c = client
    created = create(c, host)
    status, _, answer = http(host, 'POST', 'v1/results', created['token'], result_of(created))
    assert status == 201
    revoked = c.call('tuning.client.session.revoke', created['id'])
    assert revoked['state'] == 'REVOKED' and revoked['revoked_at'] and revoked['results'] == [answer['id']]
    status, _, error = http(host, 'GET', 'v1/session', created['token'])
    assert status == 401 and 'revoked' in error['error']['reason']
    before = benchmark_count(c)
    assert http(host, 'POST', 'v1/results', created['token'], result_of(created))[0] == 401
    assert benchmark_count(c) == before
    assert c.call('tuning.benchmark.get', answer['id'])['source'] == 'CLIENT'
    with pytest.raises(RpcError) as e:
        c.call('tuning.client.session.revoke', 10 ** 9)
    assert error_fields(e.value) == ['id'] or error_fields(e.value)[0].endswith('id')


@pytest.mark.sandbox_only
def test_the_network_endpoint_starts_the_sessions_measurement_and_reports_only_its_own_job(client, host):
    c = client
    c.subscribe('core.get_jobs')
    port = free_port()
    created = create(c, host, network_interface='eno1', network_port=port)
    other = create(c, host)
    status, _, answer = http(host, 'POST', 'v1/network', other['token'])
    assert status == 409 and answer['error']['errname'] == 'EBUSY'
    status, _, started = http(host, 'POST', 'v1/network', created['token'])
    assert status == 202, started
    try:
        assert (started['address'], started['port']) == ('127.0.0.1', port)
        assert [m['args'] for m in started['measurements']] == [
            ['-t', '10'], ['-t', '10', '-P', '4'], ['-t', '10', '-R'], ['-t', '10', '-P', '4', '-R']]
        status, _, job = http(host, 'GET', f'v1/network/{started["job_id"]}', created['token'])
        assert status == 200 and job['state'] == 'RUNNING' and job['result_id'] is None
        assert http(host, 'GET', f'v1/network/{started["job_id"]}', other['token'])[0] == 404
        status, _, answer = http(host, 'POST', 'v1/network', created['token'])
        assert status == 409   # the first one holds the box
    finally:
        c.call('core.job_abort', started['job_id'])
    c.wait_job(started['job_id'], timeout=HANG_SECONDS)
    status, _, job = http(host, 'GET', f'v1/network/{started["job_id"]}', created['token'])
    assert status == 200 and job['state'] == 'ABORTED'


def test_the_kit_downloads_without_a_token_with_its_checksum(client, host):
    c = client
    status, headers, text = http(host, 'GET', 'kit/tuning_client.py')
    assert status == 200 and headers['Content-Type'].startswith('text/x-python')
    assert headers['X-Content-SHA256'] == hashlib.sha256(text.encode()).hexdigest()
    kit = c.call('tuning.client.kit')
    assert (kit['file_name'], kit['text'], kit['sha256']) == ('tuning_client.py', text, headers['X-Content-SHA256'])
    assert kit['version'] >= 1 and f'KIT_VERSION = {kit["version"]}' in text
    assert http(host, 'POST', 'kit/tuning_client.py', body={})[0] == 405


@pytest.fixture
def small_box(fresh_host, tmp_path):
    """(host, admin client, the kit as a client downloads it): a sandbox box with 1 GiB of RAM, so a plan's files
    are 2 × its 512 MiB ARC maximum; the kit checked against the checksum the box sends with it."""
    box = json.loads(open(SANDBOX_BOX).read())
    box['physmem'] = GIB
    box_file = tmp_path / 'box.json'
    box_file.write_text(json.dumps(box))
    host = fresh_host(env={'TUNING_BOX': str(box_file)})
    c = host.client()
    try:
        status, headers, text = http(host, 'GET', 'kit/tuning_client.py')
        assert status == 200 and hashlib.sha256(text.encode()).hexdigest() == headers['X-Content-SHA256']
        kit = tmp_path / 'tuning_client.py'
        kit.write_text(text)
        yield host, c, str(kit)
    finally:
        c.close()


@pytest.mark.sandbox_only
def test_the_real_kit_measures_a_directory_and_the_box_stores_its_result(small_box, tmp_path):
    """The real kit runs fio in a directory of this machine; its result is stored as a CLIENT benchmark, its scratch
    directory is gone; its --output file imports the same way."""
    host, c, kit = small_box
    created = create(c, host, tests=['SEQ_WRITE', 'SEQ_READ'], runs=1, runtime_seconds=5, ramp_seconds=0,
                     label='kit end to end')
    arc = c.call('tuning.profile')['memory']['arc_max_bytes']
    assert created['plan']['min_size_bytes'] == 2 * arc <= GIB
    share = tmp_path / 'share'
    share.mkdir()
    done = subprocess.run(['python3', kit, 'run', '--box', host.http_url, '--path', str(share)],
                          env={**os.environ, 'TUNING_TOKEN': created['token']}, capture_output=True, text=True,
                          timeout=HANG_SECONDS)
    assert done.returncode == 0, done.stderr[-4000:]
    assert created['token'] not in done.stdout + done.stderr
    results = c.call('tuning.client.session.get', created['id'])['results']
    assert len(results) == 1
    entry = c.call('tuning.benchmark.get', results[0])
    protocol = entry['context']['target']['protocol']
    assert protocol in ('LOCAL', 'OTHER')   # a directory of this machine, not a share
    assert entry['source'] == 'CLIENT' and entry['label'] == {
        'LOCAL': f'local directory on {socket.gethostname()}', 'OTHER': f'a share from {socket.gethostname()}'}[protocol]
    assert [r['run'] for r in entry['runs']['SEQ_WRITE']] == [1] and len(entry['runs']['SEQ_READ']) == 1
    assert entry['runs']['SEQ_WRITE'][0]['metrics']['write_bw_bytes'] > 0
    assert entry['runs']['SEQ_READ'][0]['metrics']['read_bw_bytes'] > 0
    context = entry['context']
    assert context['client']['hostname'] == socket.gethostname()
    assert os.path.realpath(context['target']['path']) == os.path.realpath(share)
    assert context['cache_defeat']['size_bytes'] >= created['plan']['min_size_bytes']
    assert context['session']['id'] == created['id'] and context['memory']['physical_bytes'] == GIB
    assert os.listdir(share) == []   # the kit's scratch directory is gone
    # --output: the same RESULT in a file, which imports as format CLIENT_KIT
    output = tmp_path / 'result.json'
    done = subprocess.run(['python3', kit, 'run', '--box', host.http_url, '--path', str(share),
                           '--output', str(output)], env={**os.environ, 'TUNING_TOKEN': created['token']},
                          capture_output=True, text=True, timeout=HANG_SECONDS)
    assert done.returncode == 0, done.stderr[-4000:]
    assert c.call('tuning.client.session.get', created['id'])['results'] == results   # written, not posted
    imported = c.call('tuning.benchmark.import', 'CLIENT_KIT', output.read_text(), 'kit file')
    assert imported['source'] == 'CLIENT' and set(imported['runs']) == {'SEQ_WRITE', 'SEQ_READ'}
    assert c.call('tuning.client.session.get', created['id'])['results'] == results + [imported['id']]


def host_database(host):
    path, = glob.glob(os.path.join(host.data_dir, '**', 'tuning.db'), recursive=True)
    return path


def add_steps(host, session_id, campaign_id, plans):
    """Steps as a campaign leaves them for a session's agent (store.client_sessions.add_step's row), written into
    the host's own database: no API adds one, the campaign code does."""
    with sqlite3.connect(host_database(host)) as db:
        ids = []
        for n, plan in enumerate(plans, start=1):
            ids.append(db.execute(
                'INSERT INTO client_step (session_id, campaign_id, label, plan, state, created_at, updated_at) '
                "VALUES (?, ?, ?, ?, 'PENDING', '2026-11-24T10:00:00+00:00', '2026-11-24T10:00:00+00:00')",
                (session_id, campaign_id, f'configuration {n}', json.dumps(plan))).lastrowid)
    return ids


def step_row(host, step_id):
    with sqlite3.connect(host_database(host)) as db:
        db.row_factory = sqlite3.Row
        return dict(db.execute('SELECT * FROM client_step WHERE id = ?', (step_id,)).fetchone())


@pytest.mark.sandbox_only
def test_an_agent_takes_each_step_once_and_its_result_completes_the_step(client, host):
    c = client
    created = create(c, host)
    other = create(c, host)
    step_plan = {**created['plan'], 'tests': created['plan']['tests'][:1], 'runs': 1}   # SEQ_WRITE once
    first, second = add_steps(host, created['id'], 99, [step_plan, step_plan])
    foreign, = add_steps(host, other['id'], 98, [step_plan])
    token = created['token']
    status, _, answer = http(host, 'GET', 'v1/steps/next', token)
    assert status == 200 and answer == {'step': {'id': first, 'campaign_id': 99, 'label': 'configuration 1',
                                                 'plan': step_plan}}
    assert step_row(host, first)['state'] == 'TAKEN'
    assert http(host, 'GET', 'v1/steps/next', token)[2]['step']['id'] == second
    assert http(host, 'GET', 'v1/steps/next', token)[0] == 204
    one_write = [{'test': 'SEQ_WRITE', 'run': 1, 'output': FIO['SEQ_WRITE']}]
    # the step's plan rules, not the session's: one run of SEQ_WRITE
    refused(host, c, created, token, result_of(created, step_id=first), 'fio.1.run')
    refused(host, c, created, token, result_of(created, step_id=foreign, fio=one_write), 'step_id')
    status, _, stored = http(host, 'POST', 'v1/results', token, result_of(created, step_id=first, fio=one_write))
    assert status == 201, stored
    row = step_row(host, first)
    assert (row['state'], row['benchmark_id']) == ('DONE', stored['id'])
    assert c.call('tuning.benchmark.get', stored['id'])['context']['session']['step_id'] == first
    status, _, answer = http(host, 'POST', 'v1/results', token, result_of(created, step_id=first, fio=one_write))
    assert status == 400 and 'DONE' in answer['error']['reason']
    assert step_row(host, foreign)['state'] == 'PENDING'


@pytest.mark.sandbox_only
def test_the_real_kit_as_an_agent_runs_a_waiting_step_and_its_result_completes_it(small_box, tmp_path):
    host, c, kit = small_box
    created = create(c, host, tests=['SEQ_WRITE'], runs=1, runtime_seconds=5, ramp_seconds=0)
    step, = add_steps(host, created['id'], 7, [created['plan']])
    share = tmp_path / 'share'
    share.mkdir()
    log = tmp_path / 'agent.log'   # its words, in a file: a pipe nobody reads could fill and stop it
    with open(log, 'w') as out:
        agent = subprocess.Popen(['python3', kit, 'agent', '--box', host.http_url, '--path', str(share)],
                                 env={**os.environ, 'TUNING_TOKEN': created['token']}, stdout=out,
                                 stderr=subprocess.STDOUT, text=True)
    try:   # the agent polls every few seconds, then measures
        until(lambda: step_row(host, step)['state'] == 'DONE', 'step done by the agent', alive=agent,
              said=lambda: log.read_text()[-4000:])
    finally:
        agent.terminate()   # an agent runs until its session expires
        try:
            agent.wait(HANG_SECONDS)
        except subprocess.TimeoutExpired:
            agent.kill()
            agent.wait()
    assert agent.returncode == 130, log.read_text()[-4000:]   # stopped by a signal, its scratch directory removed
    entry = c.call('tuning.benchmark.get', step_row(host, step)['benchmark_id'])
    assert entry['source'] == 'CLIENT' and entry['context']['session']['step_id'] == step
    assert entry['runs']['SEQ_WRITE'][0]['metrics']['write_bw_bytes'] > 0
    assert os.listdir(share) == []
    assert http(host, 'GET', 'v1/steps/next', created['token'])[0] == 204


def test_client_results_compare_and_report_like_any_result(client, host):
    c = client
    created = create(c, host, dataset='tank/media')
    ids = [http(host, 'POST', 'v1/results', created['token'], result_of(created, label=label))[2]['id']
           for label in ('before', 'after')]
    compared = c.call('tuning.benchmark.compare', ids, None)
    assert [s['label'] for s in compared['series']] == ['before', 'after']
    markdown = download(host, c, {'results': ids}, 'MARKDOWN').decode()
    assert 'before' in markdown and 'after' in markdown and 'tank/media' in markdown
    report = json.loads(download(host, c, {'results': ids}, 'JSON'))
    assert [(r['id'], r['source']) for r in report['configurations']] == [(ids[0], 'CLIENT'), (ids[1], 'CLIENT')]
    assert report['configurations'][0]['conditions']['dataset'] == 'tank/media'
    assert report['configurations'][0]['conditions']['cache_defeat'] == 'CLIENT_DIRECT_IO'


@pytest.mark.sandbox_only
def test_without_box_url_clients_are_sent_to_https_and_the_ports_address(client):
    c = client
    created = c.call('tuning.client.session.create', {'protocol': 'SMB', 'network_interface': 'eno1'})
    assert created['box_url'] == 'https://127.0.0.1'   # the sandbox's ports answer on loopback
    assert created['kit_url'] == 'https://127.0.0.1/_plugins/tuning/client/kit/tuning_client.py'
    assert created['plan']['network'] == {'available': True, 'port': 5201}
    assert created['label'].startswith('SMB clients until ')
    assert c.call('tuning.client.session.create', {'protocol': 'SMB'})['box_url'] == 'https://127.0.0.1'
    # the standalone host serves no web UI certificate: nothing to pin, the kit checks the certificate as usual;
    # the download is checked against the kit the box serves either way
    assert created['tls_sha256'] is None and '--tls-sha256' not in created['commands']['linux']
    assert f"echo '{c.call('tuning.client.kit')['sha256']}  tuning_client.py' | sha256sum -c -" in \
        created['commands']['linux']
