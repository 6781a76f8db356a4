"""Too few runs for a verdict: every format says so, with the runs needed, and shows no interval or p-value; a
single-round campaign says its recommendation cannot be trusted beyond that run."""
import csv
import io
import json

from tuning.core.campaign import recommend
from tuning.core.report import build_report, render

from .conftest import compare_results, make_result
from .test_report_campaign import campaign_row

GENERATED = '2025-06-01T11:00:00Z'


def _few(id_, label, scale, n):
    return make_result(id_, label, {'SEQ_WRITE': {
        'write_bw_bytes': [scale * (1e9 + i * 1e7) for i in range(n)],
        'write_iops': [scale * (1000 + i * 10) for i in range(n)]}})


def _report(n, campaign=None):
    base, other = _few(1, 'before', 1.0, n), _few(2, 'after', 1.25, n)
    comparison = compare_results(base, [other])
    recommendation = recommend(comparison, {2: 'after'}) if campaign else ()
    return build_report([base, other], comparison, title='t', generated_at=GENERATED, campaign=campaign,
                        recommendation=recommendation)


def test_one_run_shows_no_interval_no_p_and_the_runs_needed():
    report = _report(1)
    html = render(report, 'HTML')[0].decode()
    markdown = render(report, 'MARKDOWN')[0].decode()
    for text in (html, markdown):
        assert 'too few runs for a verdict (need 4 per side)' in text   # one metric in the family: 4 runs
        assert 'no interval from 1 run' in text
        assert ', p ' not in text and '+25.0 % (' not in text
    rows = list(csv.DictReader(io.StringIO(render(report, 'CSV')[0].decode())))
    after = next(r for r in rows if r['configuration_id'] == '2' and r['metric'] == 'write_bw_bytes')
    assert after['verdict'] == 'INSUFFICIENT_RUNS' and after['min_runs'] == '4'
    assert after['ratio_ci_low'] == '' and after['p_adjusted'] == '' and after['ci_low'] == ''
    data = json.loads(render(report, 'JSON')[0])
    assert all(m['p_value'] is None for m in data['metrics'] if m['configuration_id'] == 2)


def test_the_tiles_say_too_few_runs_instead_of_a_change():
    report = _report(2)
    html = render(report, 'HTML')[0].decode()
    tiles = html[html.index('<section id="tiles">'):html.index('<section id="summary">')]
    markdown = render(report, 'MARKDOWN')[0].decode()
    glance = markdown[markdown.index('## At a glance'):markdown.index('## Summary')]
    for text in (tiles, glance):
        assert 'too few runs for a verdict (need 4 per side)' in text and '%' not in text
    assert '- after: **1,256 MB/s** — too few runs for a verdict (need 4 per side)' in glance


def test_enough_runs_show_intervals_and_verdicts():
    report = _report(5)
    html = render(report, 'HTML')[0].decode()
    assert 'too few runs' not in html and 'verdict BETTER' in html


def test_a_single_round_campaign_with_too_few_runs_says_both():
    row = campaign_row(results={'BASELINE': 1, 'after': 2},
                       configurations=[{'name': 'BASELINE', 'preset': None, 'skipped': None},
                                       {'name': 'after', 'preset': 'after', 'skipped': None}])
    report = _report(2, campaign=row)
    section = report['campaign']
    assert section['single_round'] and 'beyond this run' in section['single_round_note']
    (rec,) = [r for r in section['recommendation'] if r['metric'] == 'write_bw_bytes']
    assert rec['verdict'] == 'INSUFFICIENT_RUNS' and rec['single_round']
    for fmt in ('HTML', 'MARKDOWN'):
        text = render(report, fmt)[0].decode()
        assert 'Single round.' in text and 'too few runs for a verdict (need 4 per configuration)' in text
