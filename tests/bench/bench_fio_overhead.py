"""Runner overhead: the same fio job by hand and through the runner, alternating, on the same directory.

Prints the ratio runner/hand per metric (goal ≥ 0.98 for throughput, ≤ 1.02 for latency) and the runner process's
CPU time and peak RSS while fio runs. Usage (from the repo root):

    PYTHONPATH=middleware:plugin .venv/bin/python tests/bench/bench_fio_overhead.py [--dir /tmp] [--pairs 3]
        [--runtime 5] [--test SEQ_WRITE]
"""
import argparse
import json
import os
import resource
import shutil
import subprocess
import tempfile
import time

from tuning.bench_runner import run_benchmark
from tuning.core.bench import plan_benchmark, render_job_file, summarize
from tuning.core.bench.catalog import MIB, TESTS
from tuning.core.bench.fio_output import job_metrics, parse_fio_json


def env_for(path):
    st = os.statvfs(path)
    return {'is_zfs': False, 'os': 'Linux', 'size_bytes': st.f_blocks * st.f_frsize,
            'used_bytes': (st.f_blocks - st.f_bfree) * st.f_frsize, 'free_bytes': st.f_bavail * st.f_frsize}


def by_hand(plan, root):
    scratch = tempfile.mkdtemp(prefix='by-hand-', dir=root)
    try:
        job = render_job_file(plan['tests'][0], plan, scratch)
        path = os.path.join(scratch, 'job.fio')
        with open(path, 'w') as f:
            f.write(job)
        out = subprocess.run(['fio', '--output-format=json', path], capture_output=True, text=True, check=True)
        parsed = parse_fio_json(out.stdout)
        return job_metrics(parsed['jobs'][0], TESTS[plan['tests'][0]['test']].directions)
    finally:
        shutil.rmtree(scratch)


def through_runner(plan, root, n):
    before = resource.getrusage(resource.RUSAGE_SELF)
    wall = time.monotonic()
    result = run_benchmark(plan, root, f'overhead{n}')
    wall = time.monotonic() - wall
    after = resource.getrusage(resource.RUSAGE_SELF)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    run = next(iter(result['tests'].values()))['runs'][0]
    return run['metrics'], cpu, wall


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--dir', default=tempfile.gettempdir())
    ap.add_argument('--pairs', type=int, default=3)
    ap.add_argument('--runtime', type=int, default=5)
    ap.add_argument('--test', default='SEQ_WRITE', choices=list(TESTS))
    args = ap.parse_args()
    plan = plan_benchmark({'tests': [args.test], 'profile': 'QUICK', 'runs': 1, 'adaptive': False,
                           'runtime_seconds': args.runtime, 'ramp_seconds': 1, 'working_set_bytes': 256 * MIB},
                          env_for(args.dir))
    hand, runner, cpu_share = {}, {}, []
    for n in range(args.pairs):
        for name, value in by_hand(plan, args.dir).items():
            hand.setdefault(name, []).append(value)
        metrics, cpu, wall = through_runner(plan, args.dir, n)
        for name, value in metrics.items():
            runner.setdefault(name, []).append(value)
        cpu_share.append(cpu / wall * 100)
    rss_mib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f'{args.test}, {args.pairs} alternating pairs, runtime {args.runtime} s, dir {args.dir}')
    print(f'{"metric":<22}{"by hand (median)":>20}{"runner (median)":>20}{"ratio":>10}')
    for name in sorted(hand):
        h, r = summarize(hand[name])['median'], summarize(runner[name])['median']
        print(f'{name:<22}{h:>20.1f}{r:>20.1f}{r / h:>10.3f}')
    print(f'runner process CPU while fio runs: median {summarize(cpu_share)["median"]:.2f} % of one core')
    print(f'runner process peak RSS: {rss_mib:.1f} MiB')
    print(json.dumps({'hand': hand, 'runner': runner}))


if __name__ == '__main__':
    main()
