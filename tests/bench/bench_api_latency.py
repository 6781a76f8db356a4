"""Issue 2 figures: preview latency p50/p95 per preset, query latency with 50 concurrent clients, host RSS.

Starts a fresh sandbox host on a free loopback port and prints the figures (goals: preview p95 ≤ 50 ms,
query p95 ≤ 10 ms at 50 clients, RSS ≤ 150 MB). Measures; asserts nothing.
Run: PYTHONPATH=middleware:plugin .venv/bin/python tests/bench/bench_api_latency.py [--rounds 20] [--clients 50]
"""
import argparse
import os
import statistics
import sys
import threading
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'api'))
from hosting import local_host, rss_mb  # noqa: E402

TARGET = {'pool': 'tank', 'dataset': 'tank/media'}


def percentile(values, p):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


def timed(fn):
    start = time.perf_counter()
    fn()
    return (time.perf_counter() - start) * 1000


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument('--rounds', type=int, default=20)
    parser.add_argument('--clients', type=int, default=50)
    parser.add_argument('--calls', type=int, default=20, help='query calls per client')
    args = parser.parse_args()
    with local_host() as host:
        c = host.client()
        presets = [p['id'] for p in c.call('tuning.preset.query', [['builtin', '=', True]])]
        print(f'preview latency over {args.rounds} rounds (ms):')
        for preset in presets:
            c.call('tuning.preset.preview', preset, TARGET)  # warm-up
            samples = [timed(lambda: c.call('tuning.preset.preview', preset, TARGET)) for _ in range(args.rounds)]
            print(f'  {preset:16s} p50 {percentile(samples, 50):6.1f}  p95 {percentile(samples, 95):6.1f}')

        clients = [host.client() for _ in range(args.clients)]
        samples, lock = [], threading.Lock()
        barrier = threading.Barrier(args.clients)

        def worker(client):
            barrier.wait()
            mine = [timed(lambda: client.call('tuning.preset.query')) for _ in range(args.calls)]
            with lock:
                samples.extend(mine)

        threads = [threading.Thread(target=worker, args=(cl,)) for cl in clients]
        start = time.perf_counter()
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        elapsed = time.perf_counter() - start
        print(f'tuning.preset.query with {args.clients} concurrent clients, {len(samples)} calls in {elapsed:.1f} s:')
        print(f'  p50 {statistics.median(samples):.1f} ms  p95 {percentile(samples, 95):.1f} ms  '
              f'max {max(samples):.1f} ms  ({len(samples) / elapsed:.0f} calls/s; load generator shares the cores)')
        print(f'host serving process RSS: {rss_mb(host.pids()["child"]):.0f} MB')
        for cl in clients + [c]:
            cl.close()


if __name__ == '__main__':
    main()
