"""CSV and JSON read back to exactly the figures of the results and the comparison."""
import csv
import io
import json

import pytest

from tuning.core.report import FORMATS, ReportInputError, build_report, render
from tuning.core.report.render_csv import COLUMNS


@pytest.fixture
def report(results, comparison):
    results[1]['label'] = '=HYPERLINK("x") , "quoted" label'
    return build_report(results, comparison, title='t', generated_at='2025-06-01T11:00:00Z')


def _number(text):
    return None if text == '' else float(text)


def test_csv_reads_back_to_the_results_and_the_comparison(results, comparison, report):
    data, content_type, extension = render(report, 'CSV')
    assert content_type.startswith('text/csv') and extension == 'csv'
    rows = list(csv.DictReader(io.StringIO(data.decode('utf-8'), newline='')))
    assert list(rows[0]) == list(COLUMNS)
    summaries = {e['id']: e['summary'] for e in results}
    compared = {(c['id'], r['test'], r['metric']): r for c in comparison['comparisons'] for r in c['metrics']}
    assert len(rows) == sum(len(ms) for e in results for ms in e['summary'].values())
    for row in rows:
        cid = int(row['configuration_id'])
        stats = summaries[cid][row['test']][row['metric']]
        for field in ('median', 'ci_low', 'ci_high', 'ci_confidence', 'mean', 'cv_percent'):
            assert _number(row[field]) == stats[field], field  # exact, not approximately
        assert int(row['n']) == stats['n']
        other = compared.get((cid, row['test'], row['metric']))
        if cid == comparison['baseline']['id']:
            assert row['baseline'] == 'true' and row['ratio'] == '' and row['verdict'] == ''
        else:
            for field in ('ratio', 'ratio_ci_low', 'ratio_ci_high', 'p_value', 'p_adjusted'):
                assert _number(row[field]) == other[field], field
            assert row['verdict'] == other['verdict']


def test_csv_defuses_spreadsheet_formulas_in_labels(report):
    rows = list(csv.DictReader(io.StringIO(render(report, 'CSV')[0].decode(), newline='')))
    labels = {r['configuration'] for r in rows}
    assert "'=HYPERLINK(\"x\") , \"quoted\" label" in labels


def test_json_is_the_report_model_and_reads_back_exactly(results, comparison, report):
    data, content_type, extension = render(report, 'JSON')
    assert content_type == 'application/json' and extension == 'json'
    back = json.loads(data)
    assert back == report
    rows = {(c['id'], r['test'], r['metric']): r for c in comparison['comparisons'] for r in c['metrics']}
    for row in back['metrics']:
        stats = next(e for e in results if e['id'] == row['configuration_id'])['summary'][row['test']][row['metric']]
        assert row['values'] == stats['values'] and row['median'] == stats['median']
        other = rows.get((row['configuration_id'], row['test'], row['metric']))
        assert row['ratio'] == (other['ratio'] if other else None)
        assert row['p_adjusted'] == (other['p_adjusted'] if other else None)


def test_json_refuses_non_finite_numbers(report):
    report['metrics'][0]['median'] = float('nan')
    with pytest.raises(ReportInputError) as e:
        render(report, 'JSON')
    assert e.value.field == 'report'


def test_unknown_format_names_the_field(report):
    with pytest.raises(ReportInputError) as e:
        render(report, 'PDF')
    assert e.value.field == 'format' and 'HTML' in e.value.message
    assert set(FORMATS) == {'HTML', 'MARKDOWN', 'CSV', 'JSON'}


def test_all_formats_agree_on_a_figure(results, report):
    """The same median, from the result, appears in every format (raw in CSV/JSON, rounded for people in the others)."""
    stats = results[1]['summary']['RAND_READ_4K']['read_iops']
    shown = f'{stats["median"]:,.0f} IOPS'
    assert shown in render(report, 'HTML')[0].decode()
    assert shown in render(report, 'MARKDOWN')[0].decode()
    assert repr(stats['median']) in render(report, 'CSV')[0].decode()
    assert any(r['median'] == stats['median'] for r in json.loads(render(report, 'JSON')[0])['metrics'])
