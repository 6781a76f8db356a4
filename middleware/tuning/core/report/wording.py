"""Shared words for the HTML and Markdown reports (pure): how a cell, a verdict, a change read.

- ``VERDICT_WORDS``: BETTER → "better", WORSE → "worse", NO_CHANGE → "no meaningful change", INCONCLUSIVE →
  "inconclusive", INSUFFICIENT_RUNS → "too few runs", FROM_RAM → "from RAM, not judged".
- ``median_text(cell, unit)`` → "412 MB/s"; ``ci_text(cell, unit)`` → "95 % interval of the median 398 – 420 MB/s"
  (``interval_name``: named by the 95 % its runs reach, whatever their exact coverage above it, which the Method
  states once; by the lower coverage they reach when 5 runs or fewer cannot: "93.8 % interval of the median");
  ``range_text(low, high, unit)`` → "398 – 420 MB/s".
- ``change_text(cell)`` → "+12.3 % (+8.10 % … +15.0 %), p 0.008", "too few runs for a verdict (need 5 per side)"
  when the runs cannot reach one (no interval, no p), the change observed on reads the ARC answered (FROM_RAM), or
  ``None`` when the cell has no comparison.
- ``verdict_reason(row)``: why an INCONCLUSIVE verdict is one, in words ("the interval spans no change", or what kept
  an interval wholly on one side from a verdict: its p, adjusted for the test's other metrics); ``None`` otherwise.
  ``verdict_text(row)`` → "inconclusive: the interval spans no change", "better".
- ``ci_text`` of a median without interval (fewer than 3 runs) → "no interval from 1 run".
- ``setting_value(v, kind=None, setting=None)`` → "absent" for ``None``, else the value as plans say it
  (``core.presets.setting_words.value_words``): "25769803776" reads "24 GiB", an enum in words ("Disabled").
- ``source_words(source)``: where a result comes from (CLIENT → "fio on a client"); ``warning_kind_words(kind)``
  (DIFFERENT_CONDITIONS → "Different conditions"); ``profile_words(profile)`` ("Quick test").
- ``unit_word(unit)``: what a column or chart of a stored unit reads in ("B/s" → "MB/s", "ns" → "latency").
- ``setting_words(row)`` → the setting's name from the settings list ("Maximum ARC size"), with its dataset.
- ``runs_per_test_text(runs)`` → "Sequential write 1 MiB: 5, Random read 4 KiB: 5".
- ``defeat_words(method)``: how a result kept caches out (DIRECT_IO → "ZFS Direct I/O").
- ``date_text(iso)`` → "26 November 2026, 05:40 UTC" (the JSON and CSV exports keep ISO 8601).
- ``baseline_text(report)`` → what the report compares against: "Campaign 1 · baseline (result #12): the box as it
  was before campaign 1", or a result's label with its number.
"""
import inspect
from datetime import datetime, timezone

from ..bench.cache_defeat import DEFEAT_WORDS
from ..bench.catalog import profile_name
from ..bench.comparison import ALPHA, VERDICT_WORDS
from ..bench.statistics import median_ci
from ..figures import significant
from ..presets.setting_words import name_of, value_words
from .metric_info import title_of_test
from .numbers import format_change, format_p, format_ratio_ci, format_value

# The coverage an interval of the median is taken to reach (``median_ci``'s): read from the code that applies it
MEDIAN_CI_TARGET = inspect.signature(median_ci).parameters['confidence'].default

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


def interval_name(confidence):
    """'95 % interval of the median' wherever the runs reach 95 % (with 10 runs the two taken cover the median with
    97.9 %: an interval asked for 95 % and reaching more is still called one, as everywhere; the Method gives the exact
    coverage once), else by what the runs do reach ('93.8 % interval of the median' from 5 runs)."""
    if not isinstance(confidence, (int, float)):
        return 'interval of the median'
    shown = MEDIAN_CI_TARGET if confidence >= MEDIAN_CI_TARGET else confidence
    return f'{significant(shown * 100).removesuffix(".0")} % interval of the median'


def ci_text(cell, unit):
    """How a median's interval reads in a table cell and a chart's tooltip alike."""
    if cell.get('ci_low') is None or cell.get('ci_high') is None:
        n = cell.get('n')
        if isinstance(n, int) and n < 3:
            return f'no interval from {n} run{"s" if n != 1 else ""}'
        return 'interval unknown'
    return f'{interval_name(cell.get("ci_confidence"))} {range_text(cell["ci_low"], cell["ci_high"], unit)}'


def insufficient_text(min_runs, per='side'):
    need = f' (need {min_runs} per {per})' if min_runs else ''
    return f'too few runs for a verdict{need}'


def change_text(cell):
    if cell.get('verdict') == 'INSUFFICIENT_RUNS':
        return insufficient_text(cell.get('min_runs'))
    if cell.get('ratio') is None:
        return None
    if cell.get('verdict') == 'FROM_RAM':   # what was observed; no interval, no p: the ARC's figures are not judged
        return f'{format_change(cell["ratio"])} observed, answered from RAM (the ARC): not judged'
    return (f'{format_change(cell["ratio"])} ({format_ratio_ci(cell.get("ratio_ci_low"), cell.get("ratio_ci_high"))}),'
            f' p {format_p(cell.get("p_adjusted"))}')


def verdict_word(verdict):
    return VERDICT_WORDS.get(verdict, str(verdict).lower() if verdict else 'not compared')


def verdict_reason(row):
    """Why a comparison row is INCONCLUSIVE, in words (None for any other verdict): a wholly positive interval called
    inconclusive needs saying why. The panel says the same (compare-data.ts ``verdictReason``)."""
    if row.get('verdict') != 'INCONCLUSIVE':
        return None
    if row.get('ratio') is None:   # the comparison's only ratio it cannot make
        return "the baseline's median is 0, so there is no change to judge"
    low, high, p, adjusted = (row.get(k) for k in ('ratio_ci_low', 'ratio_ci_high', 'p_value', 'p_adjusted'))
    if low is None or high is None or low <= 1 <= high:
        return 'the interval spans no change'
    if adjusted is None:
        return None
    side = 'above' if low > 1 else 'below'
    if p is not None and p < ALPHA:   # the rank test alone would have called it: the other metrics' adjustment did not
        return (f'the interval is wholly {side} no change, but adjusted for the test\'s other metrics p is '
                f'{format_p(adjusted)}, not below {ALPHA:g}')
    return (f'the interval is wholly {side} no change, but even before adjusting for the test\'s other metrics p is '
            f'{format_p(p)}, not below {ALPHA:g}')


def verdict_text(row):
    """The verdict in words with its reason: "inconclusive: the interval spans no change", "better"."""
    reason = verdict_reason(row)
    word = verdict_word(row.get('verdict'))
    return f'{word}: {reason}' if reason else word


def setting_value(value, kind=None, setting=None):
    # "absent": the result's settings snapshot has no such setting (value_words's "no value" is a setting without one)
    return 'absent' if value is None else value_words(kind, setting, value)


# What a figure of a stored unit reads in (core.report.numbers.format_value): latencies in µs, ms or s as they fall.
UNIT_WORDS = {'B/s': 'MB/s', 'IO/s': 'IOPS', 'ns': 'latency'}


def unit_word(unit):
    return UNIT_WORDS.get(unit, unit)


def setting_words(row):
    """'Record size of tank/media', 'Maximum ARC size' (the box-wide ones need no place)."""
    name = name_of(row['kind'], row['setting'])
    return name if row['scope'] in ('global', '') else f'{name} of {row["scope"]}'


def runs_per_test_text(runs):
    return ', '.join(f'{title_of_test(t)}: {n}' for t, n in runs.items()) or None


def defeat_words(method):
    return DEFEAT_WORDS.get(method, method)


# Where a result's figures come from (the benchmark's ``source``), in words.
SOURCE_WORDS = {'FIO': 'fio on the box', 'CLIENT': 'fio on a client', 'FIO_IMPORT': 'fio (imported)',
                'BONNIE': 'bonnie++ (imported)', 'GOBONNIEGO': 'gobonniego (imported)'}
WARNING_KIND_WORDS = {'DATA_LOSS': 'Not safe on power loss', 'FROM_RAM': 'Answered from RAM', 'DIFFERENT_CONDITIONS': 'Different conditions',
                      'UNKNOWN_CONDITIONS': 'Unknown conditions',
                      'NOISY': 'Noisy', 'OUTLIERS': 'Outliers', 'COMPARISON': 'Comparison', 'NOTE': 'Note'}


def source_words(source):
    return SOURCE_WORDS.get(source, source)


def warning_kind_words(kind):
    return WARNING_KIND_WORDS.get(kind, str(kind).replace('_', ' ').capitalize())


def profile_words(profile):
    return None if profile is None else profile_name(profile)


def date_text(value):
    """An ISO 8601 timestamp as people read it, in UTC and saying so ("26 November 2026, 05:40 UTC"); one without a
    zone is taken as UTC (tuning stores UTC); anything else as it is, "—" for none."""
    if not value:
        return '—'
    try:
        moment = datetime.fromisoformat(str(value))
    except ValueError:
        return str(value)
    if moment.tzinfo is not None:
        moment = moment.astimezone(timezone.utc)
    return f'{moment.day} {moment:%B %Y, %H:%M} UTC'


def baseline_text(report):
    """The baseline in words: its label and result number; a campaign's says it is the box before the campaign."""
    base = next(c for c in report['configurations'] if c['baseline'])
    words = f'{base["label"]} (result #{base["id"]})'
    campaign = report.get('campaign')
    if campaign is not None:
        words += f': the box as it was before campaign {campaign["id"]}'
    return words
