"""The report's "Where the limit is" section: in the model after the summary, and in HTML, Markdown, CSV and JSON with
the ladder's figures and verdict; a report without ladders is unchanged."""
import csv
import io
import json
import os

import pytest

from tuning.core.ladder.layers import build_ladder
from tuning.core.report import ReportInputError, build_report, render

FIXTURES = os.path.join(os.path.dirname(__file__), '..', '..', 'fixtures', 'report')


def fixture(name):
    with open(os.path.join(FIXTURES, name)) as f:
        return json.load(f)


def ladder():
    pool = {'id': 5, 'label': 'local <b>', 'source': 'FIO', 'created_at': '2026-11-24T09:00:00+00:00',
            'context': {'target': {'pool': 'tank', 'dataset': 'tank'}},
            'summary': {'SEQ_READ': {'read_bw_bytes': {'median': 900e6}}, 'SEQ_WRITE': {'write_bw_bytes':
                                                                                        {'median': 600e6}}}}
    network = {'id': 3, 'interface': 'eno1', 'link_speed_mbps': 1000, 'created_at': '2026-11-24T10:00:00+00:00',
               'measurements': [{'direction': 'BOX_TO_CLIENT', 'bits_per_second': 944e6},
                                {'direction': 'CLIENT_TO_BOX', 'bits_per_second': 936e6}]}
    client = {'id': 6, 'label': 'c', 'source': 'CLIENT', 'created_at': '2026-11-24T11:00:00+00:00',
              'context': {'target': {'protocol': 'SMB'}, 'client': {'hostname': 'ws1'},
                          'dataset': {'dataset': 'tank', 'pool': 'tank'}},
              'summary': {'SEQ_READ': {'read_bw_bytes': {'median': 112e6}}}}
    return build_ladder('tank', None, None, [pool, client], network)


@pytest.fixture
def report():
    return build_report(fixture('entries.json'), fixture('comparison.json'), title='t',
                        generated_at='2026-11-24T12:00:00Z', ladders=[ladder()])


def test_the_section_follows_the_summary_and_marks_the_limiting_layer(report):
    assert report['sections'][report['sections'].index('summary') + 1] == 'ladder'
    (section,) = report['ladder']
    assert section['title'] == 'Where the limit is: tank'
    rows = {r['layer']: r for r in section['rows']}
    assert rows['NETWORK']['limits'] == ['read', 'write'] and rows['PROTOCOL']['limits'] == []
    assert (rows['NETWORK']['read_text'], rows['DISKS']['read_text']) == ('118 MB/s', 'not measured')
    assert section['verdict'].startswith('Reads: Clients are limited by the 1 GbE link (112 of 118 MB/s measured)')
    assert section['missing'] == ['Read the disks (tuning.ladder.read_disks)']


def test_without_ladders_the_report_has_no_section():
    plain = build_report(fixture('entries.json'), fixture('comparison.json'), title='t', generated_at='x')
    assert 'ladder' not in plain and 'ladder' not in plain['sections']


def test_html_and_markdown_show_the_table_the_verdict_and_what_to_measure_next(report):
    html = render(report, 'HTML')[0].decode()
    assert '<section id="ladder"><h2>Where the limit is: tank</h2>' in html
    assert 'Network eno1 (1 GbE) <span class="verdict WORSE">limits reads</span>' in html
    assert 'Benchmark #5 (local &lt;b&gt;)' in html and '<li>Read the disks (tuning.ladder.read_disks)</li>' in html
    assert '<strong>Reads: Clients are limited by the 1 GbE link (112 of 118 MB/s measured)' in html
    markdown = render(report, 'MARKDOWN')[0].decode()
    assert '## Where the limit is: tank' in markdown
    assert '| Network eno1 (1 GbE) (**limits reads**) (**limits writes**) | 118 MB/s | 117 MB/s |' in markdown
    assert '- Read the disks (tuning.ladder.read\\_disks)' in markdown   # Markdown-escaped


def test_csv_adds_the_figures_after_the_metrics_and_json_keeps_the_section(report):
    rows = list(csv.DictReader(io.StringIO(render(report, 'CSV')[0].decode())))
    ladder_rows = [r for r in rows if r['test'].startswith('LADDER_')]
    assert len(rows) == len(report['metrics']) + len(ladder_rows)
    assert rows[-len(ladder_rows):] == ladder_rows
    network = [r for r in ladder_rows if r['test'] == 'LADDER_NETWORK']
    assert [(r['metric'], float(r['median']), r['verdict']) for r in network] == [
        ('read_bw_bytes', 118e6, 'LIMIT'), ('write_bw_bytes', 117e6, 'LIMIT')]
    assert all(r['configuration_id'] == '' and r['unit'] == 'B/s' for r in ladder_rows)
    assert json.loads(render(report, 'JSON')[0])['ladder'] == report['ladder']


def test_a_malformed_ladder_is_refused_naming_it():
    with pytest.raises(ReportInputError) as e:
        build_report(fixture('entries.json'), fixture('comparison.json'), title='t', generated_at='x',
                     ladders=[{'pool': 'tank'}])
    assert e.value.field == 'ladders[0]'
