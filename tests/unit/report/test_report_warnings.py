import os

from tuning.core.bench import import_result, summarize
from tuning.core.report import build_report, render

from .conftest import FIXTURES, STEADY, compare_results, full_context, make_result


def _report(results, comparison):
    return build_report(results, comparison, title='t', generated_at='2025-06-01T11:00:00Z')


def _kinds(report, kind):
    return [w for w in report['warnings'] if w['kind'] == kind]


def test_noisy_metric_is_warned_with_its_cv():
    noisy = [100.0, 70.0, 130.0, 90.0, 115.0]
    base = make_result(1, 'base', {'SEQ_WRITE': {'write_bw_bytes': STEADY}}, full_context())
    other = make_result(2, 'wobbly', {'SEQ_WRITE': {'write_bw_bytes': noisy}}, full_context())
    report = _report([base, other], compare_results(base, [other]))
    warned = _kinds(report, 'NOISY')
    assert len(warned) == 1
    assert warned[0]['configuration_id'] == 2 and warned[0]['metrics'] == ['write_bw_bytes']
    cv = summarize(noisy)['cv_percent']
    assert f'CV {cv:.1f} %' in warned[0]['message']


def test_noisy_means_a_cv_above_ten_percent():
    # the rule reads the summary's cv_percent as stored: exactly 10 % is not noisy, just above is
    result = make_result(1, 'base', {'SEQ_WRITE': {'write_bw_bytes': STEADY}}, full_context())
    result['summary']['SEQ_WRITE']['write_bw_bytes']['cv_percent'] = 10.0
    assert _kinds(_report([result], None), 'NOISY') == []
    result['summary']['SEQ_WRITE']['write_bw_bytes']['cv_percent'] = 10.01
    assert len(_kinds(_report([result], None), 'NOISY')) == 1


def test_outlier_run_is_named_by_its_run_number():
    base = make_result(1, 'base', {'SEQ_READ': {'read_bw_bytes': [500e6, 502e6, 498e6, 250e6, 501e6]}}, full_context())
    report = _report([base], None)
    warned = _kinds(report, 'OUTLIERS')
    assert len(warned) == 1 and warned[0]['test'] == 'SEQ_READ'
    assert 'run 4 (250 MB/s)' in warned[0]['message'] and 'median 500 MB/s' in warned[0]['message']


def test_different_conditions_are_listed_per_configuration():
    base = make_result(1, 'base', {'SEQ_WRITE': {'write_bw_bytes': STEADY}}, full_context())
    other = make_result(2, 'elsewhere', {'SEQ_WRITE': {'write_bw_bytes': STEADY}},
                       full_context(target={'dataset': 'fast/bench', 'pool': 'fast'},
                                pool={'name': 'fast', 'layout': 'MIRROR 2×SSD'},
                                fio_version='fio-3.36', plan={'profile': 'STANDARD', 'runtime_seconds': 60,
                                                              'ramp_seconds': 10, 'tests': [
                                                                  {'test': 'SEQ_WRITE', 'working_set_bytes': 2 << 30}]},
                                cache_defeat={'method': 'WORKING_SET'}))
    same = make_result(3, 'same', {'SEQ_WRITE': {'write_bw_bytes': STEADY}}, full_context())
    report = _report([base, other, same], compare_results(base, [other, same]))
    warned = _kinds(report, 'DIFFERENT_CONDITIONS')
    assert [w['configuration_id'] for w in warned] == [2]
    message = warned[0]['message']
    for text in ('dataset fast/bench (baseline: tank/bench)', 'pool fast (baseline: tank)',
                 'fio version fio-3.36 (baseline: fio-3.33)', 'benchmark profile Standard test (baseline: Quick test)',
                 'cache-defeat method A working set larger than the ARC (baseline: ZFS Direct I/O)',
                 'measured time per run 60 s (baseline: 3 s); warm-up per run 10 s (baseline: 1 s); '
                 'working set 2 GiB (baseline: 256 MiB)'):
        assert text in message
    assert 'platform' not in message
    assert _kinds(report, 'UNKNOWN_CONDITIONS') == []


def test_another_tool_or_platform_is_a_different_condition():
    base = make_result(1, 'base', {'SEQ_WRITE': {'write_bw_bytes': STEADY}}, full_context())
    other = make_result(2, 'debian', {'SEQ_WRITE': {'write_bw_bytes': STEADY}},
                       full_context(platform={'name': 'Debian', 'version': 'Debian 12'}), source='BONNIE')
    report = _report([base, other], compare_results(base, [other]))
    message = _kinds(report, 'DIFFERENT_CONDITIONS')[0]['message']
    assert 'benchmark tool bonnie++ (baseline: fio)' in message
    assert 'platform Debian 12 (baseline: TrueNAS-25.10.0)' in message


def test_comparison_warnings_and_notes_are_passed_on_and_shared_notes_said_once():
    base = make_result(1, 'base', {'SEQ_WRITE': {'write_bw_bytes': STEADY}}, full_context(), notes=['same note'])
    other = make_result(2, 'other', {'SEQ_WRITE': {'write_bw_bytes': STEADY}}, full_context(),
                       notes=['same note', 'queue depth reached 8, requested 16'])
    report = _report([base, other], compare_results(base, [other], warnings=['from compare']))
    assert [w['message'] for w in _kinds(report, 'COMPARISON')] == ['from compare']
    notes = [w['message'] for w in _kinds(report, 'NOTE')]
    assert notes == ['“base”, “other”: same note', '“other”: queue depth reached 8, requested 16']


def _imported(id_, label, fmt, *path):
    with open(os.path.join(FIXTURES, 'bench', *path)) as f:
        imported = import_result(fmt, f.read())
    values = {}
    for test, data in imported['tests'].items():
        for run in data['runs']:
            for metric, value in run['metrics'].items():
                values.setdefault(test, {}).setdefault(metric, []).append(value)
    result = make_result(id_, label, values, context=None, source=fmt, notes=imported['notes'])
    result['context'] = None  # stored imports may carry no context at all
    return result


def test_imported_results_without_context_render_unknown_in_every_format():
    base = _imported(1, 'bonnie <b>old</b>', 'BONNIE', 'bonnie', 'runs-x3-2.00a.csv')
    other = _imported(2, 'gobonniego', 'GOBONNIEGO', 'gobonniego', 'runs3.json')
    comparison = compare_results(base, [other])
    report = _report([base, other], comparison)
    assert [c['key'] for c in report['summary']['columns']] == ['seq_write', 'seq_read', 'random_seeks']
    assert report['changes'][0]['basis'] == 'UNKNOWN'
    assert all(i['value'] == 'unknown' for i in report['box']['items'])
    unknown = _kinds(report, 'UNKNOWN_CONDITIONS')
    assert [w['configuration_id'] for w in unknown] == [1, 2]
    assert 'dataset' in unknown[0]['message'] and 'fio version' not in unknown[0]['message']
    assert 'benchmark tool gobonniego (baseline: bonnie++)' in _kinds(report, 'DIFFERENT_CONDITIONS')[0]['message']
    for fmt in ('HTML', 'MARKDOWN', 'CSV', 'JSON'):
        data, _, _ = render(report, fmt)
        assert data
    html = render(report, 'HTML')[0].decode()
    assert 'Settings: unknown.' in html and '<dd>unknown</dd>' in html
    assert 'Settings: unknown.' in render(report, 'MARKDOWN')[0].decode()


def test_a_lone_result_has_no_unknown_conditions_to_warn_about():
    # "nothing confirms it was measured like the others": with no others, there is nothing to confirm
    lone = _imported(1, 'bonnie', 'BONNIE', 'bonnie', 'runs-x3-2.00a.csv')
    assert _kinds(_report([lone], None), 'UNKNOWN_CONDITIONS') == []


def test_compare_warnings_the_report_restates_are_said_once():
    from tuning.core.bench.conditions import condition_warnings, noise_warnings
    noisy = [100.0, 70.0, 130.0, 90.0, 115.0]
    base = make_result(1, 'base', {'SEQ_WRITE': {'write_bw_bytes': STEADY}}, full_context())
    other = make_result(2, 'wobbly', {'SEQ_WRITE': {'write_bw_bytes': noisy}},
                       full_context(fio_version='fio-3.36'))
    from_compare = ([text for _, _, text in condition_warnings([base, other], 1)]
                    + noise_warnings(base) + noise_warnings(other))
    assert len(from_compare) >= 2  # what tuning.benchmark.compare returns for these two
    report = _report([base, other], compare_results(base, [other], warnings=from_compare + ['something else']))
    assert [w['message'] for w in _kinds(report, 'COMPARISON')] == ['something else']
    assert len(_kinds(report, 'NOISY')) == 1 and len(_kinds(report, 'DIFFERENT_CONDITIONS')) == 1


LOOSE = [{'kind': 'DATASET_PROPERTY', 'scope': 'tank/bench', 'setting': 'sync', 'value': 'DISABLED', 'exists': True}]


def test_a_result_measured_with_writes_not_safe_on_power_loss_is_named_first_and_once():
    from tuning.core.bench.conditions import data_loss_warnings
    # a result stored before they were recorded: told from its settings
    base = make_result(1, 'Campaign 1 · baseline', {'SEQ_WRITE': {'write_bw_bytes': STEADY}},
                      full_context(settings=LOOSE))
    other = make_result(2, 'safe', {'SEQ_WRITE': {'write_bw_bytes': STEADY}},
                       full_context(settings=[{**LOOSE[0], 'value': 'STANDARD'}]))
    from_compare = data_loss_warnings([base, other])
    assert from_compare == ["#1 “Campaign 1 · baseline” was measured with Synchronous writes Disabled on tank/bench: "
                            'not safe on power loss; its write figures are faster than the pool is with safe writes.']
    report = _report([base, other], compare_results(base, [other], warnings=from_compare))
    (warned,) = _kinds(report, 'DATA_LOSS')
    assert report['warnings'][0] is warned and warned['configuration_id'] == 1
    assert warned['message'] == ('“Campaign 1 · baseline” was measured with Synchronous writes Disabled on '
                                 'tank/bench: not safe on power loss; its write figures are faster than the pool is '
                                 'with safe writes.')
    assert _kinds(report, 'COMPARISON') == []   # compare's own words of it are not said twice
    assert 'Not safe on power loss' in render(report, 'HTML')[0].decode()
