"""One entry point for every format (pure).

``render(report, format)`` → ``(data: bytes, content_type: str, file_extension: str)`` with ``format`` one of
``FORMATS``: HTML, MARKDOWN, CSV, JSON. The extension has no dot (``report.{ext}``). Text is UTF-8.
"""
from .errors import ReportInputError
from .render_csv import render_csv
from .render_html import render_html
from .render_json import render_json
from .render_markdown import render_markdown

FORMATS = {
    'HTML': (render_html, 'text/html; charset=utf-8', 'html'),
    'MARKDOWN': (render_markdown, 'text/markdown; charset=utf-8', 'md'),
    'CSV': (render_csv, 'text/csv; charset=utf-8', 'csv'),
    'JSON': (render_json, 'application/json', 'json'),
}


def render(report, format):
    if format not in FORMATS:
        raise ReportInputError('format', f'unknown format {format!r}; known: {", ".join(FORMATS)}')
    renderer, content_type, extension = FORMATS[format]
    return renderer(report).encode('utf-8'), content_type, extension
