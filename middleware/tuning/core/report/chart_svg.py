"""Draw a compare chart (``chart_data``, placed by ``chart_layout``) as inline SVG for the HTML report (pure).

``chart_svg(chart, width=WIDTH)`` → ``<svg role="img">`` with the chart in words as its accessible name, 12 px text,
the value printed after every mark, each mark's tooltip (``<title>``) with its interval, and the colours the chart
carries (the palette the panel uses too). Text, grid and limit carry a class (``ink``, ``muted``, ``grid``,
``limit``) besides their light colours, so the page's stylesheet gives them its theme's colours (``THEME_CSS``: the
HTML report's dark scheme); the series' colours read on both.
"""
from .chart_layout import FONT, chart_layout
from .svg import document, element, line, text, title

WIDTH = 760
INK, MUTED, GRID, LIMIT = '#1f2328', '#57606a', '#d0d7de', '#b3261e'
# A halo of the page's background around text: a grid or limit line crossing a name or value does not cut through it.
_TEXT = {'cls': 'ink', 'font_family': 'system-ui, sans-serif', 'font_size': FONT, 'fill': INK,
         'paint_order': 'stroke', 'stroke': '#fff', 'stroke_width': 3, 'stroke_linejoin': 'round'}
_MUTED = {**_TEXT, 'cls': 'muted', 'fill': MUTED}
# The chart's colours by class, for a page that themes them: custom properties it defines (with these fallbacks).
THEME_CSS = """
svg text.ink { fill: var(--chart-ink, #1f2328); stroke: var(--chart-halo, #fff); }
svg text.muted { fill: var(--chart-muted, #57606a); stroke: var(--chart-halo, #fff); }
svg text.limit { fill: var(--chart-limit, #b3261e); stroke: var(--chart-halo, #fff); }
svg line.ink, svg circle.ink { stroke: var(--chart-ink, #1f2328); }
svg line.grid { stroke: var(--chart-grid, #d0d7de); }
svg line.limit { stroke: var(--chart-limit, #b3261e); }
"""


def _whisker(row):
    w, y = row['whisker'], row['y']
    return ''.join((line(w['x1'], y, w['x2'], y, cls='ink', stroke=INK, stroke_width=1.3),
                    line(w['x1'], y - 4, w['x1'], y + 4, cls='ink', stroke=INK, stroke_width=1.3),
                    line(w['x2'], y - 4, w['x2'], y + 4, cls='ink', stroke=INK, stroke_width=1.3)))


def _row(row, layout, series, point):
    # the whole name: beside the mark, or on lines of its own above it
    parts = [text(row['label_x'], row['label_y'] + i * layout['line_height'], part, text_anchor=row['label_anchor'],
                  **_TEXT) for i, part in enumerate(row['label_lines'])]
    whisker = _whisker(row) if row['whisker'] is not None else ''
    drawn = row['bar_to'] is not None or row['dot_x'] is not None
    if row['bar_to'] is not None:  # the whisker over the bar, so its part inside the bar shows
        parts += [element('rect', {'x': layout['x0'], 'y': row['y'] - 6, 'width': row['bar_to'] - layout['x0'],
                                   'height': 12, 'fill': series['colour']}, title(point['title'])), whisker]
    elif row['dot_x'] is not None:  # the dot over the whisker: a narrow interval hides behind it, not struck through
        parts += [whisker, element('circle', {'cls': 'ink', 'cx': row['dot_x'], 'cy': row['y'], 'r': 5,
                                              'fill': series['colour'], 'stroke': INK, 'stroke_width': 0.8},
                                   title(point['title']))]
    parts.append(text(row['value_x'], row['y'] + 4, row['value'], **(_TEXT if drawn else _MUTED)))
    return ''.join(parts)


def chart_svg(chart, width=WIDTH):
    layout = chart_layout(chart, width)
    body = []
    for tick in layout['ticks']:
        body.append(line(tick['x'], layout['plot_top'], tick['x'], layout['plot_bottom'], cls='grid', stroke=GRID,
                         stroke_width=1))
        if tick['label'] is not None:
            body.append(text(tick['x'], layout['tick_y'], tick['label'], text_anchor='middle', **_TEXT))
    body.append(text(layout['axis_label_x'], layout['axis_label_y'], layout['axis_label'], text_anchor='middle',
                     **_MUTED))
    reference = layout['reference']
    if reference:  # before the marks: where the limit is below a bar, the bar hides the line, not the other way
        body.append(element('g', {'cls': 'limit'}, ''.join((
            line(reference['x'], reference['y1'], reference['x'], reference['y2'], cls='limit', stroke=LIMIT,
                 stroke_width=1.5, stroke_dasharray='6 4'),
            text(reference['x'], reference['label_y'], reference['label'], text_anchor=reference['anchor'],
                 **{**_TEXT, 'cls': 'limit', 'fill': LIMIT})))))
    for g, group in enumerate(layout['groups']):
        body.append(text(8, group['y'], group['label'], font_weight=600, **{**_TEXT, 'font_size': FONT + 1}))
        # rows in the chart's series order
        body += [_row(row, layout, series, series['points'][g]) for row, series in zip(group['rows'], chart['series'])]
    return document(width, layout['height'], ''.join(body), chart['description'])
