"""Several clients, one measurement (issue 24 item 1): a campaign whose benchmark steps run on N client agents at
once, started together by the box's start barrier, their results kept per client and summed.

The real kit plays three agents (subprocesses, each over a directory of its own); the failures are played over HTTP,
so each is reached for sure. Waits are on lines, job ends and answers, bounded by HANG_SECONDS only."""
import os
import subprocess
import sys
import tempfile
import time

import pytest

from client import JobFailed, RpcError
from test_campaign_client_api import KIT, next_step, posted, spec, take_sigint
from test_client_api import http
from tuning_helpers import diff, error_fields, full_snapshot

HANG_SECONDS = 600
POLL_SECONDS = 0.2   # the pace of asking the box, as an agent does

pytestmark = pytest.mark.sandbox_only   # campaigns change the box: hosts of their own


def sessions_of(c, host, n):
    return [c.call('tuning.client.session.create', {'protocol': 'LOCAL', 'tests': ['SEQ_WRITE'], 'runs': 1,
                                                    'runtime_seconds': 5, 'ramp_seconds': 0,
                                                    'box_url': host.http_url, 'label': f'ws{i + 1}'})
            for i in range(n)]


def together(sessions, **overrides):
    return {**spec(None, **overrides), 'client_session_id': None, 'client_session_ids': [s['id'] for s in sessions],
            **overrides}


def ready(host, token, step_id, hostname=None):
    status, _, answer = http(host, 'POST', f'v1/steps/{step_id}/ready', token,
                             {'hostname': hostname} if hostname else {})
    assert status == 200, answer
    return answer


def ask_until(host, token, step_id, done, hostname=None):
    """Report ready as an agent does, every POLL_SECONDS, until ``done(answer)``."""
    end = time.monotonic() + HANG_SECONDS
    while time.monotonic() < end:
        answer = ready(host, token, step_id, hostname)
        if done(answer):
            return answer
        time.sleep(POLL_SECONDS)
    raise AssertionError(f'step {step_id}: the box did not answer as awaited within {HANG_SECONDS} s')


def counted(host, token, step_id, hostname):
    """Report ready until the box's barrier counts it: before the box opens the step's start it answers WAIT
    without counting anyone (an agent keeps asking, so does this)."""
    return ask_until(host, token, step_id, lambda answer: answer['ready'] is not None, hostname)


def ready_until(host, token, step_id, state):
    """Ask as an agent does until the box answers ``state`` (GO or STOP)."""
    def done(answer):
        assert answer['state'] in (state, 'WAIT'), answer
        return answer['state'] == state
    return ask_until(host, token, step_id, done)


def test_three_real_agents_measure_each_step_together_and_the_step_is_their_sum(fresh_host):
    host = fresh_host()
    c = host.client(private_methods=True)
    sessions = sessions_of(c, host, 3)
    shares = [tempfile.mkdtemp(prefix=f'share{i}-') for i in range(3)]
    agents = [subprocess.Popen([sys.executable, KIT, 'agent', '--box', host.http_url, '--path', share,
                                '--no-network'],
                               env={**os.environ, 'TUNING_TOKEN': s['token']}, stdout=subprocess.PIPE,
                               stderr=subprocess.STDOUT, text=True, preexec_fn=take_sigint)
              for s, share in zip(sessions, shares)]
    try:
        row = c.job('tuning.campaign.run', together(sessions, label='three clients'), timeout=HANG_SECONDS)
    finally:
        outputs = []
        for agent in agents:
            agent.send_signal(2)   # SIGINT: as Ctrl-C
            outputs.append(agent.communicate(timeout=HANG_SECONDS)[0])
    assert row['state'] == 'DONE', (row['message'], outputs)
    for share, output in zip(shares, outputs):
        assert os.listdir(share) == [], output   # every agent's scratch directories are gone
        assert 'go, all 3 clients start' in output, output
        os.rmdir(share)
    for step in row['steps']:
        assert len(step['client_step_ids']) == 3 and len(step['client_benchmark_ids']) == 3
        summed = c.call('tuning.benchmark.get', step['benchmark_id'])
        each = [c.call('tuning.benchmark.get', i) for i in step['client_benchmark_ids']]
        assert summed['source'] == 'CLIENT' and summed['context']['aggregate']['clients'] == 3
        assert [x['context']['session']['id'] for x in each] == [s['id'] for s in sessions]
        total = sum(x['runs']['SEQ_WRITE'][0]['metrics']['write_bw_bytes'] for x in each)
        assert summed['runs']['SEQ_WRITE'][0]['metrics']['write_bw_bytes'] == pytest.approx(total)
        spread = summed['context']['aggregate']['spread']['SEQ_WRITE']['write_bw_bytes']
        assert spread['min'] <= spread['median'] <= spread['max']
        assert spread['max'] <= total
    # the ladder reads the sum as what the clients get, and says it is a sum
    ladder = c.call('tuning.ladder.get', {'pool': 'tank'})
    clients = [layer for layer in ladder['layers'] if layer['layer'] == 'PROTOCOL']
    assert any('3 clients' in (layer['note'] or '') for layer in clients), clients


def test_a_client_not_ready_in_time_is_named_and_nothing_is_kept(fresh_host):
    host = fresh_host()
    c = host.client(private_methods=True)
    before = full_snapshot(c)
    count = c.call('tuning.benchmark.query', [], {'count': True})
    sessions = sessions_of(c, host, 3)
    job_id = c.job_id('tuning.campaign.run', together(sessions, client_ready_seconds=10))
    steps = [next_step(host, s['token']) for s in sessions[:2]]   # the third client never comes
    assert counted(host, sessions[0]['token'], steps[0]['id'], 'ws1')['state'] == 'WAIT'
    stop = ready_until(host, sessions[1]['token'], steps[1]['id'], 'STOP')
    assert f'session {sessions[2]["id"]} (ws3) was not ready within 10 s' in stop['message']
    job = c.wait_job(job_id, timeout=HANG_SECONDS)
    assert job['state'] == 'FAILED'
    row = c.call('tuning.campaign.query', [['job_id', '=', job_id]], {'get': True})
    assert row['state'] == 'FAILED' and f'session {sessions[2]["id"]} (ws3) was not ready' in row['message']
    assert not diff(before, full_snapshot(c))
    assert c.call('tuning.benchmark.query', [], {'count': True}) == count
    # a late result of a ready client is refused
    status, _, answer = http(host, 'POST', 'v1/results', sessions[0]['token'], posted(sessions[0], steps[0]))
    assert status == 400 and 'CANCELLED' in answer['error']['extra'][0][1]


def test_a_client_that_fails_stops_the_others_and_its_partners_results_are_removed(fresh_host):
    host = fresh_host()
    c = host.client(private_methods=True)
    before = full_snapshot(c)
    count = c.call('tuning.benchmark.query', [], {'count': True})
    sessions = sessions_of(c, host, 3)
    job_id = c.job_id('tuning.campaign.run', together(sessions))
    steps = [next_step(host, s['token']) for s in sessions]
    assert all(s['plan']['start'] == {'clients': 3, 'ready_seconds': 600} for s in steps)
    for session, step in zip(sessions, steps):
        counted(host, session['token'], step['id'], None)
    go = ready_until(host, sessions[0]['token'], steps[0]['id'], 'GO')
    assert 0 <= go['start_in_seconds'] <= 3 and go['ready'] == 3
    status, _, first = http(host, 'POST', 'v1/results', sessions[0]['token'], posted(sessions[0], steps[0]))
    assert status == 201, first
    status, _, answer = http(host, 'POST', f'v1/steps/{steps[1]["id"]}/failed', sessions[1]['token'],
                             {'message': 'fio failed: No space left on device'})
    assert status == 200, answer
    stop = ready_until(host, sessions[2]['token'], steps[2]['id'], 'STOP')   # between its runs: told to stop
    assert 'fio failed: No space left on device' in stop['message']
    job = c.wait_job(job_id, timeout=HANG_SECONDS)
    assert job['state'] == 'FAILED'
    row = c.call('tuning.campaign.query', [['job_id', '=', job_id]], {'get': True})
    assert f'session {sessions[1]["id"]} (ws2)' in row['message'] and 'No space left' in row['message']
    assert f'#{first["id"]} removed' in row['message']
    assert not diff(before, full_snapshot(c))
    assert c.call('tuning.benchmark.query', [], {'count': True}) == count   # nothing half-kept


def test_the_sessions_are_checked_before_anything_changes(fresh_host):
    host = fresh_host()
    c = host.client(private_methods=True)
    before = full_snapshot(c)
    sessions = sessions_of(c, host, 2)
    c.call('tuning.client.session.revoke', sessions[1]['id'])
    cases = [({'client_session_id': sessions[0]['id']}, 'spec.client_session_ids'),     # both
             ({'client_session_ids': [sessions[0]['id']] * 2}, 'spec.client_session_ids'),  # twice
             ({'client_session_ids': [sessions[0]['id'], 999]}, 'spec.client_session_ids.1'),
             ({'client_session_ids': [sessions[1]['id']]}, 'spec.client_session_ids.0'),   # revoked
             ({'client_session_ids': list(range(1, 18))}, 'spec.client_session_ids'),      # 17 clients
             ({'client_session_ids': []}, 'spec.client_session_ids'),
             ({'client_ready_seconds': 5}, 'spec.client_ready_seconds')]
    for overrides, field in cases:
        with pytest.raises((JobFailed, RpcError)) as e:
            c.job('tuning.campaign.run', {**together(sessions[:1]), **overrides})
        assert field in error_fields(e.value), (overrides, e.value)
    assert not c.call('tuning.campaign.query') and not diff(before, full_snapshot(c))
