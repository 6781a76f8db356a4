"""Issue 12 load figures: calls/s and serving-process RSS under 50 logged-in websocket clients calling
`tuning.preset.query`, `tuning.state` and `core.ping`, next to a bare aiohttp JSON-RPC server answering the same
payloads (captured from the host first) to the same load in the same run.

Goals (printed with PASS/MISS; nothing is asserted): throughput >= 0.9 x the bare server's; serving RSS after the
load <= 1.5 x its RSS at start, and flat over repeated rounds (the last round grows it by at most 5 %).
From the repo root:

    PYTHONPATH=middleware:plugin .venv/bin/python tests/bench/bench_load.py [--rounds 5] [--clients 50] [--calls 20]
        [--pipeline 1] [--host-env NAME=VALUE ...] [--apply PRESET]

Each round logs in a fresh set of clients (as repeated runs of a client would), then every client makes `--calls`
calls of each method (3 x calls x clients calls a round, `--pipeline` of each in flight at once), then disconnects.
The host and the bare server take turns within each round, each going first every other round, so that whatever
else the machine does meanwhile (and whatever the load generator carries from one turn to the next) weighs on both
alike. Only the calls are timed. Also printed: the server's CPU time a call (all its threads; in the table
with the bare server's over the host's, the steadier comparison when other work shares the machine) and the load
generator's. The load generator is one asyncio process (aiohttp client); the host and the bare server each run in
their own process on loopback, so both share the machine's cores with the generator alike. `--host-env` passes environment
to the host (e.g. MALLOC_ARENA_MAX=2 to compare allocator settings).

The host answers these reads from what it answered before while nothing they are made of has changed
(plugin/tuning_host/server/answers.py). `--apply PRESET` applies that preset to tank/media first: `tuning.state` then
checks the box's live settings for drift on every call, which is never remembered (the full path's figure).
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
from hosting import ADMIN, CLEAR_EVERY, PASSWORD, LocalHost, free_port, rss_mb  # noqa: E402

METHODS = ('tuning.preset.query', 'tuning.state', 'core.ping')
LOGIN = {'mechanism': 'PASSWORD_PLAIN', 'username': ADMIN, 'password': PASSWORD}
THROUGHPUT_GOAL = 0.9
RSS_GOAL = 1.5
FLAT_GOAL = 1.05
TARGET = {'pool': 'tank', 'dataset': 'tank/media'}


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


async def connect(session, url, n, clear_rate_limit=None, login=LOGIN):
    """`n` logged-in clients, one after another, as clients come. The host allows 20 logins a minute from one
    address: `clear_rate_limit()` is called every CLEAR_EVERY logins (as the API tests' client factory does).
    `login` None: the socket's peer is authenticated by the server itself (middlewared's unix socket)."""
    async def one():
        rpc = Rpc(await session.ws_connect(url, max_msg_size=0))
        rpc.login = None if login is None else await rpc.call('auth.login_ex', login)
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


class Target:
    """One server under load: its figures summed over the rounds it was given."""

    def __init__(self, label, url, pid, clear_rate_limit=None, login=LOGIN, unix_socket=None):
        self.label, self.url, self.pid, self.clear_rate_limit = label, url, pid, clear_rate_limit
        self.login, self.unix_socket = login, unix_socket
        self.rss = [rss_mb(pid)]
        self.calls, self.wall, self.cpu, self.own_cpu = 0, 0.0, 0.0, 0.0
        self.per_method = {m: [0, 0.0] for m in METHODS}

    async def round(self, session, number, args):
        """One round: fresh logged-in clients (as repeated runs of a client would), the calls, then disconnect."""
        clients = await connect(session, self.url, args.clients, self.clear_rate_limit, self.login)
        cpu, own = cpu_seconds(self.pid), time.process_time()
        done, spent, wall = await run_round(clients, args.calls, args.pipeline)
        self.cpu += cpu_seconds(self.pid) - cpu
        self.own_cpu += time.process_time() - own
        for c in clients:
            await c.close()
        calls = sum(done.values())
        self.calls += calls
        self.wall += wall
        for m in METHODS:
            self.per_method[m][0] += done[m]
            self.per_method[m][1] += spent[m]
        self.rss.append(rss_mb(self.pid))
        print(f'  round {number} {self.label}: {args.clients} logins, {calls} calls in {wall:.2f} s = '
              f'{calls / wall:.0f} calls/s; RSS {self.rss[-1]:.1f} MB')

    @property
    def rate(self):
        return self.calls / self.wall

    def rates(self):
        """Calls/s per method: its calls over the share of the wall time they took (calls are interleaved)."""
        busy = sum(s for _, s in self.per_method.values())
        return {m: n / (s / busy * self.wall) for m, (n, s) in self.per_method.items()}

    def session(self):
        connector = aiohttp.UnixConnector(path=self.unix_socket) if self.unix_socket else None
        return aiohttp.ClientSession(connector=connector)

    def summary(self):
        print(f'{self.label}: ' + '  '.join(f'{m} {r:.0f}/s' for m, r in self.rates().items())
              + f'; CPU a call: server {self.cpu / self.calls * 1e6:.0f} us, load generator '
              f'{self.own_cpu / self.calls * 1e6:.0f} us')


async def load(targets, args):
    """The rounds, each target in turn within a round (the first one first in odd rounds, last in even ones), so that
    whatever else the machine does meanwhile weighs on both alike."""
    for t in targets:
        print(f'{t.label}: RSS at start (no client) {t.rss[0]:.1f} MB')
    sessions = [t.session() for t in targets]
    try:
        for r in range(1, args.rounds + 1):
            turns = list(zip(targets, sessions))
            for t, session in turns if r % 2 else reversed(turns):   # each goes first every other round
                await t.round(session, r, args)
    finally:
        for session in sessions:
            await session.close()
    for t in targets:
        t.summary()


async def capture(url, clear_rate_limit):
    """The results the host returns for each method (the bare server answers with the same)."""
    async with aiohttp.ClientSession() as session:
        (rpc,) = await connect(session, url, 1, clear_rate_limit)
        payloads = {m: await rpc.call(m) for m in METHODS}
        payloads['auth.login_ex'] = rpc.login
        await rpc.close()
    return payloads


def print_table(served, plain):
    """Calls/s per method and in all, and RSS, of `served` next to `plain` (the bare server); returns the ratio."""
    print()
    print(f'{"":22s}{served.label:>12s}{plain.label:>10s}{"ratio":>8s}')
    served_rates, plain_rates = served.rates(), plain.rates()
    for m in METHODS:
        print(f'{m:22s}{served_rates[m]:12.0f}{plain_rates[m]:10.0f}{served_rates[m] / plain_rates[m]:8.2f}')
    ratio = served.rate / plain.rate
    print(f'{"all (calls/s)":22s}{served.rate:12.0f}{plain.rate:10.0f}{ratio:8.2f}')
    # what the server spends a call, whatever else the machine does meanwhile: the steadier figure on a busy machine
    served_cpu, plain_cpu = served.cpu / served.calls * 1e6, plain.cpu / plain.calls * 1e6
    print(f'{"server CPU a call (us)":22s}{served_cpu:12.0f}{plain_cpu:10.0f}{plain_cpu / served_cpu:8.2f}')
    print(f'RSS MB start/after     {served.rss[0]:5.1f}/{served.rss[-1]:5.1f}  '
          f'{plain.rss[0]:5.1f}/{plain.rss[-1]:5.1f}')
    return ratio


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
    parser.add_argument('--apply', metavar='PRESET',
                        help='apply this preset to tank/media first (tuning.state then reads the box on every call)')
    parser.add_argument('--serve-bare', nargs=2, metavar=('PORT', 'PAYLOADS'), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve_bare:
        return serve_bare(int(args.serve_bare[0]), args.serve_bare[1])

    print(f'{args.clients} clients, {args.rounds} rounds of {args.calls} calls of each of {", ".join(METHODS)}; '
          f'the host and the bare server take turns within each round')
    with tempfile.TemporaryDirectory(prefix='bench-load-') as data:
        env = dict(item.split('=', 1) for item in args.host_env)
        host = LocalHost(data, extra_env={'TUNING_LOG_LEVEL': 'WARNING', **env}).start()
        bare = path = None
        try:
            clear = rate_limit_clearer(host)
            if args.apply:
                applied = host.admin_client().job('tuning.preset.apply', args.apply, TARGET, {'acknowledge': []})
                print(f'applied {args.apply} to {TARGET["dataset"]}: {len(applied["applied"])} settings')
            payloads = asyncio.run(capture(host.url, clear))
            sizes = ', '.join(f'{m} {len(json.dumps(payloads[m]))} B' for m in METHODS)
            print(f'payloads: {sizes}')
            bare, port, path = start_bare(payloads)
            bare_url = f'ws://127.0.0.1:{port}/api/current'
            wait_listening(bare_url)
            served = Target('host', host.url, host.pids()['child'], clear)
            plain = Target('bare', bare_url, bare.pid)
            asyncio.run(load([served, plain], args))
        finally:
            host.stop()
            if bare is not None:
                bare.terminate()
                bare.wait()
                os.unlink(path)

    ratio = print_table(served, plain)
    host_rss = served.rss
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
