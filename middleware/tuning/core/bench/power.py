"""What a number of runs can prove (pure, stdlib only).

The comparison (``comparison.py``) calls a change BETTER or WORSE only when the exact two-sided Mann–Whitney p,
Holm-adjusted over the metrics of one test, is below ``ALPHA`` (0.05). Whatever the data, that p has a floor:

- ``min_attainable_p(n1, n2)`` = 2 / C(n1 + n2, n1): the two groups completely separated (no ties), the most extreme
  of the C(n1 + n2, n1) equally likely rank arrangements, counted in both tails. 3 + 3 runs → 2/20 = 0.1.
- Holm multiplies the smallest p of a family of ``m`` metrics by ``m``, so a verdict is possible only when
  ``m × min_attainable_p(n1, n2) < ALPHA`` (strictly, as ``verdict()`` tests ``p < ALPHA``).
- ``min_runs_for_verdict(family_size)`` → the smallest n (runs per side, equal sides) for which that holds:
  1 metric → 4 (2/70 = 0.029), 2..6 → 5 (6 × 2/252 = 0.048), 7..23 → 6; every fio test (3 or 6 metrics) → 5.
- ``can_reach_verdict(n1, n2, family_size)`` → whether those sample sizes can reach one at all.
- ``family_size(test_id, metrics)`` → how many metrics of a test count in its Holm family (a direction's IOPS and
  bandwidth are one measurement in two units and count once).
- ``detectable_change_percent(n, cv_percent, family_size)`` → an estimate of the smallest true change of the median
  (in %) the comparison finds with 80 % power at run-to-run noise ``cv_percent`` (the coefficient of variation of one
  run, in %). Normal approximation of a two-sample test on the relative change, with the Mann–Whitney test's
  asymptotic relative efficiency against the t test for normal data (3/π ≈ 0.955) and Bonferroni's α/m for the
  family (Holm's first step, its strictest):

      δ% ≈ (z(1 − α/(2m)) + z(power)) × CV% × √(2 / (n × 3/π))

  ``None`` when n runs cannot reach a verdict at all (the exact floor above), whatever the change. It is an
  estimate for planning, not a promise: real noise is rarely normal, and the exact test at small n is more
  conservative than the approximation.
- ``TYPICAL_CV_PERCENT`` = 5: the noise assumed when none is known — run-to-run CV of fio bandwidth/IOPS on a quiet
  pool is typically 2–5 %, latency percentiles and busy or HDD pools more; the plan estimate names it.
"""
import math
from statistics import NormalDist

from .catalog import TESTS, metrics_of_test

ALPHA = 0.05
POWER = 0.8
TYPICAL_CV_PERCENT = 5.0
MAX_RUNS = 1000  # search bound; 8 runs already reach 1/6435 per side pair
MW_EFFICIENCY = 3 / math.pi  # Mann–Whitney vs t test, normal data (Pitman asymptotic relative efficiency)
INSUFFICIENT_RUNS = 'INSUFFICIENT_RUNS'


def min_attainable_p(n1: int, n2: int) -> float:
    if n1 < 1 or n2 < 1:
        raise ValueError('both groups need at least one run')
    return min(1.0, 2 / math.comb(n1 + n2, n1))


def can_reach_verdict(n1: int, n2: int, family_size: int = 1, alpha: float = ALPHA) -> bool:
    if n1 < 1 or n2 < 1:
        return False
    return max(1, family_size) * min_attainable_p(n1, n2) < alpha


def min_runs_for_verdict(family_size: int = 1, alpha: float = ALPHA) -> int:
    """Smallest runs per side (both sides equal) whose exact two-sided Mann–Whitney p, Holm-adjusted over
    ``family_size`` metrics, can fall below ``alpha``."""
    if not 0 < alpha < 1:
        raise ValueError('alpha must be between 0 and 1')
    for n in range(1, MAX_RUNS + 1):
        if can_reach_verdict(n, n, family_size, alpha):
            return n
    raise ValueError(f'no n up to {MAX_RUNS} reaches alpha {alpha} for {family_size} metrics')


def family_size(test_id: str, metrics=None) -> int:
    """Metrics of a test in its Holm family: those present (default: what the test reports) minus the IOPS/bandwidth
    twins of the primary figure."""
    from .comparison import twin_of  # comparison imports this module
    if metrics is None:
        metrics = metrics_of_test(test_id) if test_id in TESTS else []
    present = set(metrics)
    return max(1, sum(1 for m in present if twin_of(test_id, m) not in present))


def min_runs_for_tests(tests) -> int:
    """Runs per side every one of ``tests`` needs for a possible verdict (the largest family decides)."""
    return max((min_runs_for_verdict(family_size(t)) for t in tests), default=min_runs_for_verdict(1))


def detectable_change_percent(n: int, cv_percent: float = TYPICAL_CV_PERCENT, family: int = 1,
                              alpha: float = ALPHA, power: float = POWER) -> float | None:
    """Smallest change of the median, in %, found with ``power`` at noise ``cv_percent`` with ``n`` runs per side
    (formula in the module docstring); ``None`` when ``n`` runs can never reach a verdict."""
    if n < 1:
        raise ValueError('n must be at least 1')
    if cv_percent < 0:
        raise ValueError('cv_percent must not be negative')
    if not can_reach_verdict(n, n, family, alpha):
        return None
    z = NormalDist()
    z_alpha = z.inv_cdf(1 - alpha / (2 * max(1, family)))
    z_power = z.inv_cdf(power)
    return (z_alpha + z_power) * cv_percent * math.sqrt(2 / (n * MW_EFFICIENCY))
