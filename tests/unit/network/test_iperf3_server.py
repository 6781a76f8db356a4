"""The one-off iperf3 server as a real process on loopback: what it reports, and that it is stopped, reaped and its
record dropped however the run ends (a client's test, no client, a test that overruns, an abort, a taken port)."""
import os
import shutil
import socket
import subprocess
import threading

import pytest

from tuning.bench_runner import BenchmarkAborted
from tuning.bench_runner.fio_leftovers import matching_processes
from tuning.bench_runner.iperf3_server import ClientOverran, NoClient, serve_one
from tuning.core.network.iperf3_json import Iperf3Error, figures
from tuning.core.network.measurements import server_argv

pytestmark = pytest.mark.skipif(shutil.which('iperf3') is None, reason='iperf3 is not installed')
COUNTERS = ('/sys/class/net/lo/statistics/rx_bytes', '/sys/class/net/lo/statistics/tx_bytes')
# The server's waits a test does not test, and the client's test that must outlast a short run: minutes, so they
# never run out first on a loaded or slow machine (no test relies on them being short).
HANG_SECONDS = 600


def free_port():
    with socket.socket() as s:
        s.bind(('127.0.0.1', 0))
        return s.getsockname()[1]


def serve(tmp_path, port, client_args=None, wait=HANG_SECONDS, run=HANG_SECONDS, abort=None):
    """``serve_one`` on ``port``; once it listens, ``client_args`` (if given) runs as the client and ``abort`` (if
    given) is set. → (outcome or exception, events, argv)."""
    argv, events, clients = server_argv(shutil.which('iperf3'), '127.0.0.1', port), [], []

    def on_event(kind, value):
        events.append((kind, value))
        if kind == 'listening' and client_args is not None:
            clients.append(subprocess.Popen(['iperf3', '-c', '127.0.0.1', '-p', str(port), *client_args],
                                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
        if kind == 'listening' and abort is not None:
            abort.set()
    try:
        outcome = serve_one(argv, '127.0.0.1', port, COUNTERS, wait, run, on_event, abort, str(tmp_path / 'records'), 'iperf3-t')
    except Exception as e:
        outcome = e
    for c in clients:
        c.wait(timeout=HANG_SECONDS)
    assert matching_processes(argv) == []                              # stopped and reaped
    assert not os.listdir(tmp_path / 'records')                        # its record dropped
    return outcome, events, argv


def test_a_client_test_gives_its_document_and_live_events(tmp_path):
    doc, events, _ = serve(tmp_path, free_port(), ['-t', '3', '-P', '2'])
    f = figures(doc)
    assert (f['side'], f['streams'], f['direction'], f['client_address']) == ('SERVER', 2, 'CLIENT_TO_BOX',
                                                                             '127.0.0.1')
    kinds = [kind for kind, _ in events]
    assert kinds[:2] == ['listening', 'connected'] and 'rate' in kinds
    assert events[1][1][0] == '127.0.0.1'
    assert all(rx >= 0 and tx >= 0 for kind, (rx, tx) in (e for e in events if e[0] == 'rate'))


def test_no_client_within_the_wait(tmp_path):
    outcome, events, _ = serve(tmp_path, free_port(), wait=1)
    assert isinstance(outcome, NoClient) and [k for k, _ in events] == ['listening']


def test_a_test_that_outlasts_its_time_is_stopped(tmp_path):
    outcome, events, _ = serve(tmp_path, free_port(), ['-t', str(HANG_SECONDS)], run=1)
    assert isinstance(outcome, ClientOverran) and ('connected' in [k for k, _ in events])


def test_an_abort_stops_the_waiting_server(tmp_path):
    outcome, events, _ = serve(tmp_path, free_port(), abort=threading.Event())  # set once it listens
    assert isinstance(outcome, BenchmarkAborted) and [k for k, _ in events] == ['listening']


def test_a_taken_port_is_iperf3s_own_error(tmp_path):
    with socket.socket() as taken:
        taken.bind(('127.0.0.1', 0))
        taken.listen()
        doc, _, _ = serve(tmp_path, taken.getsockname()[1])
    with pytest.raises(Iperf3Error, match='Address already in use'):
        figures(doc)
