"""Campaigns measured where it counts (issue 14 item 4): a campaign whose benchmark steps run on a client agent.

The box applies and restores the configurations; each benchmark step waits in the client session's queue until the
agent takes it (GET v1/steps/next) and posts its result with the step's id. Here the agent is played over HTTP with
real fio documents (tests/fixtures/bench/fio), and by the real kit in agent mode against a local directory."""
import os
import signal
import subprocess
import sys
import tempfile
import time

import pytest

from client import JobFailed, RpcError
from test_client_api import FIO, http
from tuning_helpers import diff, error_fields, full_snapshot

DATASET = 'tank/media'
FAST = {'tests': ['SEQ_WRITE'], 'profile': 'QUICK', 'runs': 1, 'runtime_seconds': 1, 'ramp_seconds': 0}
KIT = os.path.join(os.path.dirname(__file__), '..', '..', 'middleware', 'tuning', 'client_kit', 'tuning_client.py')

pytestmark = pytest.mark.sandbox_only   # campaigns change the box: hosts of their own


def session_of(c, host, **options):
    return c.call('tuning.client.session.create', {'protocol': 'LOCAL', 'tests': ['SEQ_WRITE'], 'runs': 1,
                                                   'runtime_seconds': 5, 'ramp_seconds': 0,
                                                   'box_url': host.http_url, **options})


def spec(session_id, **overrides):
    return {'dataset': DATASET, 'presets': ['max-seq-write'], 'benchmark': FAST, 'rounds': 1,
            'client_session_id': session_id, **overrides}


def next_step(host, token, deadline=120):
    """What an agent does: ask for the next step until one waits (the campaign queues it after configuring)."""
    end = time.monotonic() + deadline
    while time.monotonic() < end:
        status, _, answer = http(host, 'GET', 'v1/steps/next', token)
        if status == 200:
            return answer['step']
        assert status == 204, answer
        time.sleep(0.2)   # polling an external process (the campaign job), bounded by the deadline
    raise AssertionError('no step was queued')


def posted(session, step):
    return {
        'kit_version': 1, 'session_id': session['id'], 'step_id': step['id'], 'label': None,
        'started_at': '2026-11-24T10:00:00Z', 'finished_at': '2026-11-24T10:01:00Z',
        'client': {'hostname': 'agent1', 'os': 'Linux', 'os_version': '6.1.0', 'python': '3.11.2',
                   'fio_version': 'fio-3.33', 'iperf3_version': None, 'cpu_count': 2, 'ram_bytes': 4 << 30},
        'target': {'path': '/mnt/share', 'kind': 'DIRECTORY', 'protocol': 'NFS', 'protocol_version': '4.2',
                   'server': '127.0.0.1', 'export': '/mnt/tank/media', 'mount_options': 'rw,vers=4.2',
                   'fstype': 'nfs4'},
        'link': None,
        'cache_defeat': {'direct_io': True, 'size_bytes': 1 << 20, 'reason': 'O_DIRECT'},
        'fio': [{'test': 'SEQ_WRITE', 'run': 1, 'output': FIO['SEQ_WRITE']}],
        'iperf3': [], 'network_result_id': None,
    }


def test_every_benchmark_step_runs_on_the_client_agent_and_the_box_goes_back(fresh_host):
    host = fresh_host()
    c = host.client(private_methods=True)
    before = full_snapshot(c)
    session = session_of(c, host)
    job_id = c.job_id('tuning.campaign.run', spec(session['id'], label='from the client'))
    taken = []
    for _ in range(2):   # BASELINE, then max-seq-write
        step = next_step(host, session['token'])
        # the step's plan is the campaign's benchmark in the kit's shape, not the session's own plan
        assert [t['id'] for t in step['plan']['tests']] == ['SEQ_WRITE']
        assert step['plan']['runs'] == 1 and step['plan']['runtime_seconds'] == 1
        status, _, answer = http(host, 'POST', 'v1/results', session['token'], posted(session, step))
        assert status == 201, answer
        taken.append((step, answer['id']))
    job = c.wait_job(job_id, timeout=600)
    assert job['state'] == 'SUCCESS', job.get('error')
    row = job['result']
    assert row['state'] == 'DONE', row['message']
    assert [s['benchmark_id'] for s in row['steps']] == [b for _, b in taken]
    assert all(s['client_step_id'] == step['id'] for s, (step, _) in zip(row['steps'], taken))
    # the merged results are the client's: source CLIENT, the client's context, compared as usual
    merged = {name: c.call('tuning.benchmark.get', id_) for name, id_ in row['results'].items()}
    assert {m['source'] for m in merged.values()} == {'CLIENT'}
    assert merged['max-seq-write']['context']['target']['protocol'] == 'NFS'
    assert merged['max-seq-write']['context']['campaign']['rounds'] == [taken[1][1]]
    assert {r['test'] for r in row['recommendation']} == {'SEQ_WRITE'}
    assert not diff(before, full_snapshot(c))
    # a step is taken once: nothing waits any more, and a second result for a finished step is refused
    assert http(host, 'GET', 'v1/steps/next', session['token'])[0] == 204
    status, _, answer = http(host, 'POST', 'v1/results', session['token'], posted(session, taken[0][0]))
    assert status == 400 and 'step_id' in [e[0] for e in answer['error']['extra']]


def test_an_aborted_campaign_cancels_the_step_its_agent_has_not_finished(fresh_host):
    host = fresh_host()
    c = host.client(private_methods=True)
    before = full_snapshot(c)
    session = session_of(c, host)
    job_id = c.job_id('tuning.campaign.run', spec(session['id']))
    step = next_step(host, session['token'])
    campaign = c.call('tuning.campaign.query', [['job_id', '=', job_id]], {'get': True})
    assert 'client agent' in campaign['progress'] or campaign['phase'] == 'BENCHMARK'
    c.call('tuning.campaign.abort', campaign['id'])
    assert c.wait_job(job_id, timeout=600)['state'] in ('ABORTED', 'FAILED')
    row = c.call('tuning.campaign.query', [['id', '=', campaign['id']]], {'get': True})
    assert row['state'] == 'ABORTED'
    assert not diff(before, full_snapshot(c))
    # the agent's late result is refused and stores nothing
    count = c.call('tuning.benchmark.query', [], {'count': True})
    status, _, answer = http(host, 'POST', 'v1/results', session['token'], posted(session, step))
    assert status == 400 and 'CANCELLED' in answer['error']['extra'][0][1]
    assert c.call('tuning.benchmark.query', [], {'count': True}) == count


def test_a_step_the_agent_could_not_measure_stops_the_campaign_at_once_with_its_reason(fresh_host):
    host = fresh_host()
    c = host.client(private_methods=True)
    before = full_snapshot(c)
    session = session_of(c, host)
    other = session_of(c, host, label='another client')
    job_id = c.job_id('tuning.campaign.run', spec(session['id']))
    step = next_step(host, session['token'])
    path = f'v1/steps/{step["id"]}/failed'
    for token, body, field in ((session['token'], {'message': ''}, 'message'),
                               (session['token'], {'message': 'x', 'more': 1}, 'body'),
                               (session['token'], ['fio failed'], 'body'),
                               (other['token'], {'message': 'fio failed'}, 'step_id')):   # not its step
        status, _, answer = http(host, 'POST', path, token, body)
        assert status == 400 and [e[0] for e in answer['error']['extra']] == [field], answer
    status, _, answer = http(host, 'POST', path, session['token'],
                             {'message': 'fio failed: No space left\non device'})
    assert (status, answer) == (200, {'state': 'FAILED'})
    job = c.wait_job(job_id, timeout=600)
    assert job['state'] == 'FAILED'
    row = c.call('tuning.campaign.query', [['job_id', '=', job_id]], {'get': True})
    assert row['state'] == 'FAILED'
    assert 'the client agent failed: fio failed: No space left on device' in row['message']
    assert not diff(before, full_snapshot(c))
    # a failed step takes neither a second failure nor a result
    status, _, answer = http(host, 'POST', path, session['token'], {'message': 'again'})
    assert status == 400 and 'FAILED' in answer['error']['extra'][0][1]


def test_the_session_is_checked_before_anything_changes(fresh_host):
    host = fresh_host()
    c = host.client(private_methods=True)
    before = full_snapshot(c)
    with pytest.raises((JobFailed, RpcError)) as e:
        c.job('tuning.campaign.run', spec(999))
    assert 'spec.client_session_id' in error_fields(e.value)
    session = session_of(c, host)
    c.call('tuning.client.session.revoke', session['id'])
    with pytest.raises((JobFailed, RpcError)) as e:
        c.job('tuning.campaign.run', spec(session['id']))
    assert 'spec.client_session_id' in error_fields(e.value)
    assert 'revoked' in str(e.value)
    assert not c.call('tuning.campaign.query') and not diff(before, full_snapshot(c))


def take_sigint():
    """In the agent's child process: Ctrl-C stops it as from a terminal, also when this run was started in the
    background by a script (which ignores SIGINT, and a child inherits an ignored signal)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def test_the_real_kit_in_agent_mode_measures_a_campaign_from_a_directory(fresh_host):
    """As an admin would: the agent command runs on the client before the campaign starts and picks up its steps."""
    host = fresh_host()
    c = host.client(private_methods=True)
    session = session_of(c, host)
    with tempfile.TemporaryDirectory() as share:
        agent = subprocess.Popen(
            [sys.executable, KIT, 'agent', '--box', host.http_url, '--path', share, '--no-network'],
            env={**os.environ, 'TUNING_TOKEN': session['token']}, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
            text=True, preexec_fn=take_sigint)
        try:
            row = c.job('tuning.campaign.run', spec(session['id'], label='agent'), timeout=600)
        finally:
            agent.send_signal(signal.SIGINT)
            output, _ = agent.communicate(timeout=600)
        assert row['state'] == 'DONE', (row['message'], output)
        assert os.listdir(share) == [], output   # the agent's scratch directories are gone
    steps = [c.call('tuning.benchmark.get', s['benchmark_id']) for s in row['steps']]
    assert {s['source'] for s in steps} == {'CLIENT'}
    assert {s['context']['target']['kind'] for s in steps} == {'DIRECTORY'}
    assert all(s['summary']['SEQ_WRITE']['write_bw_bytes']['median'] > 0 for s in steps)
    assert {c.call('tuning.benchmark.get', i)['source'] for i in row['results'].values()} == {'CLIENT'}
