"""The kit's agent mode against a fake box: it takes campaign steps, runs each with real fio and posts the result
with the step's id; a failed step does not stop it; it waits through a box that goes away and comes back (a reboot);
a revoked token and an expired session stop it; Ctrl-C stops it cleanly."""
import os
import shutil
import signal
import subprocess
import sys

import pytest

from fake_box import TOKEN, FakeBox, tiny_plan
from test_kit_run import KIT, assert_box_accepts
from waiting import Lines, exit_status, until

pytestmark = pytest.mark.skipif(shutil.which('fio') is None, reason='fio is not installed')

GET_NEXT = ('GET', '/_plugins/tuning/client/v1/steps/next')


class Agent:
    """``tuning_client.py agent`` in the background, its stderr collected as it comes."""

    def __init__(self, box_url, path):
        self.proc = subprocess.Popen([sys.executable, KIT, 'agent', '--box', box_url, '--path', str(path)],
                                     stderr=subprocess.PIPE, text=True, env={**os.environ, 'TUNING_TOKEN': TOKEN})
        self.lines = Lines(self.proc.stderr)

    @property
    def output(self):
        return self.lines.text

    def wait_for(self, condition, what):
        """Until an observable (the fake box's records, the agent's words) holds, while the agent runs."""
        until(condition, what, alive=self.proc, said=lambda: self.output)

    def ended(self):
        """The agent's exit status once it ends by itself, with all it said."""
        code = exit_status(self.proc, 'the agent', said=lambda: self.output)
        self.lines.wait_for_end()
        return code

    def stop(self):
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGINT)
        return self.ended()


@pytest.fixture
def start_agent():
    """Agent(...) for the test; any still running at the end (a failed test) is killed, not left polling."""
    started = []

    def start(box_url, path):
        started.append(Agent(box_url, path))
        return started[-1]

    yield start
    for agent in started:
        if agent.proc.poll() is None:
            agent.proc.kill()
            agent.proc.wait()


def step(id_, plan, label='baseline'):
    return {'id': id_, 'campaign_id': 2, 'label': label, 'plan': plan}


def test_the_agent_runs_each_step_posts_it_with_its_id_and_keeps_going_after_a_failed_one(tmp_path, start_agent):
    good = tiny_plan(tests=('SEQ_WRITE', 'RAND_READ_4K'), runs=1)
    bad = tiny_plan(tests=('SEQ_WRITE',), runs=1)
    bad['tests'][0]['block_size'] = 1000  # O_DIRECT refuses it: fio fails
    with FakeBox(tiny_plan()) as box:
        box.steps = [step(11, bad, 'broken'), step(12, good, 'preset A')]
        agent = start_agent(box.url, tmp_path)
        try:
            agent.wait_for(lambda: box.results, 'posted result')
            # after the step it asks again at once, finds nothing and waits
            agent.wait_for(lambda: box.requests.count(GET_NEXT) >= 3, 'next poll')
        finally:
            code = agent.stop()
    assert code == 130, agent.output
    assert len(box.results) == 1
    result = box.results[0]
    assert (result['step_id'], result['session_id']) == (12, 7)
    assert [e['test'] for e in result['fio']] == ['SEQ_WRITE', 'RAND_READ_4K']
    assert_box_accepts(result, good)
    assert 'step 11 (broken) of campaign 2 failed: fio failed' in agent.output
    # the box was told, in words, so the campaign stops at once
    assert [(id_, body['message'][:10]) for id_, body in box.failed_steps] == [(11, 'fio failed')]
    assert set(box.failed_steps[0][1]) == {'message'}
    assert 'step 12 (preset A) of campaign 2: stored on the box as benchmark 1' in agent.output
    assert os.listdir(tmp_path) == []


def test_the_agent_waits_through_a_box_reboot(tmp_path, start_agent):
    plan = tiny_plan(tests=('SEQ_WRITE',), runs=1)
    with FakeBox(plan) as box:
        port = box.server.server_address[1]
        agent = start_agent(box.url, tmp_path)
        agent.wait_for(lambda: GET_NEXT in box.requests, 'first poll')
    try:  # the box is gone: the agent keeps asking, then the rebooted box has a step for it
        agent.lines.wait_for('asking for a step: cannot reach')  # the retry while the box is down
        with FakeBox(plan, port=port) as rebooted:
            rebooted.steps = [step(21, plan)]
            agent.wait_for(lambda: rebooted.results, 'result after the reboot')
    finally:
        code = agent.stop()
    assert code == 130
    assert rebooted.results[0]['step_id'] == 21 and os.listdir(tmp_path) == []


def test_a_revoked_token_stops_the_agent_with_words(tmp_path, start_agent):
    with FakeBox(tiny_plan()) as box:
        agent = start_agent(box.url, tmp_path)
        agent.wait_for(lambda: GET_NEXT in box.requests, 'first poll')
        box.revoked = True
        code = agent.ended()  # the next poll (5 s later) meets the 401
    assert code == 4
    assert 'did not accept the token (it is wrong, expired or revoked)' in agent.output


def test_an_expired_session_ends_the_agent(tmp_path, start_agent):
    with FakeBox(tiny_plan(), expires_at='2020-01-01T00:00:00+00:00') as box:
        agent = start_agent(box.url, tmp_path)
        code = agent.ended()
    assert code == 0 and 'the session has expired' in agent.output
    assert GET_NEXT not in box.requests


def ready_answer(state, start_in=None, message=None):
    return {'state': state, 'start_in_seconds': start_in, 'clients': 3, 'ready': 1, 'message': message}


def together(plan):
    return {**plan, 'start': {'clients': 3, 'ready_seconds': 60}}


def test_a_step_several_clients_measure_waits_for_the_box_go_and_asks_again_between_runs(tmp_path, start_agent):
    plan = together(tiny_plan(tests=('SEQ_WRITE',), runs=2))
    with FakeBox(tiny_plan()) as box:
        box.steps = [step(21, plan)]
        box.ready_answers = [ready_answer('WAIT', message='1 of 3 clients ready'), ready_answer('WAIT'),
                             ready_answer('GO', start_in=0.2)]
        agent = start_agent(box.url, tmp_path)
        try:
            agent.wait_for(lambda: box.results, 'posted result')
        finally:
            code = agent.stop()
    assert code == 130, agent.output
    reports = [r for r in box.requests if r[1].endswith('/ready')]
    assert len(reports) == 4   # WAIT, WAIT, GO, then once before run 2
    assert box.requests.index(reports[-1]) < box.requests.index(('POST', '/_plugins/tuning/client/v1/results'))
    assert {id_ for id_, _ in box.ready_bodies} == {21} and set(box.ready_bodies[0][1]) == {'hostname'}
    assert 'step 21: 1 of 3 clients ready' in agent.output and 'go, all 3 clients start in 0.2 s' in agent.output
    assert [e['run'] for e in box.results[0]['fio']] == [1, 2]


def test_a_stop_between_runs_ends_the_step_without_a_result_or_a_second_report(tmp_path, start_agent):
    plan = together(tiny_plan(tests=('SEQ_WRITE',), runs=2))
    with FakeBox(tiny_plan()) as box:
        box.steps = [step(22, plan)]
        box.ready_answers = [ready_answer('GO', start_in=0), ready_answer(
            'STOP', message='session 5 (ws2) failed: fio failed')]
        agent = start_agent(box.url, tmp_path)
        try:
            agent.wait_for(lambda: 'the box stopped the step' in agent.lines.text, 'the stop')
            agent.wait_for(lambda: box.requests.count(GET_NEXT) >= 2, 'next poll')   # it goes on waiting
        finally:
            code = agent.stop()
    assert code == 130, agent.output
    assert box.results == [] and box.failed_steps == []
    assert 'the box stopped the step: session 5 (ws2) failed: fio failed' in agent.output
    assert os.listdir(tmp_path) == []   # its scratch is gone
