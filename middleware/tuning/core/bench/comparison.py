"""Compare result sets (pure, deterministic).

- ``bootstrap_ratio_ci(baseline, other, resamples=10000, seed=0, confidence=0.95)`` → ``(low, high)``: percentile
  bootstrap CI of median(other) / median(baseline), resampling runs within each group with a seeded RNG.
- ``mann_whitney_exact(a, b)`` → two-sided p of the exact (permutation) Mann–Whitney test. Ties get mid-ranks and the
  null distribution is built from those mid-ranks, so the p-value is exact with ties too.
- ``holm(p_values)`` → Holm-adjusted p-values in the same order.
- ``verdict(ratio_ci, p_adjusted, direction)`` → ``NO_CHANGE`` if the whole ratio CI is within ±5 %; ``BETTER`` /
  ``WORSE`` when the CI excludes 1 and the adjusted p < 0.05 (honouring whether higher or lower is better);
  otherwise ``INCONCLUSIVE``.
- ``compare(baseline_result, other_results)`` → ``{baseline: {source, label}, comparisons: [{source, label, metrics:
  [row]}]}``; a row is ``{test, metric, direction, baseline: summary, other: summary, ratio, ratio_ci_low,
  ratio_ci_high, p_value, p_adjusted, verdict}`` for every (test, metric) both results have. Holm runs across the
  metrics of one test of one pair (each test answers its own question), counting a direction's IOPS/bandwidth pair
  once (same measurement, two units). With 5 runs per side the smallest exact p is 2/252, so a single-direction test
  (throughput + 4 latency percentiles) can reach significance; the mixed test (10 metrics) needs more runs. Results are normalised results (``{source, tests: {TEST: {runs: [{metrics: {...}}]}}}``).
"""
import math
import random
from collections import defaultdict

from .catalog import HIGHER, METRICS, TESTS
from .statistics import median, summarize

EQUIVALENCE = 0.05
ALPHA = 0.05


def bootstrap_ratio_ci(baseline, other, resamples=10000, seed=0, confidence=0.95):
    rng = random.Random(seed)
    a, b = list(baseline), list(other)
    ratios = []
    for _ in range(resamples):
        ma = median(rng.choices(a, k=len(a)))
        mb = median(rng.choices(b, k=len(b)))
        if ma == 0:
            continue
        ratios.append(mb / ma)
    if not ratios:
        return None, None
    ratios.sort()
    tail = (1 - confidence) / 2
    lo = ratios[max(0, math.floor(tail * len(ratios)))]
    hi = ratios[min(len(ratios) - 1, math.ceil((1 - tail) * len(ratios)) - 1)]
    return lo, hi


def _midranks(values):
    order = sorted(range(len(values)), key=lambda i: values[i])
    ranks = [0.0] * len(values)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and values[order[j + 1]] == values[order[i]]:
            j += 1
        for k in range(i, j + 1):
            ranks[order[k]] = (i + j) / 2 + 1
        i = j + 1
    return ranks


def mann_whitney_exact(a, b):
    a, b = list(a), list(b)
    n1, n2 = len(a), len(b)
    if not n1 or not n2:
        raise ValueError('both groups need values')
    doubled = [int(round(2 * r)) for r in _midranks(a + b)]  # mid-ranks are halves: double to stay integral
    observed = sum(doubled[:n1])
    expected2 = n1 * sum(doubled)  # 2 × n × E[W] in doubled units, kept integral: E = n1·total/N
    n = n1 + n2
    # counts[k] is a generating polynomial packed in one big integer: slot s (``width`` bytes each) holds how many
    # k-subsets of the ranks seen so far have doubled rank sum s. Every count is below 2**n, so slots never carry
    # into each other, and a shift-and-add per rank replaces a loop over sums (50 + 50 runs: milliseconds).
    width = n // 8 + 1
    counts = [0] * (n1 + 1)
    counts[0] = 1
    for seen, r in enumerate(doubled):
        for k in range(min(n1 - 1, seen), -1, -1):
            if counts[k]:
                counts[k + 1] += counts[k] << (8 * width * r)
    slots = sum(doubled) + 1
    packed = counts[n1].to_bytes(slots * width, 'little')
    total = math.comb(n, n1)
    obs_dev = abs(n * observed - expected2)
    extreme = sum(int.from_bytes(packed[s * width:(s + 1) * width], 'little')
                  for s in range(slots) if abs(n * s - expected2) >= obs_dev)
    return min(1.0, extreme / total)


def holm(p_values):
    m = len(p_values)
    order = sorted(range(m), key=lambda i: p_values[i])
    adjusted = [0.0] * m
    running = 0.0
    for rank, i in enumerate(order):
        running = max(running, min(1.0, (m - rank) * p_values[i]))
        adjusted[i] = running
    return adjusted


def verdict(ratio_ci, p_adjusted, direction):
    low, high = ratio_ci
    if low is None or p_adjusted is None:
        return 'INCONCLUSIVE'
    if low >= 1 - EQUIVALENCE and high <= 1 + EQUIVALENCE:
        return 'NO_CHANGE'
    if p_adjusted < ALPHA and (low > 1 or high < 1):
        up = low > 1
        return 'BETTER' if up == (direction == HIGHER) else 'WORSE'
    return 'INCONCLUSIVE'


def _metric_values(result):
    out = {}
    for test_id, test in (result.get('tests') or {}).items():
        by_metric = defaultdict(list)
        for run in test.get('runs') or []:
            for metric, value in (run.get('metrics') or {}).items():
                if value is not None:
                    by_metric[metric].append(value)
        for metric, values in by_metric.items():
            out[(test_id, metric)] = values
    return out


def _describe(result):
    return {'source': result.get('source'), 'label': result.get('label')}


def twin_of(test_id, metric):
    """The metric this one merely restates, or None. With a fixed block size a direction's IOPS and bandwidth are
    the same measurement in two units; only the test's primary one counts in the Holm family."""
    test = TESTS.get(test_id)
    direction, _, rest = metric.partition('_')
    if test is None or rest not in ('bw_bytes', 'iops'):
        return None
    primary = 'bw_bytes' if test.primary == 'bw' else 'iops'
    return None if rest == primary else f'{direction}_{primary}'


def _adjust_per_test(rows):
    """Holm across the metrics of each test (each test answers its own question); a twin row takes its primary's
    adjusted p."""
    by_test = defaultdict(list)
    for row in rows:
        by_test[row['test']].append(row)
    for test_rows in by_test.values():
        present = {r['metric'] for r in test_rows}
        family = [r for r in test_rows if twin_of(r['test'], r['metric']) not in present]
        for row, adjusted in zip(family, holm([r['p_value'] for r in family])):
            row['p_adjusted'] = adjusted
        adjusted_by_metric = {r['metric']: r['p_adjusted'] for r in family}
        for row in test_rows:
            if 'p_adjusted' not in row:
                row['p_adjusted'] = adjusted_by_metric[twin_of(row['test'], row['metric'])]


def compare_pair(baseline_result, other_result, resamples=10000, seed=0):
    base = _metric_values(baseline_result)
    other = _metric_values(other_result)
    rows = []
    for key in sorted(set(base) & set(other)):
        test_id, metric = key
        a, b = base[key], other[key]
        direction = METRICS[metric].direction if metric in METRICS else HIGHER
        med_a = median(a)
        rows.append({
            'test': test_id, 'metric': metric, 'direction': direction,
            'baseline': summarize(a), 'other': summarize(b),
            'ratio': median(b) / med_a if med_a else None,
            'ratio_ci': bootstrap_ratio_ci(a, b, resamples=resamples, seed=seed),
            'p_value': mann_whitney_exact(a, b),
        })
    _adjust_per_test(rows)
    for row in rows:
        row['ratio_ci_low'], row['ratio_ci_high'] = row.pop('ratio_ci')
        row['verdict'] = verdict((row['ratio_ci_low'], row['ratio_ci_high']), row['p_adjusted'], row['direction'])
    return rows


def compare(baseline_result, other_results, resamples=10000, seed=0):
    return {
        'baseline': _describe(baseline_result),
        'comparisons': [
            {**_describe(other), 'metrics': compare_pair(baseline_result, other, resamples=resamples, seed=seed)}
            for other in other_results
        ],
    }
