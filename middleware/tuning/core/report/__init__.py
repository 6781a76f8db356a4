"""Benchmark reports (pure: no I/O, no framework imports; stdlib only).

- ``build_report(results, comparison, *, title, generated_at, settings_diffs=None)`` → the report model, a plain
  JSON-serialisable dict (``model``): the results are as ``tuning.benchmark.get`` returns them, the comparison is what
  ``tuning.benchmark.compare`` returned for them.
- ``render(report, format)`` → ``(bytes, content_type, file_extension)`` for ``FORMATS`` HTML, MARKDOWN, CSV, JSON.
- ``ReportInputError(field, message)``: bad input, naming the field.

See docs/reports.md for what a report contains and how to read it.
"""
from .errors import ReportInputError
from .model import build_report
from .render import FORMATS, render

__all__ = ['build_report', 'render', 'FORMATS', 'ReportInputError']
