"""Percentages, p-values and intervals in the reports' words: one figure rule (core/figures.py significant()), one
minus sign, one name for an interval of the median, and an inconclusive verdict that says why (walk s9)."""
from tuning.core.bench.statistics import summarize
from tuning.core.report.chart_data import compare_series
from tuning.core.report.method import method_section
from tuning.core.report.numbers import format_change, format_p, format_percent, format_ratio_ci
from tuning.core.report.wording import ci_text, interval_name, verdict_reason, verdict_text


def test_changes_follow_the_figure_rule_with_a_typographic_minus():
    assert format_change(1 + 3.099) == '+310 %'              # whole from 100, not "+309.9 %"
    assert format_change(1 + 16.391) == '+1,639 %'           # thousands separated
    assert format_change(1.34) == '+34.0 %'
    assert format_change(1 - 0.163) == '\u221216.3 %'        # the table's minus sign, not a hyphen
    assert format_change(0.96) == '\u22124.00 %'
    assert format_change(1.0) == '±0 %'
    assert format_ratio_ci(1.34, 1 + 16.391) == '+34.0 % … +1,639 %'
    assert '-' not in format_ratio_ci(0.619, 1.124)


def test_p_values_and_percentages_take_three_significant_figures():
    assert format_p(0.4286) == '0.429'                       # the panel's formatP says the same
    assert format_p(0.0693) == '0.0693'
    assert format_p(0.0004) == '< 0.001'
    assert format_percent(13.24) == '13.2 %' and format_percent(123.4) == '123 %'


def test_an_interval_of_the_median_has_one_name():
    ten = summarize([float(x) for x in range(1, 11)])       # 10 runs: the 2nd to the 9th, 97.9 % coverage
    assert round(ten['ci_confidence'], 3) == 0.979
    assert ci_text(ten, '') == '95 % interval of the median 2.00 – 9.00'
    five = summarize([1.0, 2.0, 3.0, 4.0, 5.0])             # 5 runs cannot reach 95 %: named by what they reach
    assert interval_name(five['ci_confidence']) == '93.8 % interval of the median'
    assert ci_text({'n': 2, 'median': 1.0, 'ci_low': None, 'ci_high': None}, '') == 'no interval from 2 runs'


def test_the_method_states_the_exact_coverage_once():
    result = {'id': 1, 'label': 'a', 'context': {}, 'summary': {'SEQ_READ': {
        'read_bw_bytes': summarize([float(x) for x in range(1, 11)])}}}
    words = ' '.join(method_section([result])['statistics'])
    assert 'The exact coverage of the intervals of the median in this report: 97.9 % (10 runs).' in words
    assert '"95 % interval of the median"' in words
    # 6 runs reach 95 % (the slowest to the fastest cover the median with 96.9 %): only 5 or fewer fall short
    assert round(summarize([1.0, 2.0, 3.0, 4.0, 5.0, 6.0])['ci_confidence'], 3) == 0.969
    assert 'with 6 runs the slowest to the fastest (96.9 %). Five runs or fewer cannot reach 95 %' in words


def _row(low, high, p, adjusted, verdict='INCONCLUSIVE'):
    return {'ratio': 1.0, 'ratio_ci_low': low, 'ratio_ci_high': high, 'p_value': p, 'p_adjusted': adjusted, 'verdict': verdict}


def test_an_inconclusive_verdict_says_why():
    assert verdict_reason(_row(0.62, 1.12, 0.2, 0.43)) == 'the interval spans no change'
    # wholly positive, the rank test below 0.05 alone, not once the test's other metrics are adjusted for
    assert verdict_reason(_row(1.34, 17.4, 0.017, 0.069)) == (
        "the interval is wholly above no change, but adjusted for the test's other metrics p is 0.0690, not below 0.05")
    assert verdict_reason(_row(0.5, 0.9, 0.12, 0.24)) == (
        "the interval is wholly below no change, but even before adjusting for the test's other metrics p is 0.120, "
        'not below 0.05')
    assert verdict_reason(_row(1.2, 1.4, 0.008, 0.008, 'BETTER')) is None
    # a baseline of 0 has no ratio: said so, not a bare 'inconclusive' (nor 'not in the baseline' in the Summary)
    assert verdict_reason({**_row(None, None, 1.0, 1.0), 'ratio': None}) == (
        "the baseline's median is 0, so there is no change to judge")
    assert verdict_text(_row(0.62, 1.12, 0.2, 0.43)) == 'inconclusive: the interval spans no change'


def test_a_tile_says_why_it_is_inconclusive():
    configurations = [{'id': 1, 'label': 'base'}, {'id': 2, 'label': 'other'}]
    stats = summarize([float(x) for x in range(1, 11)])
    summaries = {1: {'SEQ_WRITE': {'write_bw_bytes': stats}}, 2: {'SEQ_WRITE': {'write_bw_bytes': stats}}}
    rows = {(2, 'SEQ_WRITE', 'write_bw_bytes'): {**_row(1.34, 17.4, 0.017, 0.069), 'ratio': 4.099}}
    tile = compare_series(configurations, summaries, rows, None)['tiles'][0]
    assert tile['values'][1]['change']['words'] == (
        "+310 % · inconclusive: the interval is wholly above no change, but adjusted for the test's other metrics p "
        'is 0.0690, not below 0.05')


def test_the_summary_says_why_a_zero_baseline_is_inconclusive():
    from tuning.compute import report_of

    from .test_chart_data import _pair
    before, after = _pair()   # Sync write 4 KiB: 0 IOPS on both sides
    for format_ in ('HTML', 'MARKDOWN'):
        text = report_of([before, after], before['id'], None, None, format_, title='t',
                         generated_at='2026-11-27T09:00:00Z')[0].decode()
        assert "the baseline&#x27;s median is 0" in text or "the baseline's median is 0" in text, format_
        assert 'not in the baseline' not in text, format_   # the baseline has the figure: it is 0


def test_a_campaign_winner_is_said_by_the_same_rule():
    from tuning.core.campaign import recommend
    row = {'test': 'RAND_READ_4K', 'metric': 'read_lat_p99_ns', 'direction': 'LOWER', 'ratio': 0.837,
           'ratio_ci_low': 0.619, 'ratio_ci_high': 0.95, 'p_value': 0.001, 'p_adjusted': 0.00794, 'verdict': 'BETTER',
           'min_runs': 5}
    comparison = {'baseline': {'id': 1}, 'comparisons': [{'id': 2, 'metrics': [row]}]}
    [words] = [r['summary'] for r in recommend(comparison, {1: 'baseline', 2: 'tuned'}) if r['winner']]
    assert words == 'tuned wins: \u221216.3 % vs baseline (95 % interval \u221238.1 % … \u22125.00 %, adjusted p 0.00794)'


def test_a_noisy_metric_on_compare_says_its_cv_by_the_same_rule():
    from tuning.core.bench.conditions import noise_warnings
    result = {'id': 1, 'label': 'a', 'summary': {'SEQ_WRITE': {'write_bw_bytes': {'n': 10, 'cv_percent': 123.4}}}}
    assert any('CV 123 % over 10 runs' in w for w in noise_warnings(result))   # not '123.4 %'
