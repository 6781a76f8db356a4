"""The throughput chart on a 390 px phone (walk s9 G): it drew at 300 px in a 344 px card, its plot a third of the
screen behind a 100 px margin for values a third as long, and its tick labels greedily thinned to 0, 500, 1,500."""
from tuning.core.report.chart_data import compare_series
from tuning.core.report.chart_layout import CHAR, PAD, PANEL_WIDTHS, chart_layout

# a 390 px phone: the page's 8 px padding and the card's 14 px padding and 1 px border on each side
PHONE_CHART_AREA = 390 - 2 * 8 - 2 * (14 + 1)


def _stats(median, low, high):
    return {'n': 10, 'median': median * 1e6, 'ci_low': low * 1e6, 'ci_high': high * 1e6, 'ci_confidence': 0.979}


def _throughput():
    """The walk's two results: medians 1,417 / 903 MB/s and 1,186 / 733 MB/s, intervals up to 1,915 MB/s."""
    summaries = {1: {'SEQ_WRITE': {'write_bw_bytes': _stats(1417, 1214, 1915)},
                     'SEQ_READ': {'read_bw_bytes': _stats(903, 805, 1112)}},
                 2: {'SEQ_WRITE': {'write_bw_bytes': _stats(1186, 801, 1613)},
                     'SEQ_READ': {'read_bw_bytes': _stats(733, 708, 946)}}}
    drawing = compare_series([{'id': 1, 'label': 'baseline'}, {'id': 2, 'label': 'second'}], summaries, {}, None)
    return next(c for c in drawing['charts'] if c['id'] == 'throughput')


def test_a_390_px_phone_gets_a_layout_as_wide_as_its_card():
    fitting = [w for w in PANEL_WIDTHS if w <= PHONE_CHART_AREA]
    assert fitting[-1] >= PHONE_CHART_AREA - 10


def test_the_plot_takes_the_width_the_values_leave():
    chart = _throughput()
    for width in PANEL_WIDTHS:
        layout = chart_layout(chart, width)
        longest = len('1,417 MB/s') * CHAR
        assert layout['x1'] >= width - PAD - longest - 5          # not a fixed 100 px margin
        values = [row for group in layout['groups'] for row in group['rows']]
        assert all(row['value_x'] + len(row['value']) * CHAR <= width + 1 for row in values)   # still whole


def test_tick_labels_are_thinned_evenly_and_keep_the_round_figures():
    chart = _throughput()
    for width in PANEL_WIDTHS:
        labels = [t['label'] for t in chart_layout(chart, width)['ticks']]
        assert '1,000' in labels and labels[0] == '0', (width, labels)
        shown = [i for i, label in enumerate(labels) if label]
        steps = {b - a for a, b in zip(shown, shown[1:])}
        assert len(steps) == 1, (width, labels)                   # 0, 1,000, 2,000: never 0, 500, 1,500
    assert [t['label'] for t in chart_layout(chart, 340)['ticks']] == ['0', '500', '1,000', '1,500', '2,000']
