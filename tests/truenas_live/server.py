"""Start and stop the launcher (the real middlewared of one release) as a separate process; connect to it."""
import contextlib
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
START_DEADLINE = 180  # seconds; a cold start on 2 cores takes about 10


def free_port() -> int:
    with socket.socket() as s:
        s.bind(('127.0.0.1', 0))
        return s.getsockname()[1]


class LiveServer:
    def __init__(self, home: Path, launcher_args: tuple[str, ...] = ()):
        self.home = home
        self.launcher_args = tuple(launcher_args)
        self.port = None
        self.proc = None
        self.output: list[str] = []
        self._listening = threading.Event()
        self._ended = threading.Event()

    @property
    def socket_path(self) -> str:
        return str(self.home / 'run' / 'middlewared.sock')

    @property
    def url(self) -> str:
        return f'http://127.0.0.1:{self.port}'

    def start(self, same_port=False):
        """Start middlewared (on a new free port, or on the last one: a box restarting keeps its address)."""
        self.port = self.port if same_port and self.port else free_port()
        self.output = []
        self._listening.clear()
        self._ended.clear()
        self.proc = subprocess.Popen(
            [sys.executable, str(HERE / 'launcher.py'), '--home', str(self.home), '--port', str(self.port),
             *self.launcher_args],
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, start_new_session=True)
        threading.Thread(target=self._read, daemon=True).start()
        if not self._listening.wait(START_DEADLINE) or self.proc.poll() is not None:
            tail = ''.join(self.output[-60:])
            self.stop()
            raise RuntimeError(f'middlewared did not start listening:\n{tail}')
        return self

    def _read(self):
        # kept next to the box state as it comes, for diagnosis while middlewared runs (and after)
        self.home.mkdir(parents=True, exist_ok=True)
        with open(self.home / 'launcher.log', 'a') as log:
            for line in self.proc.stdout:
                self.output.append(line)
                log.write(line)
                log.flush()
                if line.startswith('LIVE-LISTENING') or line.startswith('LIVE-INSTALL-FAILED'):
                    self._listening.set()
        self._ended.set()
        self._listening.set()

    def log(self) -> str:
        return ''.join(self.output)

    def stop(self):
        if self.proc and self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGTERM)  # middlewared's own terminate path
            try:
                self.proc.wait(60)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait(10)
        self._ended.wait(10)

    def client(self):
        from truenas_api_client import Client
        return Client(f'ws+unix://{self.socket_path}')


def wait_for(predicate, deadline=60, what='condition'):
    """Poll a condition until it holds or the deadline passes (no fixed sleeps: it returns as soon as it holds)."""
    end = time.monotonic() + deadline
    last = None
    while time.monotonic() < end:
        try:
            value = predicate()
            if value:
                return value
        except Exception as e:  # noqa: BLE001  the condition may raise while it does not hold yet
            last = e
        time.sleep(0.1)
    raise AssertionError(f'{what} did not hold within {deadline}s (last error: {last!r})')


@contextlib.contextmanager
def ready_server(home: Path, launcher_args: tuple[str, ...] = ()):
    """A started middlewared whose box has booted: pools imported, system.ready sent, tuning answering. A set-up that
    fails still stops middlewared."""
    srv = LiveServer(home, launcher_args).start()
    try:
        with srv.client() as c:
            c.call('fakebox.import_pools')
            wait_for(lambda: c.call('tuning.state'), 60, 'tuning ready after system.ready')
        yield srv
    finally:
        srv.stop()
