"""Benchmark overhead: the same fio job by hand and through ``tuning.benchmark.run``, alternating, on one directory.

Starts a fresh sandbox host (its datasets are real directories), runs one test through the API, then the very job
file it stored by hand with fio in the same dataset directory, and so on in alternation. Prints the ratio API/hand of
the medians per metric (goal ≥ 0.98 for throughput; latency ≤ 1.02) and the host's CPU share and RSS sampled from
/proc while fio runs. Measures; asserts nothing. From the repo root:

    PYTHONPATH=middleware:plugin .venv/bin/python tests/bench/bench_fio_overhead.py [--pairs 3] [--runtime 5]
        [--test SEQ_WRITE]
"""
import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'api'))
from hosting import local_host  # noqa: E402

from tuning.core.bench.catalog import TESTS  # noqa: E402
from tuning.core.bench.fio_output import job_metrics, parse_fio_json  # noqa: E402

DATASET = 'tank/media'
CLOCK_TICKS = os.sysconf('SC_CLK_TCK')


def process_sample(pid):
    """(cpu seconds, rss bytes) of one process from /proc."""
    with open(f'/proc/{pid}/stat') as f:
        fields = f.read().rsplit(')', 1)[1].split()
    cpu = (int(fields[11]) + int(fields[12])) / CLOCK_TICKS
    with open(f'/proc/{pid}/statm') as f:
        rss = int(f.read().split()[1]) * os.sysconf('SC_PAGE_SIZE')
    return cpu, rss


class Sampler:
    """Samples the host process every 0.2 s while a run goes on (CPU share over the run, peak RSS)."""

    def __init__(self, pid):
        self.pid, self.stop, self.peak_rss = pid, threading.Event(), 0

    def __enter__(self):
        self.cpu0, _ = process_sample(self.pid)
        self.t0 = os.times().elapsed
        self.thread = threading.Thread(target=self._loop, daemon=True)
        self.thread.start()
        return self

    def _loop(self):
        while not self.stop.wait(0.2):
            self.peak_rss = max(self.peak_rss, process_sample(self.pid)[1])

    def __exit__(self, *exc):
        self.stop.set()
        self.thread.join()
        cpu1, rss = process_sample(self.pid)
        self.peak_rss = max(self.peak_rss, rss)
        self.cpu_percent = (cpu1 - self.cpu0) / max(1e-9, os.times().elapsed - self.t0) * 100


def by_hand(job_text, mountpoint, test):
    scratch = tempfile.mkdtemp(prefix='by-hand-', dir=mountpoint)
    try:
        lines = [f'directory={scratch}' if line.startswith('directory=') else line for line in job_text.splitlines()]
        path = os.path.join(scratch, 'job.fio')
        with open(path, 'w') as f:
            f.write('\n'.join(lines) + '\n')
        out = subprocess.run(['fio', '--output-format=json', path], capture_output=True, text=True, check=True)
        return job_metrics(parse_fio_json(out.stdout)['jobs'][0], TESTS[test].directions)
    finally:
        shutil.rmtree(scratch)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--pairs', type=int, default=3)
    ap.add_argument('--runtime', type=int, default=5)
    ap.add_argument('--test', default='SEQ_WRITE', choices=list(TESTS))
    args = ap.parse_args()
    spec = {'dataset': DATASET, 'tests': [args.test], 'profile': 'QUICK', 'runs': 1, 'adaptive': False,
            'runtime_seconds': args.runtime, 'ramp_seconds': 1}
    with local_host() as host:
        client = host.client()
        mountpoint = client.call('pool.dataset.query', [['id', '=', DATASET]], {'get': True})['mountpoint']
        serving_pid = host.pids()['child']
        hand, api, cpu, rss = {}, {}, [], []
        job_text = None
        for pair in range(args.pairs):
            # ABBA order: neither side always runs right after the other's writes are flushed
            for side in (('api', 'hand') if pair % 2 == 0 else ('hand', 'api')):
                if side == 'hand':  # the first round runs the API first, so the job text is known
                    for name, value in by_hand(job_text, mountpoint, args.test).items():
                        hand.setdefault(name, []).append(value)
                elif side == 'api':
                    with Sampler(serving_pid) as sample:
                        entry = client.job('tuning.benchmark.run', spec, timeout=600)
                    job_text = entry['jobs'][0]
                    cpu.append(sample.cpu_percent)
                    rss.append(sample.peak_rss)
                    for name, value in entry['runs'][args.test][0]['metrics'].items():
                        api.setdefault(name, []).append(value)
        client.close()
    print(f'{args.test}: {args.pairs} alternating pairs (API run and its stored job file by hand, ABBA), '
          f'runtime {args.runtime} s, on the sandbox dataset directory')
    print(f'{"metric":<22}{"by hand (median)":>20}{"API (median)":>20}{"API/hand":>10}')
    for name in sorted(hand):
        h, a = statistics.median(hand[name]), statistics.median(api[name])
        print(f'{name:<22}{h:>20.1f}{a:>20.1f}{a / h:>10.3f}')
    print(f'host CPU while fio runs: median {statistics.median(cpu):.1f} % of one core')
    print(f'host peak RSS while fio runs: {max(rss) / 2**20:.0f} MiB')


if __name__ == '__main__':
    main()
