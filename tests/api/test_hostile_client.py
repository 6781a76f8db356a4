"""The client kit's HTTP surface against whoever holds a session's token (issue 20): what it sends is strict JSON or
refused naming the value, a session stores no more than its bound, occupies the box for network measurements only a
bounded number of times with a pause between them, and what it says of itself cannot forge a line in the log. Every
refusal stores nothing and leaves no traceback in the host's log."""
import collections
import copy
import functools
import json
import os
import random
import sqlite3

import pytest

from client import JobFailed, RpcError
from hosting import free_port
from test_client_api import FIO, add_steps, benchmark_count, create, host_database, http, refused, result_of
from tuning_helpers import error_fields

FIXTURES = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), 'fixtures', 'bench')
BW = 'fio.0.output.jobs.0.write.bw_bytes'   # the first run's write bandwidth (SEQ_WRITE)
MIB = 1024 * 1024


class HostLog:
    """What the host's log gained since the mark (the sandbox host's own file; nothing against a remote box)."""

    def __init__(self, host):
        self.path = os.path.join(host.data_dir, 'host.log') if host.data_dir else None
        self.start = os.path.getsize(self.path) if self.path and os.path.exists(self.path) else 0

    def new(self) -> str:
        if self.path is None or not os.path.exists(self.path):
            return ''
        with open(self.path, 'rb') as f:
            f.seek(self.start)
            return f.read().decode(errors='replace')


def raw_body(session, replace: str, by: str, **changes) -> bytes:
    """A RESULT's JSON text with the first ``replace`` (text) swapped for ``by``: what json.dumps cannot write."""
    text = json.dumps(result_of(session, **changes))
    assert replace in text
    return text.replace(replace, by, 1).encode()


def nan_body(session, value: str) -> bytes:
    """A RESULT whose first run's write bandwidth is ``value`` (``NaN``, ``Infinity``, ``1e999``)."""
    bw = FIO['SEQ_WRITE']['jobs'][0]['write']['bw_bytes']
    return raw_body(session, f'"bw_bytes": {bw}', f'"bw_bytes": {value}')


def refused_raw(host, c, session, body: bytes, field: str) -> dict:
    """A raw body POSTed to v1/results is 400 naming ``field``; nothing stored."""
    before = benchmark_count(c)
    status, _, answer = http(host, 'POST', 'v1/results', session['token'], body)
    assert status == 400, answer
    assert answer['error']['errname'] == 'EINVAL'
    assert field in [e[0] for e in answer['error']['extra']], answer
    assert benchmark_count(c) == before and c.call('tuning.client.session.get', session['id'])['results'] == []
    return answer['error']


# ---- 1. strict JSON: no NaN or Infinity stored ----

def test_nan_and_infinity_in_a_posted_result_are_refused_naming_the_value(client, host):
    c = client
    created = create(c, host)
    log = HostLog(host)
    for value in ('NaN', 'Infinity', '-Infinity', '1e999'):
        error = refused_raw(host, c, created, nan_body(created, value), BW)
        assert error['reason'].startswith(f'{BW}: '), error
    error = refused_raw(host, c, created, nan_body(created, 'NaN'), BW)
    assert error == {'errname': 'EINVAL', 'reason': f'{BW}: Is NaN, which is not JSON (numbers are finite)',
                     'extra': [[BW, 'Is NaN, which is not JSON (numbers are finite)', 22]]}
    # what the probe saw break afterwards still reads
    json.dumps(c.call('tuning.benchmark.query'), allow_nan=False)
    assert 'Traceback' not in log.new()


def test_a_kit_output_file_with_nan_is_refused_naming_the_value(client, host):
    c = client
    created = create(c, host)
    before = benchmark_count(c)
    for value in ('NaN', '-Infinity', '1e999'):
        with pytest.raises(RpcError) as e:
            c.call('tuning.benchmark.import', 'CLIENT_KIT', nan_body(created, value).decode(), 'nan file')
        assert error_fields(e.value) == [f'data.{BW}'], error_fields(e.value)
    assert benchmark_count(c) == before


def bonnie_with(column_value: str) -> str:
    """The bonnie++ 2.00a fixture whose first run's random seeks (a float column) read ``column_value``."""
    with open(os.path.join(FIXTURES, 'bonnie', 'runs-x3-2.00a.csv')) as f:
        lines = f.read().splitlines()
    fields = lines[1].split(',')
    fields[19] = column_value   # seeks in the 1.98 layout
    lines[1] = ','.join(fields)
    return '\n'.join(lines) + '\n'


def fio_with(bw: str) -> str:
    doc = json.dumps(FIO['SEQ_WRITE'])
    return doc.replace(f'"bw_bytes": {FIO["SEQ_WRITE"]["jobs"][0]["write"]["bw_bytes"]}', f'"bw_bytes": {bw}', 1)


IMPORTS = {
    'bonnie-nan': ('BONNIE', bonnie_with('nan')), 'bonnie-inf': ('BONNIE', bonnie_with('inf')),
    'bonnie-1e999': ('BONNIE', bonnie_with('1e999')), 'bonnie-negative': ('BONNIE', bonnie_with('-5')),
    'fio-NaN': ('FIO', fio_with('NaN')), 'fio-Infinity': ('FIO', fio_with('Infinity')),
    'fio-1e999': ('FIO', fio_with('1e999')), 'fio-negative': ('FIO', fio_with('-1')),
    'gobonniego-NaN': ('GOBONNIEGO', '{"version": "1.0.9", "results": [{"write_megabytes_per_second": NaN, '
                                     '"read_megabytes_per_second": 1, "iops": 1}]}'),
    'gobonniego-Infinity': ('GOBONNIEGO', '{"version": "1.0.9", "results": [{"write_megabytes_per_second": 1, '
                                          '"read_megabytes_per_second": Infinity, "iops": 1}]}'),
}


@pytest.mark.parametrize('format_, data', IMPORTS.values(), ids=IMPORTS.keys())
def test_an_imported_file_with_nan_or_infinity_stores_nothing(client, format_, data):
    c = client
    before = benchmark_count(c)
    with pytest.raises(RpcError) as e:
        c.call('tuning.benchmark.import', format_, data, 'non-finite')
    assert error_fields(e.value) == ['data'], error_fields(e.value)
    assert 'finite' in e.value.reason, e.value.reason
    assert benchmark_count(c) == before
    json.dumps(c.call('tuning.benchmark.query'), allow_nan=False)


# ---- 4. what a parser cannot hold: depth, integer range, a fio document's odd shapes ----

def test_deep_nesting_and_wide_integers_are_400_naming_the_field(client, host):
    c = client
    created = create(c, host)
    log = HostLog(host)
    refused_raw(host, c, created, b'[' * 100000, 'body')
    refused_raw(host, c, created, b'[' * 40 + b']' * 40, '.'.join(['0'] * 32))   # the 33rd level
    refused_raw(host, c, created, json.dumps(result_of(created, step_id=2 ** 70)).encode(), 'step_id')
    refused_raw(host, c, created, raw_body(created, '"session_id": ', '"session_id": 1' + '0' * 5000 + ', "x": '),
                'body')
    for changes, field in (({'step_id': 2 ** 63}, 'step_id'), ({'session_id': 2 ** 64 - 1}, 'session_id'),
                           ({'network_result_id': 2 ** 63}, 'network_result_id'), ({'kit_version': 2 ** 62},
                                                                                     'kit_version')):
        refused(host, c, created, created['token'], result_of(created, **changes), field)
    assert 'Traceback' not in log.new()


def fio_run(mutate) -> list[dict]:
    doc = copy.deepcopy(FIO['SEQ_WRITE'])
    mutate(doc)
    return [{'test': 'SEQ_WRITE', 'run': 1, 'output': doc}]


ODD_FIO = {
    'depth-level': (lambda d: d['jobs'][0]['iodepth_level'].update({'x': 1}), 'fio.0.output.jobs.0.iodepth_level'),
    'depth-nan': (lambda d: d['jobs'][0]['job options'].update(iodepth='nan'),
                  'fio.0.output.jobs.0.job_options.iodepth'),
    'depth-null': (lambda d: d['jobs'][0]['job options'].update(iodepth=None),
                   'fio.0.output.jobs.0.job_options.iodepth'),
    'options-list': (lambda d: d['jobs'][0].update({'job options': [1]}), 'fio.0.output.jobs.0.job_options'),
    'global-text': (lambda d: d.update({'global options': 'x'}), 'fio.0.output.global_options'),
    'engine-list': (lambda d: d['jobs'][0]['job options'].update(ioengine=['libaio']),
                    'fio.0.output.jobs.0.job_options.ioengine'),
    'bw-negative': (lambda d: d['jobs'][0]['write'].update(bw_bytes=-1), BW),
    'bw-wide': (lambda d: d['jobs'][0]['write'].update(bw_bytes=2 ** 64 + 1), BW),
    'percentile-negative': (lambda d: d['jobs'][0]['write']['clat_ns']['percentile'].update({'99.000000': -3}),
                            'fio.0.output.jobs.0.write.clat_ns.percentile.99.000000'),
}


@pytest.mark.parametrize('mutate, field', ODD_FIO.values(), ids=ODD_FIO.keys())
def test_a_fio_document_the_reader_cannot_hold_is_400_naming_where(client, host, mutate, field):
    c = client
    created = create(c, host)
    log = HostLog(host)
    refused(host, c, created, created['token'], result_of(created, fio=fio_run(mutate)), field)
    assert 'Traceback' not in log.new()


# ---- 5. text that is logged ----

HOSTNAMES = {'newline': 'ws1\n2026-11-26 01:17:10,620 [host 7361] WARNING tuning_host: FORGED',
             'return': 'ws1\r', 'escape': 'ws1\x1b[2J', 'line-separator': 'ws1\u2028FORGED',
             'bidi-override': 'ws1\u202eFORGED', 'long': 'w' * 256}


@pytest.mark.parametrize('hostname', HOSTNAMES.values(), ids=HOSTNAMES.keys())
def test_a_host_name_that_could_forge_a_log_line_is_refused_naming_it(client, host, hostname):
    c = client
    created = create(c, host)
    log = HostLog(host)
    body = result_of(created, client={**result_of(created)['client'], 'hostname': hostname})
    error = refused(host, c, created, created['token'], body, 'client.hostname')
    assert 'control character' in error['reason'] or 'at most 255' in error['reason'], error
    assert 'FORGED' not in log.new()


def test_other_logged_or_shown_text_of_a_result_is_plain_too(client, host):
    c = client
    created = create(c, host)
    for changes, field in (({'label': 'a\nb'}, 'label'),
                           ({'target': {**result_of(created)['target'], 'path': '/mnt/x\n'}}, 'target.path'),
                           ({'fio': [{'test': 'SEQ_WRITE\n', 'run': 1, 'output': FIO['SEQ_WRITE']}]}, 'fio.0.test')):
        refused(host, c, created, created['token'], result_of(created, **changes), field)
    status, _, answer = http(host, 'POST', 'v1/results', created['token'],
                             result_of(created, client={**result_of(created)['client'], 'hostname': 'ws-Ü.lan'}))
    assert status == 201, answer   # plain text need not be ASCII


@pytest.mark.sandbox_only
def test_an_agents_failure_message_with_control_characters_is_refused(client, host):
    c = client
    created = create(c, host)
    step, = add_steps(host, created['id'], 97, [created['plan']])
    assert http(host, 'GET', 'v1/steps/next', created['token'])[2]['step']['id'] == step
    status, _, answer = http(host, 'POST', f'v1/steps/{step}/failed', created['token'], {'message': 'fio\x1b[31m'})
    assert status == 400 and [e[0] for e in answer['error']['extra']] == ['message'], answer
    # a tool's several lines are one line of words
    status, _, answer = http(host, 'POST', f'v1/steps/{step}/failed', created['token'],
                             {'message': 'fio failed:\nno space\tleft'})
    assert status == 200, answer


# ---- 2. what a session may store ----

def test_a_fio_document_larger_than_any_real_one_is_refused(client, host):
    c = client
    created = create(c, host)
    big = fio_run(lambda d: d.update(padding='x' * (64 * 1024)))
    error = refused(host, c, created, created['token'], result_of(created, fio=big), 'fio.0.output')
    assert '64 KiB' in error['reason'], error


@pytest.mark.sandbox_only
def test_a_result_keeps_the_fio_documents_but_not_the_iperf3_ones(client, host):
    c = client
    created = create(c, host)
    iperf3 = [{'name': '1 stream, client → box', 'output': {'end': {'padding': 'y' * 100000}}}]
    status, _, answer = http(host, 'POST', 'v1/results', created['token'], result_of(created, iperf3=iperf3))
    assert status == 201, answer
    with sqlite3.connect(host_database(host)) as db:
        raw, context = db.execute('SELECT raw, context FROM benchmark WHERE id = ?', (answer['id'],)).fetchone()
    kept = json.loads(raw)['result']
    assert kept['iperf3'] == [{'name': '1 stream, client → box'}]
    assert kept['fio'] == result_of(created)['fio']
    assert json.loads(context)['iperf3'] == ['1 stream, client → box']


def fill(host, session_id, rows: int, raw_bytes: int) -> list[int]:
    """Benchmark rows of a session, as its posts would leave them (source CLIENT, its id in the context), written
    into the host's database: what reaching the bound by posting would take minutes to do."""
    context = json.dumps({'session': {'id': session_id}})
    with sqlite3.connect(host_database(host)) as db:
        return [db.execute("INSERT INTO benchmark (created_at, label, source, spec, context, summary, runs, jobs, "
                           "notes, raw) VALUES ('2026-11-26T00:00:00+00:00', 'filler', 'CLIENT', '{}', ?, '{}', "
                           "'{}', '[]', '[]', ?)", (context, json.dumps('x' * raw_bytes))).lastrowid
                for _ in range(rows)]


def unfill(host, ids):
    with sqlite3.connect(host_database(host)) as db:
        db.executemany('DELETE FROM benchmark WHERE id = ?', [(i,) for i in ids])


def session_refused(host, c, session, body, words) -> dict:
    """POST v1/results is 403 EDQUOT saying ``words``; nothing more stored."""
    before = benchmark_count(c)
    status, _, answer = http(host, 'POST', 'v1/results', session['token'], body)
    assert status == 403, answer
    assert answer['error']['errname'] == 'EDQUOT' and words in answer['error']['reason'], answer
    assert benchmark_count(c) == before
    return answer['error']


@pytest.mark.sandbox_only
def test_a_session_stores_up_to_its_bytes_then_refuses_naming_the_bound(client, host):
    c = client
    created = create(c, host)
    other = create(c, host)
    ids = fill(host, created['id'], 1, 64 * MIB - 4096)
    try:
        error = session_refused(host, c, created, result_of(created), 'the most a session may store')
        assert '64 MiB' in error['reason'] and f'session {created["id"]}' in error['reason'], error
        ids += fill(host, created['id'], 1, 8192)
        # full: the body is not even read (this one is not JSON)
        session_refused(host, c, created, b'{"kit_version": ', 'the most a session may store')
        # the bound is the session's: another session's token still stores
        assert http(host, 'POST', 'v1/results', other['token'], result_of(other))[0] == 201
        # the admin's import of a kit file is not the token's
        assert c.call('tuning.benchmark.import', 'CLIENT_KIT', json.dumps(result_of(created)), 'file')['id']
    finally:
        unfill(host, ids)
    assert http(host, 'POST', 'v1/results', created['token'], result_of(created))[0] == 201


@pytest.mark.sandbox_only
def test_a_session_stores_up_to_its_count_of_results_then_refuses_naming_it(client, host):
    c = client
    created = create(c, host)
    ids = fill(host, created['id'], 1000, 10)
    try:
        error = session_refused(host, c, created, result_of(created), '1000 results')
        assert 'the most a session may' in error['reason'], error
    finally:
        unfill(host, ids)


# ---- 3. how often a session may occupy the box ----

@pytest.mark.sandbox_only
def test_a_sessions_network_measurements_pause_between_them_and_the_admin_sees_what_holds_the_box(client, host):
    c = client
    c.subscribe('core.get_jobs')
    created = create(c, host, network_interface='eno1', network_port=free_port())
    status, _, started = http(host, 'POST', 'v1/network', created['token'])
    assert status == 202, started
    try:
        # the admin's apply meanwhile: refused, naming what holds the box and its job (which the admin may abort)
        with pytest.raises((RpcError, JobFailed)) as e:
            c.job('tuning.preset.apply', 'max-iops', {'pool': 'tank', 'dataset': 'tank/media'}, {'acknowledge': []})
        assert f'tuning.network.measure (job {started["job_id"]}) is running' in str(e.value)
    finally:
        c.call('core.job_abort', started['job_id'])
    c.wait_job(started['job_id'], timeout=600)
    status, headers, answer = http(host, 'POST', 'v1/network', created['token'])
    assert status == 409 and answer['error']['errname'] == 'EBUSY', answer
    assert 'stays free for 120 s' in answer['error']['reason'], answer
    assert 0 < int(headers['Retry-After']) <= 120
    assert len(c.call('core.get_jobs', [['method', '=', 'tuning.network.measure'],
                                        ['id', '>', started['job_id']]])) == 0


# ---- anything else: mutated results are answered, never with a 5xx ----

HOSTILE_VALUES = (None, -1, 0, 2 ** 63, 2 ** 64 - 1, '', 'a\nb', '9' * 30, [], [1], {}, {'a': 1}, True, 0.5, 1e300)


def leaf_paths(value, path=()):
    """Every path into a JSON value (containers included), for mutating."""
    if isinstance(value, dict):
        for key, sub in value.items():
            yield from leaf_paths(sub, path + (key,))
    elif isinstance(value, list):
        for index, sub in enumerate(value):
            yield from leaf_paths(sub, path + (index,))
    if path:
        yield path


def test_mutated_results_are_refused_or_stored_never_a_server_error(client, host):
    c = client
    created = create(c, host)
    base = result_of(created)
    paths = list(leaf_paths(base))
    chance = random.Random(20)   # the same mutations each run
    log = HostLog(host)
    answered = collections.Counter()
    for _ in range(150):
        body = copy.deepcopy(base)
        for _ in range(chance.randint(1, 3)):
            path = chance.choice(paths)
            try:
                parent = functools.reduce(lambda value, key: value[key], path[:-1], body)
                parent[path[-1]] = chance.choice(HOSTILE_VALUES)
            except (KeyError, IndexError, TypeError):   # an earlier mutation replaced a container on the way
                pass
        status, _, answer = http(host, 'POST', 'v1/results', created['token'], body)
        assert status in (201, 400), (status, answer)
        answered[status] += 1
    assert answered[400] > 0 and 'Traceback' not in log.new(), answered
