"""One persistent websocket JSON-RPC 2.0 connection to the box (aiohttp, as TrueNAS ships it), logged in with
`auth.login_ex`, reconnected with backoff. Jobs are answered when they end (`core.set_options legacy_jobs: false`,
as truenas_api_client does), so a remote job is one awaited call; the `core.get_jobs` events say which job a call
started, so a job whose connection dropped is followed to its end on the next one (`core.job_wait`).

The box's TLS certificate is read once before the login connection and pinned (pinning.py); the connection itself
then only accepts a certificate with that SHA-256 (aiohttp.Fingerprint), so nothing can swap it in between.
"""
import asyncio
import errno
import itertools
import json
import logging
import ssl

import aiohttp

from ..runtime.errors import CallError
from .errors import remote_error
from .pinning import PinMismatch, fingerprint, fingerprint_bytes
from .policy import PolicyError

logger = logging.getLogger('tuning_host.truenas')

BACKOFF_FIRST, BACKOFF_MAX = 0.5, 30.0   # seconds between connection attempts, doubling
CONNECT_TIMEOUT = 20.0
CALL_WAIT_FOR_CONNECTION = 30.0          # a call made while the box is away waits this long for it to come back


class ConnectionLost(CallError):
    def __init__(self, method, why):
        super().__init__(f'the connection to the box was lost during {method} ({why}); its outcome is unknown',
                         errno.ECONNRESET)


class LoginRefused(Exception):
    pass


def backoff_delays():
    delay = BACKOFF_FIRST
    while True:
        yield delay
        delay = min(BACKOFF_MAX, delay * 2)


def insecure_context() -> ssl.SSLContext:
    """Only to read the certificate the box presents (the pin decides whether it is the right one)."""
    ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
    ctx.check_hostname = False
    ctx.verify_mode = ssl.CERT_NONE
    return ctx


async def presented_certificate(host: str, port: int) -> str:
    """SHA-256 fingerprint of the certificate the box presents on a TLS handshake."""
    reader, writer = await asyncio.wait_for(
        asyncio.open_connection(host, port, ssl=insecure_context(), server_hostname=host), CONNECT_TIMEOUT)
    try:
        der = writer.get_extra_info('ssl_object').getpeercert(binary_form=True)
    finally:
        writer.close()
    return fingerprint(der)


def wire_value(value):
    """JSON for what an in-process call may pass and JSON lacks: a set (26.0 update_impl's `iprops`) as a list."""
    if isinstance(value, (set, frozenset)):
        return sorted(value, key=str)
    raise TypeError(f'{type(value).__name__} cannot be sent to the box')


class MiddlewaredClient:
    """`await call(method, *params)`; `on_login(client)` runs after every (re)login, before calls go through."""

    def __init__(self, address, creds, pins, on_login=None, events=(), on_event=None):
        self.address, self.creds, self.pins, self.on_login = address, creds, pins, on_login
        self.events, self.on_event = tuple(events), on_event   # the box's events passed on: on_event(name, type, p)
        self.fingerprint = pins.get(address.endpoint) if address.tls else None
        self.connected = asyncio.Event()
        self.last_error = None
        self.user = None
        self._ws = None
        self._ids = itertools.count(1)
        self._pending = {}
        self._jobs = {}      # message id of a pending call -> the remote job it started (core.get_jobs events)
        self._progress = {}  # message id of a pending job call -> its progress callback
        self._task = None
        self._session = None
        self._closing = False

    def start(self):
        self._task = asyncio.get_running_loop().create_task(self._run())

    async def close(self):
        self._closing = True
        if self._task is not None:
            self._task.cancel()
            try:
                await self._task
            except asyncio.CancelledError:
                pass
        if self._ws is not None:
            await self._ws.close()
        if self._session is not None:
            await self._session.close()

    # ---- calls ----

    async def call(self, method, *params, timeout=None, follow=True, progress=None):
        """The box's answer; a job's result once it ended, followed to its end across a reconnection (unless
        `follow` is False: a reboot's dropped connection is the box going down). `progress(p)` gets the job's
        progress ({percent, description, extra}) as the box reports it."""
        await self._until_connected(method)
        id_ = next(self._ids)
        if progress is not None:
            self._progress[id_] = progress
        try:
            return await self._call(method, list(params), timeout, id_)
        except ConnectionLost:
            job_id = self._jobs.get(id_)
            if job_id is None or not follow:
                raise
            return await self._follow(method, job_id)
        finally:
            self._jobs.pop(id_, None)
            self._progress.pop(id_, None)

    async def call_now(self, method, *params):
        """A call on the connection being set up (for `on_login`, before other calls go through)."""
        return await self._call(method, list(params), CONNECT_TIMEOUT)

    async def _until_connected(self, method):
        if not self.connected.is_set():
            try:
                await asyncio.wait_for(self.connected.wait(), CALL_WAIT_FOR_CONNECTION)
            except asyncio.TimeoutError:
                raise CallError(f'the box is not reachable ({self.last_error or "connecting"}), so {method} could not '
                                'be called', errno.ENOTCONN) from None

    async def _follow(self, method, job_id):
        """A job the box started before the connection dropped: wait for its end on the next connection. A box that
        restarted meanwhile no longer has it (job ids start again), so its method must match."""
        await self._until_connected(method)
        found = await self._call('core.get_jobs', [[['id', '=', job_id]]], CONNECT_TIMEOUT)
        if not found or found[0].get('method') != method:
            raise ConnectionLost(method, f'job {job_id} is no longer on the box')
        logger.info('truenas backend: following %s (job %d) after a reconnection', method, job_id)
        return await self._call('core.job_wait', [job_id])

    async def _call(self, method, params, timeout=None, id_=None):
        ws = self._ws
        id_ = next(self._ids) if id_ is None else id_
        future = asyncio.get_running_loop().create_future()
        self._pending[id_] = (method, future)
        try:
            if ws is None:
                raise ConnectionError('not connected')
            await ws.send_str(json.dumps({'jsonrpc': '2.0', 'id': id_, 'method': method, 'params': params},
                                         default=wire_value))
            return await (asyncio.wait_for(future, timeout) if timeout else future)
        except (aiohttp.ClientError, ConnectionError, RuntimeError) as e:
            raise ConnectionLost(method, e) from None
        finally:
            self._pending.pop(id_, None)

    def _job_event(self, params):
        """Remember which remote job a pending call started (the job's `message_ids` name the call) and pass its
        progress on."""
        fields = params.get('fields') or {}
        if params.get('collection') != 'core.get_jobs':
            return
        if params.get('msg') == 'added':
            for message_id in fields.get('message_ids') or []:
                method, _ = self._pending.get(message_id, (None, None))
                if method is not None and method == fields.get('method'):
                    self._jobs[message_id] = fields.get('id')
        if fields.get('progress'):
            for message_id, job_id in list(self._jobs.items()):
                if job_id == params.get('id', fields.get('id')) and message_id in self._progress:
                    self._progress[message_id](fields['progress'])

    def _answer(self, message):
        method, future = self._pending.get(message.get('id'), (None, None))
        if future is None or future.done():
            return
        if 'error' in message:
            future.set_exception(remote_error(method, message['error'] or {}))
        else:
            future.set_result(message.get('result'))

    # ---- the connection ----

    async def _run(self):
        delays = backoff_delays()
        self._session = aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=None, connect=CONNECT_TIMEOUT))
        while not self._closing:
            try:
                await self._connect_once()
                delays = backoff_delays()  # it was up: start again from the short delay
            except asyncio.CancelledError:
                raise
            except (PinMismatch, PolicyError, LoginRefused) as e:
                self.last_error = str(e)
                logger.error('truenas backend: %s', e)
            except Exception as e:  # noqa: BLE001  any failure to reach the box is retried
                self.last_error = f'{type(e).__name__}: {e}' if str(e) else type(e).__name__
                logger.warning('truenas backend: %s: %s', self.address.url, self.last_error)
            finally:
                self.connected.clear()
                for method, future in list(self._pending.values()):
                    if not future.done():
                        future.set_exception(ConnectionLost(method, self.last_error or 'closed'))
            await asyncio.sleep(next(delays))

    async def _connect_once(self):
        ssl_arg = False
        if self.address.tls:
            seen = await presented_certificate(self.address.host, self.address.port)
            if self.pins.check(self.address.endpoint, seen):
                logger.warning('truenas backend: pinned the certificate of %s on first use: SHA-256 %s (compare it '
                               'with System → Certificates in the box\'s web UI)', self.address.endpoint, seen)
            self.fingerprint = seen
            ssl_arg = aiohttp.Fingerprint(fingerprint_bytes(seen))
        async with self._session.ws_connect(self.address.url, ssl=ssl_arg, max_msg_size=0, heartbeat=30,
                                            timeout=aiohttp.ClientWSTimeout(ws_close=CONNECT_TIMEOUT)) as ws:
            self._ws = ws
            reader = asyncio.get_running_loop().create_task(self._read(ws))
            try:
                await self._login()
                self.last_error = None
                self.connected.set()
                logger.info('truenas backend: connected to %s as %s', self.address.url, self.user)
                await reader
            finally:
                reader.cancel()
                self._ws = None
        self.last_error = self.last_error or 'the box closed the connection'

    async def _read(self, ws):
        async for msg in ws:
            if msg.type == aiohttp.WSMsgType.TEXT:
                message = json.loads(msg.data)
                if 'id' in message:
                    self._answer(message)
                elif message.get('method') == 'collection_update':
                    params = message.get('params') or {}
                    self._job_event(params)
                    if params.get('collection') in self.events and self.on_event is not None:
                        self.on_event(params['collection'], str(params.get('msg', '')).upper(), params)
            elif msg.type in (aiohttp.WSMsgType.ERROR, aiohttp.WSMsgType.CLOSE):
                break
        self.connected.clear()   # at once: a call made now waits for the next connection
        for method, future in list(self._pending.values()):
            if not future.done():
                future.set_exception(ConnectionLost(method, 'the box closed the connection'))

    async def _login(self):
        answer = await self._call('auth.login_ex', [self.creds.login_params(self.creds.secret())], CONNECT_TIMEOUT)
        if answer.get('response_type') != 'SUCCESS':
            raise LoginRefused(f'the box refused the login ({answer.get("response_type")}): check the API key and '
                               f'TUNING_TRUENAS_USER, and that the key is not expired or revoked')
        self.user = (answer.get('user_info') or {}).get('pw_name') or self.creds.username
        # private_methods: the plugin calls some methods TrueNAS keeps private; 25.10 and 26 only log a warning
        # without this option, a stricter server (the standalone host as the box, a later TrueNAS) refuses them
        await self._call('core.set_options', [{'legacy_jobs': False, 'private_methods': True}], CONNECT_TIMEOUT)
        await self._call('core.subscribe', ['core.get_jobs'], CONNECT_TIMEOUT)
        for name in self.events:
            try:
                await self._call('core.subscribe', [name], CONNECT_TIMEOUT)
            except CallError as e:  # a box without it: its events are simply not passed on
                logger.warning('truenas backend: cannot follow the box\'s %s events: %s', name, e.errmsg)
        if self.on_login is not None:
            await self.on_login(self)
