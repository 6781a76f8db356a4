"""Issue 2 and 22 figures: preview latency p50/p95 per preset; then, for each read method (bench_load's cases), its
latency p50/p95 and calls/s with 50 concurrent clients next to a bare aiohttp JSON-RPC server answering the same
payloads in the same run, and the ratio; host RSS.

Starts a fresh sandbox host on a free loopback port (by default with max-seq-write applied to tank/media, so
`tuning.state` has a preset in effect, and a few fio results imported) and prints the figures. Goals: preview p95
<= 50 ms, query p95 <= 10 ms at 50 clients, every read >= 0.5 x the bare server's calls/s, RSS <= 150 MB. Each read
runs on the host and on the bare server in turn, each first every other time. Measures; asserts nothing.
Run: PYTHONPATH=middleware:plugin .venv/bin/python tests/bench/bench_api_latency.py [--rounds 20] [--clients 50]
    [--calls 20] [--apply PRESET|none] [--cases NAME ...]
"""
import argparse
import os
import statistics
import sys
import threading
import time

BENCH = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, BENCH)
sys.path.insert(0, os.path.join(BENCH, '..', 'api'))
from bench_load import (CASES, DEFAULT_PRESET, LOGIN, MIX, READ_GOAL, call_key, prepare, start_bare,  # noqa: E402
                        wait_listening)
from client import Client  # noqa: E402
from hosting import PASSWORD, local_host, rss_mb  # noqa: E402

TARGET = {'pool': 'tank', 'dataset': 'tank/media'}
READ_CASES = [case for case in CASES if case != MIX]


def percentile(values, p):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


def timed(fn):
    start = time.perf_counter()
    fn()
    return (time.perf_counter() - start) * 1000


def load(clients, calls, case_calls):
    """Every client makes `calls` calls of the case at once with the others (each starting elsewhere in the case's
    calls); returns every call's latency (ms) and the wall seconds."""
    samples, lock = [], threading.Lock()
    barrier = threading.Barrier(len(clients))

    def worker(number, client):
        barrier.wait()
        mine = []
        for k in range(calls):
            method, params = case_calls[(number * calls + k) % len(case_calls)]
            mine.append(timed(lambda: client.call(method, *params)))
        with lock:
            samples.extend(mine)

    threads = [threading.Thread(target=worker, args=(n, cl)) for n, cl in enumerate(clients)]
    start = time.perf_counter()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return samples, time.perf_counter() - start


def previews(c, rounds):
    presets = [p['id'] for p in c.call('tuning.preset.query', [['builtin', '=', True]])]
    print(f'preview latency over {rounds} rounds (ms):')
    for preset in presets:
        c.call('tuning.preset.preview', preset, TARGET)  # warm-up
        samples = [timed(lambda: c.call('tuning.preset.preview', preset, TARGET)) for _ in range(rounds)]
        print(f'  {preset:16s} p50 {percentile(samples, 50):6.1f}  p95 {percentile(samples, 95):6.1f}')


def captured(c, cases):
    payloads = {call_key('auth.login_ex', [LOGIN]): c.call('auth.login_ex', LOGIN)}
    for case in cases:
        for method, params in CASES[case]:
            payloads[call_key(method, params)] = c.call(method, *params)
    return payloads


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument('--rounds', type=int, default=20)
    parser.add_argument('--clients', type=int, default=50)
    parser.add_argument('--calls', type=int, default=20, help='calls of each read per client')
    parser.add_argument('--apply', default=DEFAULT_PRESET, help=f'preset applied first (default {DEFAULT_PRESET})')
    parser.add_argument('--cases', nargs='+', choices=READ_CASES, default=READ_CASES, metavar='CASE')
    args = parser.parse_args()
    with local_host() as host:
        prepare(host, None if args.apply == 'none' else args.apply)
        c = host.client()
        previews(c, args.rounds)
        bare, port, path = start_bare(captured(c, args.cases))
        try:
            bare_url = f'ws://127.0.0.1:{port}/api/current'
            wait_listening(bare_url)
            servers = {'host': [host.client() for _ in range(args.clients)], 'bare': []}
            for _ in range(args.clients):
                client = Client(bare_url)
                client.login(LOGIN['username'], PASSWORD)
                servers['bare'].append(client)
            print(f'\nreads with {args.clients} concurrent clients, {args.calls} calls each (ms; calls/s):')
            print(f'{"":36s}{"host p50":>9s}{"p95":>7s}{"bare p50":>9s}{"p95":>7s}{"host/s":>8s}{"bare/s":>8s}'
                  f'{"ratio":>7s}')
            verdicts = []
            for i, case in enumerate(args.cases):
                figures = {}
                for name in ('host', 'bare') if i % 2 == 0 else ('bare', 'host'):
                    figures[name] = load(servers[name], args.calls, CASES[case])
                (hs, hw), (bs, bw) = figures['host'], figures['bare']
                ratio = (len(hs) / hw) / (len(bs) / bw)
                verdicts.append((case, ratio))
                print(f'{case:36s}{statistics.median(hs):9.1f}{percentile(hs, 95):7.1f}'
                      f'{statistics.median(bs):9.1f}{percentile(bs, 95):7.1f}{len(hs) / hw:8.0f}{len(bs) / bw:8.0f}'
                      f'{ratio:7.3f}')
            print(f'host serving process RSS: {rss_mb(host.pids()["child"]):.0f} MB')
            for case, ratio in verdicts:
                print(f'goal {case} >= {READ_GOAL} x bare: {ratio:.3f} x  {"PASS" if ratio >= READ_GOAL else "MISS"}')
            for cl in servers['host'] + servers['bare'] + [c]:
                cl.close()
        finally:
            bare.terminate()
            bare.wait()
            os.unlink(path)


if __name__ == '__main__':
    main()
