"""The report model as JSON (pure): ``render_json(report)`` → ``str``, the very dict ``build_report`` returned.

Floats are written with the shortest text that reads back to the same float (Python's ``json``), so every figure
reads back exactly. A non-finite number (NaN, infinity) is not JSON and is refused rather than written as ``NaN``.
"""
import json

from .errors import ReportInputError


def render_json(report):
    try:
        return json.dumps(report, indent=2, ensure_ascii=False, allow_nan=False) + '\n'
    except ValueError as e:
        raise ReportInputError('report', f'cannot be written as JSON: {e}') from None
