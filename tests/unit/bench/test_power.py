"""What a number of runs can prove: the exact floor of the Mann–Whitney p, runs needed per Holm family, the
detectable change, and the plan estimate the forms show."""
import math

import pytest

from tuning.core.bench.comparison import mann_whitney_exact
from tuning.core.bench.power import (
    can_reach_verdict, detectable_change_percent, family_size, min_attainable_p, min_runs_for_tests,
    min_runs_for_verdict, plan_estimate,
)


@pytest.mark.parametrize('n1, n2', [(1, 1), (2, 3), (3, 3), (4, 4), (5, 5), (3, 7)])
def test_min_attainable_p_is_what_complete_separation_gives(n1, n2):
    a, b = list(range(n1)), list(range(100, 100 + n2))
    assert min_attainable_p(n1, n2) == pytest.approx(mann_whitney_exact(a, b))


def test_three_runs_a_side_can_never_be_significant():
    assert min_attainable_p(3, 3) == pytest.approx(0.1)
    assert not can_reach_verdict(3, 3)
    assert can_reach_verdict(4, 4) and not can_reach_verdict(4, 4, family_size=3)


@pytest.mark.parametrize('family, runs', [(1, 4), (2, 5), (3, 5), (6, 5), (7, 6), (23, 6), (24, 7)])
def test_min_runs_is_the_smallest_n_whose_holm_adjusted_floor_is_below_alpha(family, runs):
    assert min_runs_for_verdict(family) == runs
    assert family * 2 / math.comb(2 * runs, runs) < 0.05
    assert family * 2 / math.comb(2 * runs - 2, runs - 1) >= 0.05


def test_family_counts_a_directions_iops_and_bandwidth_once():
    assert family_size('SEQ_WRITE') == 3            # bw (iops is its twin), p50, p99
    assert family_size('MIXED_70_30') == 6
    assert family_size('SEQ_WRITE', ['write_bw_bytes']) == 1
    assert min_runs_for_tests(['SEQ_WRITE', 'MIXED_70_30']) == 5


def test_detectable_change_shrinks_with_runs_and_grows_with_noise():
    assert detectable_change_percent(3) is None      # no verdict possible at all
    five, ten = detectable_change_percent(5), detectable_change_percent(10)
    assert ten < five and detectable_change_percent(5, cv_percent=10) == pytest.approx(2 * five)
    assert detectable_change_percent(5, family=3) > five
    # (z(0.975) + z(0.8)) × 5 × √(2 / (5 × 3/π)) = 9.07
    assert five == pytest.approx(9.07, abs=0.01)
    with pytest.raises(ValueError):
        detectable_change_percent(0)


def test_plan_estimate_of_a_benchmark_in_words():
    out = plan_estimate(['SEQ_WRITE', 'SEQ_READ', 'RAND_READ_4K'], 5, 'STANDARD')
    assert out['duration_seconds'] == 1050 and out['runs_per_side'] == 5 and out['can_reach_verdict']
    assert out['summary'] == ('5 runs × 3 tests × 70 s (60 s + 10 s warm-up) ≈ 18 min; can detect a change of about '
                              '10 % at this noise (5 % run-to-run variation)')
    assert plan_estimate(['SEQ_WRITE'], 5, adaptive=True)['duration_max_seconds'] == 2 * 5 * 4


def test_plan_estimate_of_a_campaign_counts_rounds_and_marks_a_single_round():
    out = plan_estimate(['SEQ_WRITE'], 2, 'QUICK', rounds=3, configurations=3)
    assert out['runs_per_side'] == 6 and out['duration_seconds'] == 3 * 3 * 2 * 4 and not out['single_round']
    single = plan_estimate(['SEQ_WRITE'], 5, rounds=1, configurations=2)
    assert single['single_round'] and 'a single round cannot be trusted beyond this run' in single['summary']
    few = plan_estimate(['SEQ_WRITE'], 1, rounds=2, configurations=2)
    assert not few['can_reach_verdict'] and few['detectable_change_percent'] is None
    assert few['summary'].endswith('too few runs for a verdict: 2 runs per configuration, need at least 5')
    with pytest.raises(ValueError):
        plan_estimate([], 5)
