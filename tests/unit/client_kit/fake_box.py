"""A minimal box for the kit's tests: the kit's HTTP endpoints of docs/clients.md over stdlib http.server on
loopback, with one session whose plan the test chooses. It records what the kit posts; it checks the token the way
the box does (401 with the error shape) and nothing else (the plugin's own tests cover the box's checks).
``v1/network`` serves each measurement with a real one-off iperf3 server on loopback, one after the other, as the
box's network job does (so the kit meets a port that is not listening yet between measurements)."""
import json
import re
import socket
import ssl
import subprocess
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from waiting import HANG_SECONDS

PREFIX = '/_plugins/tuning/client/'
TOKEN = 'test-token-0123456789'


def tiny_plan(tests=('SEQ_WRITE', 'SEQ_READ', 'RAND_READ_4K', 'RAND_WRITE_4K'), runs=2, min_size_bytes=8 << 20,
              network=False):
    """A plan as the box computes it (core/client/instructions.py's shapes), sized for a test: 1 s runs, no ramp."""
    shapes = {
        'SEQ_WRITE': ('Sequential write 1 MiB', 'write', 1 << 20, 1, 4, None, False),
        'SEQ_READ': ('Sequential read 1 MiB', 'read', 1 << 20, 1, 4, None, False),
        'RAND_READ_4K': ('Random read 4 KiB', 'randread', 4096, 2, 8, None, False),
        'RAND_WRITE_4K': ('Random write 4 KiB', 'randwrite', 4096, 2, 8, None, False),
        'SYNC_WRITE_4K': ('Sync write 4 KiB', 'randwrite', 4096, 1, 1, None, True),
        'MIXED_70_30': ('Mixed 70/30 8 KiB', 'randrw', 8192, 1, 8, 70, False),
    }
    return {
        'tests': [dict(zip(('id', 'label', 'rw', 'block_size', 'numjobs', 'iodepth', 'rwmixread', 'sync'),
                           (t,) + shapes[t])) for t in tests],
        'runs': runs, 'runtime_seconds': 1, 'ramp_seconds': 0, 'min_size_bytes': min_size_bytes,
        'box': {'ram_bytes': 4 << 30, 'arc_max_bytes': 2 << 30},
        'network': {'available': network, 'port': 5201},
    }


class FakeBox:
    def __init__(self, plan, session_id=7, expires_at='2099-01-01T00:00:00+00:00', port=0, tls=None):
        self.plan = plan
        self.session = {'id': session_id, 'label': 'kit test', 'protocol': 'LOCAL', 'expires_at': expires_at}
        self.results = []  # bodies posted to v1/results
        self.steps = []  # steps v1/steps/next hands out, oldest first
        self.failed_steps = []  # (step id, body) the agent reported as failed
        self.ready_answers = []  # what v1/steps/<id>/ready answers, in turn (the last one stays)
        self.ready_bodies = []  # (step id, body) of each ready report
        self.refuse_results = None  # (status, body) to answer v1/results with instead of storing
        self.revoked = False  # the token stops working (401), as after tuning.client.session.revoke
        self.requests = []  # (method, path) in order
        self.network = None  # the one network job: {state, result_id, error, servers: [iperf3 server JSON]}
        self.iperf3 = None  # the latest one-off iperf3 server (killed on exit if still waiting)
        self.closed = False
        self._lock = threading.Lock()
        self.server = ThreadingHTTPServer(('127.0.0.1', port), self._handler())
        scheme = 'http'
        if tls is not None:  # (certificate file, key file): HTTPS as a box with its own certificate
            context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
            context.load_cert_chain(*tls)
            self.server.socket = context.wrap_socket(self.server.socket, server_side=True)
            scheme = 'https'
        self.url = f'{scheme}://127.0.0.1:{self.server.server_address[1]}'
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def __enter__(self):
        self.thread.start()
        return self

    def __exit__(self, *exc):
        with self._lock:  # a test that failed before the kit measured: no iperf3 server is left listening
            self.closed = True
            if self.iperf3 is not None:
                self.iperf3.kill()
        self.server.shutdown()
        self.server.server_close()
        self.thread.join()

    def _handler(self):
        box = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args):
                pass

            def _answer(self, status, body=None):
                data = json.dumps(body).encode() if body is not None else b''
                self.send_response(status)
                if body is not None:
                    self.send_header('Content-Type', 'application/json')
                self.send_header('Content-Length', str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def _route(self, method):
                path = self.path
                with box._lock:
                    box.requests.append((method, path))
                if not path.startswith(PREFIX):
                    return self._answer(404, {'error': {'errname': 'ENOENT', 'reason': 'not found'}})
                if self.headers.get('Authorization') != f'Bearer {TOKEN}' or box.revoked:
                    return self._answer(401, {'error': {'errname': 'ENOTAUTHENTICATED',
                                                        'reason': 'missing or unknown token'}})
                body = None
                length = int(self.headers.get('Content-Length') or 0)
                if length:
                    body = json.loads(self.rfile.read(length))
                return box.answer(self, method, path[len(PREFIX):], body)

            def do_GET(self):
                self._route('GET')

            def do_POST(self):
                self._route('POST')

        return Handler

    def answer(self, handler, method, path, body):
        if (method, path) == ('GET', 'v1/session'):
            return handler._answer(200, {'session': self.session, 'plan': self.plan})
        if (method, path) == ('POST', 'v1/results'):
            if self.refuse_results is not None:
                return handler._answer(*self.refuse_results)
            with self._lock:
                self.results.append(body)
                id_ = len(self.results)
            return handler._answer(201, {'id': id_})
        if (method, path) == ('POST', 'v1/network'):
            if self.network is not None and self.network['state'] == 'RUNNING':
                return handler._answer(409, {'error': {'errname': 'EBUSY',
                                                       'reason': 'a network measurement is running'}})
            return handler._answer(202, self._start_network())
        if method == 'GET' and path == 'v1/network/1' and self.network is not None:
            return handler._answer(200, {k: self.network[k] for k in ('state', 'progress', 'result_id', 'error')})
        if method == 'POST' and re.fullmatch(r'v1/steps/\d+/failed', path):
            with self._lock:
                self.failed_steps.append((int(path.split('/')[2]), body))
            return handler._answer(200, {'state': 'FAILED'})
        if method == 'POST' and re.fullmatch(r'v1/steps/\d+/ready', path):
            with self._lock:
                self.ready_bodies.append((int(path.split('/')[2]), body))
                answer = self.ready_answers.pop(0) if len(self.ready_answers) > 1 else self.ready_answers[0]
            return handler._answer(200, answer)
        if (method, path) == ('GET', 'v1/steps/next'):
            with self._lock:
                step = self.steps.pop(0) if self.steps else None
            return handler._answer(200, {'step': step}) if step else handler._answer(204)
        return handler._answer(404, {'error': {'errname': 'ENOENT', 'reason': f'no {method} {path}'}})

    def _start_network(self):
        with socket.socket() as s:
            s.bind(('127.0.0.1', 0))
            port = s.getsockname()[1]
        measurements = [{'name': 'one stream, client → box', 'args': ['-t', '1']},
                        {'name': 'one stream, box → client', 'args': ['-t', '1', '-R']}]
        self.network = {'state': 'RUNNING', 'progress': 'starting', 'result_id': None, 'error': None, 'servers': []}

        def serve():
            for m in measurements:
                self.network['progress'] = f'waiting for {m["name"]}'
                with self._lock:
                    if self.closed:
                        return
                    self.iperf3 = subprocess.Popen(['iperf3', '--server', '--one-off', '--json', '--bind',
                                                    '127.0.0.1', '--port', str(port)], stdout=subprocess.PIPE,
                                                   stderr=subprocess.PIPE, text=True)
                try:  # until the kit has measured against it (bounded only against a hang)
                    out, err = self.iperf3.communicate(timeout=HANG_SECONDS)
                except subprocess.TimeoutExpired:
                    self.iperf3.kill()
                    out, err = self.iperf3.communicate()
                if self.iperf3.returncode != 0:
                    self.network.update(state='FAILED', error=out[-300:] or err[-300:] or 'no client came')
                    return
                self.network['servers'].append(json.loads(out))
            self.network.update(state='SUCCESS', progress='stored', result_id=3)

        threading.Thread(target=serve, daemon=True).start()
        return {'job_id': 1, 'address': '127.0.0.1', 'port': port, 'measurements': measurements}
