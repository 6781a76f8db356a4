"""The supervisor restarts a serving process that died (killed, crashed, or unable to start), so the box's API comes
back by itself: with a new boot id, the pid file naming the new child, the stored state as it was, the restart
logged with how the child ended; a child that cannot start is retried with growing delays until it can."""
import os
import re
import signal
import socket
import time

import pytest

from client import ConnectionLost
from hosting import LocalHost

pytestmark = pytest.mark.sandbox_only  # kills processes of a host of its own

PRESET = {'name': 'Survives a crash', 'description': 'made before the kill', 'base': 'max-iops', 'settings': []}
RESTART_LINE = re.compile(r'host process (\d+) ended \((.+?)\) after [\d.]+ s; restarting in ([\d.]+) s')


def supervisor_log(host):
    try:
        with open(os.path.join(host.data_dir, 'supervisor.log'), encoding='utf-8') as f:
            return f.read()
    except FileNotFoundError:  # the supervisor has not started logging yet
        return ''


def restarts(host):
    """(pid, how it ended, delay) for each restart after a crash the supervisor logged."""
    return [(int(pid), how, float(delay)) for pid, how, delay in RESTART_LINE.findall(supervisor_log(host))]


def poll_until(host, predicate, what, timeout=600.0):
    """Poll `predicate` while the supervisor lives (an old supervisor that gave up fails this at once)."""
    deadline = time.monotonic() + timeout
    while not predicate():
        if host.proc.poll() is not None:
            raise AssertionError(f'the supervisor exited with {host.proc.returncode} before {what}')
        if time.monotonic() > deadline:
            raise TimeoutError(f'no {what} after {timeout}s')
        time.sleep(0.05)  # polling interval


def alive(pid):
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


def test_a_killed_serving_process_is_restarted_with_its_state(fresh_host):
    host = fresh_host()
    c = host.client(private_methods=True)
    preset = c.call('tuning.preset.create', PRESET)
    key = c.call('api_key.create', {'name': 'kept-key'})
    state_before = c.call('tuning.state')
    old_boot, old = host.boot_id(), host.pids()

    os.kill(old['child'], signal.SIGKILL)
    with pytest.raises(ConnectionLost):
        while True:
            c._receive(30)
    new_boot = host.wait_until_back(old_boot)

    pids = host.pids()
    assert new_boot != old_boot
    assert pids['supervisor'] == old['supervisor'] == host.proc.pid and host.proc.poll() is None
    assert pids['child'] != old['child'] and alive(pids['child']) and not alive(old['child'])
    assert restarts(host)[-1][:2] == (old['child'], 'signal SIGKILL')
    c.reconnect()
    assert c.call('auth.me')['pw_name'] == host.username
    assert [p['name'] for p in c.call('tuning.preset.query', [['id', '=', preset['id']]])] == [PRESET['name']]
    assert [k['name'] for k in c.call('api_key.query', [['id', '=', key['id']]])] == ['kept-key']
    state_after = c.call('tuning.state')
    assert state_after['boot_id'] == state_before['boot_id']  # the box did not reboot; only the process restarted
    assert state_after['active'] == state_before['active'] and state_after['recovered'] == []
    c.close()


def test_a_serving_process_that_cannot_start_is_retried_with_growing_delays(tmp_path, monkeypatch):
    """Its port is taken: each child exits at once; the supervisor waits 0.5, 1, 2 … s between attempts and never
    gives up, so the host comes up as soon as the port is free. SIGTERM still stops it (and no child is left)."""
    blocker = socket.socket()
    blocker.bind(('127.0.0.1', 0))
    blocker.listen()
    host = LocalHost(str(tmp_path / 'data'), port=blocker.getsockname()[1], plugins='sample_plugin', backend='none')
    monkeypatch.setattr(host, 'wait_ready', lambda *a, **k: None)  # it cannot be ready while the port is taken
    host.start()
    monkeypatch.undo()
    try:
        poll_until(host, lambda: len(restarts(host)) >= 3, 'three failed starts')
        first = restarts(host)[:3]
        assert [delay for _, _, delay in first] == [0.5, 1, 2]
        assert all(how == 'code 1' for _, how, _ in first)
        assert host.proc.poll() is None  # the supervisor is still there, trying
        blocker.close()
        host.wait_ready()
        with host.client() as c:
            assert c.call('core.ping') == 'pong'
        child = host.pids()['child']
    finally:
        blocker.close()
        proc = host.proc
        host.stop()
    assert proc.returncode == 0 and not alive(child)
    assert supervisor_log(host).rstrip().endswith('stopped')
