"""The panel's chart layouts: the report's own layout code (core.report.chart_layout), handed over by
tuning.benchmark.compare at the widths the panel may have; the panel draws what it is given."""
from tuning.benchmark import comparison_of
from tuning.benchmark_models import TuningBenchmarkCompareEntry
from tuning.core.report.chart_layout import CHAR, PAD, PANEL_WIDTHS, chart_layout, panel_layouts

from .test_chart_data import MAX, _pair, panel_sample


def _rows(layout):
    return [row for group in layout['groups'] for row in group['rows']]


def test_every_chart_is_laid_out_at_every_panel_width_down_to_a_phone_with_nothing_outside_it():
    drawing = panel_sample()
    layouts = panel_layouts(drawing['charts'], client_measured=True)
    assert set(layouts) == {c['id'] for c in drawing['charts']}
    assert PANEL_WIDTHS[0] <= 390 - 2 * 32 and PANEL_WIDTHS[-1] == 900   # a 390 px phone's card fits the narrowest
    for chart in drawing['charts']:
        assert [l['width'] for l in layouts[chart['id']]] == list(PANEL_WIDTHS)
        for layout in layouts[chart['id']]:
            assert layout == chart_layout(chart, layout['width'])             # the one layout, not a second one
            for row, series in zip(_rows(layout), chart['series'] * len(chart['groups'])):
                assert ' '.join(row['label_lines']) == series['label']         # the name whole
                assert row['value_x'] + len(row['value']) * CHAR <= layout['width'] + 1
                assert all(len(line) * CHAR <= layout['width'] - 2 * PAD for line in row['label_lines'])
            for tick in layout['ticks']:    # a tick's label, centred on it, whole: not 'ms' of '0.1 ms' on a phone
                if tick['label']:
                    half = len(tick['label']) * CHAR / 2
                    assert tick['x'] - half >= 0 and tick['x'] + half <= layout['width'], (chart['id'], tick)


def test_the_network_line_stands_only_beside_results_measured_on_a_client():
    chart = next(c for c in panel_sample()['charts'] if c['id'] == 'throughput')
    assert chart['reference'] is not None
    on_box = panel_layouts([chart], client_measured=False)['throughput']
    assert all(l['reference'] is None and l['plot_top'] == PAD for l in on_box)   # no line, no empty band for it
    on_client = panel_layouts([chart], client_measured=True)['throughput']
    assert all(l['reference']['label'].startswith('1,250 MB/s') for l in on_client)   # clipped on a phone
    assert all(l['plot_top'] > PAD for l in on_client)


def _compared(source, protocol=None):
    before, after = _pair()
    for result in (before, after):
        result['source'] = source
        result['context'] = {'theoretical_max': MAX, **({'target': {'protocol': protocol}} if protocol else {})}
    return comparison_of([before, after], before['id'])


def test_a_client_measuring_its_own_disk_gets_no_network_line():
    local, nfs = _compared('CLIENT', 'LOCAL'), _compared('CLIENT', 'NFS')
    assert local['chart_layouts']['throughput'][0]['reference'] is None   # nothing crossed the link
    assert nfs['chart_layouts']['throughput'][0]['reference'] is not None


def test_compare_hands_the_panel_its_layouts_in_the_api_shape():
    box, client = _compared('FIO'), _compared('CLIENT')
    for answer in (box, client):
        TuningBenchmarkCompareEntry.model_validate(answer)                   # the documented shape, typed for the panel
        assert set(answer['chart_layouts']) == {c['id'] for c in answer['charts']}
    assert box['chart_layouts']['throughput'][0]['reference'] is None
    assert client['chart_layouts']['throughput'][0]['reference'] is not None
    assert box['charts'][0]['reference'] == client['charts'][0]['reference']  # the chart keeps its limit (the report's)


def test_a_panel_that_asks_for_some_widths_gets_only_those_narrowest_first():
    from typing import get_args

    from tuning.benchmark_models import ChartWidth
    assert get_args(ChartWidth) == PANEL_WIDTHS   # the API's choices are the widths the layout code knows
    drawing = panel_sample()
    asked = panel_layouts(drawing['charts'], client_measured=False, widths=[700, 340, 700])
    assert all([l['width'] for l in layouts] == [340, 700] for layouts in asked.values())
    base, other = _pair()
    compared = comparison_of([base, other], base['id'], chart_widths=[400])
    assert all([l['width'] for l in layouts] == [400] for layouts in compared['chart_layouts'].values())


def test_the_first_tick_label_is_whole_when_names_sit_above_their_marks():
    # Long names go above the marks, so the plot starts at the picture's edge: on a 390 px phone the first tick's
    # label, centred on it, showed only its 'ms'.
    chart = next(c for c in panel_sample()['charts'] if c['id'].startswith('latency_'))
    long_named = {**chart, 'series': [{**s, 'label': f'{s["label"]} on tank/media, recordsize 1 MiB, sync standard'}
                                      for s in chart['series']]}
    for width in PANEL_WIDTHS:
        layout = chart_layout(long_named, width)
        assert layout['groups'][0]['rows'][0]['label_x'] == PAD             # the names are above their marks
        first = next(t for t in layout['ticks'] if t['label'])
        assert first['x'] - len(first['label']) * CHAR / 2 >= 0, (width, first)
        assert layout['ticks'][0]['label'] == first['label']               # the first tick keeps its label


def _report(source, fmt):
    from tuning.core.report import build_report, render
    before, after = _pair()
    for result in (before, after):
        result['source'] = source
        result['context'] = {'theoretical_max': MAX}
    comparison = comparison_of([before, after], before['id'])
    report = build_report([before, after], comparison, title='t', generated_at='2025-06-01T11:00:00Z')
    return report, render(report, fmt)[0].decode()


def test_the_report_draws_the_network_line_by_the_panels_rule():
    # one rule (chart_layout.as_drawn) for the panel's Compare and the downloaded report: results measured on the
    # box never crossed the link, so no network line, no limit in the chart's words
    box, html = _report('FIO', 'HTML')
    throughput = next(c for c in box['charts'] if c['id'] == 'throughput')
    assert throughput['reference'] is None and 'theoretical maximum' not in throughput['description']
    assert 'class="limit"' not in html and 'theoretical maximum (' not in html
    client, html = _report('CLIENT', 'HTML')
    assert next(c for c in client['charts'] if c['id'] == 'throughput')['reference'] is not None
    assert 'class="limit"' in html and 'theoretical maximum (' in html
