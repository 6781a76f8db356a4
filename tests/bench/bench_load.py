"""Issue 12 load figures: calls/s and serving-process RSS under 50 logged-in websocket clients calling
`tuning.preset.query`, `tuning.state` and `core.ping`, next to a bare aiohttp JSON-RPC server answering the same
payloads (captured from the host first) to the same load in the same run.

Goals (printed with PASS/MISS; nothing is asserted): throughput >= 0.9 x the bare server's; serving RSS after the
load <= 1.5 x its RSS at start, and flat over repeated rounds (the last round grows it by at most 5 %).
From the repo root:

    PYTHONPATH=middleware:plugin .venv/bin/python tests/bench/bench_load.py [--rounds 5] [--clients 50] [--calls 20]
        [--pipeline 1] [--host-env NAME=VALUE ...]

Each round logs in a fresh set of clients (as repeated runs of a client would), then every client makes `--calls`
calls of each method (3 x calls x clients calls a round, `--pipeline` of each in flight at once), then disconnects.
Only the calls are timed. Also printed: the server's CPU time a call (all its threads) and the load generator's.
The load generator is one asyncio process (aiohttp client); the host and the bare server each run in their own
process on loopback, so both share the machine's cores with the generator alike. `--host-env` passes environment
to the host (e.g. MALLOC_ARENA_MAX=2 to compare allocator settings).
"""
import argparse
import asyncio
import json
import os
import subprocess
import sys
import tempfile
import time

import aiohttp
from aiohttp import web

BENCH = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(BENCH, '..', 'api'))
from hosting import ADMIN, CLEAR_EVERY, PASSWORD, LocalHost, free_port  # noqa: E402

from bench_api_latency import rss_mb  # noqa: E402  (one reader of /proc/<pid>/status for the bench scripts)

METHODS = ('tuning.preset.query', 'tuning.state', 'core.ping')
LOGIN = {'mechanism': 'PASSWORD_PLAIN', 'username': ADMIN, 'password': PASSWORD}
THROUGHPUT_GOAL = 0.9
RSS_GOAL = 1.5
FLAT_GOAL = 1.05


def cpu_seconds(pid):
    """User + system CPU time of process `pid`, all its threads."""
    with open(f'/proc/{pid}/stat') as f:
        fields = f.read().rsplit(')', 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf('SC_CLK_TCK')


# ---- the bare server (run as a child process of this script) ----

def serve_bare(port, payload_file):
    """A bare aiohttp JSON-RPC 2.0 websocket server: each method answered with its captured result."""
    with open(payload_file) as f:
        results = json.load(f)

    async def handle(request):
        ws = web.WebSocketResponse()
        await ws.prepare(request)
        async for msg in ws:
            if msg.type != aiohttp.WSMsgType.TEXT:
                break
            req = json.loads(msg.data)
            await ws.send_str(json.dumps({'jsonrpc': '2.0', 'id': req['id'], 'result': results[req['method']]}))
        return ws

    app = web.Application()
    app.router.add_get('/api/current', handle)
    web.run_app(app, host='127.0.0.1', port=port, print=None, access_log=None, handle_signals=True)


def start_bare(payloads):
    fd, path = tempfile.mkstemp(prefix='bench-load-', suffix='.json')
    with os.fdopen(fd, 'w') as f:
        json.dump(payloads, f)
    port = free_port()
    proc = subprocess.Popen([sys.executable, __file__, '--serve-bare', str(port), path])
    return proc, port, path


async def _probe(url):
    async with aiohttp.ClientSession() as session:
        async with session.ws_connect(url):
            pass


def wait_listening(url, timeout=30.0):
    deadline = time.monotonic() + timeout
    while True:
        try:
            return asyncio.run(_probe(url))
        except OSError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.05)  # polling until the bare server listens


# ---- the load generator ----

class Rpc:
    """One logged-in websocket client; several calls may be in flight (replies matched by id)."""

    def __init__(self, ws):
        self.ws = ws
        self.next_id = 0
        self.waiting = {}
        self.reader = asyncio.ensure_future(self._read())

    async def _read(self):
        async for raw in self.ws:
            msg = json.loads(raw.data)
            fut = self.waiting.pop(msg.get('id'), None)
            if fut is not None:
                fut.set_result(msg)

    async def call(self, method, *params):
        self.next_id += 1
        fut = self.waiting[self.next_id] = asyncio.get_running_loop().create_future()
        await self.ws.send_str(json.dumps({'jsonrpc': '2.0', 'id': self.next_id, 'method': method,
                                           'params': list(params)}))
        msg = await fut
        if 'error' in msg:
            raise RuntimeError(f'{method}: {msg["error"]}')
        return msg['result']

    async def close(self):
        await self.ws.close()
        await self.reader


async def connect(session, url, n, clear_rate_limit=None):
    """`n` logged-in clients, one after another, as clients come. The host allows 20 logins a minute from one
    address: `clear_rate_limit()` is called every CLEAR_EVERY logins (as the API tests' client factory does)."""
    async def one():
        rpc = Rpc(await session.ws_connect(url, max_msg_size=0))
        rpc.login = await rpc.call('auth.login_ex', LOGIN)
        return rpc
    clients = []
    for i in range(n):
        if clear_rate_limit is not None and i % CLEAR_EVERY == 0:
            clear_rate_limit()
        clients.append(await one())
    return clients


def rate_limit_clearer(host):
    """A kept administrator session (outside the login count) that clears the host's login rate limit."""
    admin = host.admin_client()
    admin.set_options(private_methods=True)
    return lambda: admin.call('rate.limit.cache_clear')


async def run_round(clients, calls, pipeline):
    """Every client calls each method `calls` times; returns {method: (calls, busy seconds)} and wall seconds."""
    spent = {m: 0.0 for m in METHODS}
    done = {m: 0 for m in METHODS}

    async def timed(rpc, method):
        t = time.perf_counter()
        await rpc.call(method)
        spent[method] += time.perf_counter() - t
        done[method] += 1

    async def worker(rpc):
        for _ in range(calls // pipeline):
            await asyncio.gather(*(timed(rpc, m) for _ in range(pipeline) for m in METHODS))

    start = time.perf_counter()
    await asyncio.gather(*(worker(c) for c in clients))
    return done, spent, time.perf_counter() - start


async def load(url, pid, args, label, clear_rate_limit=None):
    """Run the rounds against `url`, each with a fresh set of logged-in clients (as repeated runs of a client
    would); print per-round figures; return (calls/s overall, calls/s per method, RSS readings)."""
    rss = [rss_mb(pid)]
    print(f'{label}: RSS at start (no client) {rss[0]:.1f} MB')
    total_calls, total_wall, total_cpu, own_cpu = 0, 0.0, 0.0, 0.0
    per_method = {m: [0, 0.0] for m in METHODS}
    async with aiohttp.ClientSession() as session:
        for r in range(1, args.rounds + 1):
            clients = await connect(session, url, args.clients, clear_rate_limit)
            cpu, own = cpu_seconds(pid), time.process_time()
            done, spent, wall = await run_round(clients, args.calls, args.pipeline)
            total_cpu += cpu_seconds(pid) - cpu
            own_cpu += time.process_time() - own
            for c in clients:
                await c.close()
            calls = sum(done.values())
            total_calls += calls
            total_wall += wall
            for m in METHODS:
                per_method[m][0] += done[m]
                per_method[m][1] += spent[m]
            rss.append(rss_mb(pid))
            print(f'  round {r}: {args.clients} logins, {calls} calls in {wall:.2f} s = {calls / wall:.0f} calls/s; '
                  f'RSS {rss[-1]:.1f} MB')
    # per method: its calls over the share of the wall time they took (calls are interleaved on every client)
    busy = sum(s for _, s in per_method.values())
    rates = {m: n / (s / busy * total_wall) for m, (n, s) in per_method.items()}
    print('  ' + '  '.join(f'{m} {rates[m]:.0f}/s' for m in METHODS)
          + f'; CPU a call: server {total_cpu / total_calls * 1e6:.0f} us, load generator '
          f'{own_cpu / total_calls * 1e6:.0f} us')
    return total_calls / total_wall, rates, rss


async def capture(url, clear_rate_limit):
    """The results the host returns for each method (the bare server answers with the same)."""
    async with aiohttp.ClientSession() as session:
        (rpc,) = await connect(session, url, 1, clear_rate_limit)
        payloads = {m: await rpc.call(m) for m in METHODS}
        payloads['auth.login_ex'] = rpc.login
        await rpc.close()
    return payloads


def verdict(ok):
    return 'PASS' if ok else 'MISS'


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument('--rounds', type=int, default=5)
    parser.add_argument('--clients', type=int, default=50)
    parser.add_argument('--calls', type=int, default=20, help='calls of each method per client per round')
    parser.add_argument('--pipeline', type=int, default=1,
                        help='calls of each method a client keeps in flight at once (the host admits 20 a client)')
    parser.add_argument('--host-env', action='append', default=[], metavar='NAME=VALUE',
                        help='environment for the host process (repeatable)')
    parser.add_argument('--serve-bare', nargs=2, metavar=('PORT', 'PAYLOADS'), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve_bare:
        return serve_bare(int(args.serve_bare[0]), args.serve_bare[1])

    print(f'{args.clients} clients, {args.rounds} rounds of {args.calls} calls of each of {", ".join(METHODS)}')
    with tempfile.TemporaryDirectory(prefix='bench-load-') as data:
        env = dict(item.split('=', 1) for item in args.host_env)
        host = LocalHost(data, extra_env={'TUNING_LOG_LEVEL': 'WARNING', **env}).start()
        try:
            clear = rate_limit_clearer(host)
            payloads = asyncio.run(capture(host.url, clear))
            sizes = ', '.join(f'{m} {len(json.dumps(payloads[m]))} B' for m in METHODS)
            print(f'payloads: {sizes}')
            host_rate, host_rates, host_rss = asyncio.run(load(host.url, host.pids()['child'], args, 'host', clear))
        finally:
            host.stop()

    bare, port, path = start_bare(payloads)
    try:
        url = f'ws://127.0.0.1:{port}/api/current'
        wait_listening(url)
        bare_rate, bare_rates, bare_rss = asyncio.run(load(url, bare.pid, args, 'bare aiohttp server'))
    finally:
        bare.terminate()
        bare.wait()
        os.unlink(path)

    print()
    print(f'{"":22s}{"host":>10s}{"bare":>10s}{"ratio":>8s}')
    for m in METHODS:
        print(f'{m:22s}{host_rates[m]:10.0f}{bare_rates[m]:10.0f}{host_rates[m] / bare_rates[m]:8.2f}')
    ratio = host_rate / bare_rate
    print(f'{"all (calls/s)":22s}{host_rate:10.0f}{bare_rate:10.0f}{ratio:8.2f}')
    print(f'RSS MB start/after     {host_rss[0]:5.1f}/{host_rss[-1]:5.1f}  {bare_rss[0]:5.1f}/{bare_rss[-1]:5.1f}')
    print('host RSS by round (MB): ' + ' '.join(f'{x:.1f}' for x in host_rss))
    print()
    growth = host_rss[-1] / host_rss[0]
    last = host_rss[-1] / host_rss[-2] if len(host_rss) >= 3 else float('nan')
    print(f'goal throughput >= {THROUGHPUT_GOAL} x bare: {ratio:.2f} x  {verdict(ratio >= THROUGHPUT_GOAL)}')
    print(f'goal RSS after <= {RSS_GOAL} x start: {growth:.2f} x  {verdict(growth <= RSS_GOAL)}')
    print(f'goal RSS flat over rounds (last round <= {FLAT_GOAL} x the one before): {last:.3f} x  '
          f'{verdict(last <= FLAT_GOAL)}')


if __name__ == '__main__':
    main()
