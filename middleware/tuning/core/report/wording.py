"""Shared words for the HTML and Markdown reports (pure): how a cell, a verdict, a change read.

- ``VERDICT_WORDS``: BETTER → "better", WORSE → "worse", NO_CHANGE → "no meaningful change", INCONCLUSIVE → "inconclusive",
  INSUFFICIENT_RUNS → "too few runs".
- ``median_text(cell, unit)`` → "412 MB/s"; ``ci_text(cell, unit)`` → "CI 398 – 420 MB/s (93.8 %)";
  ``range_text(low, high, unit)`` → "398 – 420 MB/s".
- ``change_text(cell)`` → "+12.3 % (+8.1 % … +15.0 %), p 0.008", "too few runs for a verdict (need 5 per side)"
  when the runs cannot reach one (no interval, no p), or ``None`` when the cell has no comparison.
- ``ci_text`` of a median without interval (fewer than 3 runs) → "no interval from 1 run".
- ``setting_value(v)`` → the value, or "absent" for ``None``.
"""
from .numbers import format_change, format_p, format_ratio_ci, format_value

VERDICT_WORDS = {'BETTER': 'better', 'WORSE': 'worse', 'NO_CHANGE': 'no meaningful change',
                 'INCONCLUSIVE': 'inconclusive', 'INSUFFICIENT_RUNS': 'too few runs'}
BASIS_WORDS = {
    'SNAPSHOT': 'from the settings snapshots recorded with each result',
    'GIVEN': 'as recorded by the campaign that applied it',
    'UNKNOWN': 'unknown: one of the results does not record its settings (imported results do not)',
}


def median_text(cell, unit):
    return format_value(cell['median'], unit)


def range_text(low, high, unit):
    """'62,552 – 65,105 IOPS' (the unit said once when both ends share it), '85.2 µs – 1.10 ms' otherwise."""
    a, b = format_value(low, unit), format_value(high, unit)
    a_number, _, a_unit = a.rpartition(' ')
    b_number, _, b_unit = b.rpartition(' ')
    if a_unit == b_unit and a_number and b_number:
        return f'{a_number} – {b_number} {a_unit}'
    return f'{a} – {b}'


def ci_text(cell, unit):
    if cell.get('ci_low') is None or cell.get('ci_high') is None:
        n = cell.get('n')
        if isinstance(n, int) and n < 3:
            return f'no interval from {n} run{"s" if n != 1 else ""}'
        return 'CI unknown'
    confidence = cell.get('ci_confidence')
    share = f' ({confidence * 100:.1f} %)' if isinstance(confidence, (int, float)) else ''
    return f'CI {range_text(cell["ci_low"], cell["ci_high"], unit)}{share}'


def insufficient_text(min_runs, per='side'):
    need = f' (need {min_runs} per {per})' if min_runs else ''
    return f'too few runs for a verdict{need}'


def change_text(cell):
    if cell.get('verdict') == 'INSUFFICIENT_RUNS':
        return insufficient_text(cell.get('min_runs'))
    if cell.get('ratio') is None:
        return None
    return (f'{format_change(cell["ratio"])} ({format_ratio_ci(cell.get("ratio_ci_low"), cell.get("ratio_ci_high"))}),'
            f' p {format_p(cell.get("p_adjusted"))}')


def verdict_word(verdict):
    return VERDICT_WORDS.get(verdict, str(verdict).lower() if verdict else 'not compared')


def setting_value(value):
    return 'absent' if value is None else value
