"""One one-off iperf3 server run as a subprocess (I/O; Linux ``/proc`` and ``/sys``).

``serve_one(argv, address, port, counters, wait_seconds, run_seconds, on_event=None, abort=None, records_dir=None,
run_name='iperf3')`` → iperf3's JSON document once one client test ends. iperf3 prints JSON only at the end, so
while it runs the client is seen in ``/proc/net/tcp{,6}`` (``on_event('connected', (address, port))``) and the rate
in the interface's byte counters ``counters = (rx_path, tx_path)`` (``on_event('rate', (rx_bps, tx_bps))`` each
second). ``NoClient`` when no client connects within ``wait_seconds``, ``ClientOverran`` when its test outlasts
``run_seconds``, ``BenchmarkAborted`` on ``abort``. However the run ends the server is stopped and reaped; with
``records_dir`` it is recorded there while it may run, the way fio is (``fio_leftovers``), so start-up stops one a
killed host left behind.
"""
import json
import subprocess
import threading
import time

from ..core.network.proc_net import LISTEN, peers
from .errors import BenchmarkAborted
from .fio_process import abort_check, end_recorded, start_recorded

POLL_SECONDS = 0.2
TCP_TABLES = ('/proc/net/tcp', '/proc/net/tcp6')


class NoClient(Exception):
    pass


class ClientOverran(Exception):
    pass


class Iperf3Failed(Exception):
    def __init__(self, message, stderr=''):
        super().__init__(message)
        self.stderr = stderr


def _sockets(address, port, state=None):
    found = []
    for table in TCP_TABLES:
        try:
            with open(table) as f:
                found += peers(f.read(), address, port, *([state] if state else []))
        except FileNotFoundError:  # no IPv6 in this kernel
            continue
    return found


def _read_counter(path):
    try:
        with open(path) as f:
            return int(f.read().strip())
    except (OSError, ValueError):
        return None


class _RateMeter:
    """Bits per second received and sent on the interface since the previous reading, once a second."""

    def __init__(self, counters):
        self.counters, self.last = counters, None

    def read(self, now):
        values = [_read_counter(p) for p in self.counters]
        if None in values:
            return None
        previous, self.last = self.last, (now, values)
        if previous is None or now - previous[0] < 1:
            if previous is not None:
                self.last = previous
            return None
        seconds = now - previous[0]
        return tuple((v - p) * 8 / seconds for v, p in zip(values, previous[1]))


def serve_one(argv, address, port, counters, wait_seconds, run_seconds, on_event=None, abort=None, records_dir=None,
              run_name='iperf3'):
    aborted, emit = abort_check(abort), on_event or (lambda kind, value: None)
    if aborted():
        raise BenchmarkAborted()
    proc, record, start_time = start_recorded(argv, records_dir, run_name)
    out, err = [], []
    readers = [threading.Thread(target=lambda: out.append(proc.stdout.read()), daemon=True),
               threading.Thread(target=lambda: err.append(proc.stderr.read()), daemon=True)]
    meter, client, listening = _RateMeter(counters), None, False
    try:
        for t in readers:
            t.start()
        deadline = time.monotonic() + wait_seconds
        while proc.poll() is None:
            if aborted():
                raise BenchmarkAborted()
            now = time.monotonic()
            if not listening and _sockets(address, port, LISTEN):
                listening = True
                emit('listening', None)
            if client is None and (found := _sockets(address, port)):
                client = found[0]
                deadline = now + run_seconds
                emit('connected', client)
            elif client is not None and (rate := meter.read(now)) is not None:
                emit('rate', rate)
            if now > deadline:
                raise ClientOverran() if client else NoClient()
            try:
                proc.wait(timeout=POLL_SECONDS)
            except subprocess.TimeoutExpired:
                continue
    finally:
        end_recorded(proc, argv, start_time, record, readers)
    stdout, stderr = b''.join(out).decode('utf-8', 'replace'), b''.join(err).decode('utf-8', 'replace')
    try:
        doc = json.loads(stdout)
    except ValueError:
        raise Iperf3Failed(f'iperf3 exited with status {proc.returncode} without a JSON result: '
                           f'{(stderr or stdout).strip()[-500:]}', stderr) from None
    if proc.returncode != 0 and not doc.get('error'):
        doc['error'] = f'iperf3 exited with status {proc.returncode}'
    return doc
