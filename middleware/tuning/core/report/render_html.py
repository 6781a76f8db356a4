"""The report as one self-contained HTML page (pure).

``render_html(report)`` → ``str``. Inline CSS, charts as inline SVG, no scripts, no fonts or images fetched from
anywhere: it reads offline and prints to PDF from any browser (A4 landscape; each section starts a new page; charts
and table rows are not split). Everything taken from the report is HTML-escaped: labels and notes are user text.
Sections are drawn in ``report['sections']`` order by the functions in ``SECTION_RENDERERS``; a campaign report adds
its own there.
"""
from html import escape

from .chart_svg import THEME_CSS, chart_svg
from .errors import ReportInputError
from .numbers import UNKNOWN
from .wording import (
    BASIS_WORDS, baseline_text, change_text, ci_text, date_text, defeat_words, insufficient_text, median_text,
    profile_words, runs_per_test_text, setting_value, setting_words, source_words, unit_word, verdict_reason,
    verdict_word, warning_kind_words,
)

# The page's colours, light and dark (the dark one follows the reader's theme: a report opened in the panel's dark
# theme is not a white page). Every text colour reaches WCAG AA (4.5:1) on the backgrounds it is drawn on, and the
# series' colours 3:1 (tests/unit/report/test_report_theme.py checks both schemes).
LIGHT = {
    'bg': '#ffffff', 'ink': '#1f2328', 'muted': '#57606a', 'line': '#d0d7de', 'head': '#f6f8fa',
    'better': '#116329', 'better-bg': '#dafbe1', 'better-line': '#4ac26b',
    'worse': '#82071e', 'worse-bg': '#ffebe9', 'worse-line': '#ff8182',
    'same': '#424a53', 'same-bg': '#eaeef2', 'same-line': '#afb8c1',
    'unsure': '#7d4e00', 'unsure-bg': '#fff8c5', 'unsure-line': '#d4a72c',
    'few': '#57606a', 'few-bg': '#f6f8fa', 'few-line': '#d0d7de',
    'chart-ink': '#1f2328', 'chart-muted': '#57606a', 'chart-grid': '#d0d7de', 'chart-limit': '#b3261e',
    'chart-halo': '#ffffff',
}
DARK = {
    'bg': '#1e1e1e', 'ink': '#e6edf3', 'muted': '#a4adb8', 'line': '#444c56', 'head': '#2a2f36',
    'better': '#7ee2a8', 'better-bg': '#12361f', 'better-line': '#2ea043',
    'worse': '#ffaba8', 'worse-bg': '#4a1419', 'worse-line': '#da3633',
    'same': '#d1d7dd', 'same-bg': '#30363d', 'same-line': '#6e7681',
    'unsure': '#f2cc60', 'unsure-bg': '#3b2e05', 'unsure-line': '#bb8009',
    'few': '#a4adb8', 'few-bg': '#2a2f36', 'few-line': '#444c56',
    'chart-ink': '#e6edf3', 'chart-muted': '#a4adb8', 'chart-grid': '#3d444d', 'chart-limit': '#ff8a80',
    'chart-halo': '#1e1e1e',
}


def _variables(colours):
    return ' '.join(f'--{name}: {value};' for name, value in colours.items())


CSS = f"""
:root {{ color-scheme: light dark; {_variables(LIGHT)} }}
@media (prefers-color-scheme: dark) {{
  :root {{ {_variables(DARK)} }}
}}
* {{ box-sizing: border-box; }}
body {{ margin: 0 auto; max-width: 1200px; padding: 24px; font: 14px/1.45 system-ui, -apple-system, "Segoe UI",
  Roboto, "Helvetica Neue", Arial, sans-serif; color: var(--ink); background: var(--bg); }}
h1 {{ font-size: 24px; margin: 0 0 4px; }} h2 {{ font-size: 19px; margin: 28px 0 10px;
  border-bottom: 2px solid var(--line); padding-bottom: 4px; }} h3 {{ font-size: 15px; margin: 18px 0 6px; }}
.meta {{ color: var(--muted); margin: 0 0 12px; }}
table {{ border-collapse: collapse; width: 100%; margin: 6px 0 14px; }}
th, td {{ border: 1px solid var(--line); padding: 5px 7px; vertical-align: top; text-align: left; }}
th {{ background: var(--head); font-weight: 600; }}
td.num {{ text-align: right; }}
table.summary {{ font-size: 12px; table-layout: fixed; }} table.summary th:first-child {{ width: 11em; }}
.scroll {{ overflow-x: auto; }}
tr.baseline td {{ background: var(--head); }}
.v {{ font-weight: 600; }} .ci, .small {{ color: var(--muted); font-size: 12px; }}
.verdict {{ display: inline-block; padding: 0 6px; border-radius: 9px; font-size: 11px; font-weight: 700;
  text-transform: uppercase; letter-spacing: .02em; border: 1px solid; }}
.verdict.BETTER {{ color: var(--better); background: var(--better-bg); border-color: var(--better-line); }}
.verdict.WORSE {{ color: var(--worse); background: var(--worse-bg); border-color: var(--worse-line); }}
.verdict.NO_CHANGE {{ color: var(--same); background: var(--same-bg); border-color: var(--same-line); }}
.verdict.INCONCLUSIVE {{ color: var(--unsure); background: var(--unsure-bg); border-color: var(--unsure-line); }}
.verdict.INSUFFICIENT_RUNS, .verdict.FROM_RAM {{ color: var(--few); background: var(--few-bg);
  border-color: var(--few-line); }}
.swatch {{ display: inline-block; width: 10px; height: 10px; margin-right: 6px; vertical-align: baseline; }}
figure {{ margin: 0; }} .charts {{ display: grid; grid-template-columns: 1fr; gap: 18px; margin-top: 10px;
  max-width: 760px; }} figcaption {{ font-weight: 600; margin-bottom: 4px; }}
.tiles {{ display: grid; grid-template-columns: repeat(auto-fill, minmax(210px, 1fr)); gap: 10px;
  margin: 8px 0 14px; }}
.tile {{ border: 1px solid var(--line); border-radius: 6px; padding: 8px 10px; }}
.tile h3 {{ margin: 0 0 6px; font-size: 13px; }}
.tile .line {{ display: flex; align-items: baseline; gap: 6px; border-left: 4px solid; padding-left: 6px;
  margin-top: 6px; }}
.tile .big {{ font-size: 22px; font-weight: 700; }} .tile .who {{ color: var(--muted); font-size: 12px; }}
.tile .change {{ font-size: 12px; font-weight: 600; color: var(--muted); }}
.tile .change.BETTER {{ color: var(--better); }} .tile .change.WORSE {{ color: var(--worse); }}
svg {{ max-width: 100%; height: auto; }}
{THEME_CSS.strip()}
ul.warnings li {{ margin-bottom: 6px; }} .kind {{ font-weight: 700; font-size: 12px; color: var(--muted); }}
pre {{ background: var(--head); border: 1px solid var(--line); padding: 8px; overflow-x: auto; font-size: 12px;
  white-space: pre-wrap; }}
dl.box {{ display: grid; grid-template-columns: max-content 1fr; gap: 4px 16px; }} dl.box dt {{ font-weight: 600; }}
dl.box dd {{ margin: 0; }}
@page {{ size: A4 landscape; margin: 12mm; }}
@media print {{
  :root {{ color-scheme: light; {_variables(LIGHT)} }}
  body {{ max-width: none; padding: 0; font-size: 11px; }}
  table.summary {{ font-size: 10px; }} .scroll {{ overflow: visible; }}
  section + section {{ break-before: page; page-break-before: always; }}
  figure, tr, pre, li {{ break-inside: avoid; page-break-inside: avoid; }}
  * {{ -webkit-print-color-adjust: exact; print-color-adjust: exact; }}
  h2 {{ margin-top: 0; }}
  .charts {{ grid-template-columns: 1fr 1fr; gap: 10px 18px; }}
}}
"""


def e(value):
    return escape(UNKNOWN if value is None else str(value), quote=True)


def _colour_of(report):
    return {s['configuration_id']: s['colour'] for s in report['series']}


def _swatch(colour):
    return f'<span class="swatch" style="background:{colour}"></span>'


def _verdict(verdict):
    if not verdict:
        return ''
    return f'<span class="verdict {e(verdict)}">{e(verdict_word(verdict))}</span>'


def _cell(cell, column, baseline_row):
    if cell is None:
        return '<td class="num small">not measured</td>'
    unit = column['unit']
    parts = [f'<div class="v">{e(median_text(cell, unit))}</div>', f'<div class="ci">{e(ci_text(cell, unit))}</div>']
    change, reason = change_text(cell), verdict_reason(cell)
    if change or reason:
        parts.append(f'<div>{_verdict(cell.get("verdict"))}</div>'
                     + ''.join(f'<div class="small">{e(words)}</div>' for words in (change, reason) if words))
    elif not baseline_row:
        parts.append('<div class="small">not in the baseline</div>')
    return f'<td class="num">{"".join(parts)}</td>'


def _summary(report):
    colours = _colour_of(report)
    conf_rows = ''.join(
        f'<tr{" class=baseline" if c["baseline"] else ""}><td>{_swatch(colours[c["id"]])}{e(c["label"])}'
        f'{" <span class=small>(baseline)</span>" if c["baseline"] else ""}</td><td>{e(c["preset_words"] or "none")}'
        f'</td><td>{e(date_text(c["created_at"]))}</td><td>{e(source_words(c["source"]))}</td>'
        f'<td>{e(c["id"])}</td></tr>'
        for c in report['configurations'])
    columns = report['summary']['columns']
    head = ''.join(f'<th>{e(c["title"])}<div class="small">{e(c["unit"] and unit_word(c["unit"]))}'
                   f'{" · lower is better" if c["direction"] == "LOWER" else ""}</div></th>' for c in columns)
    rows = ''.join(
        f'<tr{" class=baseline" if r["baseline"] else ""}><th>{_swatch(colours[r["configuration_id"]])}'
        f'{e(r["label"])}</th>{"".join(_cell(r["cells"][c["key"]], c, r["baseline"]) for c in columns)}</tr>'
        for r in report['summary']['rows'])
    table = (f'<div class="scroll"><table class="summary"><thead><tr><th>Configuration</th>{head}</tr></thead>'
             f'<tbody>{rows}</tbody></table></div>') if columns else \
        '<p>No figures in the seeds\' summary shape; see the CSV or JSON export.</p>'
    return ('<h2>Summary</h2>'
            f'<table><thead><tr><th>Configuration</th><th>Preset</th><th>Measured at</th><th>Source</th>'
            f'<th>Result id</th></tr></thead><tbody>{conf_rows}</tbody></table>'
            '<p class="small">Each cell: the median of the runs with its 95 % interval of the median, and for '
            'compared configurations the verdict, the change against the baseline with its 95 % interval, the '
            'adjusted p-value and, for an inconclusive verdict, why. See "Method" for what these mean and for the '
            'exact coverage of each interval.</p>' + table)


def _gallery(heading, intro, css_class, items):
    """A section of pictures (charts, tiles) under a heading and a sentence on how to read them."""
    if not items:
        return f'<h2>{heading}</h2><p>No figures.</p>'
    return f'<h2>{heading}</h2><p class="small">{intro}</p><div class="{css_class}">{"".join(items)}</div>'


def _charts(report):
    return _gallery('Charts', 'Bars (linear axis from 0) and dots (logarithmic axis) are medians, with the value '
                    'printed after each; the whiskers are the 95 % interval of the median. The dashed red line is the '
                    "network's theoretical maximum, when known, beside results a client measured over the network only.", 'charts',
                    [f'<figure><figcaption>{e(c["title"])}</figcaption>{chart_svg(c)}</figure>'
                     for c in report['charts']])


def _tile_value(value):
    change = value['change']
    verdict = f'<div class="change {e(change["verdict"])}">{e(change["words"])}</div>' if change else ''
    latency = f'<div class="small">{e(value["latency"])}</div>' if value['latency'] else ''
    return (f'<div class="line" style="border-color:{e(value["colour"])}"><span class="big">{e(value["number"])}'
            f'</span><span>{e(value["unit_word"])}</span></div><div class="who">{e(value["label"])}'
            f'{" (baseline)" if value["baseline"] else ""}</div>{latency}{verdict}')


def _tiles(report):
    return _gallery('At a glance', "Per test, each configuration's median; under it the latency and, against the "
                    'baseline, the change with its verdict.', 'tiles',
                    [f'<div class="tile"><h3>{e(t["title"])}</h3>{"".join(_tile_value(v) for v in t["values"])}</div>'
                     for t in report['tiles']])


def _changes(report):
    if not report['changes']:
        return '<h2>What each configuration changed</h2><p>Only the baseline is in this report.</p>'
    base = next(c['label'] for c in report['configurations'] if c['baseline'])
    parts = [f'<h2>What each configuration changed</h2><p>Settings that differ from the baseline "{e(base)}".</p>']
    for change in report['changes']:
        parts.append(f'<h3>{e(change["label"])}</h3><p class="small">{e(BASIS_WORDS.get(change["basis"]))}</p>')
        if change['basis'] == 'UNKNOWN':
            parts.append('<p>Settings: unknown.</p>')
        elif not change['rows']:
            parts.append('<p>No setting differs from the baseline.</p>')
        else:
            rows = ''.join(f'<tr><td>{e(setting_words(r))}</td>'
                           f'<td>{e(setting_value(r["baseline"], r["kind"], r["setting"]))}</td>'
                           f'<td>{e(setting_value(r["value"], r["kind"], r["setting"]))}</td></tr>'
                           for r in change['rows'])
            parts.append('<table><thead><tr><th>Setting</th><th>Baseline</th>'
                         f'<th>This configuration</th></tr></thead><tbody>{rows}</tbody></table>')
    return ''.join(parts)


def _warnings(report):
    if not report['warnings']:
        return '<h2>Warnings</h2><p>None: no noisy metric, outlier or difference in conditions was found.</p>'
    items = ''.join(f'<li><span class="kind">{e(warning_kind_words(w["kind"]))}</span> {e(w["message"])}</li>'
                    for w in report['warnings'])
    return f'<h2>Warnings</h2><ul class="warnings">{items}</ul>'


def _method(report):
    method = report['method']
    rows = ''.join(
        f'<tr><td>{e(c["label"])}</td><td>{e(profile_words(c["benchmark_profile"]))}</td>'
        f'<td class="num">{e(c["runs_planned"])}</td>'
        f'<td>{e({True: "yes", False: "no"}.get(c["adaptive"]))}</td>'
        f'<td class="num">{e(c["runtime_seconds"])}{" s" if c["runtime_seconds"] is not None else ""}</td>'
        f'<td class="num">{e(c["ramp_seconds"])}{" s" if c["ramp_seconds"] is not None else ""}</td>'
        f'<td>{e(runs_per_test_text(c["runs_per_test"]))}</td></tr>'
        for c in method['configurations'])
    labels = {c['id']: c['label'] for c in report['configurations']}
    defeat = ''.join(f'<li><b>{e(defeat_words(d["method"]))}</b>: {e(d["explanation"])} <span class="small">('
                     f'{e(", ".join(labels[i] for i in d["configuration_ids"]))})</span></li>'
                     for d in method['cache_defeat'])
    words = ''.join(f'<p>{e(p)}</p>' for p in method['statistics'])
    return ('<h2>Method</h2><h3>Runs</h3><table><thead><tr><th>Configuration</th><th>Benchmark profile</th>'
            '<th>Runs planned</th><th>Adaptive</th><th>Measured per run</th><th>Warm-up</th><th>Runs per test</th>'
            f'</tr></thead><tbody>{rows}</tbody></table><h3>Keeping caches out of the numbers</h3><ul>{defeat}</ul>'
            f'<h3>Statistics, in plain words</h3>{words}')


def _box(report):
    items = ''.join(f'<dt>{e(i["label"])}</dt><dd>{e(i["value"])}</dd>' for i in report['box']['items'])
    return f'<h2>The box</h2><p class="small">As recorded with the baseline.</p><dl class="box">{items}</dl>'


def _tools(report):
    rows = ''.join(f'<tr><td>{e(t["label"])}</td><td>{e(t["tool"])}</td><td>{e(t["fio_version"])}</td>'
                   f'<td>{e(t["openzfs_version"])}</td><td>{e(t["platform"])}</td></tr>' for t in report['tools'])
    return ('<h2>Tool versions</h2><table><thead><tr><th>Configuration</th><th>Tool</th><th>fio</th><th>OpenZFS</th>'
            f'<th>Platform</th></tr></thead><tbody>{rows}</tbody></table>')


def _jobs(report):
    if not report['jobs']:
        return '<h2>fio job files</h2><p>None recorded (imported results do not carry them).</p>'
    labels = {c['id']: c['label'] for c in report['configurations']}
    blocks = ''.join(f'<p class="small">Used by: {e(", ".join(labels[i] for i in job["configuration_ids"]))}</p>'
                     f'<pre>{e(job["text"])}</pre>' for job in report['jobs'])
    return f'<h2>fio job files</h2>{blocks}'


def _winner_html(r):
    if r['verdict'] == 'BETTER':
        return f'<strong>{e(r["winner_title"])}</strong> {_verdict("BETTER")}'
    if r['verdict'] == 'INSUFFICIENT_RUNS':
        return f'{_verdict("INSUFFICIENT_RUNS")} {e(insufficient_text(r.get("min_runs"), "configuration"))}'
    return 'baseline: no configuration is significantly better'


def _campaign(report):
    c = report['campaign']
    parts = [f'<h2>Campaign: {e(c["label"])}</h2><p class="meta">{e(c["headline"])}</p>']
    if c['message']:
        parts.append(f'<p>{e(c["message"])}</p>')
    if c['skipped']:
        items = ''.join(f'<li><strong>{e(s["name"])}</strong>: {e(s["why"])}</li>' for s in c['skipped'])
        parts.append(f'<h3>Skipped</h3><ul>{items}</ul>')
    if c.get('single_round'):
        parts.append(f'<p><strong>Single round.</strong> {e(c["single_round_note"])}</p>')
    rows = ''.join(
        f'<tr><td>{e(r["test_label"])}</td><td>{e(r["metric_label"])}</td><td>{_winner_html(r)}</td>'
        f'<td class="num">{e(change_text(r) if r["verdict"] == "BETTER" else "—")}</td></tr>'
        for r in c['recommendation'])
    parts.append('<h3>Recommendation</h3><p class="small">Per test and metric, the configuration that beats the '
                 'baseline significantly (after Holm\'s correction), by how much, with the 95 % interval of the change '
                 'and the adjusted p-value.</p>' + (
                     f'<table><thead><tr><th>Test</th><th>Metric</th><th>Winner</th><th>Change vs baseline</th></tr>'
                     f'</thead><tbody>{rows}</tbody></table>' if rows else '<p>Nothing was compared.</p>'))
    return ''.join(parts)


def _ladder_limit(row):
    return ' '.join(f'<span class="verdict WORSE">limits {d}s</span>' for d in row['limits'])


def _ladder(report):
    parts = []
    for section in report['ladder']:
        rows = ''.join(
            f'<tr><td>{e(r["name"])} {_ladder_limit(r)}</td><td class="num">{e(r["read_text"])}</td>'
            f'<td class="num">{e(r["write_text"])}</td><td>{e(date_text(r["measured_at"]))}</td>'
            f'<td class="small">{e(r["note"] or "")}</td></tr>' for r in section['rows'])
        missing = ''.join(f'<li>{e(m)}</li>' for m in section['missing'])
        parts.append(
            f'<h2>{e(section["title"])}</h2><p class="small">Each layer between the disks and a client on its own, '
            'bottom up, as last measured on this box; the lowest figure that clients reach is the limit.</p>'
            '<table><thead><tr><th>Layer</th><th>Sequential read</th><th>Sequential write</th><th>Measured</th>'
            f'<th>Where the figure comes from</th></tr></thead><tbody>{rows}</tbody></table>'
            f'<p><strong>{e(section["verdict"])}</strong></p>'
            + (f'<h3>To measure next</h3><ul>{missing}</ul>' if missing else ''))
    return ''.join(parts)


def _layout(report):
    parts = []
    for section in report['layout']:
        rows = ''.join(
            f'<tr><td>{e(r["name"])}{" <strong>(this pool)</strong>" if r["current"] else ""}</td>'
            f'<td class="num">{e(r["usable_text"])}</td><td class="num">{e(r["read_text"])}</td>'
            f'<td class="num">{e(r["write_text"])}</td><td class="num">{e(r["iops_text"])}</td>'
            f'<td class="small">{e(r["tolerance"])}</td></tr>' for r in section['rows'])
        notes = ''.join(f'<li>{e(n)}</li>' for n in section['notes'])
        parts.append(
            f'<h2>{e(section["title"])}</h2><p class="small">{e(section["intro"])}</p>'
            '<table><thead><tr><th>Layout</th><th>Usable space</th><th>Sequential read</th><th>Sequential write</th>'
            f'<th>Random 4 KiB</th><th>Disks it can lose</th></tr></thead><tbody>{rows}</tbody></table>'
            f'<ul class="small">{notes}</ul>')
    return ''.join(parts)


SECTION_RENDERERS = {
    'campaign': _campaign, 'ladder': _ladder, 'layout': _layout,
    'tiles': _tiles, 'summary': _summary, 'charts': _charts, 'changes': _changes, 'warnings': _warnings,
    'method': _method,
    'box': _box, 'tools': _tools, 'jobs': _jobs,
}


def render_html(report):
    sections = []
    for name in report['sections']:
        if name not in SECTION_RENDERERS:
            raise ReportInputError('report.sections', f'no HTML renderer for section {name!r}')
        sections.append(f'<section id="{e(name)}">{SECTION_RENDERERS[name](report)}</section>')
    return ('<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
            '<meta name="viewport" content="width=device-width, initial-scale=1">'
            f'<title>{e(report["title"])}</title><style>{CSS}</style></head><body>'
            f'<header><h1>{e(report["title"])}</h1><p class="meta">Generated {e(date_text(report["generated_at"]))} · '
            f'baseline: {e(baseline_text(report))} · {len(report["configurations"])} configuration'
            f'{"s" if len(report["configurations"]) != 1 else ""}</p></header>'
            f'<main>{"".join(sections)}</main></body></html>\n')
