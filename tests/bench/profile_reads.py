"""Where a read's CPU goes in the host (issue 22): cProfile over every thread of the serving process while clients
make the read, then the functions that took the most time, own and with what they called.

Starts a sandbox host whose serving process profiles each of its threads (a sitecustomize on its PYTHONPATH; the
event loop and every worker thread get a profiler of their own), applies a preset to tank/media (so `tuning.state`
reads the box for drift), makes `--calls` calls of each method from `--clients` concurrent clients, stops the host
and prints the merged profile per method (what came before the calls is cleared by a SIGUSR2). Measures; asserts
nothing. cProfile charges each Python call its own overhead, so code of many small calls (copy.deepcopy, pydantic's
Python parts) looks costlier than it is: weigh a change by bench_load's CPU a call before and after, not by this.

`--measure` profiles nothing: the serving process's CPU time (all its threads) and the wall time a call, from
`--clients` clients already logged in (with one client, the calls one after another: the length of the path, not
a load); a figure to compare before and after a change on a quiet machine.

    PYTHONPATH=middleware:plugin .venv/bin/python tests/bench/profile_reads.py [--calls 200] [--clients 10]
        [--top 30] [--sort tottime|cumulative] [--clock cpu|wall] [--apply PRESET|none] [--measure] [--keep DIR]
        [METHOD[:PARAMS_JSON] ...]
"""
import argparse
import asyncio
import json
import os
import pstats
import signal
import sys
import tempfile
import textwrap
import time

import aiohttp

BENCH = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, BENCH)
sys.path.insert(0, os.path.join(BENCH, '..', 'api'))
from bench_load import REPO, Rpc, connect, cpu_seconds, prepare, rate_limit_clearer  # noqa: E402
from hosting import API_TESTS, LocalHost  # noqa: E402

DEFAULT_METHODS = ('tuning.profile', 'tuning.state', 'tuning.restore_point.query',
                   'tuning.preset.query:[[["id", "!=", "x"]]]')

SITECUSTOMIZE = textwrap.dedent('''
    import atexit, cProfile, os, signal, sys, threading, time

    OUT = os.environ.get('TUNING_BENCH_CPROFILE')
    # CPU time of the thread (what a call costs), or wall time (where it waits too)
    TIMER = (time.thread_time_ns, 1e-9) if os.environ.get('TUNING_BENCH_CPROFILE_CLOCK') == 'cpu' else ()
    if OUT and 'tuning_host.server' in sys.orig_argv:   # the host process the supervisor starts
        _profiles = []

        def _start(frame, event, arg):
            # the first event of a new thread: a profiler of its own replaces this hook for the thread
            profile = cProfile.Profile(*TIMER)
            _profiles.append(profile)
            profile.enable()

        class _Taken:
            def __init__(self, stats):
                self.stats = stats

            def create_stats(self):
                pass

        def _dump():
            import pstats
            merged = None
            for profile in _profiles:
                profile.snapshot_stats()   # a thread's own profiler cannot be disabled from another thread
                merged = pstats.Stats(_Taken(profile.stats)) if merged is None else merged.add(_Taken(profile.stats))
            if merged is not None:
                merged.dump_stats(OUT)

        def _clear(signum, frame):
            # what came before (start-up, preparation, warm-up) is forgotten: only the calls are counted
            for profile in _profiles:
                profile.clear()

        signal.signal(signal.SIGUSR2, _clear)
        threading.setprofile(_start)
        _main = cProfile.Profile(*TIMER)
        _profiles.append(_main)
        _main.enable()
        atexit.register(_dump)
''')


def parse_call(text):
    method, _, params = text.partition(':')
    return method, json.loads(params) if params else []


async def calls(url, clear, method, params, n, clients):
    async with aiohttp.ClientSession() as session:
        rpcs = await connect(session, url, clients, clear)

        async def worker(rpc: Rpc, count):
            for _ in range(count):
                await rpc.call(method, *params)

        await asyncio.gather(*(worker(r, n // clients) for r in rpcs))
        for r in rpcs:
            await r.close()


async def measured_calls(url, clear, method, params, n, clients, pid):
    """(server CPU seconds, wall seconds) of `n` calls from `clients` clients logged in beforehand."""
    async with aiohttp.ClientSession() as session:
        rpcs = await connect(session, url, clients, clear)

        async def worker(rpc: Rpc, count):
            for _ in range(count):
                await rpc.call(method, *params)

        cpu, start = cpu_seconds(pid), time.perf_counter()
        await asyncio.gather(*(worker(r, n // clients) for r in rpcs))
        spent, wall = cpu_seconds(pid) - cpu, time.perf_counter() - start
        for r in rpcs:
            await r.close()
    return spent, wall


def measure_one(args, method, params):
    with tempfile.TemporaryDirectory(prefix='measure-reads-') as data:
        host = LocalHost(data, extra_env={'TUNING_LOG_LEVEL': 'WARNING'}).start()
        try:
            clear = rate_limit_clearer(host)
            prepare(host, None if args.apply == 'none' else args.apply)
            asyncio.run(calls(host.url, clear, method, params, 20, 1))     # warm up
            n = args.calls // args.clients * args.clients
            cpu, wall = asyncio.run(measured_calls(host.url, clear, method, params, n, args.clients,
                                                   host.pids()['child']))
        finally:
            host.stop()
        print(f'==== {method} {json.dumps(params)}: {n} calls from {args.clients} clients: serving process CPU '
              f'{cpu / n * 1e3:.2f} ms a call, wall {wall / n * 1e3:.2f} ms a call ({n / wall:.0f} calls/s)')


def profile_one(args, method, params, sitedir):
    with tempfile.TemporaryDirectory(prefix='profile-reads-') as data:
        out = os.path.join(data, 'host.prof')
        path = os.pathsep.join([sitedir, os.path.join(REPO, 'middleware'), os.path.join(REPO, 'plugin'), API_TESTS])
        host = LocalHost(data, extra_env={'TUNING_LOG_LEVEL': 'WARNING', 'PYTHONPATH': path,
                                          'TUNING_BENCH_CPROFILE': out,
                                          'TUNING_BENCH_CPROFILE_CLOCK': args.clock}).start()
        try:
            clear = rate_limit_clearer(host)
            prepare(host, None if args.apply == 'none' else args.apply)
            asyncio.run(calls(host.url, clear, method, params, 20, 1))     # warm up
            os.kill(host.pids()['child'], signal.SIGUSR2)
            asyncio.run(calls(host.url, clear, method, params, args.calls, args.clients))
        finally:
            host.stop()
        print(f'==== {method} {json.dumps(params)}: {args.calls} calls from {args.clients} clients '
              '(and their logins)')
        stats = pstats.Stats(out)
        stats.sort_stats(args.sort).print_stats(args.top)
        if args.keep:   # for pstats afterwards (print_callers: who called what)
            stats.dump_stats(os.path.join(args.keep, f'{method}.prof'))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument('--calls', type=int, default=200)
    parser.add_argument('--clients', type=int, default=10)
    parser.add_argument('--top', type=int, default=30)
    parser.add_argument('--sort', default='tottime')
    parser.add_argument('--clock', choices=('cpu', 'wall'), default='cpu',
                        help="each thread's CPU time (default: what a call costs) or wall time (where it waits)")
    parser.add_argument('--apply', default='max-seq-write')
    parser.add_argument('--measure', action='store_true',
                        help='no profiler: the serving process CPU and the wall time a call')
    parser.add_argument('--keep', metavar='DIR', help="keep each method's merged profile as DIR/METHOD.prof")
    parser.add_argument('methods', nargs='*', default=DEFAULT_METHODS)
    args = parser.parse_args()
    if args.measure:
        for text in args.methods:
            measure_one(args, *parse_call(text))
        return
    with tempfile.TemporaryDirectory(prefix='profile-site-') as sitedir:
        with open(os.path.join(sitedir, 'sitecustomize.py'), 'w') as f:
            f.write(SITECUSTOMIZE)
        for text in args.methods:
            profile_one(args, *parse_call(text), sitedir)


if __name__ == '__main__':
    main()
