"""A campaign's report: its section comes first, says what the campaign ran and skipped, and its recommendation is
`recommend` of the report's own comparison, so the winners' figures are the summary table's."""
import json

import pytest

from tuning.core.campaign import recommend
from tuning.core.report import ReportInputError, build_report, render

GENERATED = '2025-06-01T11:00:00Z'


def campaign_row(**overrides):
    return {'id': 7, 'label': 'Which preset for tank/media', 'state': 'DONE',
            'message': 'One round only: treat a win as provisional.',
            'spec': {'rounds': 1, 'order': 'INTERLEAVED', 'benchmark': {'runs': 3, 'profile': 'QUICK'},
                     'finish': {'mode': 'WINNER', 'test': 'RAND_READ_4K'}},
            'configurations': [{'name': 'BASELINE', 'preset': None, 'skipped': None},
                               {'name': 'max-iops', 'preset': 'max-iops', 'skipped': None},
                               {'name': 'noisy-box', 'preset': 'noisy-box', 'skipped': None},
                               {'name': 'big-dirty', 'preset': 'big-dirty',
                                'skipped': 'big-dirty needs a reboot (zfs_dirty_data_max_max), and reboots are off'}],
            'results': {'BASELINE': 11, 'max-iops': 12, 'noisy-box': 13}, **overrides}


@pytest.fixture
def report(results, comparison):
    row = campaign_row()
    names = {id_: name for name, id_ in row['results'].items()}
    return build_report(results, comparison, title='Campaign 7', generated_at=GENERATED, campaign=row,
                        recommendation=recommend(comparison, names))


def test_the_campaign_section_comes_first_and_says_what_ran(report):
    assert report['sections'][0] == 'campaign'
    section = report['campaign']
    assert section['headline'] == ('Campaign 7 · finished · 1 round (interleaved) · 3 runs per configuration per '
                                   'round (Quick test) · at the end: leave the winner of Random read 4 KiB applied')
    assert section['skipped'] == [{'name': 'big-dirty',
                                   'why': 'big-dirty needs a reboot (zfs_dirty_data_max_max), and reboots are off'}]


def test_winners_carry_the_figures_of_the_comparison(report, comparison):
    rows = {(c['id'], r['test'], r['metric']): r for c in comparison['comparisons'] for r in c['metrics']}
    ids = {'max-iops': 12, 'noisy-box': 13}
    winners = [r for r in report['campaign']['recommendation'] if r['verdict'] == 'BETTER']
    assert winners, 'the fixture has significant wins'
    for rec in winners:
        row = rows[(ids[rec['winner']], rec['test'], rec['metric'])]
        assert (rec['ratio'], rec['ratio_ci_low'], rec['ratio_ci_high'], rec['p_adjusted']) == \
            (row['ratio'], row['ratio_ci_low'], row['ratio_ci_high'], row['p_adjusted'])
        cell = next(m for m in report['metrics']
                    if (m['configuration_id'], m['test'], m['metric']) == (ids[rec['winner']], rec['test'], rec['metric']))
        assert cell['ratio'] == rec['ratio'] and cell['verdict'] == 'BETTER'
    assert all(r['winner'] == 'BASELINE' for r in report['campaign']['recommendation'] if r['verdict'] == 'NO_WINNER')
    assert all(r['winner'] is None for r in report['campaign']['recommendation'] if r['verdict'] == 'INSUFFICIENT_RUNS')


def test_every_format_shows_the_campaign(report):
    html = render(report, 'HTML')[0].decode()
    assert html.index('<section id="campaign">') < html.index('<section id="summary">')
    assert 'Campaign: Which preset for tank/media' in html and 'big-dirty needs a reboot' in html
    assert 'treat a win as provisional' in html
    winner = next(r for r in report['campaign']['recommendation'] if r['verdict'] == 'BETTER')
    assert winner['winner'] == 'max-iops' and '<strong>Max IOPS</strong>' in html   # the preset's name, not its id
    assert 'unknown), p unknown' not in html           # no change figure where nothing won
    markdown = render(report, 'MARKDOWN')[0].decode()
    assert '## Campaign: Which preset for tank/media' in markdown and '| Test | Metric | Winner |' in markdown
    assert json.loads(render(report, 'JSON')[0])['campaign'] == report['campaign']


def test_a_malformed_campaign_is_refused(results, comparison):
    with pytest.raises(ReportInputError) as e:
        build_report(results, comparison, title='t', generated_at=GENERATED, campaign={'id': 1})
    assert e.value.field == 'campaign'


def test_results_reports_have_no_campaign_section(results, comparison):
    report = build_report(results, comparison, title='t', generated_at=GENERATED)
    assert 'campaign' not in report and 'campaign' not in report['sections']
