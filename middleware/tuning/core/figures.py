"""Figures for people (pure, stdlib only): one rule for a number at every size, kept once for the reports
(``report.numbers``) and the live progress lines (``bench.progress_words``), which the panel's ``formatNumber``
(ui/src/app/shared/format.ts) follows too. Outside ``report`` so that ``bench`` can use it without importing the
report package (which imports ``campaign``, which imports ``bench``).
"""
import math

UNKNOWN = 'unknown'
MINUS = '\u2212'   # the typographic minus: "−16.3 %" beside "+21.4 %", in the panel (formatRatioPercent) as here


def megabits(mbps):
    """A link's speed or a rate in Mb/s by the same rule: 1000 → '1,000 Mb/s', 941.2 → '941 Mb/s'."""
    return f'{significant(mbps)} Mb/s'


def significant(x):
    """About three significant digits, thousands separated: 1234.5 → '1,235', 12.34 → '12.3', 0.1234 → '0.123'."""
    if x is None or (isinstance(x, float) and not math.isfinite(x)):
        return UNKNOWN
    a = abs(x)
    if a >= 100 or a == 0:
        return f'{x:,.0f}'
    if a >= 10:
        return f'{x:,.1f}'
    if a >= 1:
        return f'{x:,.2f}'
    digits = min(9, 2 - math.floor(math.log10(a)))
    return f'{x:.{digits}f}'


def change_percent(ratio):
    """A ratio of medians as a change by the same rule: 4.099 → '+310 %', 0.837 → '−16.3 %', 1 → '±0 %'."""
    if ratio is None:
        return UNKNOWN
    percent = (ratio - 1) * 100
    sign = '+' if percent > 0 else MINUS if percent < 0 else '±'
    return f'{sign}{significant(abs(percent))} %'


def p_value(p):
    """A p-value by the same rule: 0.4286 → '0.429', below 0.001 → '< 0.001' (the panel's formatP)."""
    if p is None:
        return UNKNOWN
    return '< 0.001' if p < 0.001 else significant(p)
