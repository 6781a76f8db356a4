"""Compare result sets (pure, deterministic).

- ``bootstrap_ratio_ci(baseline, other, resamples=10000, seed=0, confidence=0.95)`` → ``(low, high)``: percentile
  bootstrap CI of median(other) / median(baseline), resampling runs within each group with a seeded RNG (the
  resamples' median positions are drawn once per group sizes and shared by every metric: a compare of 4 results ×
  6 tests × 50 runs takes well under a second; ``bootstrap_ratio_ci_naive`` is the plain reference).
- ``mann_whitney_exact(a, b)`` → two-sided p of the exact (permutation) Mann–Whitney test. Ties get mid-ranks and the
  null distribution is built from those mid-ranks, so the p-value is exact with ties too — up to
  ``EXACT_WITH_TIES_MAX_RUNS`` (40) runs in all; tied samples larger than that take the normal approximation with tie
  and continuity corrections (what R's ``wilcox.test`` does for any tied sample), whose error at 20+ runs a side is
  far below the digits shown. Untied samples are always exact (one table per group sizes, shared across metrics).
- ``holm(p_values)`` → Holm-adjusted p-values in the same order.
- ``verdict(ratio_ci, p_adjusted, direction)`` → ``NO_CHANGE`` if the whole ratio CI is within ±5 %; ``BETTER`` /
  ``WORSE`` when the CI excludes 1 and the adjusted p < 0.05 (honouring whether higher or lower is better);
  otherwise ``INCONCLUSIVE``.
- ``compare(baseline_result, other_results)`` → ``{baseline: {source, label}, comparisons: [{source, label, metrics:
  [row]}]}``; a row is ``{test, metric, direction, baseline: summary, other: summary, ratio, ratio_ci_low,
  ratio_ci_high, p_value, p_adjusted, verdict, min_runs}`` for every (test, metric) both results have. Holm runs
  across the metrics of one test of one pair (each test answers its own question), counting a direction's
  IOPS/bandwidth pair once (same measurement, two units). ``min_runs`` is the runs per side this test's family needs
  before any verdict is possible (``power.min_runs_for_verdict``: 5 for every fio test). With fewer runs on either
  side the row's verdict is ``INSUFFICIENT_RUNS`` and ``ratio_ci_low``, ``ratio_ci_high``, ``p_value`` and
  ``p_adjusted`` are ``None`` (the ratio of medians stays: it is what was observed, not a finding). A test either
  result lists in ``from_ram`` (the ARC answered its reads: ``arc_reads``) gets ``FROM_RAM`` the same way: its
  figures are the ARC's, and no verdict on the disks can come of them. Results are normalised results (``{source, tests: {TEST: {runs: [{metrics: {...}}]}}}``).
"""
import bisect
import heapq
import math
import random
from collections import defaultdict
from functools import lru_cache
from statistics import NormalDist

from .catalog import HIGHER, METRICS, TESTS
from .power import INSUFFICIENT_RUNS, can_reach_verdict, family_size, min_runs_for_verdict
from .statistics import median, summarize

EQUIVALENCE = 0.05
# Exact with ties up to 40 runs in all (a few ms); beyond, tied data (latency percentiles from fio's histogram bins)
# takes the normal approximation: an exact table per tie pattern costs 0.07 s at 50 + 50 runs, per metric.
EXACT_WITH_TIES_MAX_RUNS = 40
ALPHA = 0.05


def bootstrap_ratio_ci_naive(baseline, other, resamples=10000, seed=0, confidence=0.95):
    """The plain bootstrap (the reference ``bootstrap_ratio_ci`` agrees with, kept for tests): resample each group
    as it is ordered, 2 × ``resamples`` medians of fresh lists. Slow: seconds for a compare of many metrics."""
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


def _binomial_at_least(n, p, k):
    """P(Bin(n, p) ≥ k)."""
    if k <= 0:
        return 1.0
    return math.fsum(math.comb(n, x) * p ** x * (1 - p) ** (n - x) for x in range(k, n + 1))


@lru_cache(maxsize=256)
def _median_position_law(n):
    """The exact law of where the median of one bootstrap resample of n sorted values sits: ``(outcomes,
    cumulative)`` with outcomes ``(i,)`` (odd n: the resample's middle order statistic is value i) or ``(i, j)``
    (even n: the two middle ones, i ≤ j; the median is their mean), 0-based, and their cumulative probabilities.

    With positions 1..n each drawn with probability 1/n, n draws, Y(k) the k-th smallest drawn position: odd
    n = 2m+1: P(Y(m+1) ≤ i) = P(Bin(n, i/n) ≥ m+1). Even n = 2m: G(i, k) = P(Y(m) ≤ i, Y(m+1) > k) = C(n, m)
    (i/n)^m ((n−k)/n)^(n−m) for i ≤ k (exactly m draws at or below i, none in (i, k]); for i < j,
    P(Y(m) = i, Y(m+1) = j) = G(i, j−1) − G(i−1, j−1) − G(i, j) + G(i−1, j), and P(Y(m) = Y(m+1) = i) is what is
    left of P(Y(m) = i) = P(Bin(n, i/n) ≥ m) − P(Bin(n, (i−1)/n) ≥ m)."""
    outcomes, weights = [], []
    if n % 2:
        m = n // 2
        below = 0.0
        for i in range(1, n + 1):
            at_most = _binomial_at_least(n, i / n, m + 1)
            outcomes.append((i - 1,))
            weights.append(max(0.0, at_most - below))
            below = at_most
    else:
        m = n // 2
        c = math.comb(n, m)

        def g(i, k):
            return c * (i / n) ** m * ((n - k) / n) ** (n - m) if i > 0 else 0.0

        previous = 0.0
        for i in range(1, n + 1):
            at_most = _binomial_at_least(n, i / n, m)
            marginal = max(0.0, at_most - previous)
            previous = at_most
            split = 0.0
            pairs = []
            for j in range(i + 1, n + 1):
                p = max(0.0, g(i, j - 1) - g(i - 1, j - 1) - g(i, j) + g(i - 1, j))
                if p:
                    pairs.append(((i - 1, j - 1), p))
                    split += p
            outcomes.append((i - 1, i - 1))
            weights.append(max(0.0, marginal - split))
            for outcome, p in pairs:
                outcomes.append(outcome)
                weights.append(p)
    cumulative, total = [], 0.0
    for w in weights:
        total += w
        cumulative.append(total)
    return tuple(outcomes), tuple(cumulative)


def _median_positions(rng, n):
    """Positions (0-based, in sorted order) whose mean is the median of one bootstrap resample of n sorted values,
    drawn from their exact law with one random number (the same as resampling n runs and taking the median, without
    drawing and sorting n numbers)."""
    outcomes, cumulative = _median_position_law(n)
    return outcomes[min(len(outcomes) - 1, bisect.bisect_right(cumulative, rng.random() * cumulative[-1]))]


@lru_cache(maxsize=64)
def _resample_plan(n_a, n_b, resamples, seed):
    """Every resample's median positions for group sizes (n_a, n_b), drawn once per sizes and seed and shared by all
    metrics (the positions do not depend on the values when the values are sorted first). Returns the distinct
    position tuples of each side and, per resample, the pair of indices into them."""
    rng = random.Random(seed)
    a_index, b_index, pairs = {}, {}, []
    for _ in range(resamples):
        pa = _median_positions(rng, n_a)
        pb = _median_positions(rng, n_b)
        pairs.append((a_index.setdefault(pa, len(a_index)), b_index.setdefault(pb, len(b_index))))
    return tuple(a_index), tuple(b_index), tuple(pairs)


def _medians_at(sorted_values, positions):
    return [sorted_values[p[0]] if len(p) == 1 else (sorted_values[p[0]] + sorted_values[p[1]]) / 2
            for p in positions]


def bootstrap_ratio_ci(baseline, other, resamples=10000, seed=0, confidence=0.95):
    """Percentile bootstrap CI of median(other) / median(baseline). Each group is sorted before resampling (the
    bootstrap does not depend on the runs' order), so the median positions of the seeded resamples are drawn once
    per group sizes and reused for every metric: the same estimator as ``bootstrap_ratio_ci_naive`` (agreeing within
    its Monte-Carlo error), about 50 × faster. ``(None, None)`` when every resampled baseline median is 0."""
    a, b = sorted(baseline), sorted(other)
    if not a or not b:
        raise ValueError('both groups need values')
    a_pos, b_pos, pairs = _resample_plan(len(a), len(b), resamples, seed)
    ma, mb = _medians_at(a, a_pos), _medians_at(b, b_pos)
    ratios = [mb[j] / ma[i] for i, j in pairs if ma[i] != 0]
    if not ratios:
        return None, None
    tail = (1 - confidence) / 2
    count = len(ratios)
    lo_rank = max(0, math.floor(tail * count))
    hi_rank = min(count - 1, math.ceil((1 - tail) * count) - 1)
    # only the two tails matter: partial selection instead of sorting every ratio
    lo = heapq.nsmallest(lo_rank + 1, ratios)[-1]
    hi = heapq.nlargest(count - hi_rank, ratios)[-1]
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


@lru_cache(maxsize=256)
def _rank_sum_tails(n1, doubled):
    """Null distribution of the doubled rank sum of n1 of the (sorted, doubled) mid-ranks ``doubled``, as prefix
    sums: ``cumulative[s]`` = how many n1-subsets have sum < s. Without ties the ranks are the same for every metric
    of the same group sizes, so a compare builds it once per sizes instead of once per metric."""
    n = len(doubled)
    # counts[k] is a generating polynomial packed in one big integer: slot s (``width`` bytes each) holds how many
    # k-subsets of the ranks seen so far have doubled rank sum s. Every count is below 2**n, so slots never carry
    # into each other, and a shift-and-add per rank replaces a loop over sums (50 + 50 runs: a tenth of a second).
    width = n // 8 + 1
    counts = [0] * (n1 + 1)
    counts[0] = 1
    for seen, r in enumerate(doubled):
        for k in range(min(n1 - 1, seen), -1, -1):
            if counts[k]:
                counts[k + 1] += counts[k] << (8 * width * r)
    slots = sum(doubled) + 1
    packed = counts[n1].to_bytes(slots * width, 'little')
    cumulative = [0]
    for s in range(slots):
        cumulative.append(cumulative[-1] + int.from_bytes(packed[s * width:(s + 1) * width], 'little'))
    return cumulative


def mann_whitney_exact(a, b):
    a, b = list(a), list(b)
    n1, n2 = len(a), len(b)
    if not n1 or not n2:
        raise ValueError('both groups need values')
    doubled = [int(round(2 * r)) for r in _midranks(a + b)]  # mid-ranks are halves: double to stay integral
    observed = sum(doubled[:n1])
    expected2 = n1 * sum(doubled)  # 2 × n × E[W] in doubled units, kept integral: E = n1·total/N
    n = n1 + n2
    obs_dev = abs(n * observed - expected2)
    if obs_dev == 0:
        return 1.0
    # sums s with |n·s − expected2| ≥ obs_dev: s ≤ (expected2 − obs_dev) / n or s ≥ (expected2 + obs_dev) / n
    low_end = (expected2 - obs_dev) // n  # floor: the largest sum of the lower tail
    high_start = -((-(expected2 + obs_dev)) // n)  # ceil: the smallest sum of the upper tail
    ranks = tuple(sorted(doubled))
    if ranks != tuple(range(2, 2 * n + 1, 2)) and n > EXACT_WITH_TIES_MAX_RUNS:
        return _normal_approximation(observed, n1, n2, ranks)
    # no ties: one table per group sizes, shared by every metric of a compare; ties: one per tie pattern
    cumulative = _rank_sum_tails(n1, ranks)
    slots = len(cumulative) - 1
    extreme = cumulative[max(0, min(slots, low_end + 1))] if low_end >= 0 else 0
    if high_start < slots:
        extreme += cumulative[slots] - cumulative[max(0, high_start)]
    return min(1.0, extreme / math.comb(n, n1))


def _normal_approximation(observed2, n1, n2, ranks):
    """Two-sided p of the rank sum (doubled: ``observed2``) by the normal approximation with the tie correction of
    the variance and a continuity correction of ½ on U, as R's ``wilcox.test`` and SciPy compute it."""
    n = n1 + n2
    u = observed2 / 2 - n1 * (n1 + 1) / 2
    ties = defaultdict(int)
    for r in ranks:
        ties[r] += 1
    tie_term = sum(t ** 3 - t for t in ties.values()) / (n * (n - 1))
    variance = n1 * n2 / 12 * ((n + 1) - tie_term)
    if variance <= 0:
        return 1.0  # every value the same
    z = max(0.0, abs(u - n1 * n2 / 2) - 0.5) / math.sqrt(variance)
    return min(1.0, 2 * (1 - NormalDist().cdf(z)))


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


FROM_RAM = 'FROM_RAM'
# each verdict in words, wherever a person reads one (reports, campaigns)
VERDICT_WORDS = {'BETTER': 'better', 'WORSE': 'worse', 'NO_CHANGE': 'no meaningful change',
                 'INCONCLUSIVE': 'inconclusive', 'INSUFFICIENT_RUNS': 'too few runs',
                 FROM_RAM: 'from RAM, not judged'}


def compare_pair(baseline_result, other_result, resamples=10000, seed=0):
    from_ram = set(baseline_result.get('from_ram') or ()) | set(other_result.get('from_ram') or ())
    base = _metric_values(baseline_result)
    other = _metric_values(other_result)
    keys = sorted(set(base) & set(other))
    families = defaultdict(list)
    for test_id, metric in keys:
        families[test_id].append(metric)
    rows = []
    for key in keys:
        test_id, metric = key
        a, b = base[key], other[key]
        direction = METRICS[metric].direction if metric in METRICS else HIGHER
        med_a = median(a)
        family = family_size(test_id, families[test_id])
        enough = can_reach_verdict(len(a), len(b), family)
        rows.append({
            'test': test_id, 'metric': metric, 'direction': direction,
            'baseline': summarize(a), 'other': summarize(b),
            'ratio': median(b) / med_a if med_a else None,
            # too few runs: no interval at all rather than a zero-width or meaningless one
            'ratio_ci': bootstrap_ratio_ci(a, b, resamples=resamples, seed=seed) if enough else (None, None),
            'p_value': mann_whitney_exact(a, b),
            'min_runs': min_runs_for_verdict(family),
            '_enough': enough,
        })
    _adjust_per_test(rows)
    for row in rows:
        row['ratio_ci_low'], row['ratio_ci_high'] = row.pop('ratio_ci')
        if row['test'] in from_ram:
            row.pop('_enough')
            row['p_value'] = row['p_adjusted'] = row['ratio_ci_low'] = row['ratio_ci_high'] = None
            row['verdict'] = FROM_RAM
        elif row.pop('_enough'):
            row['verdict'] = verdict((row['ratio_ci_low'], row['ratio_ci_high']), row['p_adjusted'], row['direction'])
        else:
            row['p_value'] = row['p_adjusted'] = None
            row['verdict'] = INSUFFICIENT_RUNS
    return rows


def compare(baseline_result, other_results, resamples=10000, seed=0):
    return {
        'baseline': _describe(baseline_result),
        'comparisons': [
            {**_describe(other), 'metrics': compare_pair(baseline_result, other, resamples=resamples, seed=seed)}
            for other in other_results
        ],
    }
