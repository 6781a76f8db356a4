"""Issue 13 item 11 figures: seconds for a compare of 4 results × 6 tests × 50 runs (all metrics fio reports), for
a report of it in every format, and how far the fast bootstrap's intervals are from the plain one's. Measures;
asserts nothing. From the repo root:

    PYTHONPATH=middleware:plugin .venv/bin/python tests/bench/bench_compare.py [--runs 50] [--results 4]
"""
import argparse
import math
import random
import time

from tuning.core.bench import summarize
from tuning.core.bench.catalog import TESTS, metrics_of_test
from tuning.core.bench.comparison import bootstrap_ratio_ci, bootstrap_ratio_ci_naive, compare
from tuning.core.report import build_report, render


def _binned(metric, value):
    """Latency percentiles as fio reports them: from histogram bins (64 per power of 2), so runs tie."""
    if not metric.endswith('_ns'):
        return value
    return 2 ** (round(math.log2(value * 1000) * 64) / 64)


def synthetic_entry(id_, scale, runs, seed):
    """A stored-result-shaped entry: every test, every metric it reports, `runs` noisy runs (CV about 4 %; latencies
    binned as fio does, so they tie)."""
    rng = random.Random(seed)
    tests = {}
    for test in TESTS:
        tests[test] = [{'run': i + 1, 'metrics': {m: _binned(m, scale * (1000 + 100 * j) * rng.gauss(1, 0.04))
                                                  for j, m in enumerate(metrics_of_test(test))}}
                       for i in range(runs)]
    summary = {t: {m: summarize([r['metrics'][m] for r in rs]) for m in rs[0]['metrics']} for t, rs in tests.items()}
    return {'id': id_, 'label': f'config {id_}', 'created_at': '2026-11-21T00:00:00+00:00', 'source': 'FIO',
            'spec': None, 'context': {}, 'summary': summary, 'runs': tests, 'jobs': [], 'notes': []}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--runs', type=int, default=50)
    ap.add_argument('--results', type=int, default=4)
    args = ap.parse_args()
    entries = [synthetic_entry(i + 1, 1 + i * 0.03, args.runs, seed=i) for i in range(args.results)]
    comparable = [{'source': 'FIO', 'label': e['label'], 'tests': {t: {'runs': r} for t, r in e['runs'].items()}}
                  for e in entries]
    t0 = time.perf_counter()
    comparison = compare(comparable[0], comparable[1:])
    t1 = time.perf_counter()
    rows = sum(len(c['metrics']) for c in comparison['comparisons'])
    print(f'compare of {args.results} results × {len(TESTS)} tests × {args.runs} runs ({rows} rows): {t1 - t0:.3f} s')
    comparison['baseline']['id'] = 1
    for i, comp in enumerate(comparison['comparisons']):
        comp['id'] = i + 2
    comparison['theoretical_max'], comparison['warnings'] = None, []
    for fmt in ('HTML', 'MARKDOWN', 'CSV', 'JSON'):
        t2 = time.perf_counter()
        report = build_report(entries, comparison, title='bench', generated_at='2026-11-21T00:00:00+00:00')
        size = len(render(report, fmt)[0])
        print(f'report {fmt} (build + render, {size} bytes): {time.perf_counter() - t2:.3f} s')
    # Same intervals as the plain bootstrap: the widest gap between the two, in % of the ratio, over some rows.
    worst = 0.0
    t3 = time.perf_counter()
    for test in list(TESTS)[:2]:
        for metric in metrics_of_test(test)[:2]:
            a = [r['metrics'][metric] for r in entries[0]['runs'][test]]
            b = [r['metrics'][metric] for r in entries[1]['runs'][test]]
            fast, plain = bootstrap_ratio_ci(a, b), bootstrap_ratio_ci_naive(a, b)
            worst = max(worst, *(abs(f - p) / p * 100 for f, p in zip(fast, plain)))
    print(f'fast vs plain bootstrap, 4 rows: largest difference of a bound {worst:.3f} % of the ratio '
          f'(plain took {time.perf_counter() - t3:.2f} s for them)')


if __name__ == '__main__':
    main()
