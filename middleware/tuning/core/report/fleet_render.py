"""The fleet report (``fleet.fleet_report``'s model) in each format, with the single-box report's own renderers
(pure): ``render_fleet(model, fmt)`` → ``str``; ``fmt`` one of ``FLEET_FORMATS`` (html, markdown, csv, json; any case).

HTML and Markdown draw the fleet's own sections (the boxes, one table per test) with the report's helpers and styles,
and its tiles, charts and warnings with the report's very section renderers (``render_html.SECTION_RENDERERS``,
``render_markdown.SECTION_RENDERERS``): the model carries them in the shape those read. CSV is one row per (box,
test, metric) written by the report's CSV rule (``render_csv``: exact figures, no formula injection); JSON is the
model (``render_json``).
"""
import csv
import io

from . import render_html, render_markdown
from .errors import ReportInputError
from .render_csv import _cell as csv_cell
from .render_html import CSS, e
from .render_json import render_json
from .render_markdown import _table as md_table, md
from .wording import date_text, source_words, unit_word

CSV_COLUMNS = ('box', 'box_number', 'report_title', 'configuration_id', 'configuration', 'preset', 'test',
               'test_title', 'metric', 'metric_label', 'unit', 'direction', 'median', 'ci_low', 'ci_high',
               'ci_confidence', 'mean', 'stdev', 'cv_percent', 'min', 'max', 'n')
PICK_WORDS = {
    'LATEST': 'Each box is shown by the result its report measured last: the box as it runs now, with the preset '
              'in effect then.',
    'BASELINE': "Each box is shown by its report's baseline: the box as it was before the presets it compared.",
}
SPREAD_INTRO = ('Each cell: the median of the box\'s runs, its interval of the median, and how much the runs varied '
                '(coefficient of variation, number of runs, slowest to fastest run). "Across the boxes": the lowest '
                'to the highest median and the best box against the worst.')


def _meta(model):
    when = f'Generated {date_text(model["generated_at"])} · ' if model.get('generated_at') else ''
    return f'{when}{len(model["boxes"])} boxes'


def _shown_words(box):
    return f'{box["configuration_label"]}, measured {date_text(box["created_at"])} ({source_words(box["source"])})'


def _metric_words(metric):
    """"write bandwidth (MB/s)", "write IOPS", "write latency p99 (lower is better)": the unit where the name lacks it."""
    unit = unit_word(metric['unit'])
    notes = [unit] if unit and unit not in metric['label'] else []
    notes += ['lower is better'] if metric['direction'] == 'LOWER' else []
    return f'{metric["label"]} ({", ".join(notes)})' if notes else metric['label']


# --- HTML ----------------------------------------------------------------------------------------------------------

def _html_swatch(box):
    return f'<span class="swatch" style="background:{e(box["colour"])}"></span>'


def _html_boxes(model):
    rows = ''.join(
        f'<tr><th>{_html_swatch(b)}{e(b["name"])}</th><td>{e(_shown_words(b))}</td><td>{e(b["preset_words"])}</td>'
        f'<td>{e(b["platform"])}</td><td>{e(b["openzfs_version"])}</td><td>{e(b["pool_text"] or b["pool_layout"])}'
        f'</td></tr>' for b in model['boxes'])
    single = ''.join(f'<li>{e(t["title"])}: {e(t["box"])} only</li>' for t in model['single_box_tests'])
    return ('<h2>The boxes</h2>' f'<p class="small">{e(PICK_WORDS[model["pick"]])}</p>'
            '<table><thead><tr><th>Box</th><th>Result shown</th><th>Preset in effect</th><th>Platform</th>'
            f'<th>OpenZFS</th><th>Pool</th></tr></thead><tbody>{rows}</tbody></table>'
            + (f'<h3>Measured on one box only (not compared)</h3><ul>{single}</ul>' if single else ''))


def _html_tiles(model):
    # the report's tiles, said of boxes: no baseline, no verdict
    return render_html._gallery('At a glance', "Per test, each box's median, with its latency under it.", 'tiles',
                                [f'<div class="tile"><h3>{e(t["title"])}</h3>'
                                 f'{"".join(render_html._tile_value(v) for v in t["values"])}</div>'
                                 for t in model['tiles']])


def _html_value(value):
    if value is None:
        return '<td class="num small">not measured</td>'
    parts = [f'<div class="v">{e(value["median_text"])}</div>', f'<div class="ci">{e(value["interval_text"])}</div>']
    if value['runs_text']:
        parts.append(f'<div class="small">{e(value["runs_text"])}</div>')
    return f'<td class="num">{"".join(parts)}</td>'


def _html_tests(model):
    if not model['tests']:
        return '<h2>Tests</h2><p>No test was measured on two boxes or more.</p>'
    head = ''.join(f'<th>{_html_swatch(b)}{e(b["name"])}</th>' for b in model['boxes'])
    parts = ['<h2>Tests</h2>', f'<p class="small">{e(SPREAD_INTRO)}</p>']
    for test in model['tests']:
        rows = ''.join(
            f'<tr><th>{e(_metric_words(m))}</th>{"".join(_html_value(m["values"][b["id"]]) for b in model["boxes"])}'
            f'<td class="small">{e(m["spread"]["text"] if m["spread"] else "fewer than two boxes")}</td></tr>'
            for m in test['metrics'])
        parts.append(f'<h3>{e(test["title"])}</h3><div class="scroll"><table class="summary"><thead><tr>'
                     f'<th>Metric</th>{head}<th>Across the boxes</th></tr></thead><tbody>{rows}</tbody></table></div>')
    return ''.join(parts)


HTML_SECTIONS = {**render_html.SECTION_RENDERERS, 'boxes': _html_boxes, 'tiles': _html_tiles, 'tests': _html_tests}


def _render_html(model):
    sections = []
    for name in model['sections']:
        if name not in HTML_SECTIONS:
            raise ReportInputError('model.sections', f'no HTML renderer for section {name!r}')
        sections.append(f'<section id="{e(name)}">{HTML_SECTIONS[name](model)}</section>')
    return ('<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
            '<meta name="viewport" content="width=device-width, initial-scale=1">'
            f'<title>{e(model["title"])}</title><style>{CSS}</style></head><body>'
            f'<header><h1>{e(model["title"])}</h1><p class="meta">{e(_meta(model))}</p></header>'
            f'<main>{"".join(sections)}</main></body></html>\n')


# --- Markdown ------------------------------------------------------------------------------------------------------

def _md_boxes(model):
    out = ['## The boxes', md(PICK_WORDS[model['pick']]),
           md_table(['Box', 'Result shown', 'Preset in effect', 'Platform', 'OpenZFS', 'Pool'],
                    [[md(b['name']), md(_shown_words(b)), md(b['preset_words']), md(b['platform']),
                      md(b['openzfs_version']), md(b['pool_text'] or b['pool_layout'])] for b in model['boxes']])]
    if model['single_box_tests']:
        out.append('Measured on one box only (not compared):\n'
                   + '\n'.join(f'- {md(t["title"])}: {md(t["box"])} only' for t in model['single_box_tests']))
    return out


def _md_value(value):
    if value is None:
        return 'not measured'
    return f'**{md(value["median_text"])}** ({md(value["interval_text"])})' + (
        f'<br>{md(value["runs_text"])}' if value['runs_text'] else '')


def _md_tests(model):
    if not model['tests']:
        return ['## Tests', 'No test was measured on two boxes or more.']
    out = ['## Tests', md(SPREAD_INTRO)]
    for test in model['tests']:
        rows = [[md(_metric_words(m))] + [_md_value(m['values'][b['id']]) for b in model['boxes']]
                + [md(m['spread']['text'] if m['spread'] else 'fewer than two boxes')] for m in test['metrics']]
        out += [f'### {md(test["title"])}',
                md_table(['Metric'] + [md(b['name']) for b in model['boxes']] + ['Across the boxes'], rows)]
    return out


MARKDOWN_SECTIONS = {**render_markdown.SECTION_RENDERERS, 'boxes': _md_boxes, 'tests': _md_tests}


def _render_markdown(model):
    blocks = [f'# {md(model["title"])}', md(_meta(model))]
    for name in model['sections']:
        if name not in MARKDOWN_SECTIONS:
            raise ReportInputError('model.sections', f'no Markdown renderer for section {name!r}')
        blocks += MARKDOWN_SECTIONS[name](model)
    return '\n\n'.join(blocks) + '\n'


# --- CSV -----------------------------------------------------------------------------------------------------------

def _render_csv(model):
    out = io.StringIO()
    writer = csv.writer(out, lineterminator='\r\n')
    writer.writerow(CSV_COLUMNS)
    for row in model['metrics']:
        writer.writerow([csv_cell(row.get(c)) for c in CSV_COLUMNS])
    return out.getvalue()


FLEET_FORMATS = {'html': _render_html, 'markdown': _render_markdown, 'csv': _render_csv, 'json': render_json}


def render_fleet(model, fmt):
    if not isinstance(model, dict) or model.get('kind') != 'FLEET':
        raise ReportInputError('model', 'is not a fleet report (fleet_report)')
    key = fmt.lower() if isinstance(fmt, str) else fmt
    if key not in FLEET_FORMATS:
        raise ReportInputError('format', f'unknown format {fmt!r}; known: {", ".join(FLEET_FORMATS)}')
    return FLEET_FORMATS[key](model)
