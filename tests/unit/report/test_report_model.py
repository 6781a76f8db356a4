import pytest

from tuning.core.report import ReportInputError, build_report

from .conftest import compare_results, make_result

GENERATED = '2025-06-01T11:00:00Z'


def _report(results, comparison, **kw):
    return build_report(results, comparison, title='Tuning report', generated_at=GENERATED, **kw)


def test_summary_has_one_row_per_configuration_baseline_first(results, comparison):
    report = _report(list(reversed(results)), comparison)
    assert [r['configuration_id'] for r in report['summary']['rows']] == [11, 12, 13]
    assert [r['baseline'] for r in report['summary']['rows']] == [True, False, False]
    keys = [c['key'] for c in report['summary']['columns']]
    # seeds' shape: sequential MB/s, random IOPS, mixed IOPS, p99 latency; no bonnie++ column without bonnie++ data
    assert keys[:2] == ['seq_write', 'seq_read']
    assert {'rand_read', 'rand_write', 'mixed_read', 'mixed_write', 'rand_read_p99'} <= set(keys)
    assert 'random_seeks' not in keys


def test_every_cell_is_the_result_summary_and_the_comparison_row(results, comparison):
    report = _report(results, comparison)
    summaries = {e['id']: e['summary'] for e in results}
    rows = {(c['id'], r['test'], r['metric']): r for c in comparison['comparisons'] for r in c['metrics']}
    columns = {c['key']: c for c in report['summary']['columns']}
    checked = 0
    for row in report['summary']['rows']:
        for key, cell in row['cells'].items():
            test, metric = columns[key]['test'], columns[key]['metric']
            stats = summaries[row['configuration_id']][test][metric]
            for field in ('median', 'ci_low', 'ci_high', 'ci_confidence', 'n', 'cv_percent'):
                assert cell[field] == stats[field]
            if row['baseline']:
                assert cell['ratio'] is None and cell['verdict'] is None
            else:
                compared = rows[(row['configuration_id'], test, metric)]
                for field in ('ratio', 'ratio_ci_low', 'ratio_ci_high', 'p_value', 'p_adjusted', 'verdict'):
                    assert cell[field] == compared[field]
            checked += 1
    assert checked == 3 * len(columns)


def test_metric_rows_cover_every_test_and_metric_of_every_configuration(results, comparison):
    report = _report(results, comparison)
    expected = {(e['id'], t, m) for e in results for t, ms in e['summary'].items() for m in ms}
    got = [(r['configuration_id'], r['test'], r['metric']) for r in report['metrics']]
    assert len(got) == len(set(got)) == len(expected)
    assert set(got) == expected
    p99_9 = next(r for r in report['metrics'] if r['metric'] == 'read_lat_p99_9_ns')
    assert p99_9['unit'] == 'ns' and p99_9['direction'] == 'LOWER'  # not in the catalog yet: read from the id


def test_verdicts_of_the_fixture_read_as_expected(results, comparison):
    report = _report(results, comparison)
    cells = {r['label']: r['cells'] for r in report['summary']['rows']}
    assert cells['max-iops']['rand_read']['verdict'] == 'BETTER'
    assert cells['max-iops']['rand_read_p99']['verdict'] == 'BETTER'  # lower latency is better
    assert cells['max-iops']['seq_read']['verdict'] == 'WORSE'
    assert cells['noisy-box']['seq_write']['verdict'] == 'INCONCLUSIVE'


def test_what_changed_is_the_snapshot_diff(results, comparison):
    report = _report(results, comparison)
    changes = {c['label']: c for c in report['changes']}
    assert set(changes) == {'max-iops', 'noisy-box'}
    rows = {(r['kind'], r['scope'], r['setting']): (r['baseline'], r['value']) for r in changes['max-iops']['rows']}
    assert changes['max-iops']['basis'] == 'SNAPSHOT'
    assert rows == {('ZFS_PARAMETER', 'global', 'zfs_prefetch_disable'): ('0', '1'),
                    ('DATASET_PROPERTY', 'tank/bench', 'recordsize'): ('128K', '16K')}


def test_given_settings_diffs_take_precedence_and_accept_string_ids(results, comparison):
    given = {'12': [{'kind': 'SYSCTL', 'scope': 'global', 'setting': 'net.core.rmem_max', 'baseline': '212992',
                     'value': 16777216}]}
    report = _report(results, comparison, settings_diffs=given)
    change = next(c for c in report['changes'] if c['configuration_id'] == 12)
    assert change['basis'] == 'GIVEN'
    assert change['rows'] == [{'kind': 'SYSCTL', 'scope': 'global', 'setting': 'net.core.rmem_max',
                               'baseline': '212992', 'value': '16777216'}]
    with pytest.raises(ReportInputError) as e:
        _report(results, comparison, settings_diffs={11: []})
    assert e.value.field == 'settings_diffs.11'


def test_charts_carry_the_summary_medians_and_the_theoretical_maximum(results, comparison):
    report = _report(results, comparison)
    charts = {c['id']: c for c in report['charts']}
    assert charts['throughput']['scale'] == 'LINEAR' and charts['iops']['scale'] == 'LOG'
    assert charts['throughput']['reference'] is None   # measured on the box: no network line (the panel's rule)
    on_client = {c['id']: c for c in _report([{**r, 'source': 'CLIENT'} for r in results], comparison)['charts']}
    assert on_client['throughput']['reference']['value'] == comparison['theoretical_max']['bytes_per_second']
    own_disk = [{**r, 'source': 'CLIENT', 'context': {**r['context'], 'target': {'protocol': 'LOCAL'}}}
                for r in results]   # a client measuring its own disk: nothing crossed the link either
    assert {c['id']: c for c in _report(own_disk, comparison)['charts']}['throughput']['reference'] is None
    point = charts['throughput']['series'][1]['points'][0]
    stats = results[1]['summary']['SEQ_WRITE']['write_bw_bytes']
    assert (point['median'], point['ci_low'], point['ci_high']) == (stats['median'], stats['ci_low'], stats['ci_high'])
    latency = charts['latency_RAND_READ_4K_read']
    assert [g['label'] for g in latency['groups']] == ['p50 (median)', 'p90', 'p99', 'p99.9']
    assert latency['scale'] == 'LOG' and latency['title'] == 'Random read 4 KiB: read latency'


def test_the_report_draws_the_series_the_comparison_carries(results, comparison):
    from tuning.core.report.chart_data import compare_series, comparison_rows
    from tuning.core.report.chart_layout import as_drawn
    configurations = [{'id': i, 'label': next(e['label'] for e in results if e['id'] == i)} for i in (11, 12, 13)]
    drawn = compare_series(configurations, {e['id']: e['summary'] for e in results},
                           comparison_rows(comparison['comparisons']), comparison['theoretical_max'])
    computed = _report(results, comparison)
    as_drawn_on_box = {**drawn, 'charts': [as_drawn(c, False) for c in drawn['charts']]}   # measured on the box
    assert {k: computed[k] for k in drawn} == as_drawn_on_box  # without the series: computed by the same function
    carried = _report(results, {**comparison, **drawn, 'charts': drawn['charts'][:1]})
    assert carried['charts'] == as_drawn_on_box['charts'][:1]  # with them: taken as they are, not computed again
    with pytest.raises(ReportInputError) as e:
        _report(results, {**comparison, **drawn, 'series': drawn['series'][::-1]})
    assert e.value.field == 'comparison.series'


def test_jobs_are_listed_once_with_the_configurations_that_ran_them(results, comparison):
    report = _report(results, comparison)
    assert len(report['jobs']) == len(results[0]['jobs'])
    assert all(j['configuration_ids'] == [11, 12, 13] for j in report['jobs'])


def test_comparison_of_results_not_in_the_report_is_refused(results, comparison):
    with pytest.raises(ReportInputError) as e:
        _report(results[:2], comparison)
    assert e.value.field == 'comparison.comparisons[1].id'
    with pytest.raises(ReportInputError) as e:
        _report(results + [dict(results[2], id=99)], comparison)
    assert e.value.field == 'comparison.comparisons' and '99' in e.value.message


def test_comparison_figures_that_differ_from_the_results_are_refused(results, comparison):
    comparison['comparisons'][0]['metrics'][3]['other']['median'] *= 1.01
    with pytest.raises(ReportInputError) as e:
        _report(results, comparison)
    assert e.value.field == 'comparison.comparisons[0].metrics[3].other.median'


@pytest.mark.parametrize('kwargs, field', [
    ({'title': ''}, 'title'),
    ({'generated_at': None}, 'generated_at'),
])
def test_bad_arguments_name_the_field(results, comparison, kwargs, field):
    args = {'title': 't', 'generated_at': GENERATED, **kwargs}
    with pytest.raises(ReportInputError) as e:
        build_report(results, comparison, **args)
    assert e.value.field == field


def test_bad_results_name_the_field(results, comparison):
    results[1]['summary']['SEQ_WRITE']['write_bw_bytes'] = {'median': 'fast'}
    with pytest.raises(ReportInputError) as e:
        _report(results, comparison)
    assert e.value.field == 'results[1].summary.SEQ_WRITE.write_bw_bytes'
    with pytest.raises(ReportInputError) as e:
        _report([], comparison)
    assert e.value.field == 'results'
    with pytest.raises(ReportInputError) as e:
        _report([results[0], dict(results[0])], comparison)
    assert e.value.field == 'results[1].id'


def test_one_result_needs_no_comparison_but_several_do(results):
    report = _report(results[:1], None)
    assert report['baseline_id'] == 11 and report['changes'] == []
    assert all(r['ratio'] is None for r in report['metrics'])
    with pytest.raises(ReportInputError) as e:
        _report(results, None)
    assert e.value.field == 'comparison'


def test_metric_only_in_the_compared_result_has_no_ratio():
    base = make_result(1, 'base', {'SEQ_WRITE': {'write_bw_bytes': [100, 101, 99, 100, 102]}})
    other = make_result(2, 'other', {'SEQ_WRITE': {'write_bw_bytes': [110, 111, 109, 110, 112]},
                                    'SEQ_READ': {'read_bw_bytes': [200, 201, 199, 200, 202]}})
    report = _report([base, other], compare_results(base, [other]))
    row = next(r for r in report['summary']['rows'] if r['configuration_id'] == 2)
    assert row['cells']['seq_read']['median'] == 200 and row['cells']['seq_read']['ratio'] is None
    assert next(r for r in report['summary']['rows'] if r['configuration_id'] == 1)['cells']['seq_read'] is None
