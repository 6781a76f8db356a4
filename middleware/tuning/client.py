"""``tuning.client``: measuring from the clients (docs/clients.md). ``tuning.client.session`` keeps sessions (a plan
and an expiring token), ``tuning.client.kit`` serves the kit. The kit's HTTP side (``client_http``) reaches the
private methods here through ``middleware.call``, so it behaves the same in middlewared and the standalone host."""
import asyncio
import errno
import functools
import hashlib
import ipaddress
import os
import re
import shutil
import tempfile
import time
from datetime import datetime

import pydantic

from .flows import network_run
from .flows.bench_run import box_context
from .client_models import (
    TuningClientKitArgs, TuningClientKitResult, TuningClientSessionCreateArgs, TuningClientSessionCreateResult,
    TuningClientSessionGetArgs, TuningClientSessionGetResult, TuningClientSessionQueryArgs,
    TuningClientSessionQueryResult, TuningClientSessionRevokeArgs, TuningClientSessionRevokeResult,
    TuningClientSubmission, control_character_problem,
)
from .box.profile import read_profile
from .context import plugin_context
from .core import strict_json
from .core.bench import BenchmarkInputError
from .core.client import (
    certificate_sha256, client_record, client_runs, commands, default_box_url, kit_instructions, kit_url,
)
from .core.client import bounds
from .core.client.barrier import StartBarrier, member_words
from .core.client import fio_clients
from .core.client.instructions import plan_test
from .core.network.measurements import client_argv, measurements, pick_address
from .shared.zfs_names import zfs_name_error
from .framework import (
    CallError, READ_ROLES, Service, ValidationErrors, WRITE_ROLES, api_method, field_error, field_errors, filter_list,
    private,
)
from .store import benchmarks as benchmark_store, client_sessions as store, client_usage
from .store.db import dumps
from .store.offloop import FEW_ROWS, store_call, store_query

KIT_FILE = os.path.join(os.path.dirname(os.path.abspath(__file__)), 'client_kit', 'tuning_client.py')
KIT_VERSION = re.compile(r'^KIT_VERSION\s*=\s*(\d+)\s*$', re.MULTILINE)
BOX_URL = re.compile(r'^https?://(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?)(?::(\d{1,5}))?/?$')
MAX_FIELD_ERRORS = 20
MAX_FAILURE_WORDS = 2000  # what an agent may say about a step it could not measure
FIO_SERVER_SECONDS = 3600   # the longest a kit's fio server may run for the box at one grant
FIO_CLIENT_MARGIN_SECONDS = 120   # fio --client's bound beyond its jobs' time (connecting, laying out files)

# The network measurement a session's kit asks for: tuning.network.measure's own defaults.
NETWORK_SECONDS = 10
NETWORK_STREAMS = 4
FINISHED_JOB_STATES = ('SUCCESS', 'FAILED', 'ABORTED')


def public(session: dict, results: list[int]) -> dict:
    """A stored session as the API shows it (never a token)."""
    tls = session['options'].get('tls_sha256')
    return {**{k: session[k] for k in ('id', 'label', 'protocol', 'dataset', 'created_at', 'expires_at',
                                       'revoked_at', 'state', 'plan', 'box_url')},
            'results': results, 'kit_url': kit_url(session['box_url']), 'tls_sha256': tls,
            'commands': commands(session['box_url'], kit_sha256(), tls)}


def public_session(db, session: dict) -> dict:
    return public(session, store.session_results(db, session['id']))


def query_sessions(db, filters: list, options: dict):
    """``tuning.client.session.query``'s answer."""
    return filter_list([public_session(db, s) for s in store.list_sessions(db)], filters, options)


def session_or_error(db, id_: int, field: str = 'id') -> dict:
    session = store.get_session(db, id_)
    if session is None:
        raise field_error(field, f'No client session {id_}.', errno.ENOENT)
    return session


def _join(*parts) -> str:
    return '.'.join(str(p) for p in parts if p != '')


def errors_of(problems: list[tuple[str, str]]) -> ValidationErrors:
    return field_errors(problems[:MAX_FIELD_ERRORS])  # a hostile body's errors are bounded too


def submission_or_errors(body, field: str = '') -> dict:
    """A RESULT checked by its model, each fio document no larger than a real one; ``ValidationErrors`` naming each
    bad field (``fio.3.run``) under ``field``."""
    try:
        result = TuningClientSubmission.model_validate(body).model_dump()
    except pydantic.ValidationError as e:
        raise errors_of([(_join(field, *error['loc']) or 'body', error['msg']) for error in e.errors()]) from None
    if oversized := bounds.oversized_fio_documents([len(dumps(job['output'])) for job in result['fio']], field):
        raise errors_of(oversized)
    return result


def strict_json_or_errors(data: str, field: str):
    """``data`` parsed as strict JSON (``core.strict_json``); ``ValidationErrors`` naming ``field`` or the values
    under it that are not JSON (NaN, Infinity), too wide or too deep."""
    try:
        return strict_json.loads(data, field)
    except strict_json.JsonInputError as e:
        raise errors_of(e.problems) from None


@functools.cache
def kit_sha256() -> str:
    """The installed kit's SHA-256, which the commands check the download against (the file changes only with a
    reinstall of the plugin, which restarts its host)."""
    return kit()['sha256']


def kit() -> dict:
    try:
        with open(KIT_FILE, 'rb') as f:
            data = f.read()
    except FileNotFoundError:
        raise CallError(f'The client kit is not installed ({KIT_FILE} is missing).', errno.ENOENT) from None
    text = data.decode()
    found = KIT_VERSION.search(text)
    return {'file_name': os.path.basename(KIT_FILE), 'text': text, 'sha256': hashlib.sha256(data).hexdigest(),
            'version': int(found.group(1)) if found else 0}


class TuningClientService(Service):

    class Config:
        namespace = 'tuning.client'
        cli_namespace = 'system.tuning.client'

    @api_method(TuningClientKitArgs, TuningClientKitResult, roles=READ_ROLES)
    def kit(self):
        """The client kit: one stdlib-only Python 3 file that runs fio (and iperf3) on a client for a session
        (also served without login at `/_plugins/tuning/client/kit/tuning_client.py`)."""
        return kit()


class TuningClientSessionService(Service):

    class Config:
        namespace = 'tuning.client.session'
        cli_namespace = 'system.tuning.client.session'

    def __init__(self, middleware):
        super().__init__(middleware)
        # network jobs started for a session's kit, by job id, and each session's use of them (core.client.bounds):
        # jobs end with the host, so memory is where they belong
        self._network_jobs: dict[int, int] = {}
        self._network_use: dict[int, dict] = {}
        self._network_last: dict[int, object] = {}   # session id → its latest network job
        # a session's room is checked and its result stored as one step, so two posts at once cannot both pass
        self._storing = asyncio.Lock()
        # the start barriers of multi-client steps, each under every one of its client step ids: a barrier lives
        # while its campaign waits (a host restart loses it, and the resumed campaign opens it again)
        self._barriers: dict[int, StartBarrier] = {}
        # fio servers the kits run for the box (fio's own distributed mode), by session: a grant lives in memory
        # and ends with its time, the session, the kit's DELETE, or the host
        self._fio_servers: dict[int, dict] = {}

    @api_method(TuningClientSessionCreateArgs, TuningClientSessionCreateResult, roles=WRITE_ROLES,
                audit='Tuning client session create')
    async def create(self, options):
        """A session for the client kit: its test plan (sized to this box's ARC) and a token that can only submit
        results for it, shown only in this answer (the box keeps its SHA-256). `commands` are ready to paste on a
        client; the token goes in the `TUNING_TOKEN` environment variable, never on the command line."""
        verrors = ValidationErrors()
        if len(set(options['tests'])) != len(options['tests']):
            verrors.add('options.tests', 'Lists a test more than once.')
        if options['dataset'] is not None:
            await self._check_dataset(options['dataset'], verrors)
        profile = await read_profile(self.middleware)
        names = [n['name'] for n in profile['nics']]
        if options['network_interface'] is not None and options['network_interface'] not in names:
            verrors.add('options.network_interface', f'{options["network_interface"]} is not a network port of '
                                                     f'this box ({", ".join(names) or "none"}).', errno.ENOENT)
        verrors.check()
        box_url = await self._box_url(options, verrors)
        verrors.check()
        options = {**options, 'tls_sha256': await self._tls_sha256(box_url)}
        instructions = kit_instructions(options, profile['memory'])
        token = store.new_token()
        expires_at = store.expiry(options['expires_minutes'])
        label = options['label'] or f'{options["protocol"]} clients until {expires_at[:16].replace("T", " ")} UTC'
        session = await store_call(self.middleware, store.insert_session, label=label, protocol=options['protocol'],
                                   dataset=options['dataset'], token=token, expires_at=expires_at, options=options,
                                   plan=instructions, box_url=box_url)
        return {**public(session, []), 'token': token}

    async def _check_dataset(self, name: str, verrors: ValidationErrors) -> None:
        if problem := zfs_name_error(name):
            verrors.add('options.dataset', f'{name!r} is not a ZFS dataset name: it {problem}.')
        elif not await self.middleware.call('pool.dataset.query', [['id', '=', name]]):
            verrors.add('options.dataset', f'No dataset or zvol {name!r} on this box.', errno.ENOENT)

    async def _tls_sha256(self, box_url: str) -> str | None:
        """The fingerprint of the certificate the box's web UI serves (TrueNAS: `system.general.config`'s
        `ui_certificate`), for the kit to pin; None over plain HTTP or when the box has no such setting (the
        standalone host)."""
        if not box_url.startswith('https://'):
            return None
        try:
            config = await self.middleware.call('system.general.config')
        except CallError as e:
            self.logger.debug('tuning: no web UI certificate to pin (%s)', e)
            return None
        certificate = config.get('ui_certificate') if isinstance(config, dict) else None
        return certificate_sha256(certificate.get('certificate') if isinstance(certificate, dict) else None)

    async def _box_url(self, options: dict, verrors: ValidationErrors) -> str | None:
        if options['box_url'] is not None:
            found = BOX_URL.match(options['box_url'])
            if not found or (found.group(2) and not 0 < int(found.group(2)) < 65536):
                verrors.add('options.box_url', 'Must be http(s)://host[:port], the address a client reaches this '
                                               'box at.')
            return options['box_url'].rstrip('/')
        rows = await self.middleware.call('interface.query')
        wanted = options['network_interface']
        for row in sorted(rows, key=lambda r: (r['name'] != wanted, r['name'])):
            url = default_box_url(pick_address((row.get('state') or {}).get('aliases') or []))
            if url and (wanted is None or row['name'] == wanted):
                return url
        where = f'{wanted} has' if wanted else 'No port of this box has'
        verrors.add('options.box_url', f'{where} no address to offer the clients: give box_url.')
        return None

    @api_method(TuningClientSessionQueryArgs, TuningClientSessionQueryResult, roles=READ_ROLES)
    async def query(self, filters, options):
        """Client sessions (never their tokens), with TrueNAS query filters and options."""
        # a coroutine: a plain method would cost a trip to a worker thread even for a few rows
        return await store_query(self.middleware, query_sessions, filters, options,
                                 lambda db: store.count_sessions(db) <= FEW_ROWS)

    @api_method(TuningClientSessionGetArgs, TuningClientSessionGetResult, roles=READ_ROLES)
    def get(self, id_):
        """One client session (never its token)."""
        db = plugin_context(self.middleware).db
        return public_session(db, session_or_error(db, id_))

    @api_method(TuningClientSessionRevokeArgs, TuningClientSessionRevokeResult, roles=WRITE_ROLES,
                audit='Tuning client session revoke')
    def revoke(self, id_):
        """Stop a session's token at once; the results it submitted stay."""
        db = plugin_context(self.middleware).db
        session_or_error(db, id_)
        return public_session(db, store.revoke_session(db, id_))

    # ---- the kit's side (client_http), by token ----

    @private
    async def of_token(self, token: str):
        """The session a token belongs to, whatever its state, or None."""
        return await store_call(self.middleware, store.session_of_token, token)

    @private
    async def room_check(self, session_id: int):
        """``CallError`` EDQUOT when the session has stored all it may (``core.client.bounds``): asked before a
        posted body is even read."""
        usage = await store_call(self.middleware, client_usage.session_usage, session_id)
        if refusal := bounds.storage_refusal(session_id, usage):
            raise CallError(refusal, errno.EDQUOT)

    @private
    async def submit(self, session_id: int, body):
        """Store a kit's RESULT posted with the token of ``session_id`` → ``{id}``; refused whole, naming the
        field, or with EDQUOT past what a session may store."""
        result = await self.middleware.run_in_thread(submission_or_errors, body)
        if result['session_id'] != session_id:
            raise field_error('session_id', f'Is {result["session_id"]}, but the token is session {session_id}\'s.')
        session = await store_call(self.middleware, session_or_error, session_id, 'session_id')
        stored = await self._store(session, result, '', None, bounded=True)
        self.logger.info('tuning: client session %s stored benchmark %s from %s', session_id, stored['id'],
                         result['client']['hostname'])
        return {'id': stored['id']}

    @private
    async def import_kit_output(self, data: str, label: str):
        """``tuning.benchmark.import`` format CLIENT_KIT: a kit's ``--output`` file, checked as a posted RESULT
        (fields named under ``data``), for the session it names in whatever state. The admin imports it: the
        session's bounds are for its token."""
        body = await self.middleware.run_in_thread(strict_json_or_errors, data, 'data')
        result = await self.middleware.run_in_thread(submission_or_errors, body, 'data')
        session = await store_call(self.middleware, session_or_error, result['session_id'], 'data.session_id')
        return await self._store(session, result, 'data', label, bounded=False)

    async def _store(self, session: dict, result: dict, field: str, label: str | None, bounded: bool) -> dict:
        instructions = session['plan']
        if result['step_id'] is not None:
            step = await store_call(self.middleware, store.get_step, result['step_id'])
            verrors = ValidationErrors()
            if step is None or step['session_id'] != session['id']:
                verrors.add(_join(field, 'step_id'), f'No step {result["step_id"]} of session {session["id"]}.',
                            errno.ENOENT)
            elif step['state'] != 'TAKEN':
                verrors.add(_join(field, 'step_id'), f'Step {step["id"]} is {step["state"]}: it takes no result.')
            verrors.check()
            instructions = step['plan']
        try:
            runs = client_runs(result, instructions, field)
        except BenchmarkInputError as e:
            raise field_error(e.field, e.message) from None
        state = await self.middleware.call('tuning.current_state')
        context = await box_context(self.middleware, state, await self._dataset_target(session['dataset']))
        record = client_record(bounds.kept_result(result), session, instructions, runs, context)
        if label is not None:
            record['label'] = label
        size = await self.middleware.run_in_thread(client_usage.record_bytes, record) if bounded else 0
        async with self._storing:
            if bounded:
                usage = await store_call(self.middleware, client_usage.session_usage, session['id'])
                if refusal := bounds.storage_refusal(session['id'], usage, size):
                    raise CallError(refusal, errno.EDQUOT)
            stored = await store_call(self.middleware, benchmark_store.insert_benchmark, **record)
        if result['step_id'] is not None:
            await store_call(self.middleware, store.complete_step, result['step_id'], stored['id'])
        return stored

    async def _dataset_target(self, name: str | None) -> dict | None:
        """The session's dataset as ``box_context`` reads it; None without one (or when it is gone)."""
        rows = await self.middleware.call('pool.dataset.query', [['id', '=', name]]) if name else []
        if not rows:
            return None
        return {'dataset': name, 'pool': rows[0]['pool'], 'mountpoint': rows[0].get('mountpoint'),
                'filesystem': 'zfs' if rows[0]['type'] == 'FILESYSTEM' else 'zvol'}

    @private
    async def network_start(self, session_id: int):
        """Start the session's iperf3 measurement → ``{job_id, address, port, measurements: [{name, args}]}``;
        ``CallError`` EBUSY/ENOTSUP when the session has no port, has used its measurements (``core.client.bounds``:
        a few, one at a time, a pause between them; ``extra.retry_after`` in seconds when waiting helps) or the box
        is busy. A measurement still running past its bound is aborted, whatever its client does."""
        session = await store_call(self.middleware, session_or_error, session_id)
        interface = session['options']['network_interface']
        if interface is None:
            raise CallError(f'Session {session_id} measures no network: it names no network port of the box.',
                            errno.ENOTSUP)
        use = self._network_use.get(session_id)
        job = self._network_last.get(session_id)
        if use is not None and use['running'] and job is not None and job.state.name in FINISHED_JOB_STATES:
            use = bounds.network_ended(use, time.monotonic())   # it just ended: its watch has yet to say so
        if refusal := bounds.network_refusal(session_id, use, time.monotonic()):
            words, retry_after = refusal
            raise CallError(words, errno.EBUSY, {'retry_after': retry_after} if retry_after else None)
        busy = plugin_context(self.middleware).guard.busy
        if busy is not None:
            raise CallError(f'{busy["method"]} (job {busy["job_id"]}) is running; measure the network when it has '
                            'finished.', errno.EBUSY)
        options = {'interface': interface, 'port': session['options']['network_port'],
                   'duration_seconds': NETWORK_SECONDS, 'parallel_streams': NETWORK_STREAMS,
                   'client_timeout_seconds': bounds.NETWORK_CLIENT_WAIT_SECONDS,
                   'label': f'{session["label"][:80]} (client session {session_id})'}
        self._network_use[session_id] = bounds.network_started(use)   # from here a second request is refused
        try:
            found = await network_run.checked_session(self.middleware, options)
            job = await self.middleware.call('tuning.network.measure', options)
        except BaseException as e:
            # nothing started: the session's use is what it was
            if use is None:
                del self._network_use[session_id]
            else:
                self._network_use[session_id] = use
            if isinstance(e, ValidationErrors):
                raise CallError('; '.join(error.errmsg for error in e.errors), errno.EBUSY) from None
            raise
        self._network_jobs[job.id] = session_id
        self._network_last[session_id] = job
        self.middleware.create_task(self._network_watch(session_id, job, bounds.NETWORK_JOB_SECONDS))
        self.logger.info('tuning: client session %s started network job %s on %s', session_id, job.id, interface)
        address, port = found['address'], options['port']
        return {'job_id': job.id, 'address': address, 'port': port,
                'measurements': [{'name': m['name'],
                                  'args': client_argv(address, port, NETWORK_SECONDS, m)[5:]}
                                 for m in measurements(NETWORK_STREAMS)]}

    async def _network_watch(self, session_id: int, job, seconds: float) -> None:
        """Abort a session's measurement still running after ``seconds`` (a client that keeps the box waiting or
        comes back with other tests); then the session's pause before its next one starts."""
        try:
            await job.wait(timeout=seconds)
        except asyncio.TimeoutError:
            self.logger.warning('tuning: client session %s network job %s ran past %s s: aborting it', session_id,
                                job.id, seconds)
            try:
                await self.middleware.call('core.job_abort', job.id)
            except CallError as e:   # it ended meanwhile
                self.logger.debug('tuning: network job %s: %s', job.id, e)
            await job.wait()
        finally:
            self._network_use[session_id] = bounds.network_ended(self._network_use[session_id], time.monotonic())

    @private
    async def network_status(self, session_id: int, job_id: int):
        """A network job this session started → ``{state, progress, result_id, error}``; None for any other."""
        if self._network_jobs.get(job_id) != session_id:
            return None
        rows = await self.middleware.call('core.get_jobs', [['id', '=', job_id]])
        if not rows:
            return None
        job = rows[0]
        state = 'RUNNING' if job['state'] == 'WAITING' else job['state']
        result = job.get('result') if state == 'SUCCESS' else None
        return {'state': state, 'progress': (job.get('progress') or {}).get('description') or '',
                'result_id': result['id'] if isinstance(result, dict) else None, 'error': job.get('error')}

    @private
    async def step_failed(self, session_id: int, step_id: int, body):
        """The agent could not measure a step it took (``{"message": "..."}``, the reason in its words): the step is
        FAILED at once, so its campaign stops and restores instead of waiting out ``client_wait_seconds``."""
        verrors = ValidationErrors()
        message = body.get('message') if isinstance(body, dict) else None
        if not isinstance(body, dict) or set(body) - {'message'}:
            verrors.add('body', 'Must be {"message": "..."} and nothing else.')
        elif not isinstance(message, str) or not message.strip() or len(message) > MAX_FAILURE_WORDS:
            verrors.add('message', f'Must be the reason in words, 1 to {MAX_FAILURE_WORDS} characters.')
        verrors.check()
        words = ' '.join(message.split())   # one line (a tool's output may span several): it ends up in a log
        if problem := control_character_problem(words):
            verrors.add('message', f'Must be plain text: it {problem}.')
        verrors.check()
        step = await store_call(self.middleware, store.get_step, step_id)
        if step is None or step['session_id'] != session_id:
            verrors.add('step_id', f'No step {step_id} of session {session_id}.', errno.ENOENT)
        elif step['state'] != 'TAKEN':
            verrors.add('step_id', f'Step {step_id} is {step["state"]}: only a step being measured can fail.')
        verrors.check()
        await store_call(self.middleware, store.fail_step, step_id, f'the client agent failed: {words}')
        if (barrier := self._barriers.get(step_id)) is not None:   # the other clients are told to stop
            barrier.fail(f'{member_words(barrier.members[step_id])} failed: {words}')
        self.logger.info('tuning: client session %s failed step %s of campaign %s', session_id, step_id,
                         step['campaign_id'])

    @private
    async def next_step(self, session_id: int):
        """The session's oldest waiting campaign step, now TAKEN → ``{id, campaign_id, label, plan}``; None."""
        step = await store_call(self.middleware, store.take_next_step, session_id)
        if step is None:
            return None
        self.logger.info('tuning: client session %s took step %s of campaign %s', session_id, step['id'],
                         step['campaign_id'])
        return {k: step[k] for k in ('id', 'campaign_id', 'label', 'plan')}

    # ---- several agents, one measurement (core.client.barrier) ----

    @private
    def barrier_open(self, members: list[dict], ready_seconds: float):
        """The start barrier of a multi-client step (``members``: ``[{step_id, session_id, label}]``), kept until
        ``barrier_close``; opening it again changes nothing."""
        ids = [m['step_id'] for m in members]
        if ids[0] in self._barriers:
            return
        barrier = StartBarrier({m['step_id']: {'session_id': m['session_id'], 'label': m['label']} for m in members},
                               ready_seconds, time.monotonic())
        for step_id in ids:
            self._barriers[step_id] = barrier

    @private
    def barrier_failure(self, step_id: int):
        """Why the barrier of ``step_id``'s step failed, in words (a client not ready in time, one that failed),
        or None."""
        barrier = self._barriers.get(step_id)
        return barrier.expire(time.monotonic()) if barrier is not None else None

    @private
    def barrier_fail(self, step_id: int, words: str):
        if (barrier := self._barriers.get(step_id)) is not None:
            barrier.fail(words)

    @private
    def barrier_close(self, step_ids: list[int]):
        for step_id in step_ids:
            self._barriers.pop(step_id, None)

    @private
    async def step_ready(self, session_id: int, step_id: int, body):
        """The agent of a multi-client step is ready to measure (``{"hostname": "..."}``, optional) →
        ``{state: WAIT|GO|STOP, start_in_seconds, clients, ready, message}``; asked again until GO or STOP, and
        between runs (STOP: another client failed, stop)."""
        verrors = ValidationErrors()
        hostname = body.get('hostname') if isinstance(body, dict) else None
        if not isinstance(body, dict) or set(body) - {'hostname'}:
            verrors.add('body', 'Must be {"hostname": "..."} or {}.')
        elif hostname is not None and (not isinstance(hostname, str) or not 0 < len(hostname) <= 255
                                       or control_character_problem(hostname)):
            verrors.add('hostname', 'Must be the client\'s host name, 1 to 255 plain characters.')
        verrors.check()
        step = await store_call(self.middleware, store.get_step, step_id)
        if step is None or step['session_id'] != session_id:
            verrors.add('step_id', f'No step {step_id} of session {session_id}.', errno.ENOENT)
        elif step['state'] in ('FAILED', 'CANCELLED'):
            return {'state': 'STOP', 'start_in_seconds': None, 'clients': None, 'ready': None,
                    'message': step['message'] or f'step {step_id} is {step["state"].lower()}'}
        elif step['state'] != 'TAKEN':
            verrors.add('step_id', f'Step {step_id} is {step["state"]}: only a step being measured can start.')
        verrors.check()
        barrier = self._barriers.get(step_id)
        if barrier is None:   # not opened yet (or again, after a restart of the host): ask again
            return {'state': 'WAIT', 'start_in_seconds': None, 'clients': None, 'ready': None,
                    'message': 'the box has not opened the step\'s start yet'}
        return barrier.report_ready(step_id, time.monotonic(), hostname)

    # ---- fio's own distributed mode (core.client.fio_clients) ----

    @private
    async def fio_server_grant(self, session_id: int, body):
        """A kit asks to run ``fio --server`` for the box (``{address, port, directory, hostname}``): granted for
        ``FIO_SERVER_SECONDS`` at most, never past the session's expiry → ``{expires_in_seconds}``."""
        verrors = ValidationErrors()
        if not isinstance(body, dict) or set(body) - {'address', 'port', 'directory', 'hostname'}:
            verrors.add('body', 'Must be {"address", "port", "directory", "hostname"} and nothing else.')
            verrors.check()
        try:
            ipaddress.ip_address(body.get('address') if isinstance(body.get('address'), str) else '')
        except ValueError:
            verrors.add('address', 'Must be the client\'s IP address the box reaches its fio server at.')
        port = body.get('port')
        if isinstance(port, bool) or not isinstance(port, int) or not 1024 <= port <= 65535:
            verrors.add('port', 'Must be a port from 1024 to 65535.')
        directory = body.get('directory')
        if not isinstance(directory, str) or not 0 < len(directory) <= 4096 or control_character_problem(directory):
            verrors.add('directory', 'Must be the kit\'s scratch directory, up to 4096 plain characters.')
        hostname = body.get('hostname')
        if hostname is not None and (not isinstance(hostname, str) or not 0 < len(hostname) <= 255
                                     or control_character_problem(hostname)):
            verrors.add('hostname', 'Must be the client\'s host name, 1 to 255 plain characters.')
        verrors.check()
        session = await store_call(self.middleware, session_or_error, session_id)
        left = datetime.fromisoformat(session['expires_at']).timestamp() - time.time()   # utc_now's ISO text
        seconds = max(0, int(min(FIO_SERVER_SECONDS, left)))
        self._fio_servers[session_id] = {'address': body['address'], 'port': port, 'directory': directory,
                                         'hostname': hostname, 'until': time.monotonic() + seconds}
        self.logger.info('tuning: client session %s runs a fio server on %s port %s for %s s', session_id,
                         body['address'], port, seconds)
        return {'expires_in_seconds': seconds}

    def _fio_server(self, session_id: int) -> dict | None:
        server = self._fio_servers.get(session_id)
        if server is not None and time.monotonic() >= server['until']:
            del self._fio_servers[session_id]
            return None
        return server

    @private
    def fio_server_status(self, session_id: int):
        server = self._fio_server(session_id)
        return {'active': server is not None,
                'expires_in_seconds': int(server['until'] - time.monotonic()) if server else 0}

    @private
    def fio_server_end(self, session_id: int):
        self._fio_servers.pop(session_id, None)

    @private
    async def fio_measure(self, session_ids: list[int], test: str, runtime_seconds: int = 30,
                          ramp_seconds: int = 5, size_bytes: int = 1 << 30):
        """One test run by fio's own distributed mode on the fio servers of ``session_ids`` (each granted and
        ACTIVE), driven from the box: ``fio --client=… job …`` → ``{fio_version, all, clients}`` (fio's "All
        clients" sum and each client's figures; ``core.client.fio_clients.all_clients``). A server missing, fio
        failing or its output not that of every client is a ``CallError`` naming the session or the field."""
        servers = []
        for i, session_id in enumerate(session_ids):
            session = await store_call(self.middleware, session_or_error, session_id, f'session_ids.{i}')
            server = self._fio_server(session_id)
            if session['state'] != 'ACTIVE' or server is None:
                raise field_error(f'session_ids.{i}', f'Session {session_id} ({session["label"]}) runs no fio server '
                                                      'for the box now: run `tuning_client.py fio-server` there.')
            servers.append(server)
        fio = shutil.which('fio')
        if fio is None:
            raise CallError('fio is not installed on the box: it drives the clients\' fio servers.', errno.ENOENT)
        instructions = {'runtime_seconds': runtime_seconds, 'ramp_seconds': ramp_seconds}
        with tempfile.TemporaryDirectory(prefix='tuning-fio-clients-') as jobs:
            for i, server in enumerate(servers):
                server['job_file'] = os.path.join(jobs, f'client{i}.fio')
                with open(server['job_file'], 'w') as f:
                    f.write(fio_clients.job_text(plan_test(test), instructions, server['directory'], size_bytes))
            argv = fio_clients.client_argv(fio, servers)
            proc = await asyncio.create_subprocess_exec(*argv, stdout=asyncio.subprocess.PIPE,
                                                        stderr=asyncio.subprocess.PIPE)
            try:
                out, err = await asyncio.wait_for(
                    proc.communicate(), runtime_seconds + ramp_seconds + FIO_CLIENT_MARGIN_SECONDS)
            except (asyncio.TimeoutError, asyncio.CancelledError):
                proc.kill()
                await proc.wait()
                raise
        if proc.returncode != 0:
            raise CallError(f'fio --client failed (exit status {proc.returncode}): '
                            f'{err.decode("utf-8", "replace").strip()[:500]}', errno.EIO)
        text = out.decode('utf-8', 'replace')
        start = 0 if text.lstrip().startswith('{') else text.find('\n{') + 1   # fio may say things first
        if not text[start:].lstrip().startswith('{'):
            raise CallError(f'fio --client wrote no JSON: {text.strip()[:500]}', errno.EIO)
        document = await self.middleware.run_in_thread(strict_json_or_errors, text[start:], 'fio')
        try:
            return fio_clients.all_clients(document, test, len(servers),
                                           [(s['address'], s['port']) for s in servers])
        except BenchmarkInputError as e:
            raise field_error(_join('fio', e.field), e.message) from None
