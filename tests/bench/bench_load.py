"""Load figures (issues 12 and 22): calls/s and serving-process RSS under 50 logged-in websocket clients, each read
method on its own and the panel's mix, next to a bare aiohttp JSON-RPC server answering the same payloads (captured
from the host first) to the same load in the same run.

Goals (printed with PASS/MISS; nothing is asserted): every read >= 0.5 x the bare server's calls/s (issue 22: the
path is short, whatever the parameters); the panel's mix of `tuning.preset.query`, `tuning.state` and `core.ping`
>= 0.9 x (issue 12); serving RSS after the load <= 1.5 x the bare server's after the same load (issue 22), and flat
over repeated rounds (the last round grows it by at most 5 %). From the repo root:

    PYTHONPATH=middleware:plugin .venv/bin/python tests/bench/bench_load.py [--rounds 5] [--clients 50] [--calls 20]
        [--pipeline 1] [--host-env NAME=VALUE ...] [--apply PRESET | --apply none] [--cases NAME ...]

By default the host first applies max-seq-write to tank/media (so `tuning.state` has a preset in effect and reads
the box's live settings for drift on every call, and `tuning.restore_point.query` has rows) and imports a few fio
results (rows for `tuning.benchmark.query`). The reads with "varied" in their name send another filter on every
call (256 of them, in turn), as a panel's search box does: nothing can answer them from an earlier answer.

Each round logs in a fresh set of clients to both servers (as repeated runs of a client would); then, for each case
in turn, every client makes `--calls` calls (`--pipeline` in flight at once) to the host, then to the bare server,
or the other way round (each goes first every other case and round), so that whatever else the machine does
meanwhile (and whatever the load generator carries from one turn to the next) weighs on both alike. Only the calls
are timed. Also printed: the server's CPU time a call (all its threads; the steadier comparison when other work
shares the machine) and the load generator's. The load generator is one asyncio process (aiohttp client); the host
and the bare server each run in their own process on loopback. `--host-env` passes environment to the host (e.g.
MALLOC_ARENA_MAX=2 to compare allocator settings).
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
REPO = os.path.dirname(os.path.dirname(BENCH))
sys.path.insert(0, os.path.join(BENCH, '..', 'api'))
from hosting import ADMIN, CLEAR_EVERY, PASSWORD, LocalHost, free_port, rss_mb  # noqa: E402

METHODS = ('tuning.preset.query', 'tuning.state', 'core.ping')   # the panel's mix (issue 12)
LOGIN = {'mechanism': 'PASSWORD_PLAIN', 'username': ADMIN, 'password': PASSWORD}
READ_GOAL = 0.5
THROUGHPUT_GOAL = 0.9
RSS_GOAL = 1.5
FLAT_GOAL = 1.05
TARGET = {'pool': 'tank', 'dataset': 'tank/media'}
DEFAULT_PRESET = 'max-seq-write'
VARIANTS = 256   # distinct parameters of a varied read, sent in turn
FIO_RESULTS = ('randread-libaio-direct.json', 'seq-write-psync.json', 'randrw-70-30.json')
MIX = 'panel mix'


def varied(method, params_of):
    return [(method, params_of(i)) for i in range(VARIANTS)]


# case name -> the calls its clients make, in turn: (method, params)
CASES = {
    'core.ping': [('core.ping', [])],
    'tuning.preset.query': [('tuning.preset.query', [])],
    'tuning.preset.query varied': varied('tuning.preset.query', lambda i: [[['id', '!=', f'no-such-preset-{i}']]]),
    'tuning.state': [('tuning.state', [])],
    'tuning.profile': [('tuning.profile', [])],
    'tuning.restore_point.query': [('tuning.restore_point.query', [])],
    'tuning.restore_point.query varied': varied('tuning.restore_point.query', lambda i: [[['id', '!=', -i]]]),
    'tuning.benchmark.query': [('tuning.benchmark.query', [])],
    'tuning.benchmark.query select': [('tuning.benchmark.query', [[], {'select': ['id', 'label', 'created_at']}])],
    'tuning.campaign.query': [('tuning.campaign.query', [])],
    'tuning.network.query': [('tuning.network.query', [])],
    'tuning.client.session.query': [('tuning.client.session.query', [])],
    MIX: [(m, []) for m in METHODS],
}


def call_key(method, params):
    """How the bare server finds the answer to a call: its method and parameters."""
    return json.dumps([method, params], sort_keys=True)


def cpu_seconds(pid):
    """User + system CPU time of process `pid`, all its threads."""
    with open(f'/proc/{pid}/stat') as f:
        fields = f.read().rsplit(')', 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf('SC_CLK_TCK')


# ---- the bare server (run as a child process of this script) ----

def serve_bare(port, payload_file):
    """A bare aiohttp JSON-RPC 2.0 websocket server: each call answered with the result captured for its method and
    parameters (`call_key`), or for its method alone."""
    with open(payload_file) as f:
        results = json.load(f)

    async def handle(request):
        ws = web.WebSocketResponse()
        await ws.prepare(request)
        async for msg in ws:
            if msg.type != aiohttp.WSMsgType.TEXT:
                break
            req = json.loads(msg.data)
            found = results.get(call_key(req['method'], req.get('params', [])))
            if found is None:
                found = results[req['method']]
            await ws.send_str(json.dumps({'jsonrpc': '2.0', 'id': req['id'], 'result': found}))
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


async def run_calls(clients, calls, pipeline, case_calls):
    """Every client makes `calls` calls of the case, `pipeline` at once, taking the case's calls in turn (each
    client starting elsewhere); returns the calls made and the wall seconds."""
    async def worker(number, rpc):
        for k in range(0, calls, pipeline):
            batch = [case_calls[(number * calls + k + j) % len(case_calls)] for j in range(min(pipeline, calls - k))]
            await asyncio.gather(*(rpc.call(method, *params) for method, params in batch))

    start = time.perf_counter()
    await asyncio.gather(*(worker(n, c) for n, c in enumerate(clients)))
    return len(clients) * calls, time.perf_counter() - start


class Target:
    """One server under load: its figures summed over the rounds it was given, in all and by case."""

    def __init__(self, label, url, pid, clear_rate_limit=None, login=LOGIN, unix_socket=None):
        self.label, self.url, self.pid, self.clear_rate_limit = label, url, pid, clear_rate_limit
        self.login, self.unix_socket = login, unix_socket
        self.rss = [rss_mb(pid)]
        self.calls, self.wall, self.cpu, self.own_cpu = 0, 0.0, 0.0, 0.0
        self.per_case = {}   # case -> [calls, wall seconds, server CPU seconds]
        self.clients = []

    async def log_in(self, session, args):
        self.clients = await connect(session, self.url, args.clients, self.clear_rate_limit, self.login)

    async def run_case(self, case, args):
        cpu, own = cpu_seconds(self.pid), time.process_time()
        calls, wall = await run_calls(self.clients, args.calls, args.pipeline, CASES[case])
        spent = cpu_seconds(self.pid) - cpu
        self.own_cpu += time.process_time() - own
        self.cpu += spent
        self.calls += calls
        self.wall += wall
        figures = self.per_case.setdefault(case, [0, 0.0, 0.0])
        figures[0] += calls
        figures[1] += wall
        figures[2] += spent

    async def log_out(self, number):
        for c in self.clients:
            await c.close()
        self.clients = []
        self.rss.append(rss_mb(self.pid))
        print(f'  round {number} {self.label}: {self.calls} calls so far, RSS {self.rss[-1]:.1f} MB')

    def session(self):
        connector = aiohttp.UnixConnector(path=self.unix_socket) if self.unix_socket else None
        return aiohttp.ClientSession(connector=connector)

    def rates(self):
        return {case: n / wall for case, (n, wall, _) in self.per_case.items()}

    def cpu_per_call(self):
        return {case: cpu / n * 1e6 for case, (n, _, cpu) in self.per_case.items()}

    def summary(self):
        print(f'{self.label}: {self.calls} calls; CPU a call: server {self.cpu / self.calls * 1e6:.0f} us, '
              f'load generator {self.own_cpu / self.calls * 1e6:.0f} us')


async def load(targets, args, cases=None):
    """The rounds: in each, fresh logged-in clients for every target, then each case on each target in turn (the
    first target first in every other case and round), so that whatever else the machine does meanwhile weighs on
    all alike."""
    cases = cases or [*METHODS, MIX]
    for t in targets:
        print(f'{t.label}: RSS at start (no client) {t.rss[0]:.1f} MB')
    sessions = [t.session() for t in targets]
    try:
        for r in range(1, args.rounds + 1):
            for t, session in zip(targets, sessions):
                await t.log_in(session, args)
            for i, case in enumerate(cases):
                for t in targets if (r + i) % 2 else reversed(targets):   # each goes first every other time
                    await t.run_case(case, args)
            for t in targets:
                await t.log_out(r)
    finally:
        for session in sessions:
            await session.close()
    for t in targets:
        t.summary()


async def capture(url, clear_rate_limit, cases):
    """The results the host returns for each call of `cases` (the bare server answers with the same)."""
    async with aiohttp.ClientSession() as session:
        (rpc,) = await connect(session, url, 1, clear_rate_limit)
        payloads = {call_key('auth.login_ex', [LOGIN]): rpc.login}
        for case in cases:
            for method, params in CASES[case]:
                payloads[call_key(method, params)] = await rpc.call(method, *params)
        await rpc.close()
    return payloads


def print_table(served, plain, floor_of=None, short=None):
    """Calls/s and server CPU a call of each case on `served` next to `plain` (the bare server) and next to
    `served`'s own core.ping (and `floor_of`, shown as `/short`); returns the ratios of calls/s by case."""
    print()
    served_rates, plain_rates = served.rates(), plain.rates()
    served_cpu, plain_cpu = served.cpu_per_call(), plain.cpu_per_call()
    # each read beside the same server's core.ping: the framework's own floor (validation, auth, dispatch,
    # serialisation), which no method of that framework goes under; and beside `floor_of` (a method of the
    # framework's own, when the caller names one)
    floors = [('ping', 'core.ping')] + ([(short, floor_of)] if floor_of else [])
    print(f'{"":36s}{served.label + "/s":>15s}{plain.label + "/s":>9s}{"ratio":>7s}'
          + ''.join(f'{"/" + short:>10s}' for short, _ in floors)
          + f'{"CPU us " + served.label:>20s}{"CPU us " + plain.label:>12s}')
    ratios = {}
    for case in served_rates:
        ratios[case] = served_rates[case] / plain_rates[case]
        print(f'{case:36s}{served_rates[case]:15.0f}{plain_rates[case]:9.0f}{ratios[case]:7.3f}'
              + ''.join(f'{served_rates[case] / served_rates[f]:10.3f}' if f in served_rates else f'{"":10s}'
                        for _, f in floors)
              + f'{served_cpu[case]:20.0f}{plain_cpu[case]:12.0f}')
    print(f'{"all (calls/s)":36s}{served.calls / served.wall:15.0f}{plain.calls / plain.wall:9.0f}'
          f'{(served.calls / served.wall) / (plain.calls / plain.wall):7.3f}')
    print(f'RSS MB start/after     {served.rss[0]:5.1f}/{served.rss[-1]:5.1f}  '
          f'{plain.rss[0]:5.1f}/{plain.rss[-1]:5.1f}')
    return ratios


def verdict(ok):
    return 'PASS' if ok else 'MISS'


def prepare(host, preset):
    """What the reads are to find: `preset` applied (a restore point, a preset in effect) and a few results."""
    admin = host.admin_client()
    try:
        if preset:
            applied = admin.job('tuning.preset.apply', preset, TARGET, {'acknowledge': []})
            print(f'applied {preset} to {TARGET["dataset"]}: {len(applied["applied"])} settings')
        for name in FIO_RESULTS:
            with open(os.path.join(REPO, 'tests', 'fixtures', 'bench', 'fio', name)) as f:
                admin.call('tuning.benchmark.import', 'FIO', f.read(), name)
    finally:
        admin.close()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument('--rounds', type=int, default=5)
    parser.add_argument('--clients', type=int, default=50)
    parser.add_argument('--calls', type=int, default=20, help='calls of each case per client per round')
    parser.add_argument('--pipeline', type=int, default=1,
                        help='calls a client keeps in flight at once (the host admits 20 a client)')
    parser.add_argument('--host-env', action='append', default=[], metavar='NAME=VALUE',
                        help='environment for the host process (repeatable)')
    parser.add_argument('--apply', default=DEFAULT_PRESET, metavar='PRESET',
                        help=f'apply this preset to tank/media first (default {DEFAULT_PRESET}; none: nothing)')
    parser.add_argument('--cases', nargs='+', choices=list(CASES), default=list(CASES), metavar='CASE',
                        help='the cases to run (default all): ' + ', '.join(CASES))
    parser.add_argument('--serve-bare', nargs=2, metavar=('PORT', 'PAYLOADS'), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve_bare:
        return serve_bare(int(args.serve_bare[0]), args.serve_bare[1])

    print(f'{args.clients} clients, {args.rounds} rounds of {args.calls} calls a client of each of '
          f'{len(args.cases)} cases; the host and the bare server take turns within each round')
    with tempfile.TemporaryDirectory(prefix='bench-load-') as data:
        env = dict(item.split('=', 1) for item in args.host_env)
        host = LocalHost(data, extra_env={'TUNING_LOG_LEVEL': 'WARNING', **env}).start()
        bare = path = None
        try:
            clear = rate_limit_clearer(host)
            prepare(host, None if args.apply == 'none' else args.apply)
            payloads = asyncio.run(capture(host.url, clear, args.cases))
            print('payloads: ' + ', '.join(
                f'{case} {len(json.dumps(payloads[call_key(*CASES[case][0])]))} B' for case in args.cases))
            bare, port, path = start_bare(payloads)
            bare_url = f'ws://127.0.0.1:{port}/api/current'
            wait_listening(bare_url)
            served = Target('host', host.url, host.pids()['child'], clear)
            plain = Target('bare', bare_url, bare.pid)
            asyncio.run(load([served, plain], args, args.cases))
        finally:
            host.stop()
            if bare is not None:
                bare.terminate()
                bare.wait()
                os.unlink(path)

    ratios = print_table(served, plain)
    host_rss = served.rss
    print('host RSS by round (MB): ' + ' '.join(f'{x:.1f}' for x in host_rss))
    print()
    for case, ratio in ratios.items():
        goal = THROUGHPUT_GOAL if case == MIX else READ_GOAL
        print(f'goal {case} >= {goal} x bare: {ratio:.3f} x  {verdict(ratio >= goal)}')
    print(f'host RSS after / at start: {host_rss[-1] / host_rss[0]:.2f} x')
    against_bare = host_rss[-1] / plain.rss[-1]
    last = host_rss[-1] / host_rss[-2] if len(host_rss) >= 3 else float('nan')
    print(f'goal RSS after <= {RSS_GOAL} x bare after: {host_rss[-1]:.1f} / {plain.rss[-1]:.1f} MB = '
          f'{against_bare:.2f} x  {verdict(against_bare <= RSS_GOAL)}')
    print(f'goal RSS flat over rounds (last round <= {FLAT_GOAL} x the one before): {last:.3f} x  '
          f'{verdict(last <= FLAT_GOAL)}')


if __name__ == '__main__':
    main()
