"""A campaign's benchmark steps measured where it counts: on a client running the kit in agent mode
(``tuning_client.py agent``), over its share or LUN.

The box still configures and reboots; each benchmark step becomes a ``client_step`` of the campaign's client session
(committed in the campaign's steps before the wait begins, so a resumed campaign waits for the same step), the agent
takes it, runs the plan and posts its result with the step's id, and the campaign carries on with that result.
"""
import asyncio
import errno

from ..box.profile import read_profile
from ..core.bench.catalog import PROFILES
from ..core.client.instructions import kit_instructions
from ..framework import CallError, ValidationErrors
from ..store import client_sessions as sessions
from ..store.offloop import store_call

CLIENT_POLL_SECONDS = 2   # how often the campaign looks for the agent's result (it arrives over HTTP, in the store)
CLIENT_WAIT_SECONDS = 3600  # the spec's default (campaign_models)


def step_plan(benchmark: dict, memory: dict, network_port: int) -> dict:
    """The plan a campaign's client step runs: the campaign's tests, runs and durations in the kit's shape (pure)."""
    profile = PROFILES[benchmark['profile']]
    return kit_instructions({
        'tests': benchmark['tests'], 'runs': benchmark['runs'],
        'runtime_seconds': benchmark.get('runtime_seconds') or profile.runtime_seconds,
        'ramp_seconds': benchmark['ramp_seconds'] if benchmark.get('ramp_seconds') is not None
        else profile.ramp_seconds,
        'network_interface': None, 'network_port': network_port,
    }, memory)


def check_session(session: dict | None, session_id: int, field: str) -> None:
    """``ValidationErrors`` naming ``field`` unless the session exists and its token still works."""
    verrors = ValidationErrors()
    if session is None:
        verrors.add(field, f'No client session {session_id}.', errno.ENOENT)
    elif session['state'] != 'ACTIVE':
        verrors.add(field, f'Client session {session_id} is {session["state"].lower()}: create a new one for the '
                           'client agent.')
    verrors.check()


async def validated_session(middleware, spec: dict) -> dict | None:
    """The campaign's client session, checked before anything changes; None for a campaign measured on the box."""
    session_id = spec.get('client_session_id')
    if session_id is None:
        return None
    session = await store_call(middleware, sessions.get_session, session_id)
    check_session(session, session_id, 'spec.client_session_id')
    return session


def waiting_words(step: dict, session: dict) -> str:
    if step['state'] == 'PENDING':
        return (f'waiting for the client agent of session {session["id"]} ({session["label"]}) to take the step: '
                'run `python3 tuning_client.py agent` on the client (the Clients page shows the command)')
    return f'the client agent of session {session["id"]} is benchmarking (step {step["id"]})'


class ClientStep:
    """One benchmark step of a campaign on its client agent."""

    def __init__(self, middleware, campaign: dict, say):
        self.middleware, self.campaign, self.say = middleware, campaign, say
        self.spec = campaign['spec']
        self.session_id = self.spec['client_session_id']

    async def queue(self, label: str) -> dict:
        """Leave the step for the agent; → the client step (PENDING)."""
        profile = await read_profile(self.middleware)
        session = await store_call(self.middleware, sessions.get_session, self.session_id)
        check_session(session, self.session_id, 'spec.client_session_id')
        plan = step_plan(self.spec['benchmark'], profile['memory'], session['plan']['network']['port'])
        return await store_call(self.middleware, sessions.add_step, session_id=self.session_id,
                                campaign_id=self.campaign['id'], label=label, plan=plan)

    async def wait(self, client_step_id: int) -> int:
        """Wait (bounded by ``client_wait_seconds``) for the agent's result; → its benchmark id. A step the agent
        failed, a session that expired or was revoked, or no result in time stops the campaign with the reason."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + self.spec.get('client_wait_seconds', CLIENT_WAIT_SECONDS)
        while True:
            step = await store_call(self.middleware, sessions.get_step, client_step_id)
            session = await store_call(self.middleware, sessions.get_session, self.session_id)
            if step is None:
                raise CallError(f'Client step {client_step_id} is gone from the database.', errno.ENOENT)
            if step['state'] == 'DONE':
                return step['benchmark_id']
            if step['state'] in ('FAILED', 'CANCELLED'):
                raise CallError(f'The client agent did not measure step {step["id"]}: {step["message"]}', errno.EIO)
            if session is None or session['state'] != 'ACTIVE':
                state = session['state'].lower() if session else 'gone'
                await store_call(self.middleware, sessions.fail_step, client_step_id, f'the session is {state}')
                raise CallError(f'Client session {self.session_id} is {state} before its agent measured step '
                                f'{step["id"]}.', errno.EPERM)
            if loop.time() >= deadline:
                minutes = self.spec.get('client_wait_seconds', CLIENT_WAIT_SECONDS) // 60
                await store_call(self.middleware, sessions.fail_step, client_step_id, 'no result in time')
                taken = 'it never took the step' if step['state'] == 'PENDING' else 'it took the step'
                raise CallError(f'No result from the client agent of session {self.session_id} within {minutes} '
                                f'minutes ({taken}).', errno.ETIMEDOUT)
            self.say(waiting_words(step, session))
            await asyncio.sleep(CLIENT_POLL_SECONDS)  # the result arrives over HTTP into the store: poll, bounded


async def cancel_client_steps(middleware, campaign_id: int, why: str) -> None:
    """Steps of a stopping campaign that its agent has not finished: CANCELLED (a late result is refused)."""
    await store_call(middleware, sessions.cancel_steps, campaign_id, why)
