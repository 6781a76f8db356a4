import math

import pytest

from tuning.core.report import svg
from tuning.core.report.chart_svg import grouped_bar_chart
from tuning.core.report.numbers import format_tick, format_value


def test_log_ticks_are_decades_or_1_2_5_steps():
    assert svg.log_ticks(1, 1e6) == [1, 10, 100, 1e3, 1e4, 1e5, 1e6]
    assert svg.log_ticks(30, 900) == [10, 20, 50, 100, 200, 500, 1000]  # two decades: 1-2-5 steps
    assert svg.log_ticks(30, 2000) == [10, 100, 1000, 10000]  # three or more: decades only
    assert svg.log_ticks(0.05, 0.5) == pytest.approx([0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1.0])
    with pytest.raises(ValueError):
        svg.log_ticks(0, 10)


def test_log_scale_maps_decades_evenly_and_clamps_below_the_axis():
    scale = svg.LogScale(2_000, 800_000, 300, 0)  # widened to whole decades: 1e3 … 1e6
    assert (scale.low, scale.high) == (1e3, 1e6)
    assert scale(1e3) == 300 and scale(1e6) == 0
    assert scale(1e4) == pytest.approx(200) and scale(1e5) == pytest.approx(100)
    assert scale(0) == 300  # a zero bar sits on the axis instead of failing
    assert scale.ticks() == [1e3, 1e4, 1e5, 1e6]


def test_nice_linear_ticks_cover_the_range():
    assert svg.nice_ticks(0, 6440) == [0, 2000, 4000, 6000, 8000]
    assert svg.nice_ticks(0, 1.0) == [0, 0.2, 0.4, 0.6, 0.8, 1.0]
    scale = svg.LinearScale(0, 95, 200, 0)
    assert scale.ticks()[-1] >= 95 and scale(0) == 200 and scale(scale.high) == 0


def test_tick_and_value_labels():
    assert [format_tick(t) for t in (1e6, 200, 0.5, 0.01)] == ['1,000,000', '200', '0.5', '0.01']
    assert format_value(412_345_678, 'B/s') == '412 MB/s'
    assert format_value(85_200, 'ns') == '85.2 µs' and format_value(2_150_000, 'ns') == '2.15 ms'
    assert format_value(None, 'IO/s') == 'unknown'


def test_text_is_escaped_in_content_and_attributes():
    assert svg.text(0, 0, '<b>&"\'') == '<text x="0" y="0">&lt;b&gt;&amp;&quot;&#x27;</text>'
    assert svg.rect(1, 2, 3, 4, fill='"><script>') .count('<') == 1


def _chart(scale, values, reference=None):
    return {'id': 'c', 'title': 'T <x>', 'unit': 'IO/s', 'scale': scale,
            'groups': [{'test': 'RAND_READ_4K', 'metric': 'read_iops', 'label': 'Random read'}],
            'series': [{'configuration_id': i, 'label': f's{i}', 'points': [p]} for i, p in enumerate(values)],
            'reference': reference}


def test_bar_chart_draws_bars_error_bars_reference_and_gaps():
    point = {'median': 1000.0, 'ci_low': 900.0, 'ci_high': 1100.0}
    out = grouped_bar_chart(_chart('LOG', [point, None, {'median': 0, 'ci_low': 0, 'ci_high': 0}],
                                   reference={'value': 5000.0, 'label': 'max'}), ['#111', '#222', '#333'])
    assert out.startswith('<svg ') and out.endswith('</svg>')
    assert out.count('fill="#111"') == 2  # legend swatch + bar
    assert out.count('>n/a<') == 2  # missing and zero-on-log
    assert 'stroke-dasharray="6 4"' in out and 'max (5,000 IOPS)' in out
    assert 'aria-label="T &lt;x&gt;"' in out
    assert '>1,000<' in out and '>10,000<' in out  # log ticks


def test_linear_chart_starts_at_zero():
    out = grouped_bar_chart(_chart('LINEAR', [{'median': 50.0, 'ci_low': 40.0, 'ci_high': 60.0}]), ['#111'])
    assert '>0<' in out and '>60<' in out
    assert not math.isnan(len(out))
