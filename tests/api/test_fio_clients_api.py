"""fio's own distributed mode (issue 24 item 1): kits run `fio --server` with the box's permission, the box drives
`fio --client=… --client=…` and reads fio's "All clients" sum. Here two real kits serve on 127.0.0.1 (two ports) and
the box drives them; waits are on the kits' lines and exits, bounded by HANG_SECONDS only."""
import os
import signal
import subprocess
import sys
import tempfile

import pytest

from client import JobFailed, RpcError
from hosting import free_port
from test_campaign_client_api import FAST, KIT, spec, take_sigint
from test_client_api import http
from tuning_helpers import diff, error_fields, full_snapshot

sys.path.insert(0, os.path.join(os.path.dirname(__file__), '..', 'unit', 'client_kit'))
from waiting import Lines, exit_status  # noqa: E402

pytestmark = pytest.mark.sandbox_only


def session(c, host, label):
    return c.call('tuning.client.session.create', {'protocol': 'LOCAL', 'tests': ['SEQ_WRITE'], 'runs': 1,
                                                   'box_url': host.http_url, 'label': label})


def serve(host, token, share, port):
    proc = subprocess.Popen([sys.executable, KIT, 'fio-server', '--box', host.http_url, '--path', share,
                             '--bind', '127.0.0.1', '--port', str(port)],
                            env={**os.environ, 'TUNING_TOKEN': token}, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True, preexec_fn=take_sigint)
    return proc, Lines(proc.stdout)


def test_the_box_drives_two_kits_fio_servers_and_reads_all_clients(fresh_host):
    host = fresh_host()
    c = host.client(private_methods=True)
    sessions = [session(c, host, f'ws{i + 1}') for i in range(2)]
    shares = [tempfile.mkdtemp(prefix=f'fio-share{i}-') for i in range(2)]
    kits = [serve(host, s['token'], share, free_port()) for s, share in zip(sessions, shares)]
    try:
        for _, lines in kits:
            lines.wait_for('fio server listening on 127.0.0.1')
        found = c.call('tuning.client.session.fio_measure', [s['id'] for s in sessions], 'SEQ_WRITE', 1, 0,
                       16 << 20)
        assert found['all']['bw_bytes'] > 0 and len(found['clients']) == 2
        assert found['all']['bw_bytes'] == pytest.approx(sum(x['run']['bw_bytes'] for x in found['clients']),
                                                         rel=0.05)
        # the kit asks whether its permission holds; the session revoked, it stops and cleans up
        c.call('tuning.client.session.revoke', sessions[0]['id'])
        proc, lines = kits[0]
        assert exit_status(proc, 'the first kit', lambda: lines.text) in (0, 4), lines.text
    finally:
        for proc, _ in kits:
            if proc.poll() is None:
                proc.send_signal(signal.SIGINT)
            exit_status(proc)
    for share in shares:
        assert os.listdir(share) == []   # each kit's scratch directory is gone
        os.rmdir(share)
    # a session whose kit serves nothing is named
    with pytest.raises(RpcError) as e:
        c.call('tuning.client.session.fio_measure', [sessions[1]['id']], 'SEQ_WRITE', 1, 0, 16 << 20)
    assert 'session_ids.0' in str(e.value) and 'runs no fio server' in str(e.value)


def test_the_permission_is_checked_field_by_field(fresh_host):
    host = fresh_host()
    c = host.client(private_methods=True)
    token = session(c, host, 'ws1')['token']
    for body, field in (({'address': 'nas.example', 'port': 8765, 'directory': '/x'}, 'address'),
                        ({'address': '10.0.0.2', 'port': 80, 'directory': '/x'}, 'port'),
                        ({'address': '10.0.0.2', 'port': 8765, 'directory': 'a\x00b'}, 'directory'),
                        ({'address': '10.0.0.2', 'port': 8765, 'directory': '/x', 'more': 1}, 'body')):
        status, _, answer = http(host, 'POST', 'v1/fio-server', token, body)
        assert status == 400 and field in [e[0] for e in answer['error']['extra']], answer
    status, _, answer = http(host, 'POST', 'v1/fio-server', token,
                             {'address': '10.0.0.2', 'port': 8765, 'directory': '/x', 'hostname': 'ws1'})
    assert status == 201 and 0 < answer['expires_in_seconds'] <= 3600, answer
    assert http(host, 'GET', 'v1/fio-server', token)[2]['active'] is True
    assert http(host, 'DELETE', 'v1/fio-server', token)[0] == 200
    assert http(host, 'GET', 'v1/fio-server', token)[2]['active'] is False
    assert http(host, 'GET', 'v1/fio-server', 'not-a-token')[0] == 401


def test_a_campaign_measured_with_fio_servers_stores_the_all_clients_sum_and_the_box_goes_back(fresh_host):
    host = fresh_host()
    c = host.client(private_methods=True)
    before = full_snapshot(c)
    sessions = [session(c, host, f'ws{i + 1}') for i in range(2)]
    shares = [tempfile.mkdtemp(prefix=f'fio-share{i}-') for i in range(2)]
    kits = [serve(host, s['token'], share, free_port()) for s, share in zip(sessions, shares)]
    try:
        for _, lines in kits:
            lines.wait_for('fio server listening on 127.0.0.1')
        row = c.job('tuning.campaign.run', {**spec(None), 'client_session_ids': [s['id'] for s in sessions],
                                            'client_mode': 'FIO_SERVERS', 'benchmark': FAST}, timeout=600)
    finally:
        for proc, _ in kits:
            proc.send_signal(signal.SIGINT)
            exit_status(proc)
    assert row['state'] == 'DONE', row['message']
    for step in row['steps']:
        result = c.call('tuning.benchmark.get', step['benchmark_id'])
        assert result['source'] == 'CLIENT' and result['context']['aggregate']['mode'] == 'FIO_SERVERS'
        assert [x['session_id'] for x in result['context']['clients']] == [s['id'] for s in sessions]
        assert result['summary']['SEQ_WRITE']['write_bw_bytes']['median'] > 0
    assert not diff(before, full_snapshot(c))
    for share in shares:
        assert os.listdir(share) == []
        os.rmdir(share)


def test_fio_mode_wants_several_sessions(fresh_host):
    host = fresh_host()
    c = host.client(private_methods=True)
    with pytest.raises((JobFailed, RpcError)) as e:
        c.job('tuning.campaign.run', {**spec(session(c, host, 'ws1')['id']), 'client_mode': 'FIO_SERVERS'})
    assert 'spec.client_mode' in error_fields(e.value)
