"""Issue 20 figures: connections held open against the standalone host. Measures and prints; asserts nothing
(tests/api/test_hostile_connections.py asserts the behaviour). From the repo root:

    PYTHONPATH=middleware:plugin .venv/bin/python tests/bench/probe_connections.py [--code DIR]

1. 512 anonymous websockets from 4 addresses (127.0.0.2-5: loopback on Linux, each socket binds its source
   address); then, 5 times each, an admin connects from a fifth address and from one of the four, logs in and
   pings: the time that takes, or the close code it got. The attacker refills what was closed between rounds.
2. The serving process's open descriptors before, just after, and a header timeout after 2,000 half-sent requests
   (a request line and half the headers), from one address and then from 16; and an admin login meanwhile.

`--code DIR` runs the host from another tree (e.g. `git archive HEAD~1 middleware plugin | tar -x -C DIR`) to
measure the code before a change with the same probe. The host runs with its default limits and timeouts.
"""
import argparse
import os
import socket
import statistics
import sys
import time

import websocket

BENCH = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(BENCH, '..', 'api'))
from client import Client, ConnectionLost  # noqa: E402
from hosting import API_TESTS, local_host  # noqa: E402

ATTACKERS = [f'127.0.0.{n}' for n in range(2, 6)]
ANONYMOUS = 512
HALF_SENT = 2000
ROUNDS = 5
HEADER_TIMEOUT = 10.0   # the host's default (limits.HTTP_HEADER_TIMEOUT_SECONDS); waited past before recounting


def tcp(host, source):
    return socket.create_connection(('127.0.0.1', host.port), timeout=30, source_address=(source, 0))


def anonymous_ws(host, source):
    return websocket.create_connection(host.url, timeout=30, socket=tcp(host, source))


class SourceClient(Client):
    def __init__(self, host, source):
        self.host, self.source = host, source
        super().__init__(host.url, timeout=30)

    def connect(self):
        self.ws = websocket.create_connection(self.url, timeout=self.timeout, socket=tcp(self.host, self.source))


def admin_round(host, source):
    """Seconds for connect + login + core.ping from `source`, or why it failed."""
    t0 = time.monotonic()
    try:
        c = SourceClient(host, source)
    except (OSError, websocket.WebSocketException) as e:
        return f'connect failed: {e}'
    try:
        if c.login(host.username, host.password)['response_type'] != 'SUCCESS':
            return 'login refused'
        c.call('core.ping')
        return time.monotonic() - t0
    except ConnectionLost:
        return 'closed by the server before its login answered'
    except Exception as e:   # a refusal the probe reports rather than stops on
        return f'{type(e).__name__}: {e}'
    finally:
        c.close()


def open_count(pid):
    return len(os.listdir(f'/proc/{pid}/fd'))


def alive(sockets):
    """The anonymous sockets the server has not closed (a close frame or EOF waiting to be read)."""
    out = []
    for s in sockets:
        s.sock.setblocking(False)
        try:
            s.sock.recv(1, socket.MSG_PEEK)   # an idle anonymous socket is sent nothing but its close (or EOF)
            gone = True
        except BlockingIOError:
            gone = False
        except OSError:
            gone = True
        s.sock.setblocking(True)
        if gone:
            s.close()
        else:
            out.append(s)
    return out


def summary(results):
    times = [r for r in results if isinstance(r, float)]
    failures = [r for r in results if not isinstance(r, float)]
    text = (f'{len(times)}/{len(results)} in, median {statistics.median(times) * 1000:.0f} ms, '
            f'max {max(times) * 1000:.0f} ms' if times else f'0/{len(results)} in')
    if failures:
        text += f'; failed: {sorted(set(failures))}'
    return text


def probe_anonymous(host):
    sockets = []
    t0 = time.monotonic()
    for n in range(ANONYMOUS):
        sockets.append(anonymous_ws(host, ATTACKERS[n % len(ATTACKERS)]))
    print(f'{ANONYMOUS} anonymous websockets from {len(ATTACKERS)} addresses opened in {time.monotonic() - t0:.1f} s',
          flush=True)
    results = {'from a fifth address (127.0.0.1)': [], f'from an attacker\'s address ({ATTACKERS[1]})': []}
    for _ in range(ROUNDS):
        for (name, got), source in zip(results.items(), ('127.0.0.1', ATTACKERS[1])):
            got.append(admin_round(host, source))
            sockets = alive(sockets)
            while len(sockets) < ANONYMOUS:   # the attacker refills
                sockets.append(anonymous_ws(host, ATTACKERS[len(sockets) % len(ATTACKERS)]))
    for name, got in results.items():
        print(f'  admin connect + login + core.ping {name}: {summary(got)}', flush=True)
    for s in sockets:
        s.close()


def probe_half_sent(host, pid, sources):
    time.sleep(1)   # closes of the previous phase settle
    before = open_count(pid)
    sockets = []
    t0 = time.monotonic()
    for n in range(HALF_SENT):
        s = tcp(host, sources[n % len(sources)])
        s.sendall(b'GET /api/boot_id HTTP/1.1\r\nHost: 127.0.0.1\r\n')
        sockets.append(s)
    opened = time.monotonic() - t0
    time.sleep(0.5)   # the server's accepts catch up
    during = open_count(pid)
    login = admin_round(host, '127.0.0.1')
    time.sleep(HEADER_TIMEOUT + 2)
    after = open_count(pid)
    login_text = f'{login * 1000:.0f} ms' if isinstance(login, float) else login
    print(f'{HALF_SENT} half-sent requests from {len(sources)} address(es) (opened in {opened:.1f} s): '
          f'host descriptors {before} -> {during} just after -> {after} {HEADER_TIMEOUT + 2:.0f} s later '
          f'(client still holding all {HALF_SENT}); admin login + ping meanwhile: {login_text}', flush=True)
    for s in sockets:
        s.close()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('--code', help='a tree whose middleware/ and plugin/ the host runs instead of this one')
    args = parser.parse_args()
    env = {}
    if args.code:
        code = os.path.abspath(args.code)
        env['PYTHONPATH'] = os.pathsep.join([os.path.join(code, 'middleware'), os.path.join(code, 'plugin'), API_TESTS])
    with local_host(plugins='tuning', extra_env=env) as host:
        pid = host.pids()['child']
        print(f'host from {args.code or "this tree"}, serving process {pid}', flush=True)
        probe_anonymous(host)
        probe_half_sent(host, pid, ['127.0.0.10'])
        probe_half_sent(host, pid, [f'127.0.0.{n}' for n in range(10, 26)])


if __name__ == '__main__':
    main()
