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


def _duration_words(seconds: float) -> str:
    if seconds < 90:
        return f'{round(seconds)} s'
    minutes = seconds / 60
    if minutes < 90:
        return f'{round(minutes)} min'
    return f'{minutes / 60:.1f} h'


def plan_estimate(tests, runs: int, profile: str = 'QUICK', runtime_seconds: int | None = None,
                  ramp_seconds: int | None = None, rounds: int | None = None, configurations: int = 1,
                  cv_percent: float | None = None, adaptive: bool = False) -> dict:
    """What a benchmark (``rounds`` None) or a campaign (``rounds`` ≥ 1, ``configurations`` including the baseline)
    of these settings costs and can prove, for the forms. Time is fio's measuring and warm-up time only (start-up
    and file layout add a little). Runs per side = ``runs`` × ``rounds`` for a campaign. The detectable change is
    ``detectable_change_percent`` at ``cv_percent`` (default ``TYPICAL_CV_PERCENT``) for the test with the largest
    Holm family; ``None`` when no verdict is possible."""
    from .catalog import PROFILES
    tests = list(tests)
    if not tests:
        raise ValueError('tests: name at least one test')
    if profile not in PROFILES:
        raise ValueError(f'profile: unknown profile {profile!r}')
    definition = PROFILES[profile]
    runtime = runtime_seconds if runtime_seconds is not None else definition.runtime_seconds
    ramp = ramp_seconds if ramp_seconds is not None else definition.ramp_seconds
    per_run = runtime + ramp
    cv = TYPICAL_CV_PERCENT if cv_percent is None else cv_percent
    sessions = (rounds or 1) * max(1, configurations) if rounds is not None else 1
    duration = runs * len(tests) * per_run * sessions
    max_runs = runs * definition.adaptive_cap_factor if adaptive and rounds is None else runs
    duration_max = max_runs * len(tests) * per_run * sessions
    per_side = runs * (rounds or 1)
    family = max(family_size(t) for t in tests)
    needed = min_runs_for_tests(tests)
    enough = per_side >= needed
    change = detectable_change_percent(per_side, cv, family) if enough else None
    each = f'{per_run} s' if not ramp else f'{per_run} s ({runtime} s + {ramp} s warm-up)'
    head = f'{runs} run{"s" if runs != 1 else ""} × {len(tests)} test{"s" if len(tests) != 1 else ""} × {each}'
    if rounds is not None:
        head = (f'{rounds} round{"s" if rounds != 1 else ""} × {configurations} configuration'
                f'{"s" if configurations != 1 else ""} × ' + head)
    words = f'{head} ≈ {_duration_words(duration)}'
    if duration_max > duration:
        words += f' (up to {_duration_words(duration_max)} when noisy runs add runs)'
    side = 'per configuration' if rounds is not None else 'per result'
    if enough:
        words += f'; can detect a change of about {change:.0f} % at this noise ({cv:g} % run-to-run variation)'
        if rounds is not None:
            words += f' with {per_side} runs {side}'
        if rounds == 1:
            words += '; a single round cannot be trusted beyond this run'
    else:
        words += (f'; too few runs for a verdict: {per_side} run{"s" if per_side != 1 else ""} {side}, '
                  f'need at least {needed}')
    return {
        'duration_seconds': duration, 'duration_max_seconds': duration_max, 'runs_per_side': per_side,
        'min_runs': needed, 'can_reach_verdict': enough, 'detectable_change_percent': change,
        'assumed_cv_percent': cv, 'single_round': rounds == 1, 'summary': words,
    }
