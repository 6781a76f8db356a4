import random

import pytest

from tuning.core.bench.comparison import (
    bootstrap_ratio_ci, bootstrap_ratio_ci_naive, compare, holm, mann_whitney_exact, verdict,
)
from tuning.core.bench.statistics import median


def test_mann_whitney_minimum_p_values_from_reference():
    # §4c: 3 vs 3 → 0.10, 4 vs 4 → 0.029, 5 vs 5 → 0.0079, 7 vs 7 → 0.0006
    assert mann_whitney_exact([1, 2, 3], [4, 5, 6]) == pytest.approx(0.1)
    assert mann_whitney_exact([1, 2, 3, 4], [5, 6, 7, 8]) == pytest.approx(2 / 70)
    assert mann_whitney_exact(range(5), range(5, 10)) == pytest.approx(2 / 252)
    assert round(mann_whitney_exact(range(7), range(7, 14)), 4) == 0.0006


def test_mann_whitney_hand_computed_with_overlap():
    # a = {1,2,4}, b = {3,5,6}: W_a = 1+2+4 = 7; rank sums of 3-subsets of 1..6 ≤ 7: {6,7} → 2 of 20 each tail
    assert mann_whitney_exact([1, 2, 4], [3, 5, 6]) == pytest.approx(4 / 20)


def test_mann_whitney_ties_use_exact_conditional_distribution():
    # mid-ranks: 1,1 → 1.5; 2 → 3; 3,3 → 4.5; 4 → 6. a=[1,1,3]: W=1.5+1.5+4.5=7.5, E=10.5
    # subsets of {1.5,1.5,3,4.5,4.5,6} of size 3 with |W-10.5| ≥ 3: W ∈ {6,7.5} or {13.5,15}
    # W=6: {1.5,1.5,3} (1); W=7.5: {1.5,1.5,4.5}×2 (2); W=15: {4.5,4.5,6} (1); W=13.5: {3,4.5,6}×2 (2) → 6/20
    assert mann_whitney_exact([1, 1, 3], [2, 3, 4]) == pytest.approx(6 / 20)
    assert mann_whitney_exact([7, 7, 7], [7, 7, 7]) == pytest.approx(1.0)


def test_holm_hand_checked():
    assert holm([0.01, 0.04, 0.03, 0.005]) == pytest.approx([0.03, 0.06, 0.06, 0.02])
    assert holm([0.5, 0.9]) == pytest.approx([1.0, 1.0])


def test_bootstrap_is_deterministic_and_brackets_the_ratio():
    a, b = [100, 102, 98, 101, 99], [110, 112, 108, 111, 109]
    first = bootstrap_ratio_ci(a, b, seed=7)
    assert first == bootstrap_ratio_ci(a, b, seed=7)
    assert first[0] <= 110 / 100 <= first[1]
    assert first[0] > 1.0


def test_verdict_honours_direction_and_equivalence_band():
    assert verdict((1.08, 1.12), 0.01, 'HIGHER') == 'BETTER'
    assert verdict((1.08, 1.12), 0.01, 'LOWER') == 'WORSE'
    assert verdict((0.80, 0.90), 0.01, 'LOWER') == 'BETTER'
    assert verdict((0.97, 1.04), 0.01, 'HIGHER') == 'NO_CHANGE'
    assert verdict((1.08, 1.12), 0.2, 'HIGHER') == 'INCONCLUSIVE'
    assert verdict((0.9, 1.2), 0.01, 'HIGHER') == 'INCONCLUSIVE'


def _result(label, write_bw, write_p99):
    return {'source': 'FIO', 'label': label, 'tests': {'SEQ_WRITE': {'runs': [
        {'metrics': {'write_bw_bytes': bw, 'write_lat_p99_ns': lat}} for bw, lat in zip(write_bw, write_p99)]}}}


def test_compare_many_results_against_one_baseline():
    base = _result('base', [100, 101, 99, 100, 102], [1000, 1010, 990, 1005, 995])
    faster = _result('faster', [150, 151, 149, 152, 148], [600, 610, 590, 605, 595])
    same = _result('same', [100, 101, 100, 99, 101], [1000, 1000, 1002, 998, 1001])
    out = compare(base, [faster, same], resamples=2000)
    assert out['baseline']['label'] == 'base'
    by_label = {c['label']: {r['metric']: r for r in c['metrics']} for c in out['comparisons']}
    assert by_label['faster']['write_bw_bytes']['verdict'] == 'BETTER'
    assert by_label['faster']['write_lat_p99_ns']['verdict'] == 'BETTER'  # lower latency is better
    assert by_label['faster']['write_bw_bytes']['ratio'] == pytest.approx(1.5)
    # Holm over 2 metrics doubles the smaller p: 2/252 × 2
    assert by_label['faster']['write_bw_bytes']['p_adjusted'] == pytest.approx(4 / 252)
    assert by_label['same']['write_bw_bytes']['verdict'] == 'NO_CHANGE'


def test_compare_only_pairs_shared_metrics():
    base = _result('base', [1, 2, 3], [1, 2, 3])
    other = {'source': 'BONNIE', 'tests': {'SEQ_READ': {'runs': [{'metrics': {'read_bw_bytes': 5}}]}}}
    assert compare(base, [other])['comparisons'][0]['metrics'] == []


def _two_tests(label, scale):
    runs = lambda base: [{'metrics': {'write_bw_bytes': base * scale + i, 'write_iops': (base * scale + i) / 1024,
                                      'write_lat_p99_ns': 1000 + i}} for i in range(5)]
    return {'source': 'FIO', 'label': label,
            'tests': {'SEQ_WRITE': {'runs': runs(1_000_000)}, 'SEQ_READ': {'runs': runs(2_000_000)}}}


def test_holm_family_is_one_test_and_counts_the_iops_twin_once():
    out = compare(_two_tests('base', 1), [_two_tests('faster', 2)], resamples=500)
    rows = {(r['test'], r['metric']): r for r in out['comparisons'][0]['metrics']}
    # Family per test: bandwidth (primary of a sequential test) and p99; write_iops restates bandwidth.
    # Bandwidth is completely separated (p = 2/252), p99 identical (p = 1): Holm gives 2 × 2/252.
    for test in ('SEQ_WRITE', 'SEQ_READ'):
        assert rows[(test, 'write_bw_bytes')]['p_adjusted'] == pytest.approx(4 / 252)
        assert rows[(test, 'write_iops')]['p_adjusted'] == rows[(test, 'write_bw_bytes')]['p_adjusted']
        assert rows[(test, 'write_bw_bytes')]['verdict'] == 'BETTER'


def _runs(values, metric='write_bw_bytes'):
    return {'source': 'FIO', 'label': 'x', 'tests': {'SEQ_WRITE': {'runs': [{'metrics': {metric: v}} for v in values]}}}


@pytest.mark.parametrize('n', [1, 2, 3])
def test_too_few_runs_give_no_verdict_no_interval_no_p(n):
    out = compare(_runs([100.0 + i for i in range(n)]), [_runs([150.0 + i for i in range(n)])])
    (row,) = out['comparisons'][0]['metrics']
    assert row['verdict'] == 'INSUFFICIENT_RUNS' and row['min_runs'] == 4    # one metric: 4 runs suffice
    assert row['ratio_ci_low'] is None and row['ratio_ci_high'] is None
    assert row['p_value'] is None and row['p_adjusted'] is None
    assert row['ratio'] == pytest.approx(median([150.0 + i for i in range(n)]) / median([100.0 + i for i in range(n)]))
    if n == 1:
        assert row['baseline']['ci_low'] is None and row['other']['ci_high'] is None


def test_enough_runs_give_a_verdict_with_min_runs_shown():
    out = compare(_runs([100.0, 101, 99, 100.5]), [_runs([150.0, 151, 149, 150.5])])
    (row,) = out['comparisons'][0]['metrics']
    assert row['verdict'] == 'BETTER' and row['min_runs'] == 4 and row['p_adjusted'] < 0.05


def test_fast_bootstrap_matches_the_plain_one_within_monte_carlo_error():
    rng = random.Random(5)
    for n_a, n_b in ((5, 5), (6, 9), (20, 21)):
        a = [rng.gauss(100, 5) for _ in range(n_a)]
        b = [rng.gauss(108, 5) for _ in range(n_b)]
        fast, plain = bootstrap_ratio_ci(a, b), bootstrap_ratio_ci_naive(a, b)
        for f, p in zip(fast, plain):
            assert f == pytest.approx(p, rel=0.01)
        # order of the runs does not matter to the fast one
        assert bootstrap_ratio_ci(list(reversed(a)), b) == fast


def test_median_position_law_is_a_distribution_matching_resampling():
    from collections import Counter
    from tuning.core.bench.comparison import _median_position_law
    for n in (1, 2, 3, 4, 7, 8):
        outcomes, cumulative = _median_position_law(n)
        assert cumulative[-1] == pytest.approx(1.0)
        rng = random.Random(n)
        counts = Counter()
        for _ in range(20000):
            picks = sorted(rng.randrange(n) for _ in range(n))
            counts[(picks[n // 2],) if n % 2 else (picks[n // 2 - 1], picks[n // 2])] += 1
        previous = 0.0
        for outcome, cum in zip(outcomes, cumulative):
            assert cum - previous == pytest.approx(counts[outcome] / 20000, abs=0.01)
            previous = cum


def test_mann_whitney_cached_table_gives_the_same_p_with_ties():
    assert mann_whitney_exact([1, 2, 2, 3], [2, 3, 3, 4]) == mann_whitney_exact([2, 1, 3, 2], [4, 3, 2, 3])
    assert 0 < mann_whitney_exact([1, 2, 2, 3], [2, 3, 3, 4]) <= 1


def test_large_tied_samples_take_the_normal_approximation_close_to_exact():
    from tuning.core.bench import comparison
    rng = random.Random(2)
    binned = lambda v: round(v / 15) * 15                     # noqa: E731  (latency bins: many ties)
    a = [binned(rng.gauss(1000, 40)) for _ in range(25)]
    b = [binned(rng.gauss(1030, 40)) for _ in range(25)]
    approx = comparison.mann_whitney_exact(a, b)              # 50 runs, tied: approximation
    limit = comparison.EXACT_WITH_TIES_MAX_RUNS
    try:
        comparison.EXACT_WITH_TIES_MAX_RUNS = 1000
        exact = comparison.mann_whitney_exact(a, b)
    finally:
        comparison.EXACT_WITH_TIES_MAX_RUNS = limit
    assert approx == pytest.approx(exact, abs=0.002) and approx != exact
    assert comparison.mann_whitney_exact([5] * 30, [5] * 30) == 1.0   # no variation at all
