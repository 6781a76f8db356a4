"""Issue 20 figures, passwords, audit and logs: the probe's attacks against a fresh sandbox host, measured.

- `/_upload` guesses a second with wrong Basic passwords (`--workers` at once for `--seconds`), next to the
  websocket's wrong `auth.login_ex`; how many were checked (401 / AUTH_ERR) and how many refused unchecked (429 /
  EBUSY); whether the right password still works right after.
- Answer time for a known and an unknown user: the password check alone (in process, no failure delay) and the
  whole `/_upload` answer.
- A failed login, then `--calls` anonymous calls to an audited method: is the failed login still in the audit
  trail; the sizes of the audit files.
- host.log growth for 300 read-only `tuning.preset.query` calls with `select` (goal: < 256 KiB).
- Modes of the data directory and its data files.
Measures; asserts nothing. Run:
  PYTHONPATH=middleware:plugin .venv/bin/python tests/bench/probe_auth_logs.py [--seconds 30] [--calls 200000]
"""
import argparse
import concurrent.futures
import glob
import json
import os
import statistics
import stat
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request

import websocket

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'api'))
from client import RpcError  # noqa: E402
from hosting import local_host  # noqa: E402
from tuning_helpers import basic_auth, multipart  # noqa: E402

IMPORT = 'tuning.database.import'
AUDITED = 'tuning.preset.create'
BATCH = 20   # calls in flight on one connection (its bound of concurrent calls)


def post_upload(host, authorization):
    body, content_type = multipart([('data', json.dumps({'method': IMPORT, 'params': []}).encode(), None),
                                    ('file', b'x', 'f.db')])
    request = urllib.request.Request(host.http_url + '/_upload', data=body, method='POST',
                                     headers={'Content-Type': content_type, 'Authorization': authorization})
    try:
        with urllib.request.urlopen(request, timeout=120) as r:
            return r.status
    except urllib.error.HTTPError as e:
        return e.code


def hammer(seconds, workers, attempt):
    """`attempt()` from `workers` threads for `seconds`: the outcomes, counted."""
    deadline = time.monotonic() + seconds
    counts, lock = {}, threading.Lock()

    def work():
        while time.monotonic() < deadline:
            outcome = attempt()
            with lock:
                counts[outcome] = counts.get(outcome, 0) + 1

    with concurrent.futures.ThreadPoolExecutor(workers) as pool:
        for f in [pool.submit(work) for _ in range(workers)]:
            f.result()
    return counts


def ws_wrong_login(host):
    with host.new_client() as c:
        try:
            return c.login(host.username, 'wrong')['response_type']
        except RpcError as e:
            return e.errname or str(e.code)


def guesses(host, admin, seconds, workers):
    print(f'wrong passwords, {workers} at once for {seconds} s (checked = answered as wrong; refused = not checked):')
    for name, attempt, checked in [
            ('/_upload Basic', lambda: post_upload(host, basic_auth(host.username, 'wrong')), 401),
            ('websocket auth.login_ex', lambda: ws_wrong_login(host), 'AUTH_ERR')]:
        admin.call('rate.limit.cache_clear')
        counts = hammer(seconds, workers, attempt)
        n = counts.get(checked, 0)
        right = post_upload(host, basic_auth(host.username, host.password))
        print(f'  {name:24s} {n / seconds:6.2f} guesses/s checked ({n}), answers {counts}; '
              f'the right password on /_upload right after: HTTP {right}')
    admin.call('rate.limit.cache_clear')


def known_vs_unknown(host, admin, rounds):
    from tuning_host.server.store import HostStore
    store = HostStore(os.path.join(tempfile.mkdtemp(prefix='probe-store-'), 'host.db'))
    store.set_password('admin', 'right')

    def check_ms(user):
        start = time.perf_counter()
        store.check_password(user, 'wrong')
        return (time.perf_counter() - start) * 1000

    def upload_ms(user):
        admin.call('rate.limit.cache_clear')
        start = time.perf_counter()
        post_upload(host, basic_auth(user, 'wrong'))
        return (time.perf_counter() - start) * 1000

    print(f'answer time, known vs unknown user (median of {rounds}, taken in turns, ms):')
    for what, fn in [('password check alone', check_ms), ('/_upload answer', upload_ms)]:
        samples = [(fn('admin'), fn('nobody-at-all')) for _ in range(rounds)]
        known, unknown = (statistics.median(x) for x in zip(*samples))
        print(f'  {what:22s} known {known:7.1f}  unknown {unknown:7.1f}')
    admin.call('rate.limit.cache_clear')


def anonymous_flood(host, calls):
    """`calls` anonymous calls to an audited method on fresh connections (a connection that does not log in is
    closed after a while); returns the seconds taken."""
    frame = json.dumps({'jsonrpc': '2.0', 'id': 1, 'method': AUDITED, 'params': [{'name': 'p'}]})
    start, done = time.monotonic(), 0
    while done < calls:
        ws = websocket.create_connection(host.url, timeout=60)
        try:
            for _ in range(min(10000, calls - done) // BATCH):
                for _ in range(BATCH):
                    ws.send(frame)
                for _ in range(BATCH):
                    ws.recv()
                done += BATCH
        except (websocket.WebSocketException, OSError):
            pass
        finally:
            ws.close()
    return time.monotonic() - start


def audit_trail(host, calls):
    with host.new_client() as c:
        c.login('probe-victim', 'wrong')
    seconds = anonymous_flood(host, calls)
    time.sleep(1)

    def has_login(name):
        try:
            with open(os.path.join(host.data_dir, name), encoding='utf-8') as f:
                return any('"AUTHENTICATION"' in line and 'probe-victim' in line for line in f)
        except FileNotFoundError:
            return None

    sizes = {os.path.basename(p): os.path.getsize(p) for p in sorted(glob.glob(os.path.join(host.data_dir, 'audit*')))}
    print(f'audit trail after {calls} anonymous calls to {AUDITED} ({seconds:.0f} s, {calls / seconds:.0f} calls/s):')
    print(f'  failed login still in audit.log: {has_login("audit.log")}; '
          f'in audit-auth.log: {has_login("audit-auth.log")}')
    print(f'  audit files (bytes): {sizes}')


def select_queries(host):
    log = os.path.join(host.data_dir, 'host.log')
    before = os.path.getsize(log)
    with host.readonly_client() as c:
        for _ in range(300):
            c.call('tuning.preset.query', [], {'select': ['id', 'name']})
    grown = os.path.getsize(log) - before
    print(f'host.log growth for 300 read-only queries with select: {grown} bytes ({grown / 1024:.1f} KiB)')


def modes(host):
    def mode(path):
        return oct(stat.S_IMODE(os.stat(path).st_mode)) if os.path.exists(path) else 'missing'

    names = ['host.db', 'host.log', 'supervisor.log', 'audit.log', 'audit-auth.log', 'tuning/tuning.db']
    print(f'modes: data dir {mode(host.data_dir)}, ' + ', '.join(
        f'{n} {mode(os.path.join(host.data_dir, n))}' for n in names))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument('--seconds', type=float, default=30)
    parser.add_argument('--workers', type=int, default=8)
    parser.add_argument('--rounds', type=int, default=10)
    parser.add_argument('--calls', type=int, default=200000)
    args = parser.parse_args()
    with local_host(extra_env={'TUNING_STRICT_RESULTS': '0'}) as host:   # as served
        admin = host.admin_client()
        admin.set_options(private_methods=True)
        guesses(host, admin, args.seconds, args.workers)
        known_vs_unknown(host, admin, args.rounds)
        select_queries(host)
        audit_trail(host, args.calls)
        modes(host)
        admin.close()


if __name__ == '__main__':
    main()
