import pytest

from tuning.core.bench.adaptive import adaptive_decision
from tuning.core.bench.statistics import cv_percent, mad_outliers, mean, median, median_ci, stdev, summarize


def test_median_odd_and_even():
    assert median([3, 1, 2]) == 2
    assert median([4, 1, 3, 2]) == 2.5


def test_median_ci_matches_order_statistic_table():
    # Reference §4b: n=5 → [x(1),x(5)] 93.8 %; n=7 → [x(1),x(7)] 98.4 %; n=9 → [x(2),x(8)] 96.1 %;
    # n=11 → [x(2),x(10)] 98.8 %.
    assert median_ci([50, 10, 30, 20, 40]) == (10, 50, pytest.approx(0.9375))
    low, high, conf = median_ci(range(1, 8))
    assert (low, high) == (1, 7) and conf == pytest.approx(0.984375)
    low, high, conf = median_ci(range(1, 10))
    assert (low, high) == (2, 8) and conf == pytest.approx(0.9609375)
    low, high, conf = median_ci(range(1, 12))
    assert (low, high) == (2, 10) and round(conf, 3) == 0.988


def test_median_ci_lower_confidence_reports_achieved_value():
    low, high, conf = median_ci(range(1, 12), confidence=0.90)
    assert (low, high) == (3, 9) and round(conf, 3) == 0.935


def test_mean_stdev_cv_hand_checked():
    values = [2, 4, 4, 4, 5, 5, 7, 9]
    assert mean(values) == 5
    assert stdev(values) == pytest.approx(2.138089935)  # sqrt(32/7)
    assert cv_percent(values) == pytest.approx(42.7617987)
    assert stdev([1]) is None and cv_percent([1]) is None


def test_mad_flags_outlier_but_keeps_it():
    values = [100, 101, 99, 102, 98, 150]
    # median 100.5, MAD 1.5 → limit 6.67; only 150 is beyond
    assert mad_outliers(values) == [5]
    summary = summarize(values)
    assert summary['outliers'] == [5] and summary['n'] == 6 and 150 in summary['values']


def test_mad_zero_flags_values_off_the_median():
    assert mad_outliers([5, 5, 5, 5, 9]) == [4]
    assert mad_outliers([5, 5, 5]) == []


def test_summary_fields():
    s = summarize([10, 20, 30, 40, 50])
    assert s['median'] == 30 and s['ci_low'] == 10 and s['ci_high'] == 50
    assert s['min'] == 10 and s['max'] == 50 and s['mean'] == 30


def test_empty_input_is_an_error():
    with pytest.raises(ValueError):
        median([])


def test_adaptive_runs_planned_then_stops_when_quiet():
    assert adaptive_decision([100] * 3, 5, 15)['more'] is True
    assert adaptive_decision([100, 101, 99, 100, 100], 5, 15)['more'] is False


def test_adaptive_adds_runs_while_noisy_up_to_twice():
    noisy = [100, 120, 80, 110, 90]
    assert adaptive_decision(noisy, 5, 15)['more'] is True
    assert adaptive_decision(noisy + [100, 120, 80, 110], 5, 15)['more'] is True
    # at 2× planned, still as noisy: stop
    assert adaptive_decision(noisy * 2, 5, 15)['more'] is False


def test_adaptive_goes_to_three_times_only_when_spread_halved():
    first = [100, 140, 60, 120, 80]  # CV 31.6 %
    settling = first + [95, 105, 96, 104, 100]  # latest five: CV 4.3 % < half of 31.6 %; overall still noisy
    assert adaptive_decision(settling, 5, 15)['more'] is True
    still_noisy = first + [100, 140, 60, 120, 80]
    assert adaptive_decision(still_noisy, 5, 15)['more'] is False
    assert adaptive_decision(settling + [100, 101, 99, 100, 100], 5, 15)['more'] is False  # 3× reached


def test_adaptive_respects_cap():
    assert adaptive_decision([100, 150, 50, 120, 80], 5, 5)['more'] is False


def test_fewer_than_three_runs_have_no_interval():
    from tuning.core.bench.statistics import honest_summary, summarize
    one, two, three = summarize([5.0]), summarize([5.0, 6.0]), summarize([5.0, 6.0, 7.0])
    assert (one['ci_low'], one['ci_high'], one['ci_confidence']) == (None, None, None)
    assert two['ci_low'] is None
    assert (three['ci_low'], three['ci_high'], three['ci_confidence']) == (5.0, 7.0, 0.75)
    # A result stored before the rule: its one-run "CI" is dropped when shown.
    stored = {'SEQ_WRITE': {'write_bw_bytes': {'n': 1, 'median': 5.0, 'ci_low': 5.0, 'ci_high': 5.0,
                                               'ci_confidence': 0.0}}}
    assert honest_summary(stored)['SEQ_WRITE']['write_bw_bytes']['ci_low'] is None
    assert honest_summary({'SEQ_WRITE': {'write_bw_bytes': three}})['SEQ_WRITE']['write_bw_bytes'] == three
