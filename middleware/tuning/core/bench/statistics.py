"""Summary statistics of repeated runs (pure, stdlib only).

- ``median(xs)``, ``mean(xs)``, ``stdev(xs)`` (sample, n−1), ``cv_percent(xs)`` (stdev / mean × 100; None when
  undefined).
- ``median_ci(xs, confidence=0.95)`` → ``(low, high, achieved)``: distribution-free CI of the median from order
  statistics. [x(k), x(n−k+1)] covers the median with probability 1 − 2·P(Bin(n, ½) ≤ k−1); we take the narrowest
  interval reaching ``confidence``, or the widest one (the min–max) with its lower achieved confidence when n is too
  small: n=5 → [x(1), x(5)] 93.8 %, n=9 → [x(2), x(8)] 96.1 %.
- ``mad_outliers(xs)`` → indices with |x − median| > 3 × 1.4826 × MAD (flagged, never dropped; when MAD is 0 every
  value off the median is flagged).
- ``honest_summary(summary)`` → a stored ``{test: {metric: summary}}`` with the intervals of too few runs removed
  (results stored before this rule carry a min–max "CI" of 1 or 2 runs).
- ``summarize_runs(runs)`` → ``{metric: summarize(values)}`` over runs' ``metrics``.
- ``summarize(xs)`` → ``{n, values, median, ci_low, ci_high, ci_confidence, mean, stdev, cv_percent, min, max,
  outliers}``. ``ci_low``, ``ci_high`` and ``ci_confidence`` are ``None`` when even the min–max interval covers the
  median with less than ``MIN_CI_CONFIDENCE`` (75 %, i.e. fewer than 3 runs): one run has no interval at all (its
  "CI" would be the value itself, 0 % confidence), two cover it half the time.
"""
import math

MAD_SCALE = 1.4826
MAD_THRESHOLD = 3
MIN_CI_CONFIDENCE = 0.75


def _checked(xs):
    values = list(xs)
    if not values:
        raise ValueError('no values')
    return values


def median(xs):
    s = sorted(_checked(xs))
    n = len(s)
    mid = n // 2
    return s[mid] if n % 2 else (s[mid - 1] + s[mid]) / 2


def mean(xs):
    values = _checked(xs)
    return math.fsum(values) / len(values)


def stdev(xs):
    values = _checked(xs)
    if len(values) < 2:
        return None
    m = mean(values)
    return math.sqrt(math.fsum((x - m) ** 2 for x in values) / (len(values) - 1))


def cv_percent(xs):
    sd = stdev(xs)
    m = mean(xs)
    if sd is None or m == 0:
        return None
    return sd / abs(m) * 100


def order_statistic_coverage(n, k):
    """Probability that [x(k), x(n−k+1)] (1-based) contains the population median."""
    tail = sum(math.comb(n, i) for i in range(k)) / 2 ** n
    return 1 - 2 * tail


def median_ci(xs, confidence=0.95):
    s = sorted(_checked(xs))
    n = len(s)
    best = 1
    for k in range(1, (n + 1) // 2 + 1):
        if order_statistic_coverage(n, k) >= confidence:
            best = k
        else:
            break
    return s[best - 1], s[n - best], order_statistic_coverage(n, best)


def mad_outliers(xs):
    values = _checked(xs)
    med = median(values)
    mad = median(abs(x - med) for x in values)
    limit = MAD_THRESHOLD * MAD_SCALE * mad
    return [i for i, x in enumerate(values) if abs(x - med) > limit]


def summarize(xs):
    values = _checked(xs)
    low, high, achieved = median_ci(values)
    if achieved < MIN_CI_CONFIDENCE:
        low = high = achieved = None
    return {
        'n': len(values), 'values': values, 'median': median(values),
        'ci_low': low, 'ci_high': high, 'ci_confidence': achieved,
        'mean': mean(values), 'stdev': stdev(values), 'cv_percent': cv_percent(values),
        'min': min(values), 'max': max(values), 'outliers': mad_outliers(values),
    }


def summarize_runs(runs):
    """``{metric: summarize(values)}`` over the ``metrics`` of runs (missing values skipped)."""
    by_metric = {}
    for run in runs:
        for metric, value in (run.get('metrics') or {}).items():
            if value is not None:
                by_metric.setdefault(metric, []).append(value)
    return {metric: summarize(values) for metric, values in by_metric.items()}


def _honest_stats(stats):
    if not isinstance(stats, dict):
        return stats
    confidence = stats.get('ci_confidence')
    n = stats.get('n')
    weak = (isinstance(confidence, (int, float)) and confidence < MIN_CI_CONFIDENCE) or \
        (isinstance(n, int) and n < 3 and stats.get('ci_low') is not None)
    return {**stats, 'ci_low': None, 'ci_high': None, 'ci_confidence': None} if weak else stats


def honest_summary(summary):
    """``{test: {metric: stats}}`` with no interval where the runs cannot give one (see ``summarize``)."""
    if not isinstance(summary, dict):
        return summary
    return {test: ({metric: _honest_stats(stats) for metric, stats in metrics.items()}
                   if isinstance(metrics, dict) else metrics) for test, metrics in summary.items()}
