"""Issue 6 figures: wall time of a QUICK 4-configuration campaign in the sandbox, and report generation time for
results of 50 runs. Measures; asserts nothing. From the repo root:

    PYTHONPATH=middleware:plugin .venv/bin/python tests/bench/bench_campaign_report.py [--rounds 1] [--tests SEQ_WRITE,RAND_READ_4K]
"""
import argparse
import os
import sys
import time
import urllib.request

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'api'))
from hosting import local_host  # noqa: E402

from tuning.core.bench import compare, summarize  # noqa: E402
from tuning.core.report import build_report, render  # noqa: E402

PRESETS = ['max-seq-write', 'max-seq-read', 'max-iops']


def synthetic_entry(id_, scale, runs=50):
    """A stored-result-shaped entry with `runs` runs of two tests (deterministic values)."""
    tests = {}
    for test, metrics in (('SEQ_WRITE', ('write_bw_bytes', 'write_iops', 'write_lat_p50_ns', 'write_lat_p90_ns',
                                         'write_lat_p99_ns', 'write_lat_p99_9_ns')),
                          ('RAND_READ_4K', ('read_bw_bytes', 'read_iops', 'read_lat_p50_ns', 'read_lat_p90_ns',
                                            'read_lat_p99_ns', 'read_lat_p99_9_ns'))):
        tests[test] = [{'run': i + 1, 'metrics': {m: scale * (1000 + (i * 37 + j * 11) % 97)
                                                  for j, m in enumerate(metrics)}} for i in range(runs)]
    summary = {t: {m: summarize([r['metrics'][m] for r in rs]) for m in rs[0]['metrics']} for t, rs in tests.items()}
    return {'id': id_, 'label': f'config {id_}', 'created_at': '2026-11-21T00:00:00+00:00', 'source': 'FIO',
            'spec': None, 'context': {}, 'summary': summary, 'runs': tests, 'jobs': [], 'notes': []}


def report_timing():
    entries = [synthetic_entry(i + 1, 1 + i * 0.05) for i in range(4)]
    comparable = [{'source': 'FIO', 'label': e['label'], 'tests': {t: {'runs': r} for t, r in e['runs'].items()}}
                  for e in entries]
    t0 = time.perf_counter()
    comparison = compare(comparable[0], comparable[1:])
    comparison['baseline']['id'] = 1
    for i, comp in enumerate(comparison['comparisons']):
        comp['id'] = i + 2
    comparison['theoretical_max'], comparison['warnings'] = None, []
    t1 = time.perf_counter()
    report = build_report(entries, comparison, title='bench', generated_at='2026-11-21T00:00:00+00:00')
    sizes = {fmt: len(render(report, fmt)[0]) for fmt in ('HTML', 'MARKDOWN', 'CSV', 'JSON')}
    t2 = time.perf_counter()
    print(f'report of 4 configurations × 2 tests × 50 runs: compare {t1 - t0:.2f} s, build + 4 formats '
          f'{t2 - t1:.2f} s; sizes {sizes}')


def campaign_timing(rounds, tests):
    with local_host() as host:
        c = host.client()
        spec = {'dataset': 'tank/media', 'presets': PRESETS, 'rounds': rounds,
                'benchmark': {'tests': tests, 'profile': 'QUICK', 'runs': 5}}
        t0 = time.monotonic()
        row = c.job('tuning.campaign.run', spec, timeout=7200)
        wall = time.monotonic() - t0
        t1 = time.monotonic()
        job_id, url = c.call('core.download', 'tuning.report.generate', [{'campaign': row['id']}, 'HTML'], 'r', False)
        with urllib.request.urlopen(host.http_url + url, timeout=600) as r:
            size = len(r.read())
        report_wall = time.monotonic() - t1
        c.close()
    print(f'QUICK campaign, 4 configurations (baseline + {", ".join(PRESETS)}), {rounds} round(s), tests '
          f'{",".join(tests)}, 5 runs each: {row["state"]} in {wall:.0f} s; its HTML report ({size} bytes) in '
          f'{report_wall:.2f} s')
    for rec in row['recommendation']:
        if rec['metric'].endswith(('bw_bytes', 'iops')):
            print(f'  {rec["test"]} {rec["metric"]}: {rec["summary"]}')


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--rounds', type=int, default=1)
    ap.add_argument('--tests', default='SEQ_WRITE,SEQ_READ,RAND_READ_4K,RAND_WRITE_4K,SYNC_WRITE_4K,MIXED_70_30')
    args = ap.parse_args()
    report_timing()
    campaign_timing(args.rounds, args.tests.split(','))


if __name__ == '__main__':
    main()
