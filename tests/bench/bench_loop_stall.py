"""Issue 11 item 4 figures: the longest stall of the host's event loop while the plugin works. Inside TrueNAS the
plugin shares middlewared's single loop with every other client of the box, so a stall here is a stall for all of
them. Goal: none over 20 ms. Measures and prints; asserts nothing. From the repo root:

    PYTHONPATH=middleware:plugin .venv/bin/python tests/bench/bench_loop_stall.py

A bench-only plugin (tests/bench/loop_probe/) runs inside the standalone host: a task asks to wake every millisecond
and records how late it wakes (`stall`: wall clock, so it also counts waiting for the GIL held by a worker thread and
for a CPU on a busy machine) and the loop thread's own CPU time between two wakes (`on-loop`: code that ran on the
loop itself, independent of machine load). Each phase takes a fresh window; the goal applies to both.

Issue 22 item 2 figures: what another client waits for `core.ping` while a 50-result report (and a comparison of the
50) is computed, against idle. Goal: p99 during the report at most twice idle. Only these phases, quicker:

    PYTHONPATH=middleware:plugin .venv/bin/python tests/bench/bench_loop_stall.py --pings

`TUNING_BENCH_TREE=<a checkout or `git archive` of another commit>` runs that tree's host instead (before/after).
"""
import json
import os
import random
import sys
import threading
import time
import urllib.request

BENCH = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(BENCH))
sys.path.insert(0, os.path.join(BENCH, '..', 'api'))
from hosting import API_TESTS, local_host  # noqa: E402

GOAL_MS = 20.0
TARGET = {'pool': 'tank', 'dataset': 'tank/media'}
QUICK = {'dataset': 'tank/media', 'tests': ['SEQ_WRITE'], 'profile': 'QUICK', 'runs': 2, 'adaptive': False,
         'runtime_seconds': 1, 'ramp_seconds': 0}
REPORT_RESULTS = 4
REPORT_RUNS = 50
TREE = os.path.abspath(os.environ.get('TUNING_BENCH_TREE') or REPO)   # the host under test
PING_RESULTS = 50
PING_RUNS = 10
PING_EVERY_S = 0.005   # a client polling, not a flood: what the loop owes it is a prompt answer


def fio_documents(runs: int, scale: float) -> str:
    """`runs` fio JSON documents (one per run) from a captured result, each with its own figures."""
    with open(os.path.join(REPO, 'tests', 'fixtures', 'bench', 'fio', 'seq-write-libaio-direct.json')) as f:
        doc = json.load(f)
    rng = random.Random(runs * scale)
    out = []
    for _ in range(runs):
        d = json.loads(json.dumps(doc))
        factor = scale * rng.uniform(0.95, 1.05)
        for job in d['jobs']:
            for side in ('read', 'write'):
                for k in ('bw_bytes', 'iops', 'bw'):
                    if job[side].get(k):
                        job[side][k] = type(job[side][k])(job[side][k] * factor)
        out.append(json.dumps(d))
    return '\n'.join(out)


def phase(c, name: str, action):
    c.call('loop_probe.take')   # a fresh window
    t0 = time.monotonic()
    detail = action()
    wall = time.monotonic() - t0
    probe = c.call('loop_probe.take')
    flag = 'over' if max(probe['worst_ms'], probe['worst_cpu_ms']) > GOAL_MS else 'ok'
    print(f'{name:<34} stall {probe["worst_ms"]:8.2f} ms  on-loop {probe["worst_cpu_ms"]:7.2f} ms  [{flag}]  '
          f'({wall:.1f} s, {probe["ticks"]} ticks)' + (f'  {detail}' if detail else ''), flush=True)
    return probe['worst_ms'], probe['worst_cpu_ms']


def download(host, c, selection, fmt):
    _, url = c.call('core.download', 'tuning.report.generate', [selection, fmt], 'r', False)
    with urllib.request.urlopen(host.http_url + url, timeout=600) as r:
        return len(r.read())


def pings_during(host, action):
    """`core.ping` round trips (ms) of a second client, one every PING_EVERY_S, while `action()` runs."""
    times, stop = [], threading.Event()
    c = host.client()

    def ping():
        while not stop.is_set():
            t0 = time.perf_counter()
            c.call('core.ping')
            times.append((time.perf_counter() - t0) * 1000)
            time.sleep(PING_EVERY_S)
    pinger = threading.Thread(target=ping)
    pinger.start()
    try:
        detail = action()
    finally:
        stop.set()
        pinger.join()
        c.close()
    return times, detail


def percentile(values, q):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q / 100 * len(ordered)))]


def ping_phases(host, c):
    """Ping p50/p99/max idle and while a PING_RESULTS-result report (each format) and comparison are computed."""
    ids = [c.call('tuning.benchmark.import', 'FIO', fio_documents(PING_RUNS, 1 + i / 100),
                  f'{PING_RUNS} runs #{i + 1}')['id'] for i in range(PING_RESULTS)]
    print(f'core.ping of a second client (ms), one every {PING_EVERY_S * 1000:.0f} ms; '
          f'{PING_RESULTS} results of {PING_RUNS} runs; host tree {TREE}', flush=True)
    print(f'{"phase":<34} {"pings":>6} {"p50":>7} {"p99":>7} {"max":>7}  wall', flush=True)
    figures = {}

    def line(name, action):
        t0 = time.monotonic()
        times, detail = pings_during(host, action)
        figures[name] = (percentile(times, 50), percentile(times, 99), max(times))
        print(f'{name:<34} {len(times):6d} {figures[name][0]:7.2f} {figures[name][1]:7.2f} {figures[name][2]:7.2f}'
              f'  {time.monotonic() - t0:.1f} s' + (f'  {detail}' if detail else ''), flush=True)
    line('idle (2 s)', lambda: time.sleep(2))
    line(f'compare of {PING_RESULTS} results', lambda: f'{len(json.dumps(c.call("tuning.benchmark.compare", ids)))} '
                                                    'bytes of JSON')
    for fmt in ('HTML', 'MARKDOWN', 'CSV', 'JSON'):
        line(f'{PING_RESULTS}-result report, {fmt}',
             lambda fmt=fmt: f'{download(host, c, {"results": ids}, fmt)} bytes')
    idle = figures.pop('idle (2 s)')[1]
    name, worst = max(figures.items(), key=lambda kv: kv[1][1])
    print(f'ping p99 idle {idle:.2f} ms; worst p99 {worst[1]:.2f} ms during {name} = {worst[1] / idle:.1f} x idle '
          f'[{"ok" if worst[1] <= 2 * idle else "over"}: goal at most 2 x]', flush=True)


def main():
    env = {'PYTHONPATH': os.pathsep.join([os.path.join(TREE, 'middleware'), os.path.join(TREE, 'plugin'),
                                          API_TESTS, BENCH])}
    if '--pings' in sys.argv[1:]:
        with local_host(plugins='tuning', extra_env=env) as host:
            c = host.client(legacy_jobs=False)
            ping_phases(host, c)
            c.close()
        return
    with local_host(plugins='tuning,loop_probe', extra_env=env) as host:
        c = host.client(legacy_jobs=False)
        print(f'goal: no event-loop stall over {GOAL_MS:.0f} ms (standalone host, sandbox backend)', flush=True)
        worst = {}
        worst['idle (1 s of pings)'] = phase(c, 'idle (1 s of pings)', lambda: [
            c.call('core.ping') for _ in range(200)] and None)
        applied = {}

        def apply():
            applied.update(c.job('tuning.preset.apply', 'max-seq-write', TARGET, {'acknowledge': []}))
            return f'{len(applied["applied"])} changes'
        worst['apply max-seq-write'] = phase(c, 'apply max-seq-write', apply)
        worst['revert it'] = phase(c, 'revert it', lambda: c.job(
            'tuning.restore_point.revert', applied['restore_point_id'], []) and None)
        worst['benchmark QUICK (SEQ_WRITE 2×1 s)'] = phase(
            c, 'benchmark QUICK (SEQ_WRITE 2×1 s)', lambda: f'result #{c.job("tuning.benchmark.run", QUICK)["id"]}')
        campaign = {'dataset': 'tank/media', 'presets': ['max-seq-write'], 'rounds': 1,
                    'benchmark': {k: QUICK[k] for k in ('tests', 'profile', 'runs', 'runtime_seconds',
                                                         'ramp_seconds')}}
        worst['campaign (1 preset, 1 round)'] = phase(
            c, 'campaign (1 preset, 1 round)', lambda: c.job('tuning.campaign.run', campaign, timeout=1800)['state'])
        ids = []

        def imports():
            for i in range(REPORT_RESULTS):
                ids.append(c.call('tuning.benchmark.import', 'FIO', fio_documents(REPORT_RUNS, 1 + i / 10),
                                  f'{REPORT_RUNS} runs #{i + 1}')['id'])
            return f'{REPORT_RESULTS} results of {REPORT_RUNS} runs'
        worst['import 4 fio results'] = phase(c, 'import 4 fio results', imports)
        name = 'query of all results'
        worst[name] = phase(c, name, lambda: f'{len(json.dumps(c.call("tuning.benchmark.query")))} bytes of JSON')
        for fmt in ('HTML', 'MARKDOWN', 'CSV', 'JSON'):
            name = f'{REPORT_RUNS}-run report, {fmt}'
            worst[name] = phase(c, name, lambda fmt=fmt: f'{download(host, c, {"results": ids}, fmt)} bytes')
        c.close()
    for i, what in enumerate(('stall', 'on-loop')):
        name, figures = max(worst.items(), key=lambda kv: kv[1][i])
        over = [n for n, v in worst.items() if v[i] > GOAL_MS]
        print(f'longest {what}: {figures[i]:.2f} ms during {name}; phases over {GOAL_MS:.0f} ms: '
              f'{", ".join(over) or "none"}')


if __name__ == '__main__':
    main()
