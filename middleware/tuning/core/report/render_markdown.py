"""The report as Markdown (pure): ``render_markdown(report)`` → ``str``.

Headings per section, the summary table (one row per configuration), the charts' figures as tables (Markdown has
no charts), what each configuration changed, warnings, method, box, tool versions and the fio job files in fenced
blocks. User text (labels, notes, settings) is escaped so it cannot break a table or turn into markup or HTML; job
texts sit in a fence longer than any run of backticks inside them.
"""
import re

from .errors import ReportInputError
from .numbers import UNKNOWN
from .wording import (
    BASIS_WORDS, baseline_text, change_text, ci_text, date_text, defeat_words, insufficient_text, median_text,
    profile_words, range_text, runs_per_test_text, setting_value, setting_words, source_words, unit_word,
    verdict_reason, verdict_word, warning_kind_words,
)

_SPECIAL = re.compile(r'([\\`*_\[\]|#<>&])')
_ENTITIES = {'<': '&lt;', '>': '&gt;', '&': '&amp;'}


def md(value):
    """Inline text: Markdown punctuation backslash-escaped, < > & as entities, one line."""
    text = UNKNOWN if value is None else ' '.join(str(value).split())
    return _SPECIAL.sub(lambda m: _ENTITIES.get(m.group(1), '\\' + m.group(1)), text)


def _table(header, rows):
    lines = ['| ' + ' | '.join(header) + ' |', '|' + '|'.join('---' for _ in header) + '|']
    lines += ['| ' + ' | '.join(row) + ' |' for row in rows]
    return '\n'.join(lines)


def _cell(cell, unit, baseline_row):
    if cell is None:
        return 'not measured'
    text = f'**{md(median_text(cell, unit))}** ({md(ci_text(cell, unit))})'
    change, reason = change_text(cell), verdict_reason(cell)
    if change or reason:
        text += f'<br>{md(verdict_word(cell.get("verdict")).upper())}' + (f': {md(change)}' if change else '') + (
            f' — {md(reason)}' if reason else '')
    elif not baseline_row:
        text += '<br>not in the baseline'
    return text


def _unit_word(column):
    word = unit_word(column['unit'])
    return f'{word}, lower is better' if column['direction'] == 'LOWER' else word


def _summary(report):
    columns = report['summary']['columns']
    confs = _table(['Configuration', 'Preset', 'Measured at', 'Source', 'Result id'],
                   [[md(c['label']) + (' (baseline)' if c['baseline'] else ''), md(c['preset_words'] or 'none'),
                     md(date_text(c['created_at'])), md(source_words(c['source'])), md(c['id'])]
                    for c in report['configurations']])
    out = ['## Summary', confs]
    if columns:
        header = ['Configuration'] + [md(f'{c["title"]} ({_unit_word(c)})') for c in columns]
        rows = [[md(r['label'])] + [_cell(r['cells'][c['key']], c['unit'], r['baseline']) for c in columns]
                for r in report['summary']['rows']]
        out += ['Each cell: the median (its 95 % interval of the median); for compared configurations the verdict, '
                'the change against the baseline (its 95 % interval), the adjusted p-value and, for an inconclusive '
                'verdict, why. See "Method" for the exact coverage of each interval.', _table(header, rows)]
    return out


def _charts(report):
    out = ['## Chart figures', 'The HTML report draws these as charts: medians with the 95 % interval of the median.']
    for chart in report['charts']:
        header = ['Configuration'] + [md(g['label']) for g in chart['groups']]
        rows = [[md(s['label'])] + [md(f'{p["text"]} ' + (
                    f'({range_text(p["ci_low"], p["ci_high"], chart["unit"])})' if p['ci_low'] is not None
                    and p['ci_high'] is not None else '(no interval: too few runs)')) if p else 'not measured'
                                    for p in s['points']] for s in chart['series']]
        out += [f'### {md(chart["title"])} ({md(chart["axis_label"])})', _table(header, rows)]
        if chart.get('reference'):
            out.append(f'Limit: {md(chart["reference"]["label"])}: {md(chart["reference"]["text"])}.')
    return out


def _tiles(report):
    """The tile grid as text: one line per test and configuration."""
    out = ['## At a glance']
    for tile in report['tiles']:
        lines = []
        for v in tile['values']:
            extra = [x for x in (v['latency'], v['change'] and v['change']['words']) if x]
            lines.append(f'- {md(v["label"])}{" (baseline)" if v["baseline"] else ""}: **{md(v["text"])}**'
                         + (f' — {md(" · ".join(extra))}' if extra else ''))
        out += [f'**{md(tile["title"])}**', '\n'.join(lines)]
    return out if report['tiles'] else out + ['No figures.']


def _changes(report):
    out = ['## What each configuration changed']
    if not report['changes']:
        return out + ['Only the baseline is in this report.']
    for change in report['changes']:
        out += [f'### {md(change["label"])}', md(BASIS_WORDS.get(change['basis']))]
        if change['basis'] == 'UNKNOWN':
            out.append('Settings: unknown.')
        elif not change['rows']:
            out.append('No setting differs from the baseline.')
        else:
            out.append(_table(['Setting', 'Baseline', 'This configuration'],
                              [[md(setting_words(r)), md(setting_value(r['baseline'], r['kind'], r['setting'])),
                                md(setting_value(r['value'], r['kind'], r['setting']))] for r in change['rows']]))
    return out


def _warnings(report):
    if not report['warnings']:
        return ['## Warnings', 'None: no noisy metric, outlier or difference in conditions was found.']
    return ['## Warnings', '\n'.join(f'- **{md(warning_kind_words(w["kind"]))}** {md(w["message"])}'
                                     for w in report['warnings'])]


def _method(report):
    method = report['method']
    labels = {c['id']: c['label'] for c in report['configurations']}
    runs = _table(['Configuration', 'Benchmark profile', 'Runs planned', 'Adaptive', 'Runs per test'],
                  [[md(c['label']), md(profile_words(c['benchmark_profile'])), md(c['runs_planned']),
                    md({True: 'yes', False: 'no'}.get(c['adaptive'])),
                    md(runs_per_test_text(c['runs_per_test']))]
                   for c in method['configurations']])
    defeat = '\n'.join(f'- **{md(defeat_words(d["method"]))}**: {md(d["explanation"])} '
                       f'({md(", ".join(labels[i] for i in d["configuration_ids"]))})' for d in method['cache_defeat'])
    return ['## Method', '### Runs', runs, '### Keeping caches out of the numbers', defeat,
            '### Statistics, in plain words'] + [md(p) for p in method['statistics']]


def _box(report):
    return ['## The box', 'As recorded with the baseline.',
            '\n'.join(f'- **{md(i["label"])}**: {md(i["value"])}' for i in report['box']['items'])]


def _tools(report):
    return ['## Tool versions', _table(['Configuration', 'Tool', 'fio', 'OpenZFS', 'Platform'],
                                       [[md(t['label']), md(t['tool']), md(t['fio_version']),
                                         md(t['openzfs_version']), md(t['platform'])] for t in report['tools']])]


def _fence(text):
    longest = max((len(run) for run in re.findall(r'`+', text)), default=0)
    return '`' * max(3, longest + 1)


def _jobs(report):
    out = ['## fio job files']
    if not report['jobs']:
        return out + ['None recorded (imported results do not carry them).']
    labels = {c['id']: c['label'] for c in report['configurations']}
    for job in report['jobs']:
        text = job['text'].strip('\n').rstrip()
        fence = _fence(text)
        out += [f'Used by: {md(", ".join(labels[i] for i in job["configuration_ids"]))}',
                f'{fence}ini\n{text}\n{fence}']
    return out


def _campaign(report):
    c = report['campaign']
    out = [f'## Campaign: {md(c["label"])}', md(c['headline'])]
    if c['message']:
        out.append(md(c['message']))
    if c['skipped']:
        out.append('Skipped:\n' + '\n'.join(f'- **{md(s["name"])}**: {md(s["why"])}' for s in c['skipped']))
    out.append('### Recommendation')
    if not c['recommendation']:
        return out + ['Nothing was compared.']
    if c.get('single_round'):
        out.insert(-1, f'**Single round.** {md(c["single_round_note"])}')
    rows = [[md(r['test_label']), md(r['metric_label']),
             f'**{md(r["winner_title"])}** (better)' if r['verdict'] == 'BETTER'
             else md(insufficient_text(r.get('min_runs'), 'configuration')) if r['verdict'] == 'INSUFFICIENT_RUNS'
             else 'baseline: no configuration is significantly better',
             md(change_text(r)) if r['verdict'] == 'BETTER' else '—']
            for r in c['recommendation']]
    return out + [_table(['Test', 'Metric', 'Winner', 'Change vs baseline'], rows)]


def _ladder(report):
    out = []
    for section in report['ladder']:
        rows = [[md(r['name']) + ''.join(f' (**limits {d}s**)' for d in r['limits']), md(r['read_text']),
                 md(r['write_text']), md(date_text(r['measured_at'])), md(r['note'] or '')] for r in section['rows']]
        out += [f'## {md(section["title"])}',
                'Each layer between the disks and a client on its own, bottom up, as last measured on this box; the '
                'lowest figure that clients reach is the limit.',
                _table(['Layer', 'Sequential read', 'Sequential write', 'Measured', 'Where the figure comes from'],
                       rows),
                f'**{md(section["verdict"])}**']
        if section['missing']:
            out.append('To measure next:\n' + '\n'.join(f'- {md(m)}' for m in section['missing']))
    return out


def _layout(report):
    out = []
    for section in report['layout']:
        rows = [[md(r['name']) + (' (**this pool**)' if r['current'] else ''), md(r['usable_text']),
                 md(r['read_text']), md(r['write_text']), md(r['iops_text']), md(r['tolerance'])]
                for r in section['rows']]
        out += [f'## {md(section["title"])}', md(section['intro']),
                _table(['Layout', 'Usable space', 'Sequential read', 'Sequential write', 'Random 4 KiB',
                        'Disks it can lose'], rows),
                '\n'.join(f'- {md(n)}' for n in section['notes'])]
    return out


SECTION_RENDERERS = {
    'campaign': _campaign, 'ladder': _ladder, 'layout': _layout,
    'tiles': _tiles, 'summary': _summary, 'charts': _charts, 'changes': _changes, 'warnings': _warnings,
    'method': _method,
    'box': _box, 'tools': _tools, 'jobs': _jobs,
}


def render_markdown(report):
    blocks = [f'# {md(report["title"])}',
              f'Generated {md(date_text(report["generated_at"]))} · baseline: {md(baseline_text(report))}']
    for name in report['sections']:
        if name not in SECTION_RENDERERS:
            raise ReportInputError('report.sections', f'no Markdown renderer for section {name!r}')
        blocks += SECTION_RENDERERS[name](report)
    return '\n\n'.join(blocks) + '\n'
