"""tuning.ladder.get's reading of the store: milliseconds to gather a pool's ladder (its records and the verdict)
with N stored results shaped like real ones (6 tests × 50 runs, fio job lists), for the pool they measured and for
one none measured (the worst case), against decoding every column of every result. Measures; asserts nothing.
From the repo root:

    PYTHONPATH=middleware:plugin .venv/bin/python tests/bench/bench_ladder.py [--results 500]
"""
import argparse
import os
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(__file__))
from bench_compare import synthetic_entry  # noqa: E402

from tuning.core.ladder.layers import build_ladder  # noqa: E402
from tuning.ladder import ladder_records  # noqa: E402
from tuning.store import Database, benchmarks  # noqa: E402

JOBS = [{'name': f'{test}-{i}', 'options': {f'option{j}': 'value' for j in range(30)}}
        for test in range(6) for i in range(5)]


def per_call_ms(fn, repeat=5) -> float:
    t0 = time.perf_counter()
    for _ in range(repeat):
        fn()
    return (time.perf_counter() - t0) / repeat * 1000


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--results', type=int, default=500)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        db = Database(os.path.join(tmp, 'tuning.db'))
        for i in range(args.results):
            e = synthetic_entry(i + 1, 1 + i * 0.001, 50, seed=i)
            benchmarks.insert_benchmark(db, label=e['label'], source='FIO', spec={'tests': list(e['runs'])},
                                        context={'target': {'pool': 'tank', 'dataset': 'tank/media'}},
                                        summary=e['summary'], runs=e['runs'], jobs=JOBS, notes=[], raw={})
        figures = {pool: per_call_ms(lambda: build_ladder(pool, None, *ladder_records(db, pool, None)))
                   for pool in ('tank', 'other')}
        every_column = per_call_ms(lambda: benchmarks.list_benchmarks(db))
        db.close()
    print(f'ladder with {args.results} stored results: {figures["tank"]:.1f} ms for the pool they measured (the newest '
          f'is its local figure), {figures["other"]:.1f} ms for a pool none measured (every result looked at); '
          f'decoding every column of every result: {every_column:.1f} ms')


if __name__ == '__main__':
    main()
