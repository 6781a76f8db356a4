"""The report's figures as CSV (pure): one row per (configuration, test, metric), the report's ``metrics`` rows.

``render_csv(report)`` → ``str`` (RFC 4180, CRLF line ends, header first). Numbers are written with ``repr``, the
shortest text that reads back to the very same float, so a spreadsheet or ``csv`` + ``float()`` gets exactly the
figures the report, the panel and ``tuning.benchmark.compare`` show. Empty cell = no value (the baseline has no
ratio). Text cells that a spreadsheet would run as a formula (starting with ``= + - @``, tab or CR) get a leading
``'``: labels are user text. A report with a ladder adds its figures after the metrics (``ladder_csv_rows``: ``test``
``LADDER_<layer>``, no configuration id).
"""
import csv
import io

from .ladder_section import ladder_csv_rows

COLUMNS = ('configuration_id', 'configuration', 'baseline', 'test', 'metric', 'unit', 'direction', 'median', 'ci_low',
           'ci_high', 'ci_confidence', 'mean', 'cv_percent', 'n', 'ratio', 'ratio_ci_low', 'ratio_ci_high', 'p_value',
           'p_adjusted', 'verdict', 'min_runs')
_FORMULA_START = ('=', '+', '-', '@', '\t', '\r')


def _cell(value):
    if value is None:
        return ''
    if isinstance(value, bool):
        return 'true' if value else 'false'
    if isinstance(value, (int, float)):
        return repr(value)
    text = str(value)
    return "'" + text if text.startswith(_FORMULA_START) else text


def render_csv(report):
    out = io.StringIO()
    writer = csv.writer(out, lineterminator='\r\n')
    writer.writerow(COLUMNS)
    for row in report['metrics'] + ladder_csv_rows(report):
        writer.writerow([_cell(row.get(c)) for c in COLUMNS])
    return out.getvalue()
