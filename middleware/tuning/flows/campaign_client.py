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
from ..core.client.barrier import aggregate_record, group_outcome, member_words
from ..core.client.fio_clients import measured_record
from ..core.client.instructions import kit_instructions, min_size_bytes
from ..framework import CallError, ValidationErrors
from ..store import benchmarks as bench_store, client_sessions as sessions
from ..store.offloop import store_call
from .bench_run import box_context

CLIENT_POLL_SECONDS = 2   # how often the campaign looks for the agent's result (it arrives over HTTP, in the store)
CLIENT_WAIT_SECONDS = 3600  # the spec's default (campaign_models)
CLIENT_READY_SECONDS = 600  # the spec's default (campaign_models)
SESSION = 'tuning.client.session'


def session_ids(spec: dict) -> list[int]:
    """The campaign's client sessions: ``client_session_ids``, or ``client_session_id`` alone; [] on the box."""
    if spec.get('client_session_ids'):
        return list(spec['client_session_ids'])
    return [spec['client_session_id']] if spec.get('client_session_id') is not None else []


def step_instructions(benchmark: dict, memory: dict, network_port: int) -> dict:
    """The kit instructions of a campaign's client step: the campaign's tests, runs and durations in the kit's shape
    (pure)."""
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


async def validated_session(middleware, spec: dict) -> list[dict] | None:
    """The campaign's client sessions, checked before anything changes; None for a campaign measured on the box."""
    many = spec.get('client_session_ids')
    if many and spec.get('client_session_id') is not None:
        verrors = ValidationErrors()
        verrors.add('spec.client_session_ids', 'Give client_session_id (one client) or client_session_ids '
                                               '(several), not both.')
        verrors.check()
    if spec.get('client_mode', 'AGENTS') != 'AGENTS' and not many:
        verrors = ValidationErrors()
        verrors.add('spec.client_mode', 'fio\'s own distributed mode needs client_session_ids (one session per '
                                        'client running tuning_client.py fio-server).')
        verrors.check()
    if many and len(set(many)) != len(many):
        verrors = ValidationErrors()
        verrors.add('spec.client_session_ids', 'Lists a session more than once: each client has its own session.')
        verrors.check()
    if not session_ids(spec):
        return None
    fields = [f'spec.client_session_ids.{i}' for i in range(len(many))] if many else ['spec.client_session_id']
    found = []
    for session_id, field in zip(session_ids(spec), fields):
        session = await store_call(middleware, sessions.get_session, session_id)
        check_session(session, session_id, field)
        found.append(session)
    return found


def waiting_words(step: dict, session: dict) -> str:
    if step['state'] == 'PENDING':
        return (f'waiting for the client agent of session {session["id"]} ({session["label"]}) to take the step: '
                'run `python3 tuning_client.py agent` on the client (the Clients page shows the command)')
    return f'the client agent of session {session["id"]} is benchmarking (step {step["id"]})'


class ClientStep:
    """One benchmark step of a campaign on its client agent (or agents: ``client_session_ids``)."""

    def __init__(self, middleware, campaign: dict, say):
        self.middleware, self.campaign, self.say = middleware, campaign, say
        self.spec = campaign['spec']
        self.session_ids = session_ids(self.spec)
        self.session_id = self.session_ids[0]
        self.together = bool(self.spec.get('client_session_ids'))   # a start barrier, even for one client

    async def queue(self, label: str) -> list[dict]:
        """Leave the step for the agent(s); → the client steps (PENDING), one per session."""
        profile = await read_profile(self.middleware)
        queued = []
        for i, session_id in enumerate(self.session_ids):
            session = await store_call(self.middleware, sessions.get_session, session_id)
            check_session(session, session_id, f'spec.client_session_ids.{i}' if self.together
                          else 'spec.client_session_id')
            instructions = step_instructions(self.spec['benchmark'], profile['memory'],
                                             session['plan']['network']['port'])
            if self.together:   # the kit reports ready and waits for the box's go (docs/clients.md)
                instructions['start'] = {'clients': len(self.session_ids),
                                         'ready_seconds': self.spec.get('client_ready_seconds', CLIENT_READY_SECONDS)}
            queued.append(await store_call(self.middleware, sessions.add_step, session_id=session_id,
                                           campaign_id=self.campaign['id'], label=label, plan=instructions))
        return queued

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

    async def members(self, step_ids: list[int]) -> list[dict]:
        out = []
        for step_id, session_id in zip(step_ids, self.session_ids):
            session = await store_call(self.middleware, sessions.get_session, session_id)
            out.append({'step_id': step_id, 'session_id': session_id,
                        'label': session['label'] if session else f'session {session_id}'})
        return out

    async def wait_together(self, step_ids: list[int], label: str) -> tuple[int, list[int]]:
        """Hold the start barrier of the step's agents and wait (bounded by ``client_ready_seconds`` for all to be
        ready, ``client_wait_seconds`` in all) for every result; → (the id of their summed result, each client's
        result id). A client late or failing fails the whole step: the others are told to stop, their results
        are removed, and the campaign stops naming the client."""
        members = await self.members(step_ids)
        named = {m['step_id']: m for m in members}
        await self.middleware.call(f'{SESSION}.barrier_open', members,
                                   self.spec.get('client_ready_seconds', CLIENT_READY_SECONDS))
        loop = asyncio.get_running_loop()
        wait_seconds = self.spec.get('client_wait_seconds', CLIENT_WAIT_SECONDS)
        deadline = loop.time() + wait_seconds
        while True:
            steps = [await store_call(self.middleware, sessions.get_step, i) for i in step_ids]
            if any(s is None for s in steps):
                await self.fail_together(step_ids, 'a client step is gone from the database')
            failure = await self.middleware.call(f'{SESSION}.barrier_failure', step_ids[0])
            outcome, words = group_outcome(steps, named, failure)
            if outcome == 'WAIT':
                for step in steps:
                    session = await store_call(self.middleware, sessions.get_session, step['session_id'])
                    if session is None or session['state'] != 'ACTIVE':
                        state = session['state'].lower() if session else 'gone'
                        outcome, words = 'FAILED', f'{member_words(named[step["id"]])}: the session is {state}'
                        break
            if outcome == 'WAIT' and loop.time() >= deadline:
                outcome, words = 'FAILED', f'not every client posted its result within {wait_seconds // 60} minutes'
            if outcome == 'FAILED':
                await self.fail_together(step_ids, words)
            if outcome == 'DONE':
                ids = [s['benchmark_id'] for s in steps]
                records = [await store_call(self.middleware, bench_store.get_benchmark, i) for i in ids]
                record = await self.middleware.run_in_thread(aggregate_record, records, label)
                stored = await store_call(self.middleware, bench_store.insert_benchmark, **record)
                await self.middleware.call(f'{SESSION}.barrier_close', step_ids)
                return stored['id'], ids
            ready = sum(s['state'] != 'PENDING' for s in steps)
            self.say(f'{len(steps)} client agents: {ready} took the step, '
                     f'{sum(s["state"] == "DONE" for s in steps)} posted their result')
            await asyncio.sleep(CLIENT_POLL_SECONDS)  # the agents answer over HTTP into the store: poll, bounded

    async def fio_servers(self, label: str) -> int:
        """The step measured with fio's own distributed mode: each test and run driven by the box on the clients'
        fio servers (``tuning.client.session.fio_measure``), fio's "All clients" sums stored as one result; → its
        id. A server missing or fio failing stops the campaign naming the session or the field."""
        bench = self.spec['benchmark']
        profile = PROFILES[bench['profile']]
        runtime = bench.get('runtime_seconds') or profile.runtime_seconds
        ramp = bench['ramp_seconds'] if bench.get('ramp_seconds') is not None else profile.ramp_seconds
        memory = (await read_profile(self.middleware))['memory']
        # together the clients' files are twice the ARC (direct I/O keeps their own caches out)
        size = max(64 << 20, -(-min_size_bytes(memory) // len(self.session_ids) // (1 << 20)) << 20)
        found = {}
        for test in bench['tests']:
            for run in range(1, bench['runs'] + 1):
                self.say(f'{len(self.session_ids)} clients\' fio servers: {test} run {run} of {bench["runs"]}')
                found.setdefault(test, []).append(await self.middleware.call(
                    f'{SESSION}.fio_measure', self.session_ids, test, runtime, ramp, size))
        first = await store_call(self.middleware, sessions.get_session, self.session_ids[0])
        state = await self.middleware.call('tuning.current_state')
        context = await box_context(self.middleware, state, None)
        context = {**context, 'target': {'protocol': first['protocol'], 'kind': 'DIRECTORY', 'path': None,
                                         'dataset': first['dataset'],
                                         'pool': first['dataset'].split('/')[0] if first['dataset'] else None},
                   'session': {'id': first['id'], 'label': first['label'], 'protocol': first['protocol'],
                               'dataset': first['dataset'], 'step_id': None}}
        spec = {'session_ids': self.session_ids, 'runs': bench['runs'], 'runtime_seconds': runtime,
                'ramp_seconds': ramp, 'size_bytes': size}
        record = await self.middleware.run_in_thread(measured_record, found, label, spec, context)
        return (await store_call(self.middleware, bench_store.insert_benchmark, **record))['id']

    async def fail_together(self, step_ids: list[int], words: str) -> None:
        """Nothing of a failed multi-client step is kept: the waiting agents are told to stop, open steps are
        cancelled and the results already posted removed; → raises the failure naming the client(s)."""
        await self.middleware.call(f'{SESSION}.barrier_fail', step_ids[0], words)
        await store_call(self.middleware, sessions.cancel_open_steps, step_ids, f'the step failed: {words}')
        removed = []
        for step_id in step_ids:
            step = await store_call(self.middleware, sessions.get_step, step_id)
            if step is not None and step['benchmark_id'] is not None:
                await store_call(self.middleware, bench_store.delete_benchmark, step['benchmark_id'])
                removed.append(step['benchmark_id'])
        await self.middleware.call(f'{SESSION}.barrier_close', step_ids)
        kept = f' (results {", ".join(f"#{i}" for i in removed)} removed)' if removed else ''
        raise CallError(f'The {len(step_ids)} clients did not measure together: {words}{kept}.', errno.EIO)


async def cancel_client_steps(middleware, campaign_id: int, why: str) -> None:
    """Steps of a stopping campaign that its agent has not finished: CANCELLED (a late result is refused)."""
    await store_call(middleware, sessions.cancel_steps, campaign_id, why)
