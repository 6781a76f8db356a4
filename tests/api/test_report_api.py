"""tuning.report.generate through core.download: the four formats of one selection agree with each other and with
tuning.benchmark.compare on every figure; a campaign's report; bad selections name the field."""
import csv
import io
import json
import os
import urllib.error
import urllib.request

import pytest

from client import JobFailed
from tuning_helpers import error_fields

FIXTURES = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), 'fixtures', 'bench')


@pytest.fixture(scope='module')
def imported(host):
    c = host.client()
    with open(os.path.join(FIXTURES, 'bonnie', 'runs-x3-2.00a.csv')) as f:
        old = c.call('tuning.benchmark.import', 'BONNIE', f.read(), 'bonnie <b>2021</b>')
    with open(os.path.join(FIXTURES, 'gobonniego', 'runs3.json')) as f:
        new = c.call('tuning.benchmark.import', 'GOBONNIEGO', f.read(), 'gobonniego 2024')
    c.close()
    return old, new


def download(host, c, selection, fmt, filename='report'):
    job_id, url = c.call('core.download', 'tuning.report.generate', [selection, fmt], filename, False)
    with urllib.request.urlopen(host.http_url + url, timeout=600) as r:
        body = r.read()
    assert c.wait_job(job_id, timeout=600)['state'] == 'SUCCESS'
    return body


def test_four_formats_agree_with_compare_on_every_figure(host, imported):
    old, new = imported
    c = host.client()
    selection = {'results': [old['id'], new['id']], 'baseline': old['id'], 'title': 'Old vs new'}
    compared = c.call('tuning.benchmark.compare', [old['id'], new['id']], old['id'])
    expected = {(r['test'], r['metric']): r for r in compared['comparisons'][0]['metrics']}
    assert expected

    rows = list(csv.DictReader(io.StringIO(download(host, c, selection, 'CSV').decode())))
    other_rows = {(r['test'], r['metric']): r for r in rows if r['configuration_id'] == str(new['id'])}
    for key, row in expected.items():
        got = other_rows[key]
        assert float(got['ratio']) == row['ratio']
        assert float(got['median']) == row['other']['median']
        assert (float(got['p_adjusted']) if got['p_adjusted'] else None) == row['p_adjusted']
        assert got['verdict'] == row['verdict']

    model = json.loads(download(host, c, selection, 'JSON'))
    json_rows = {(r['test'], r['metric']): r for r in model['metrics'] if r['configuration_id'] == new['id']}
    for key, row in expected.items():
        assert json_rows[key]['ratio'] == row['ratio'] and json_rows[key]['median'] == row['other']['median']

    html = download(host, c, selection, 'HTML').decode()
    assert '<svg' in html and '<script' not in html.lower()
    assert 'bonnie &lt;b&gt;2021&lt;/b&gt;' in html and 'Old vs new' in html

    markdown = download(host, c, selection, 'MARKDOWN').decode()
    assert 'gobonniego 2024' in markdown and '|' in markdown
    c.close()


def test_a_download_url_works_once(host, imported):
    old, new = imported
    c = host.client()
    job_id, url = c.call('core.download', 'tuning.report.generate', [{'results': [old['id']]}, 'JSON'], 'r.json',
                         False)
    with urllib.request.urlopen(host.http_url + url, timeout=600) as r:
        assert json.loads(r.read())
    with pytest.raises(urllib.error.HTTPError):
        urllib.request.urlopen(host.http_url + url, timeout=600)
    c.close()


@pytest.mark.parametrize('selection, field', [
    ({}, 'selection'),
    ({'results': [999999]}, 'selection.results.0'),
    ({'results': [1], 'campaign': 1}, 'selection'),
    ({'campaign': 999999}, 'selection.campaign'),
])
def test_bad_selections_name_the_field(host, selection, field):
    c = host.client()
    job_id, url = c.call('core.download', 'tuning.report.generate', [selection, 'HTML'], 'r.html', False)
    if host.truenas:   # middlewared's /_download sends 200 before the job runs: an empty body
        with urllib.request.urlopen(host.http_url + url, timeout=600) as r:
            assert (r.status, r.read()) == (200, b'')
    else:              # the host holds the status until the first byte: the job refused its input before writing
        with pytest.raises(urllib.error.HTTPError) as http_error:
            urllib.request.urlopen(host.http_url + url, timeout=600)
        words = http_error.value.read().decode()
        assert http_error.value.code == 422     # the caller's mistake, not the server's
        assert field in words and 'failed' not in words and f'Job {job_id}' not in words
    job = c.wait_job(job_id, timeout=600)
    assert job['state'] == 'FAILED'
    assert field in error_fields(JobFailed(job))
    c.close()


@pytest.mark.sandbox_only   # a whole campaign: the VM tier runs its own
def test_a_campaign_report(host):
    c = host.client(private_methods=True)
    row = c.job('tuning.campaign.run', {
        'dataset': 'tank/media', 'presets': ['max-seq-write'], 'rounds': 1,
        'benchmark': {'tests': ['SEQ_WRITE'], 'runs': 2, 'runtime_seconds': 1, 'ramp_seconds': 0}}, timeout=600)
    assert row['state'] == 'DONE' and 'One round only' in row['message']
    html = download(host, c, {'campaign': row['id']}, 'HTML').decode()
    assert f'Campaign {row["id"]} · Max sequential write' in html and f'Campaign {row["id"]} · baseline' in html
    assert html.index('<section id="campaign">') < html.index('<section id="summary">')
    assert 'Recommendation' in html and 'One round only' in html
    model = json.loads(download(host, c, {'campaign': row['id']}, 'JSON'))
    # the campaign's results and its report agree: 2 runs give no verdict, so no winner, in the same words
    assert {(r['test'], r['metric'], r['winner'], r['winner_words']) for r in model['campaign']['recommendation']} \
        == {(r['test'], r['metric'], r['winner'], r['winner_words']) for r in row['recommendation']} \
        == {('SEQ_WRITE', m, None, 'no winner: too few runs for a verdict (need 5 per configuration)')
            for m in {r['metric'] for r in row['recommendation']}}
    c.close()


@pytest.mark.sandbox_only
def test_a_report_of_a_pools_result_shows_its_layout_beside_the_others(host):
    """The sandbox's tank (7 HDDs in one RAIDZ2): the report's "Pool layout" section marks it among the layouts its
    disks could have, with the space tuning.advice.layout computes; imported results (no pool) add no section."""
    c = host.client()
    try:
        result = c.job('tuning.benchmark.run', {'dataset': 'tank/media', 'tests': ['SEQ_WRITE'], 'profile': 'QUICK',
                                                'runs': 1, 'adaptive': False, 'runtime_seconds': 1,
                                                'ramp_seconds': 0, 'label': 'layout'}, timeout=600)
        advice = c.call('tuning.advice.layout', {'source': 'POOL', 'pool': 'tank'})
        model = json.loads(download(host, c, {'results': [result['id']]}, 'JSON'))
        markdown = download(host, c, {'results': [result['id']]}, 'MARKDOWN').decode()
        html = download(host, c, {'results': [result['id']]}, 'HTML').decode()
    finally:
        c.close()
    assert model['sections'].index('layout') == model['sections'].index('box') + 1
    (section,) = model['layout']
    assert section['title'] == 'Pool layout: tank'
    assert [r['name'] for r in section['rows'] if r['current']] == ['1 × 7-wide RAIDZ2']
    assert [r['name'] for r in section['rows']] == [row['name'] for row in advice['layouts']]
    assert '## Pool layout: tank' in markdown and '1 × 7-wide RAIDZ2 (**this pool**)' in markdown
    assert '<h2>Pool layout: tank</h2>' in html and '(this pool)' in html


def test_results_measured_on_no_pool_have_no_layout_section(host, imported):
    old, new = imported
    c = host.client()
    try:
        model = json.loads(download(host, c, {'results': [old['id'], new['id']]}, 'JSON'))
    finally:
        c.close()
    assert 'layout' not in model['sections'] and 'layout' not in model
