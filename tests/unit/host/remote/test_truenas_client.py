"""The truenas backend's connection against a small JSON-RPC websocket server on loopback (plain ws, and TLS with a
self-signed certificate): auth.login_ex with the key, legacy_jobs off, answers and errors, the certificate pinned on
first use and a changed one refused, reconnection, and the host following the box's boots."""
import asyncio
import errno
import json
import ssl
import subprocess

import pytest
from aiohttp import web

from tuning_host.remote import RemoteAppliance, client as box_client
from tuning_host.remote.client import MiddlewaredClient
from tuning_host.remote.forwarding import forwarding_services
from tuning_host.remote.pinning import PinStore
from tuning_host.remote.policy import credentials, parse_box_url
from tuning_host.runtime.errors import CallError, ValidationErrors

KEY = '7-secret'


class FakeBox:
    """Answers like middlewared: the login, options, a query, a validation error, a refused reboot."""

    def __init__(self):
        self.calls, self.sockets, self.boot_id = [], [], 'boot-1'
        self.job_method = 'tunable.create'   # what job 41 is after the reconnection
        self.reboot_allowed = False          # True: the key may reboot (FULL_ADMIN), else EACCES

    async def handle(self, request):
        ws = web.WebSocketResponse()
        await ws.prepare(request)
        self.sockets.append(ws)
        async for msg in ws:
            m = json.loads(msg.data)
            self.calls.append((m['method'], m['params']))
            if m['method'] == 'tunable.create' or (m['method'] == 'system.reboot' and self.reboot_allowed):
                # the job starts, then the connection drops before it ends (a reboot: the box going down)
                await ws.send_str(json.dumps({'jsonrpc': '2.0', 'method': 'collection_update', 'params': {
                    'msg': 'added', 'collection': 'core.get_jobs', 'id': 41,
                    'fields': {'id': 41, 'method': m['method'], 'message_ids': [m['id']], 'state': 'RUNNING',
                               'progress': {'percent': 10, 'description': 'Updating initramfs', 'extra': None}}}}))
                await ws.close()
                break
            await ws.send_str(json.dumps({'jsonrpc': '2.0', 'id': m['id'], **self.answer(m['method'], m['params'])}))
            if m['method'] == 'core.subscribe' and m['params'] == ['system.reboot.info']:
                await ws.send_str(json.dumps({'jsonrpc': '2.0', 'method': 'collection_update', 'params': {
                    'msg': 'changed', 'collection': 'system.reboot.info', 'id': None,
                    'fields': {'boot_id': self.boot_id, 'reboot_required_reasons': []}}}))
        return ws

    def answer(self, method, params):
        if method == 'auth.login_ex':
            ok = params[0] == {'mechanism': 'API_KEY_PLAIN', 'username': 'tuner', 'api_key': KEY}
            return {'result': {'response_type': 'SUCCESS' if ok else 'AUTH_ERR',
                               'user_info': {'pw_name': 'tuner'} if ok else None}}
        if method == 'pool.dataset.create':
            return {'error': {'code': -32602, 'message': 'Invalid params', 'data': {
                'error': 22, 'reason': '[EINVAL] x', 'extra': [['pool_dataset_create.sync', 'bad', 22]]}}}
        if method == 'system.reboot':
            return {'error': {'code': -32001, 'message': 'Method call error', 'data': {
                'error': errno.EACCES, 'errname': 'EACCES', 'reason': 'Not authorized'}}}
        if method == 'core.get_jobs':
            return {'result': [{'id': 41, 'method': self.job_method}] if params == [[['id', '=', 41]]] else []}
        return {'result': {'core.set_options': None, 'core.subscribe': 'sub-1', 'core.job_wait': {'id': 9},
                           'system.version': 'TrueNAS-25.10.6',
                           'system.boot_id': self.boot_id, 'pool.query': [{'name': 'tank', 'p': params}],
                           'auth.me': {'pw_name': 'tuner', 'privilege': {'roles': ['READONLY_ADMIN', 'DATASET_WRITE',
                                                                                   'SYSTEM_TUNABLE_WRITE']}}}[method]}


def self_signed(tmp_path, name):
    cert, key = tmp_path / f'{name}.pem', tmp_path / f'{name}.key'
    subprocess.run(['openssl', 'req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=nas',
                    '-keyout', str(key), '-out', str(cert)], check=True, capture_output=True)
    ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    ctx.load_cert_chain(str(cert), str(key))
    der = ssl.PEM_cert_to_DER_cert(cert.read_text())
    return ctx, der


async def serve(box, ssl_context=None):
    app = web.Application()
    app.router.add_get('/api/current', box.handle)
    runner = web.AppRunner(app)
    await runner.setup()
    site = web.TCPSite(runner, '127.0.0.1', 0, ssl_context=ssl_context)
    await site.start()
    port = site._server.sockets[0].getsockname()[1]
    return runner, port


def make_client(port, data_dir, tls=False, on_login=None):
    address = parse_box_url(f'{"wss" if tls else "ws"}://127.0.0.1:{port}/api/current')
    key_file = data_dir / 'key'
    key_file.write_text(KEY)
    creds = credentials('api_key', 'tuner', str(key_file), {})
    return MiddlewaredClient(address, creds, PinStore(str(data_dir)), on_login=on_login)


@pytest.fixture(autouse=True)
def quick(monkeypatch):
    monkeypatch.setattr(box_client, 'CALL_WAIT_FOR_CONNECTION', 3.0)
    monkeypatch.setattr(box_client, 'BACKOFF_FIRST', 0.05)


def test_calls_go_through_one_logged_in_connection_and_errors_come_back_as_plugin_errors(tmp_path):
    async def run():
        box = FakeBox()
        runner, port = await serve(box)
        client = make_client(port, tmp_path)
        client.start()
        try:
            assert await client.call('pool.query', [['name', '=', 'tank']]) == [
                {'name': 'tank', 'p': [[['name', '=', 'tank']]]}]
            with pytest.raises(ValidationErrors) as e:
                await client.call('pool.dataset.create', {'name': 'tank/x', 'sync': 'SOMETIMES'})
            assert list(e.value) == [('pool_dataset_create.sync', 'bad', 22)]
            reboot = [s for s in forwarding_services(None, client) if s._config.namespace == 'system'][0]
            with pytest.raises(CallError) as e:
                await reboot.reboot(None, 'tuning campaign 1: x', {'delay': None})
            assert e.value.errno == errno.EACCES and 'System → Restart' in e.value.errmsg
            assert client.user == 'tuner' and client.fingerprint is None
        finally:
            await client.close()
            await runner.cleanup()
        assert [m for m, _ in box.calls[:3]] == ['auth.login_ex', 'core.set_options', 'core.subscribe']
        assert box.calls[1][1] == [{'legacy_jobs': False, 'private_methods': True}]
        assert len(box.sockets) == 1
    asyncio.run(run())


def test_the_certificate_is_pinned_on_first_use_and_a_changed_one_is_refused(tmp_path):
    async def run():
        box = FakeBox()
        first_ctx, first_der = self_signed(tmp_path, 'first')
        runner, port = await serve(box, first_ctx)
        client = make_client(port, tmp_path, tls=True)
        client.start()
        try:
            assert (await client.call('pool.query'))[0]['name'] == 'tank'
        finally:
            await client.close()
            await runner.cleanup()
        from tuning_host.remote.pinning import fingerprint
        pinned = PinStore(str(tmp_path)).get(f'127.0.0.1:{port}')
        assert pinned == fingerprint(first_der) == client.fingerprint

        second_ctx, _ = self_signed(tmp_path, 'second')   # another certificate at the same address
        app = web.Application()
        app.router.add_get('/api/current', box.handle)
        runner = web.AppRunner(app)
        await runner.setup()
        await web.TCPSite(runner, '127.0.0.1', port, ssl_context=second_ctx).start()
        logins = len([m for m, _ in box.calls if m == 'auth.login_ex'])
        client = make_client(port, tmp_path, tls=True)
        client.start()
        try:
            with pytest.raises(CallError) as e:
                await client.call('pool.query')
            assert e.value.errno == errno.ENOTCONN and 'certificate of 127.0.0.1' in e.value.errmsg
            assert 'changed' in client.last_error and pinned in client.last_error
        finally:
            await client.close()
            await runner.cleanup()
        assert len([m for m, _ in box.calls if m == 'auth.login_ex']) == logins, 'the key was never sent'
        assert PinStore(str(tmp_path)).get(f'127.0.0.1:{port}') == pinned
    asyncio.run(run())


async def reconnected(box, client, sockets, deadline=10.0):
    """Until the client has logged in on its `sockets`-th connection (polling: the reconnection is the client's own)."""
    loop = asyncio.get_running_loop()
    end = loop.time() + deadline
    while not (len(box.sockets) == sockets and client.connected.is_set()):
        assert loop.time() < end, f'not reconnected within {deadline}s ({client.last_error})'
        await asyncio.sleep(0.01)


def test_a_dropped_connection_is_reconnected_and_a_new_boot_restarts_the_host(tmp_path):
    class Middleware:
        reboots = 0

        def __init__(self):
            self.events = []

        def request_reboot(self):
            self.reboots += 1

        def send_event(self, name, event_type, **kwargs):
            self.events.append((name, event_type, kwargs))

        def create_task(self, coro):
            return asyncio.ensure_future(coro)

        async def call(self, method):  # the host's system.reboot.info: the box's reasons and its own
            assert method == 'system.reboot.info'
            return {'boot_id': 'boot-1', 'reboot_required_reasons': [{'code': 'TUNING', 'reason': 'host'}]}

    async def run():
        box = FakeBox()
        runner, port = await serve(box)
        settings = type('S', (), {'truenas_url': f'ws://127.0.0.1:{port}/api/current', 'truenas_login': 'api_key',
                                  'truenas_user': 'tuner', 'truenas_api_key_file': None, 'zfs_module_dir': None,
                                  'proc_dir': None, 'data_dir': str(tmp_path)})()
        backend = RemoteAppliance(settings, {'TUNING_TRUENAS_API_KEY': KEY})
        backend.middleware = mw = Middleware()
        backend.box.start()
        try:
            await backend.box.call('pool.query')
            assert backend.boot_id == 'boot-1' and mw.reboots == 0
            await box.sockets[0].close()                      # the connection drops; the same boot comes back
            await reconnected(box, backend.box, 2)
            await backend.box.call('pool.query')
            assert mw.reboots == 0
            box.boot_id = 'boot-2'                            # the box rebooted
            await box.sockets[1].close()
            await reconnected(box, backend.box, 3)
            assert mw.reboots == 1
            assert backend.status()['connected'] and backend.status()['boot_id'] == 'boot-1'
            assert backend.status()['full_admin'] is False, 'from auth.me at login: the plan warns ahead'
            assert mw.events[0] == ('system.reboot.info', 'CHANGED', {'id': None, 'fields': {
                'boot_id': 'boot-1', 'reboot_required_reasons': [{'code': 'TUNING', 'reason': 'host'}]}}), \
                'the box event makes the host send its own system.reboot.info (the box\'s reasons and the host\'s)'
        finally:
            await backend.close()
            await runner.cleanup()
    asyncio.run(run())


def test_a_job_whose_connection_dropped_is_followed_to_its_end_on_the_next_one(tmp_path):
    async def run():
        box = FakeBox()
        runner, port = await serve(box)
        client = make_client(port, tmp_path)
        client.start()
        try:
            seen = []
            assert await client.call('tunable.create', {'var': 'zfs_txg_timeout'}, progress=seen.append) == {'id': 9}
            assert seen == [{'percent': 10, 'description': 'Updating initramfs', 'extra': None}]
            assert [m for m, _ in box.calls if m.startswith('core.j') or m == 'core.get_jobs'] == [
                'core.get_jobs', 'core.job_wait']
            assert ('core.job_wait', [41]) in box.calls and len(box.sockets) == 2
            box.job_method = 'pool.update'   # the box restarted meanwhile: job 41 is another one now
            with pytest.raises(CallError) as e:
                await client.call('tunable.create', {'var': 'zfs_txg_timeout'})
            assert e.value.errno == errno.ECONNRESET and 'job 41 is no longer on the box' in e.value.errmsg
        finally:
            await client.close()
            await runner.cleanup()
    asyncio.run(run())


def test_a_reboot_the_key_may_do_ends_when_the_box_goes_down(tmp_path):
    async def run():
        box = FakeBox()
        box.reboot_allowed = True
        runner, port = await serve(box)
        client = make_client(port, tmp_path)
        client.start()
        try:
            reboot = [s for s in forwarding_services(None, client) if s._config.namespace == 'system'][0]
            assert await reboot.reboot(None, 'tuning campaign 1: x', {'delay': None}) is None
            assert not any(m in ('core.get_jobs', 'core.job_wait') for m, _ in box.calls), 'not followed'
        finally:
            await client.close()
            await runner.cleanup()
    asyncio.run(run())
