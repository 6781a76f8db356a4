import pytest

from tuning.core.report import svg
from tuning.core.report.chart_layout import CHAR, LABEL_LINE, PANEL_WIDTHS, chart_layout, clip, panel_layouts, wrap
from tuning.core.report.chart_svg import chart_svg
from tuning.core.report.numbers import format_tick, format_value

from .test_chart_data import MAX, _pair, _series


def test_log_ticks_are_decades_or_1_2_5_steps():
    assert svg.log_ticks(1, 1e6) == [1, 10, 100, 1e3, 1e4, 1e5, 1e6]
    assert svg.log_ticks(30, 900) == [10, 20, 50, 100, 200, 500, 1000]  # two decades: 1-2-5 steps
    assert svg.log_ticks(30, 2000) == [10, 100, 1000, 10000]  # three or more: decades only
    assert svg.log_ticks(0.05, 0.5) == pytest.approx([0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1.0])
    with pytest.raises(ValueError):
        svg.log_ticks(0, 10)


def test_nice_linear_ticks_cover_the_range():
    assert svg.nice_ticks(0, 6440) == [0, 2000, 4000, 6000, 8000]
    assert svg.nice_ticks(0, 1.0) == [0, 0.2, 0.4, 0.6, 0.8, 1.0]


def test_tick_and_value_labels():
    assert [format_tick(t) for t in (1e6, 200, 0.5, 0.01)] == ['1,000,000', '200', '0.5', '0.01']
    assert format_value(412_345_678, 'B/s') == '412 MB/s'
    assert format_value(85_200, 'ns') == '85.2 µs' and format_value(2_150_000, 'ns') == '2.15 ms'
    assert format_value(None, 'IO/s') == 'unknown'


def test_text_is_escaped_in_content_and_attributes():
    assert svg.text(0, 0, '<b>&"\'') == '<text x="0" y="0">&lt;b&gt;&amp;&quot;&#x27;</text>'
    assert svg.line(1, 2, 3, 4, stroke='"><script>').count('<') == 1


def _charts(theoretical_max=MAX, runs=6):
    return {c['id']: c for c in _series(*_pairs(runs), theoretical_max=theoretical_max)['charts']}


def _pairs(runs):
    before, after = _pair(runs=runs)
    return before, [after]


def test_the_limit_label_sits_above_every_mark_and_its_line_spans_the_plot():
    chart = _charts()['throughput']
    layout = chart_layout(chart, 760)
    ref = layout['reference']
    first_mark_top = min(row['y'] - 6 for g in layout['groups'] for row in g['rows'])
    assert ref['label_y'] < layout['plot_top'] <= first_mark_top
    assert (ref['y1'], ref['y2']) == (layout['plot_top'] - 4, layout['plot_bottom'])
    assert layout['x0'] < ref['x'] <= layout['x1']
    assert ref['anchor'] == 'end' and ref['label'].startswith('1,250 MB/s: theoretical maximum')


def test_values_are_printed_after_the_mark_and_its_whisker_inside_the_picture():
    for chart in _charts().values():
        layout = chart_layout(chart, 760)
        for group in layout['groups']:
            for row in group['rows']:
                if row['bar_to'] is None and row['dot_x'] is None:
                    continue
                assert (row['dot_x'] if layout['bar'] else row['bar_to']) is None   # bars or dots, never both
                end = row['bar_to'] if layout['bar'] else row['dot_x'] + 6
                assert row['value_x'] >= end + 4
                if row['whisker']:
                    assert row['value_x'] >= row['whisker']['x2'] + 4
                assert row['value_x'] + len(row['value']) * CHAR <= 760 + 1


def test_narrow_pictures_drop_touching_tick_labels():
    chart = _charts()['latency_RAND_READ_4K_read']
    layout = chart_layout(chart, 320)
    labels = [t for t in layout['ticks'] if t['label']]
    assert len(labels) < len(layout['ticks'])  # 1-2-5 ticks over two decades do not all fit in 320 px
    for a, b in zip(labels, labels[1:]):
        assert b['x'] - len(b['label']) * CHAR / 2 >= a['x'] + len(a['label']) * CHAR / 2 + 6
    assert clip('a very long configuration label indeed', 83) == 'a very long…'   # group and limit labels only


def test_every_result_name_stays_whole_beside_its_mark_or_on_a_line_above_it():
    long = 'baseline (max-sequential-write on tank/media, 3 rounds)'
    base = _charts()['throughput']
    named = {**base, 'series': [{**s, 'label': long} if i == 0 else s for i, s in enumerate(base['series'])]}
    wide = chart_layout(named, 1600)
    first = wide['groups'][0]['rows'][0]
    assert (first['label_lines'], first['label_anchor']) == ([long], 'end')
    assert wide['x0'] >= len(long) * CHAR
    rows = chart_layout(named, 600)['groups'][0]['rows']
    assert rows[0]['label_lines'] == [long]
    assert all(r['label_anchor'] == 'start' and r['label_y'] < r['y'] - 6 for r in rows)
    assert not any(line.endswith('…') for g in chart_layout(named, 600)['groups'] for r in g['rows']
                   for line in r['label_lines'])


def test_a_name_wider_than_the_picture_wraps_onto_more_lines_and_the_rows_make_room():
    base = _charts()['throughput']
    long = 'Campaign 12 · round 3 · My own preset for the backup share with a very long name indeed'
    named = {**base, 'series': [{**s, 'label': long} for s in base['series']]}
    layout = chart_layout(named, 320)
    rows = [r for g in layout['groups'] for r in g['rows']]
    for row in rows:
        assert len(row['label_lines']) > 1 and ' '.join(row['label_lines']) == long   # nothing left out
        assert all(len(line) * CHAR <= 320 - 16 for line in row['label_lines'])
        last_line = row['label_y'] + (len(row['label_lines']) - 1) * LABEL_LINE
        assert last_line < row['y'] - 6                                         # all above its own mark
    assert all(b['label_y'] > a['y'] + 6 for a, b in zip(rows, rows[1:]))     # and below the previous one
    drawn = chart_svg(named, 320)
    assert all(f'>{svg.escape(line)}<' in drawn for line in rows[0]['label_lines'])
    assert wrap('one two three', 6 * CHAR) == ['one', 'two', 'three'] and wrap('abcdefgh', 4 * CHAR) == [
        'abcd', 'efgh']


def test_svg_is_an_image_named_by_its_words_with_bars_or_dots():
    charts = _charts()
    bars = chart_svg(charts['throughput'])
    assert bars.startswith('<svg ') and 'role="img"' in bars
    assert f'aria-label="{svg.escape(charts["throughput"]["description"])}"' in bars
    assert bars.count('<rect') == 2 and '<circle' not in bars and 'stroke-dasharray="6 4"' in bars
    assert '>480 MB/s<' in bars and 'font-size="12"' in bars and 'font-size="7"' not in bars
    dots = chart_svg(charts['iops'])
    assert '<rect' not in dots and dots.count('<circle') == 6  # 2 × 4 groups less the two zeros (sync write)
    assert '>0 IOPS (not on the axis)<' in dots and '>100k<' in dots


def test_a_missing_figure_says_not_measured():
    charts = _charts()
    chart = charts['throughput']
    gap = {**chart, 'series': [chart['series'][0], {**chart['series'][1], 'points': [None]}]}
    assert '>not measured<' in chart_svg(gap)
