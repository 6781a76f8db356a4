"""The fleet report (core/report/fleet.py, fleet_render.py): three boxes' real single-box JSON reports in, one
comparison out, in every format; hostile input refused with the box and the field named.

The three reports are built here by the project's own report code from the committed report fixtures (the real fio
captures of tests/fixtures/report): nas1 is the fixtures' report as it is (three configurations, its latest the noisy
one); nas2 two configurations with every figure doubled, on a mirror under TrueNAS; nas3 the baseline alone with
every figure halved, without the sync-write and mixed tests and without a recorded fio version.
"""
import copy
import csv
import io
import json
import math
from html.parser import HTMLParser

import pytest

from tuning.core.bench import summarize
from tuning.core.figures import change_percent
from tuning.core.report import ReportInputError, build_report, render
from tuning.core.report.fleet import MAX_BOXES, MAX_METRIC_ROWS, fleet_report, render_fleet
from tuning.core.report.fleet_render import CSV_COLUMNS

from .conftest import _COMPARISON, _RESULTS, compare_results

GENERATED = '2025-06-02T08:00:00Z'


def _scaled(result, factor, drop=()):
    """The result with every run's figure times ``factor`` (its summary recomputed), without the ``drop`` tests."""
    result = copy.deepcopy(result)
    for test in drop:
        result['runs'].pop(test, None)
        result['summary'].pop(test, None)
    for test, runs in result['runs'].items():
        for run in runs:
            run['metrics'] = {m: v * factor for m, v in run['metrics'].items()}
        metrics = sorted({m for run in runs for m in run['metrics']})
        result['summary'][test] = {m: summarize([r['metrics'][m] for r in runs if m in r['metrics']])
                                   for m in metrics}
    return result


def _as_json(report):
    return json.loads(render(report, 'JSON')[0])


def box_reports():
    """[nas1, nas2, nas3]: what each box's tuning.report.generate returned with format JSON."""
    nas1 = _as_json(build_report(copy.deepcopy(_RESULTS), copy.deepcopy(_COMPARISON), title='nas1: presets',
                                 generated_at='2025-06-01T11:00:00Z'))
    base, iops = (_scaled(r, 2.0, drop=('MIXED_70_30',)) for r in copy.deepcopy(_RESULTS[:2]))
    for r in (base, iops):
        r['context']['pool']['layout'] = 'MIRROR 2×SSD'
        r['context']['platform'] = {'name': 'TrueNAS', 'version': 'TrueNAS-25.10.0'}
    nas2 = _as_json(build_report([base, iops], compare_results(base, [iops]), title='nas2: presets',
                                 generated_at='2025-06-01T12:00:00Z'))
    alone = _scaled(_RESULTS[0], 0.5, drop=('SYNC_WRITE_4K', 'MIXED_70_30'))
    del alone['context']['fio_version']
    nas3 = _as_json(build_report([alone], None, title='nas3', generated_at='2025-06-01T13:00:00Z'))
    return [nas1, nas2, nas3]


_REPORTS = box_reports()
NAMES = ['nas1', 'nas2', 'nas3']


@pytest.fixture
def reports():
    return copy.deepcopy(_REPORTS)


@pytest.fixture
def model(reports):
    return fleet_report(reports, names=NAMES, generated_at=GENERATED)


def _row(report, configuration_id, test, metric):
    return next(m for m in report['metrics'] if m['configuration_id'] == configuration_id and m['test'] == test
                and m['metric'] == metric)


# --- the model -----------------------------------------------------------------------------------------------------

def test_each_box_is_shown_by_its_latest_result_with_its_name_version_pool_and_preset(model):
    boxes = {b['name']: b for b in model['boxes']}
    assert list(boxes) == NAMES
    assert boxes['nas1']['configuration_label'] == 'noisy-box'   # measured last of the three
    assert boxes['nas1']['preset_words'] == 'max-sequential-write'
    assert boxes['nas2']['configuration_label'] == 'max-iops' and boxes['nas2']['preset_words'] == 'Max IOPS'
    assert boxes['nas3']['preset_words'] == 'none'
    assert boxes['nas2']['platform'] == 'TrueNAS-25.10.0' and boxes['nas2']['pool_layout'] == 'MIRROR 2×SSD'
    assert boxes['nas1']['pool_text'].startswith('tank: RAIDZ2 6×SSD')
    assert model['title'] == 'Fleet report: 3 boxes' and model['generated_at'] == GENERATED
    assert len({b['colour'] for b in model['boxes']}) == 3


def test_pick_baseline_shows_each_reports_baseline(reports):
    model = fleet_report(reports, names=NAMES, pick='BASELINE')
    assert [b['configuration_label'] for b in model['boxes']] == ['balanced', 'balanced', 'balanced']


def test_a_section_per_test_on_two_boxes_or_more_in_the_catalogs_order(model):
    assert [t['test'] for t in model['tests']] == ['SEQ_WRITE', 'SEQ_READ', 'RAND_READ_4K', 'RAND_WRITE_4K',
                                                   'SYNC_WRITE_4K']
    assert model['single_box_tests'] == [{'test': 'MIXED_70_30', 'title': 'Mixed 70/30 8 KiB', 'box': 'nas1'}]
    sync = next(t for t in model['tests'] if t['test'] == 'SYNC_WRITE_4K')
    assert sync['box_ids'] == ['box-1', 'box-2']
    assert all(m['values']['box-3'] is None for m in sync['metrics'])


def test_the_figures_are_the_box_reports_own(model, reports):
    shown = [13, 12, 11]
    for section in model['tests']:
        for metric in section['metrics']:
            for box, report, cid in zip(model['boxes'], reports, shown):
                value = metric['values'][box['id']]
                if value is None:
                    continue
                row = _row(report, cid, section['test'], metric['metric'])
                for field in ('median', 'ci_low', 'ci_high', 'cv_percent', 'n', 'min', 'max'):
                    assert value[field] == row[field]


def test_the_spread_across_boxes_names_the_best_and_the_worst(model):
    write = next(t for t in model['tests'] if t['test'] == 'SEQ_WRITE')
    bw = next(m for m in write['metrics'] if m['metric'] == 'write_bw_bytes')
    medians = {b['name']: bw['values'][b['id']]['median'] for b in model['boxes']}
    assert bw['spread']['best'] == 'box-2' and bw['spread']['worst'] == 'box-3'
    assert bw['spread']['ratio'] == medians['nas2'] / medians['nas3']
    assert f'best nas2, {change_percent(bw["spread"]["ratio"])} against the worst, nas3' in bw['spread']['text']
    p99 = next(m for m in write['metrics'] if m['metric'] == 'write_lat_p99_ns')
    assert p99['spread']['best'] == 'box-3' and p99['spread']['text'].endswith('(lower is better)')
    value = bw['values']['box-1']
    assert value['median_text'].endswith('MB/s') and 'CV' in value['runs_text'] and '5 runs' in value['runs_text']


def test_conditions_that_differ_between_boxes_are_warnings_naming_the_boxes(model):
    different = [w['message'] for w in model['warnings'] if w['kind'] == 'DIFFERENT_CONDITIONS']
    assert any(m.startswith('The boxes differ in their pool layout (nas1: RAIDZ2 6×SSD; nas2: MIRROR 2×SSD; '
                            'nas3: RAIDZ2 6×SSD)') for m in different)
    assert any('platform (nas1: Debian 12 (bookworm); nas2: TrueNAS-25.10.0' in m for m in different)
    unknown = [w for w in model['warnings'] if w['kind'] == 'UNKNOWN_CONDITIONS']
    assert [w['configuration_id'] for w in unknown] == ['box-3'] and 'fio version' in unknown[0]['message']
    noisy = [w for w in model['warnings'] if w['kind'] == 'NOISY']
    assert noisy and all(w['message'].startswith('nas1: “noisy-box”') for w in noisy)


def test_another_time_per_run_or_working_set_is_a_difference_between_boxes(reports):
    for configuration in reports[1]['configurations']:   # nas2 measured with an expert's override
        configuration['conditions'].update(run_time='8 s', working_set='1 GiB')
    for configuration in reports[0]['configurations'] + reports[2]['configurations']:
        configuration['conditions']['working_set'] = '256 MiB'
    different = [w['message'] for w in fleet_report(reports, names=NAMES, generated_at=GENERATED)['warnings']
                 if w['kind'] == 'DIFFERENT_CONDITIONS']
    assert any(m.startswith('The boxes differ in their measured time per run (nas1: 3 s; nas2: 8 s; nas3: 3 s)')
               for m in different)
    assert any(m.startswith('The boxes differ in their working set (nas1: 256 MiB; nas2: 1 GiB; nas3: 256 MiB)')
               for m in different)


def test_same_conditions_warn_of_nothing_and_default_names_are_told_apart(reports):
    model = fleet_report([reports[0], copy.deepcopy(reports[0])])
    assert not [w for w in model['warnings'] if w['kind'] in ('DIFFERENT_CONDITIONS', 'UNKNOWN_CONDITIONS')]
    assert [b['name'] for b in model['boxes']] == ['nas1: presets (box 1)', 'nas1: presets (box 2)']


# --- the renderers -------------------------------------------------------------------------------------------------

class _Text(HTMLParser):
    def __init__(self):
        super().__init__()
        self.parts, self._skip = [], 0

    def handle_starttag(self, tag, attrs):
        self._skip += tag in ('style', 'script')

    def handle_endtag(self, tag):
        self._skip -= tag in ('style', 'script')

    def handle_data(self, data):
        if not self._skip:
            self.parts.append(data)


KEYS = ('SEQ_WRITE', 'RAND_READ_4K', 'write_bw_bytes', 'DIFFERENT_CONDITIONS', 'UNKNOWN_CONDITIONS', 'box-1',
        'LATEST', 'DIRECT_IO', 'IO/s')


def _no_key(text):
    return [k for k in KEYS if k in text]


def test_html_is_one_page_with_the_reports_charts_and_no_key_in_sight(model):
    page = render_fleet(model, 'html')
    assert page.startswith('<!DOCTYPE html>') and '<script' not in page and 'http://' not in page.replace(
        'http://www.w3.org/2000/svg', '')
    assert page.count('<svg') == len(model['charts']) and model['charts']
    parser = _Text()
    parser.feed(page)
    text = ' '.join(parser.parts)
    for words in NAMES + ['Sequential write 1 MiB', 'Sync write 4 KiB', 'not measured', 'Max IOPS', 'MIRROR 2×SSD',
                          'Different conditions', 'Across the boxes', 'Mixed 70/30 8 KiB: nas1 only']:
        assert words in text, words
    assert _no_key(text) == []


def test_markdown_has_a_table_per_test_and_no_key(model):
    text = render_fleet(model, 'MARKDOWN')
    assert text.startswith('# Fleet report: 3 boxes\n')
    assert text.count('### ') >= len(model['tests'])
    assert '| Metric | nas1 | nas2 | nas3 | Across the boxes |' in text
    assert '**Different conditions**' in text and '## Chart figures' in text
    assert _no_key(text) == []


def test_csv_reads_back_the_very_figures(model):
    rows = list(csv.DictReader(io.StringIO(render_fleet(model, 'csv'))))
    assert tuple(rows[0]) == CSV_COLUMNS and len(rows) == len(model['metrics'])
    for row, expected in zip(rows, model['metrics']):
        assert row['box'] == expected['box']
        for field in ('median', 'ci_low', 'cv_percent'):
            assert (float(row[field]) if row[field] else None) == expected[field]
    assert {r['box'] for r in rows} == set(NAMES)


def test_json_is_the_model(model):
    assert json.loads(render_fleet(model, 'json')) == model


def test_a_box_label_cannot_inject_markup_or_a_formula(reports):
    reports[1]['configurations'][1]['label'] = '=cmd|<script>alert(1)</script>'
    model = fleet_report(reports, names=['<b>x</b>', 'nas2', 'nas3'])
    page = render_fleet(model, 'html')
    assert '<script>' not in page and '<b>x</b>' not in page
    assert '\\<b\\>' not in render_fleet(model, 'markdown') and '&lt;b&gt;' in render_fleet(model, 'markdown')
    assert "'=cmd|<script>" in render_fleet(model, 'csv')


# --- hostile input -------------------------------------------------------------------------------------------------

def _refused(reports, field, **kw):
    with pytest.raises(ReportInputError) as caught:
        fleet_report(reports, **kw)
    assert caught.value.field == field, caught.value
    return caught.value


def test_refuses_fewer_than_two_or_too_many_reports(reports):
    _refused('nope', 'reports')
    _refused(reports[:1], 'reports')
    _refused([reports[0]] * (MAX_BOXES + 1), 'reports')


@pytest.mark.parametrize('change, field', [
    (lambda r: r.__setitem__('format_version', 1), 'reports[1].format_version'),
    (lambda r: r.__setitem__('format_version', True), 'reports[1].format_version'),
    (lambda r: r.__setitem__('kind', 'FLEET'), 'reports[1]'),
    (lambda r: r.__setitem__('configurations', {}), 'reports[1].configurations'),
    (lambda r: r.__setitem__('configurations', []), 'reports[1].configurations'),
    (lambda r: r['configurations'][0].__setitem__('label', 5), 'reports[1].configurations[0].label'),
    (lambda r: r['configurations'][0].__setitem__('id', True), 'reports[1].configurations[0].id'),
    (lambda r: r['configurations'][1].__setitem__('id', r['configurations'][0]['id']), 'reports[1].configurations'),
    (lambda r: r['configurations'][0]['conditions'].__setitem__('platform', ['x']),
     'reports[1].configurations[0].conditions.platform'),
    (lambda r: r['configurations'][0].__setitem__('label', 'x' * 5000), 'reports[1].configurations[0].label'),
    (lambda r: r['metrics'][3].__setitem__('median', math.nan), 'reports[1].metrics[3].median'),
    (lambda r: r['metrics'][3].__setitem__('median', '12'), 'reports[1].metrics[3].median'),
    (lambda r: r['metrics'][3].__setitem__('n', -1), 'reports[1].metrics[3].n'),
    (lambda r: r['metrics'][3].__setitem__('configuration_id', 999), 'reports[1].metrics[3].configuration_id'),
    (lambda r: r['metrics'].extend([r['metrics'][0]] * MAX_METRIC_ROWS), 'reports[1].metrics'),
    (lambda r: r['warnings'].append({'kind': 'NOTE', 'message': None}), 'reports[1].warnings[{n}].message'),
    (lambda r: r.__setitem__('title', None), 'reports[1].title'),
    (lambda r: r['box'].__setitem__('items', 'x'), 'reports[1].box.items'),
])
def test_refuses_a_bad_field_naming_the_box_and_the_field(reports, change, field):
    count = len(reports[1]['warnings'])
    change(reports[1])
    _refused(reports, field.replace('{n}', str(count)))


def test_refuses_a_report_that_is_not_an_object_and_bad_arguments(reports):
    _refused([reports[0], 'x'], 'reports[1]')
    _refused(reports, 'names', names=['a'])
    _refused(reports, 'names[2]', names=['a', 'b', 7])
    _refused(reports, 'pick', pick='FIRST')
    model = fleet_report(reports)
    with pytest.raises(ReportInputError) as caught:
        render_fleet(model, 'pdf')
    assert caught.value.field == 'format'
    with pytest.raises(ReportInputError):
        render_fleet(reports[0], 'html')   # a box's own report is not a fleet model
