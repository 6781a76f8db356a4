"""Issue 22 item 5 figures: what the panel's chart layouts add to a ``tuning.benchmark.compare`` answer (bytes of
JSON, deflated as the websocket's permessage-deflate sends them, and seconds to lay out), for N results × every test
(the same synthetic results as bench_compare.py).
Measures; asserts nothing. From the repo root:

    PYTHONPATH=middleware:plugin .venv/bin/python tests/bench/bench_chart_layouts.py [--results 4] [--runs 10]
"""
import argparse
import json
import os
import sys
import time
import zlib

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bench_compare import synthetic_entry  # noqa: E402

from tuning.benchmark import comparison_of  # noqa: E402
from tuning.core.report.chart_layout import PANEL_WIDTHS, panel_layouts  # noqa: E402


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--results', type=int, default=4)
    ap.add_argument('--runs', type=int, default=10)
    args = ap.parse_args()
    entries = [synthetic_entry(i + 1, 1 + i * 0.03, args.runs, seed=i) for i in range(args.results)]
    answer = comparison_of(entries, 1)
    layouts = answer.pop('chart_layouts')
    t0 = time.perf_counter()
    panel_layouts(answer['charts'], client_measured=True)
    seconds = time.perf_counter() - t0
    rest, added = (json.dumps(o).encode() for o in (answer, layouts))
    print(f'{args.results} results, {len(answer["charts"])} charts × {len(PANEL_WIDTHS)} widths: compare answer '
          f'{len(rest)} bytes ({len(zlib.compress(rest))} deflated) without the layouts, +{len(added)} bytes '
          f'(+{len(zlib.compress(added))} deflated) with them; laid out in {seconds:.3f} s')


if __name__ == '__main__':
    main()
