"""Figures for people (pure, stdlib only): one rule for a number at every size, kept once for the reports
(``report.numbers``) and the live progress lines (``bench.progress_words``), which the panel's ``formatNumber``
(ui/src/app/shared/format.ts) follows too. Outside ``report`` so that ``bench`` can use it without importing the
report package (which imports ``campaign``, which imports ``bench``).
"""
import math

UNKNOWN = 'unknown'


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
