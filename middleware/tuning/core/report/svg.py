"""Small SVG toolkit for the report's charts (pure, stdlib only).

Why hand-written: the charts must be drawn where the plugin runs, with what TrueNAS ships or what the plugin bundles.
The Python packages TrueNAS 25.10 ships (pydantic, aiohttp, cryptography, SQLAlchemy, Mako, ...) include no charting
library, and bundling one would carry a large dependency tree into the appliance for a few bar charts (matplotlib
needs numpy and compiled extensions; the pure-Python ones are unmaintained or pull in their own renderers). What the
report needs is small and fully testable: "nice" linear ticks, decade ticks for a logarithmic axis, elements and
escaped text (``chart_layout`` places the marks).

- ``escape(text)``: text and attribute values, escaped for XML (``<``, ``>``, ``&``, quotes).
- ``nice_ticks(low, high, count=5)`` → tick values at 1/2/5 × 10^k steps covering [low, high], starting at or below
  ``low``; ``log_ticks(low, high)`` → the powers of ten covering [low, high] (and 2× and 5× between them when the
  range spans fewer than three decades).
- Elements as strings: ``element(tag, attrs, body='')``, ``line``, ``text``, ``title``, ``document(width, height,
  body, label)`` (an inline ``<svg>``). Attribute keywords map to SVG names (``stroke_width`` → ``stroke-width``,
  ``cls`` → ``class``). Numbers are written with two decimals at most.
"""
import math
from xml.sax.saxutils import escape as _xml_escape

_ATTR_ENTITIES = {'"': '&quot;', "'": '&#x27;'}


def escape(text):
    return _xml_escape(str(text), _ATTR_ENTITIES)


def _num(x):
    if isinstance(x, float):
        text = f'{x:.2f}'.rstrip('0').rstrip('.')
        return text if text not in ('-0', '') else '0'
    return str(x)


def nice_step(span, count):
    """A 1, 2 or 5 × 10^k step giving about ``count`` intervals over ``span``."""
    if span <= 0:
        return 1.0
    raw = span / max(1, count)
    magnitude = 10 ** math.floor(math.log10(raw))
    for factor in (1, 2, 5, 10):
        if factor * magnitude >= raw:
            return factor * magnitude
    return 10 * magnitude


def nice_ticks(low, high, count=5):
    if high < low:
        raise ValueError('high must not be below low')
    if high == low:
        high = low + 1
    step = nice_step(high - low, count)
    first = math.floor(low / step) * step
    ticks, i = [], 0
    while True:
        value = round(first + i * step, 12)
        ticks.append(value)
        if value >= high:
            return ticks
        i += 1


def log_ticks(low, high):
    if not (0 < low < high):
        raise ValueError('log ticks need 0 < low < high')
    first, last = math.floor(math.log10(low)), math.ceil(math.log10(high))
    decades = [10.0 ** k for k in range(first, last + 1)]
    if last - first >= 3:
        return decades
    out = []
    for d in decades:
        out += [d * f for f in (1, 2, 5)]
    return [t for t in out if 10.0 ** first <= t <= 10.0 ** last]


def _attr_name(key):
    # Python names for SVG attributes: stroke_width → stroke-width, cls → class
    return 'class' if key == 'cls' else key.replace('_', '-')


def element(tag, attrs, body=''):
    rendered = ''.join(f' {_attr_name(k)}="{escape(_num(v))}"' for k, v in attrs.items() if v is not None)
    if body == '':
        return f'<{tag}{rendered}/>'
    return f'<{tag}{rendered}>{body}</{tag}>'


def line(x1, y1, x2, y2, **attrs):
    return element('line', {'x1': x1, 'y1': y1, 'x2': x2, 'y2': y2, **attrs})


def text(x, y, content, **attrs):
    return element('text', {'x': x, 'y': y, **attrs}, escape(content))


def title(content):
    """A tooltip / accessible name for the enclosing element."""
    return f'<title>{escape(content)}</title>'


def document(width, height, body, label):
    # No xmlns: the charts are inline in HTML, where the parser puts <svg> in the SVG namespace by itself.
    return (f'<svg viewBox="0 0 {_num(width)} {_num(height)}" '
            f'width="{_num(width)}" height="{_num(height)}" role="img" aria-label="{escape(label)}">'
            f'{title(label)}{body}</svg>')
