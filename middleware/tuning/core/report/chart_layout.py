"""Where each mark of a compare chart goes (pure geometry, the one implementation: ``chart_svg`` draws it in the
report, and ``tuning.benchmark.compare`` hands it to the panel, which draws what it is given).

``chart_layout(chart, width)`` → ``{width, height, x0, x1, plot_top, plot_bottom, ticks, tick_y, axis_label,
axis_label_x, axis_label_y, line_height, groups, reference, bar}`` for a ``chart_data`` chart, in px at ``width``.
Horizontal marks, one row per result (in the chart's series order) under each group's name, so long names and many
groups stay readable at any width: the mark (a bar from ``x0`` to ``bar_to`` on a linear axis, a dot at ``dot_x`` on
a logarithmic one) with its interval as a whisker, and the value printed just after the mark, in a margin kept free
for it. A result's name is never cut: beside its mark when the longest name fits in 40 % of the width (the margin
widens to it), else on a line of its own above the mark, wrapped onto more lines (``line_height`` apart) at spaces
when it is wider than the picture (``label_lines``). The limit (theoretical maximum) is a dashed vertical line whose
label sits in a band above the plot, where it cannot cover a mark. Tick labels that would touch their neighbour are
left out evenly (every second one, third…), and the margin for the values is what the longest one takes, so the
plot has the rest of the width. Positions are rounded to 0.01 px (what an SVG attribute carries).

``panel_layouts(charts, client_measured, widths=PANEL_WIDTHS)`` → ``{chart id: [layout at each of widths]}``, what
the panel draws (it may ask for only the widths it can show: each layout is a few kilobytes to build, check and send
on the loop that serves every client).
Which names fit beside their marks, how they wrap and which tick labels show depend on the width, and the panel's
text must stay 12 px on a phone (a layout scaled down to a 390 px screen would shrink it to 6 px): so the server
lays out at a ladder of widths, each about 15 % wider than the last, and the panel draws the widest that fits its
card, unscaled; turning a phone picks another with no round trip. The network line stands only beside results
a client measured over the network: a figure measured on the box, or on a client's own disk, never crossed the link.
"""
import math

FONT = 12           # px: axis, names and values (≥ 11 px stays readable)
CHAR = 6.8          # px: a generous average character width at FONT, to clip names and space ticks
PAD = 8
VALUE_ROOM = 100    # px kept right of the plot at most for the printed values ("123,456 IOPS"): less when shorter
DOT_RADIUS = 6      # px from a dot's centre to where its value may start (less 4 of the value's own gap)
GROUP_HEAD = 22
ROW = 20
GROUP_GAP = 6
REFERENCE_BAND = 20
AXIS_ROOM = 44
SIDE_LABEL_SHARE = 0.4   # names up to this share of the width sit beside their marks; longer ones go above
LABEL_LINE = 14          # px per line of a name above its mark
# The panel's widths: below 300 px names and values no longer fit; above 900 px rows get hard to follow. 340: the
# chart card of a 390 px phone (344 px) draws at 340, not at 300 beside 44 px of nothing.
PANEL_WIDTHS = (300, 340, 400, 460, 530, 610, 700, 800, 900)


def clip(text, room):
    """``text`` cut to ``room`` px with an ellipsis."""
    fits = max(1, math.floor(room / CHAR))
    return text if len(text) <= fits else text[:max(1, fits - 1)] + '…'


def _round(x):
    """Half up, as JavaScript's Math.round (the panel's layout): Python's round() rounds half to even."""
    return math.floor(x + 0.5)


def wrap(text, room):
    """``text`` as lines of at most ``room`` px, broken at spaces (a word longer than a line is broken inside it);
    nothing is left out."""
    fits = max(1, math.floor(room / CHAR))
    lines, line = [], ''
    for word in text.split(' '):
        while len(word) > fits:          # a word wider than a line: as much as fits, the rest on the next
            if line:
                lines.append(line)
                line = ''
            lines.append(word[:fits])
            word = word[fits:]
        if line and len(line) + 1 + len(word) > fits:
            lines.append(line)
            line = word
        else:
            line = f'{line} {word}' if line else word
    return lines + [line] if line or not lines else lines


def _px(x):
    return round(x, 2)


def _scale(chart, x0, x1):
    low, high = chart['axis']['low'], chart['axis']['high']
    if chart['scale'] == 'LOG':
        span = math.log10(high) - math.log10(low)
        return lambda v: x0 + (math.log10(min(max(v, low), high)) - math.log10(low)) / span * (x1 - x0)
    return lambda v: x0 + (min(max(v, low), high) - low) / ((high - low) or 1) * (x1 - x0)


def _labels_fit(places):
    """Whether labels ``[(x, label)]``, each centred on its x, keep 6 px apart."""
    edges = [(at - len(label) * CHAR / 2, at + len(label) * CHAR / 2) for at, label in places]
    return all(b_left >= a_right + 6 for (_, a_right), (b_left, _) in zip(edges, edges[1:]))


def _ticks(chart, x):
    """Every grid line; the labels of every tick if they fit, else of every second (third…) one from the first,
    so the labels shown stay evenly spaced round figures (0, 1,000, 2,000; not 0, 500, 1,500 when 1,000 would touch
    500's label)."""
    ticks = [(x(t['value']), t['label']) for t in chart['axis']['ticks']]
    step = next((k for k in range(1, len(ticks) + 1) if _labels_fit(ticks[::k])), len(ticks) or 1)
    return [{'x': _px(at), 'label': label if i % step == 0 else None} for i, (at, label) in enumerate(ticks)]


def _value_room(chart):
    """The room right of the plot the printed values need: a value follows its mark or whisker, which may end at
    the plot's right edge (a dot's value starts past the dot). Kept to what this chart's values take, so on a phone
    the plot, not an empty margin, has the width."""
    texts = [p['text'] for s in chart['series'] for p in s['points'] if p is not None and p['plotted']]
    if not texts:
        return 0
    past_mark = 4 + (0 if chart['kind'] == 'BAR' else DOT_RADIUS)
    return min(VALUE_ROOM, math.ceil(max(len(t) for t in texts) * CHAR) + past_mark)


def chart_layout(chart, width):
    longest = max((len(s['label']) for s in chart['series']), default=0) * CHAR
    above = longest > _round(width * SIDE_LABEL_SHARE)
    label_room = 0 if above else max(40, math.ceil(longest))
    x0 = PAD + label_room + (0 if above else 6)
    ticks = chart['axis']['ticks']
    if ticks:   # the first tick's label is centred on it, at x0 or right of it: whole, not cut at the picture's edge
        x0 = max(x0, math.ceil(len(ticks[0]['label']) * CHAR / 2) + 2)
    x1 = max(x0 + 40, width - PAD - _value_room(chart))
    x = _scale(chart, x0, x1)
    bar = chart['kind'] == 'BAR'
    top = PAD + (REFERENCE_BAND if chart.get('reference') else 0)
    y = top
    groups = []
    for g, group in enumerate(chart['groups']):
        head = y + 15
        y += GROUP_HEAD
        rows = []
        for series in chart['series']:
            point = series['points'][g]
            lines = wrap(series['label'], width - 2 * PAD) if above else [series['label']]
            label_y = y + (LABEL_LINE - 3 if above else ROW / 2 + 4)
            y += LABEL_LINE * len(lines) if above else 0
            centre = y + ROW / 2
            row = {'label_lines': lines, 'label_x': PAD if above else PAD + label_room,
                   'label_anchor': 'start' if above else 'end', 'label_y': label_y, 'y': centre,
                   'bar_to': None, 'dot_x': None, 'whisker': None,
                   'value_x': x0 + 4, 'value': 'not measured' if point is None else point['text']}
            if point is not None and point['plotted']:
                at = x(point['median'])
                if bar:
                    row['bar_to'] = _px(max(x0, at))
                else:
                    row['dot_x'] = _px(at)
                end = at if bar else at + DOT_RADIUS
                if point['whisker']:
                    low, high = (x(v) for v in point['whisker'])
                    row['whisker'] = {'x1': _px(low), 'x2': _px(high)}
                    end = max(end, high)
                row['value_x'] = _px(end + 4)
            elif point is not None:
                row['value'] = f'{point["text"]} (not on the axis)'
            rows.append(row)
            y += ROW
        groups.append({'label': clip(group['label'], width - 2 * PAD), 'y': head, 'rows': rows})
        y += GROUP_GAP
    bottom = y
    reference = None
    if chart.get('reference'):
        ref = chart['reference']
        at = x(ref['value'])
        right = at > (x0 + x1) / 2
        room = (at - PAD) if right else (width - PAD - at)
        reference = {'x': _px(at), 'y1': top - 4, 'y2': bottom, 'label_y': PAD + 12,
                     'anchor': 'end' if right else 'start', 'label': clip(f'{ref["text"]}: {ref["label"]}', room)}
    return {'width': width, 'height': bottom + AXIS_ROOM, 'x0': x0, 'x1': x1, 'plot_top': top, 'plot_bottom': bottom,
            'ticks': _ticks(chart, x), 'tick_y': bottom + 16, 'axis_label': chart['axis_label'],
            'axis_label_x': _px((x0 + x1) / 2), 'axis_label_y': bottom + 36, 'line_height': LABEL_LINE,
            'groups': groups, 'reference': reference, 'bar': bar}


def measured_on_a_client(results) -> bool:
    """Whether any of the stored ``results`` was measured by a client over the network: the only results the network
    line stands beside (a client measuring its own disk, protocol LOCAL, moved nothing over the link)."""
    return any(r.get('source') == 'CLIENT'
               and ((r.get('context') or {}).get('target') or {}).get('protocol') != 'LOCAL' for r in results)


def as_drawn(chart, client_measured):
    """``chart`` as the panel and the report draw it: the network line (``reference``) only beside client-measured
    results, and then the chart's words do not name it either."""
    ref = chart.get('reference')
    if client_measured or not ref:
        return chart
    limit = f'; {ref["label"]} {ref["text"]}.'   # as chart_data._chart ends the description
    words = chart['description']
    return {**chart, 'reference': None,
            'description': words[:-len(limit)] + '.' if words.endswith(limit) else words}


def panel_layouts(charts, client_measured, widths=PANEL_WIDTHS):
    """Each chart laid out at each of ``widths`` (of ``PANEL_WIDTHS``, narrowest first), as drawn (``as_drawn``)."""
    widths = sorted(set(widths))
    return {chart['id']: [chart_layout(as_drawn(chart, client_measured), width) for width in widths]
            for chart in charts}
