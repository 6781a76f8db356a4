"""Draw a compare chart (``chart_data``, placed by ``chart_layout``) as inline SVG for the HTML report (pure).

``chart_svg(chart, width=WIDTH)`` → ``<svg role="img">`` with the chart in words as its accessible name, 12 px text,
the value printed after every mark, each mark's tooltip (``<title>``) with its interval, and the colours the chart
carries (the palette the panel uses too).
"""
from .chart_layout import FONT, chart_layout
from .svg import document, element, line, text, title

WIDTH = 760
INK, MUTED, GRID, LIMIT = '#1f2328', '#57606a', '#d0d7de', '#b3261e'
# A halo of the page's white around text: a grid or limit line crossing a name or value does not cut through it.
_TEXT = {'font_family': 'system-ui, sans-serif', 'font_size': FONT, 'fill': INK, 'paint_order': 'stroke',
         'stroke': '#fff', 'stroke_width': 3, 'stroke_linejoin': 'round'}


def _whisker(row):
    w, y = row['whisker'], row['y']
    return ''.join((line(w['x1'], y, w['x2'], y, stroke=INK, stroke_width=1.3),
                    line(w['x1'], y - 4, w['x1'], y + 4, stroke=INK, stroke_width=1.3),
                    line(w['x2'], y - 4, w['x2'], y + 4, stroke=INK, stroke_width=1.3)))


def _row(row, layout):
    parts = [text(row['label_x'], row['y'] + 4, row['label'], text_anchor='end', **_TEXT)]
    point = row['point']
    whisker = _whisker(row) if row['whisker'] is not None else ''
    if row['mark'] is not None:
        tip = title(point['title'])
        if layout['bar']:  # the whisker over the bar, so its part inside the bar shows
            parts += [element('rect', {'x': row['mark']['x'], 'y': row['y'] - 6, 'width': row['mark']['width'],
                                       'height': 12, 'fill': row['colour']}, tip), whisker]
        else:  # the dot over the whisker: a narrow interval hides behind it instead of striking it through
            parts += [whisker, element('circle', {'cx': row['mark']['cx'], 'cy': row['y'], 'r': 5,
                                                  'fill': row['colour'], 'stroke': INK, 'stroke_width': 0.8}, tip)]
    parts.append(text(row['value_x'], row['y'] + 4, row['value'],
                      **{**_TEXT, 'fill': INK if row['mark'] is not None else MUTED}))
    return ''.join(parts)


def chart_svg(chart, width=WIDTH):
    layout = chart_layout(chart, width)
    body = []
    for tick in layout['ticks']:
        body.append(line(tick['x'], layout['plot_top'], tick['x'], layout['plot_bottom'], stroke=GRID, stroke_width=1))
        if tick['label'] is not None:
            body.append(text(tick['x'], layout['tick_y'], tick['label'], text_anchor='middle', **_TEXT))
    body.append(text(layout['axis_label_x'], layout['axis_label_y'], layout['axis_label'], text_anchor='middle',
                     **{**_TEXT, 'fill': MUTED}))
    reference = layout['reference']
    if reference:  # before the marks: where the limit is below a bar, the bar hides the line, not the other way

        body.append(element('g', {'cls': 'limit'}, ''.join((
            line(reference['x'], reference['y1'], reference['x'], reference['y2'], stroke=LIMIT, stroke_width=1.5,
                 stroke_dasharray='6 4'),
            text(reference['x'], reference['label_y'], reference['label'], text_anchor=reference['anchor'],
                 **{**_TEXT, 'fill': LIMIT})))))
    for group in layout['groups']:
        body.append(text(8, group['y'], group['label'], font_weight=600, **{**_TEXT, 'font_size': FONT + 1}))
        body += [_row(row, layout) for row in group['rows']]
    return document(width, layout['height'], ''.join(body), chart['description'])
