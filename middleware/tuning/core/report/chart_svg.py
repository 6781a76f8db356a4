"""Draw a report chart (``chart_data``) as inline SVG (pure; primitives from ``svg``).

``grouped_bar_chart(chart, colours)`` → ``<svg>`` text: one group of bars per ``chart['groups']`` entry, one bar per
configuration (``colours[i]`` for series i), the median as the bar, the confidence interval of the median as an
error bar, the reference value (theoretical maximum) as a dashed line, a legend, and axis ticks: "nice" linear ticks
or decade ticks on a logarithmic axis, labelled in readable units (MB/s, IOPS, µs). A missing figure leaves a gap
marked "n/a"; on a log axis a zero figure cannot be drawn and is marked the same way.
"""
from .numbers import display_unit, format_tick, format_value
from .svg import LinearScale, LogScale, document, element, error_bar, line, rect, text, title

WIDTH = 720
LEFT, RIGHT, BOTTOM = 64, 16, 44
PLOT_HEIGHT = 220
LEGEND_ROW = 18
FONT = {'font_family': 'sans-serif', 'font_size': 11, 'fill': '#222'}


def _drawable(value, log):
    return value is not None and (value > 0 if log else True)


def _extent(chart, factor, log):
    values = []
    for series in chart['series']:
        for p in series['points']:
            if p is None:
                continue
            values += [v / factor for v in (p['median'], p['ci_low'], p['ci_high']) if _drawable(v, log)]
    if chart.get('reference'):
        values.append(chart['reference']['value'] / factor)
    if not values:
        return (1.0, 10.0) if log else (0.0, 1.0)
    return (min(values), max(values)) if log else (0.0, max(values) * 1.05)


def _legend(series, colours, per_row):
    parts = []
    for i, s in enumerate(series):
        x = LEFT + (i % per_row) * ((WIDTH - LEFT - RIGHT) / per_row)
        y = 8 + (i // per_row) * LEGEND_ROW
        parts.append(rect(x, y, 10, 10, fill=colours[i % len(colours)]))
        parts.append(text(x + 14, y + 9, s['label'][:40], **FONT))
    return ''.join(parts)


def grouped_bar_chart(chart, colours):
    log = chart['scale'] == 'LOG'
    factor, unit_label = display_unit(chart['unit'])
    per_row = 3
    top = 8 + LEGEND_ROW * ((len(chart['series']) + per_row - 1) // per_row) + 10
    bottom = top + PLOT_HEIGHT
    height = bottom + BOTTOM
    low, high = _extent(chart, factor, log)
    scale = LogScale(low, high, bottom, top) if log else LinearScale(low, high, bottom, top)
    body = [_legend(chart['series'], colours, per_row)]
    for tick in scale.ticks():
        y = scale(tick)
        body.append(line(LEFT, y, WIDTH - RIGHT, y, stroke='#ddd', stroke_width=1))
        body.append(text(LEFT - 6, y + 4, format_tick(tick), text_anchor='end', **FONT))
    body.append(text(14, (top + bottom) / 2, unit_label, text_anchor='middle',
                     transform=f'rotate(-90 14 {(top + bottom) / 2:.1f})', **FONT))
    body.append(line(LEFT, bottom, WIDTH - RIGHT, bottom, stroke='#444', stroke_width=1))
    groups, series = chart['groups'], chart['series']
    group_width = (WIDTH - LEFT - RIGHT) / len(groups)
    bar_width = group_width * 0.8 / max(1, len(series))
    for g, group in enumerate(groups):
        gx = LEFT + g * group_width
        for s, ser in enumerate(series):
            point = ser['points'][g]
            x = gx + group_width * 0.1 + s * bar_width
            centre = x + bar_width / 2
            if point is None or not _drawable(point['median'], log):
                body.append(text(centre, bottom - 4, 'n/a', text_anchor='middle', **{**FONT, 'font_size': 9}))
                continue
            y = scale(point['median'] / factor)
            unit = chart['unit']
            tip = f'{ser["label"]} · {group["label"]}: {format_value(point["median"], unit)} ' + (
                f'(CI {format_value(point["ci_low"], unit)} – {format_value(point["ci_high"], unit)})'
                if point['ci_low'] is not None and point['ci_high'] is not None else '(no interval: too few runs)')
            body.append(element('rect', {'x': x + 1, 'y': y, 'width': max(0.0, bar_width - 2),
                                         'height': max(0.0, bottom - y), 'fill': colours[s % len(colours)]},
                                title(tip)))
            if _drawable(point['ci_low'], log) and _drawable(point['ci_high'], log):
                body.append(error_bar(centre, scale(point['ci_low'] / factor), scale(point['ci_high'] / factor),
                                      cap=min(4, bar_width / 3), stroke='#111', stroke_width=1.2))
        body.append(text(gx + group_width / 2, bottom + 16, group['label'], text_anchor='middle', **FONT))
    reference = chart.get('reference')
    if reference:
        y = scale(reference['value'] / factor)
        body.append(line(LEFT, y, WIDTH - RIGHT, y, stroke='#b00020', stroke_width=1.5, stroke_dasharray='6 4'))
        caption = f'{reference["label"][:90]} ({format_value(reference["value"], chart["unit"])})'
        body.append(text(WIDTH - RIGHT, y - 4, caption, text_anchor='end', paint_order='stroke', stroke='#fff',
                         stroke_width=3, **{**FONT, 'fill': '#b00020', 'font_size': 10}))
    return document(WIDTH, height, ''.join(body), chart['title'])
