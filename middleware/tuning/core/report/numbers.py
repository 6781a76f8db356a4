"""Numbers for people (pure): the HTML and Markdown reports show these; CSV and JSON keep the raw figures.

- ``format_value(value, unit)``: B/s → "412 MB/s" (MB = 10^6 bytes, as fio's ``bw_bytes`` and the seeds' tables),
  IO/s → "12,345 IOPS", ns → "85.2 µs" / "2.15 ms", about three significant digits; ``None`` → "unknown".
- ``format_tick(x)`` → "1,000", "0.5": axis tick labels.
- ``display_unit(unit)`` → ``(factor, label)`` for a linear chart axis in readable units (B/s → 1e6, "MB/s").
- ``format_change(ratio)`` → "+12.3 %", "−4.00 %", "+310 %", "+1,639 %" (the figure rule, a typographic minus as the
  panel's ``formatRatioPercent``); ``format_ratio_ci(low, high)`` → "+8.10 % … +15.0 %".
- ``format_p(p)`` → "0.429", "0.0693" / "< 0.001"; ``format_percent(x)`` → "14.2 %": every figure by ``significant``.

Byte sizes are ``core.presets.units.format_bytes``'s ("64 GiB", "3.2 GiB"): one spelling in plans and reports.
"""

from ..figures import UNKNOWN, change_percent, p_value, significant

LATENCY_STEPS = ((1e9, 's'), (1e6, 'ms'), (1e3, 'µs'), (1, 'ns'))


def format_tick(x):
    """Axis tick: 1,000 / 200 / 0.5 / 0.01 (ticks are 1, 2 or 5 × 10^k, so no rounding is needed)."""
    if x >= 1 and float(x).is_integer():
        return f'{int(x):,}'
    return f'{x:g}'


def format_value(value, unit):
    if value is None:
        return UNKNOWN
    if unit == 'B/s':
        return f'{significant(value / 1e6)} MB/s'
    if unit == 'IO/s':
        return f'{significant(value)} IOPS'
    if unit == 'ns':
        for factor, label in LATENCY_STEPS:
            if abs(value) >= factor or factor == 1:
                return f'{significant(value / factor)} {label}'
    return f'{significant(value)} {unit}'.rstrip()


def display_unit(unit):
    if unit == 'B/s':
        return 1e6, 'MB/s'
    if unit == 'IO/s':
        return 1, 'IOPS'
    if unit == 'ns':
        return 1e3, 'µs'
    return 1, unit


def format_change(ratio):
    return change_percent(ratio)


def format_ratio_ci(low, high):
    if low is None or high is None:
        return UNKNOWN
    return f'{format_change(low)} … {format_change(high)}'


def format_p(p):
    return p_value(p)


def format_percent(x):
    return UNKNOWN if x is None else f'{significant(x)} %'
