"""A fleet report: several boxes side by side on the same tests, from each box's own JSON report (pure: no I/O,
standard library only).

``fleet_report(reports, *, names=None, title=None, generated_at=None, pick='LATEST')`` → the fleet model, a plain
JSON-serialisable dict; ``render_fleet(model, fmt)`` → ``str`` in ``html``, ``markdown``, ``csv`` or ``json``.

Each input is what ``tuning.report.generate`` returns with format JSON (``model.build_report``, ``format_version``
2). A box's report may hold several configurations (a baseline and presets); the fleet shows each box by one of
them: ``pick`` LATEST (the one measured last: the box as it runs now, with its preset in effect) or BASELINE. The
figures are copied from the reports' ``metrics`` rows; nothing is re-measured or recomputed but the spread across
the boxes (``figures.change_percent`` of the best median against the worst).

The model:

- ``format_version``, ``kind`` ("FLEET"), ``title``, ``generated_at``, ``pick``
- ``boxes``: ``[{id, number, name, report_title, report_generated_at, configuration_id, configuration_label,
  created_at, source, preset, preset_words, platform, openzfs_version, pool_layout, pool_text, conditions, colour}]``
  (``id`` "box-1": the model's own key, since boxes' result ids collide)
- ``tests``: one per test present on two boxes or more: ``{test, title, box_ids, metrics: [{metric, label, unit,
  direction, values: {box id: value|None}, spread}]}``, value = the box's ``{median, ci_low, ci_high,
  ci_confidence, cv_percent, n, min, max}`` with its words (``median_text``, ``interval_text``, ``runs_text``),
  ``spread`` ``{best, worst, ratio, text}`` or None (fewer than two boxes with a median)
- ``single_box_tests``: ``[{test, title, box}]``, measured on one box only, so not compared
- ``metrics``: one row per (box, test, metric) of the compared tests: the CSV
- ``series``, ``tiles``, ``charts``: ``chart_data.compare_series`` of the boxes (as the single-box report draws
  configurations), with no baseline and no verdicts: boxes are not a tuning to judge
- ``warnings``: ``[{kind, configuration_id, test, metrics, message}]`` as the single-box report's: the conditions
  (``core.bench.conditions.CONDITIONS``) that differ between the boxes, those a box does not record while another
  does, then each box's own warnings about the configuration shown (data loss, answered from RAM, noise, outliers,
  notes), named by the box
- ``sections``: the order renderers present them in.

Bad input raises ``ReportInputError(field, message)`` with ``field`` naming the box and the field
(``reports[1].metrics[3].median``).
"""
import math

from ..bench.conditions import CONDITIONS, condition_words
from ..figures import change_percent
from .chart_data import compare_series
from .errors import ReportInputError
from .fleet_render import FLEET_FORMATS, render_fleet
from .metric_info import metric_info, metric_sort_key, title_of_test
from .model import FORMAT_VERSION as REPORT_FORMAT_VERSION, _test_order
from .numbers import format_percent
from .wording import ci_text, median_text, range_text

FORMAT_VERSION = 1
PICKS = ('LATEST', 'BASELINE')
__all__ = ['fleet_report', 'render_fleet', 'FLEET_FORMATS', 'ReportInputError']
SECTIONS = ('boxes', 'tiles', 'tests', 'charts', 'warnings')
# Hostile input: bounds on what one report may hold (a campaign's report of ten presets is far below them)
MAX_BOXES = 32
MAX_CONFIGURATIONS = 64
MAX_METRIC_ROWS = 20_000
MAX_WARNINGS = 2_000
MAX_TEXT = 2_000
MAX_MESSAGE = 10_000
MAX_ID = 200
NUMBER_FIELDS = ('median', 'ci_low', 'ci_high', 'ci_confidence', 'mean', 'stdev', 'cv_percent', 'min', 'max')
VALUE_FIELDS = ('median', 'ci_low', 'ci_high', 'ci_confidence', 'cv_percent', 'n', 'min', 'max')
# A box's own warnings carried into the fleet's (those about the configuration shown); its comparison remarks
# (conditions against its baseline, COMPARISON) concern configurations the fleet does not show
CARRIED_WARNINGS = ('DATA_LOSS', 'FROM_RAM', 'NOISY', 'OUTLIERS', 'NOTE')


# --- validation ----------------------------------------------------------------------------------------------------

def _text(value, field, limit=MAX_TEXT, optional=False):
    if value is None and optional:
        return None
    if not isinstance(value, str):
        raise ReportInputError(field, 'must be a string' + (' or null' if optional else ''))
    if len(value) > limit:
        raise ReportInputError(field, f'is longer than {limit:,} characters')
    return value


def _list(value, field, limit):
    if not isinstance(value, list):
        raise ReportInputError(field, 'must be a list')
    if len(value) > limit:
        raise ReportInputError(field, f'has {len(value):,} items; at most {limit:,}')
    return value


def _dict(value, field):
    if not isinstance(value, dict):
        raise ReportInputError(field, 'must be an object')
    return value


def _id(value, field):
    if isinstance(value, bool) or not isinstance(value, (int, str)):
        raise ReportInputError(field, 'must be a number or a string')
    if isinstance(value, str) and len(value) > MAX_ID:
        raise ReportInputError(field, f'is longer than {MAX_ID} characters')
    return value


def _number(value, field):
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise ReportInputError(field, 'must be a finite number or null')
    return value


def _count(value, field):
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 1_000_000:
        raise ReportInputError(field, 'must be a whole number of runs or null')
    return value


def _configuration(raw, field):
    raw = _dict(raw, field)
    conditions = _dict(raw.get('conditions', {}), f'{field}.conditions')
    return {
        'id': _id(raw.get('id'), f'{field}.id'),
        'label': _text(raw.get('label'), f'{field}.label'),
        'source': _text(raw.get('source'), f'{field}.source', MAX_ID, optional=True),
        'created_at': _text(raw.get('created_at'), f'{field}.created_at', MAX_ID, optional=True),
        'baseline': raw.get('baseline') is True,
        'preset': _text(raw.get('preset'), f'{field}.preset', MAX_TEXT, optional=True),
        'preset_words': _text(raw.get('preset_words'), f'{field}.preset_words', MAX_TEXT, optional=True),
        'conditions': {key: _text(conditions.get(key), f'{field}.conditions.{key}', optional=True)
                       for key, _ in CONDITIONS},
    }


def _metric_row(raw, field):
    raw = _dict(raw, field)
    return {
        'configuration_id': _id(raw.get('configuration_id'), f'{field}.configuration_id'),
        'test': _text(raw.get('test'), f'{field}.test', MAX_ID),
        'metric': _text(raw.get('metric'), f'{field}.metric', MAX_ID),
        **{f: _number(raw.get(f), f'{field}.{f}') for f in NUMBER_FIELDS},
        'n': _count(raw.get('n'), f'{field}.n'),
    }


def _warning(raw, field):
    raw = _dict(raw, field)
    configuration_id = raw.get('configuration_id')
    return {'kind': _text(raw.get('kind'), f'{field}.kind', MAX_ID),
            'configuration_id': None if configuration_id is None else _id(configuration_id, f'{field}.configuration_id'),
            'test': _text(raw.get('test'), f'{field}.test', MAX_ID, optional=True),
            'message': _text(raw.get('message'), f'{field}.message', MAX_MESSAGE)}


def _pool_text(box, field):
    """The pool line of the report's box section ("tank: RAIDZ2 6×SSD · 6 GiB · 17 % used · …"), if any."""
    if box is None:
        return None
    items = _list(_dict(box, field).get('items', []), f'{field}.items', 64)
    for i, item in enumerate(items):
        item = _dict(item, f'{field}.items[{i}]')
        if item.get('key') == 'pool':
            return _text(item.get('value'), f'{field}.items[{i}].value')
    return None


def checked_report(raw, index):
    """One box's report, read as hostile: the fields the fleet uses, typed and bounded."""
    field = f'reports[{index}]'
    raw = _dict(raw, field)
    version = raw.get('format_version')
    if version != REPORT_FORMAT_VERSION or isinstance(version, bool):
        raise ReportInputError(f'{field}.format_version', f'is {version!r}; this reads reports of format version '
                                                          f'{REPORT_FORMAT_VERSION} (tuning.report.generate, JSON)')
    if raw.get('kind') == 'FLEET':
        raise ReportInputError(field, 'is a fleet report; give each box\'s own report')
    configurations = [_configuration(c, f'{field}.configurations[{i}]')
                      for i, c in enumerate(_list(raw.get('configurations'), f'{field}.configurations',
                                                  MAX_CONFIGURATIONS))]
    if not configurations:
        raise ReportInputError(f'{field}.configurations', 'is empty: the report holds no result')
    ids = [c['id'] for c in configurations]
    if len(set(ids)) != len(ids):
        raise ReportInputError(f'{field}.configurations', 'lists a result more than once')
    metrics = [_metric_row(m, f'{field}.metrics[{i}]')
               for i, m in enumerate(_list(raw.get('metrics'), f'{field}.metrics', MAX_METRIC_ROWS))]
    for i, row in enumerate(metrics):
        if row['configuration_id'] not in ids:
            raise ReportInputError(f'{field}.metrics[{i}].configuration_id',
                                   f'{row["configuration_id"]!r} is none of the report\'s configurations')
    warnings = [_warning(w, f'{field}.warnings[{i}]')
                for i, w in enumerate(_list(raw.get('warnings', []), f'{field}.warnings', MAX_WARNINGS))]
    return {'title': _text(raw.get('title'), f'{field}.title'),
            'generated_at': _text(raw.get('generated_at'), f'{field}.generated_at', MAX_ID, optional=True),
            'configurations': configurations, 'metrics': metrics, 'warnings': warnings,
            'pool_text': _pool_text(raw.get('box'), f'{field}.box')}


def _names(names, reports):
    if names is None:
        names = [r['title'] for r in reports]
    else:
        names = _list(names, 'names', MAX_BOXES)
        if len(names) != len(reports):
            raise ReportInputError('names', f'names {len(names)} boxes; there are {len(reports)} reports')
        names = [_text(n, f'names[{i}]', MAX_ID) for i, n in enumerate(names)]
    out = []
    for i, name in enumerate(names):
        name = ' '.join(name.split()) or f'Box {i + 1}'
        # two boxes of one name (reports of the default title) are told apart by their place
        out.append(f'{name} (box {i + 1})' if names.count(names[i]) > 1 else name)
    return out


# --- the model -----------------------------------------------------------------------------------------------------

def _shown(report, pick):
    """The configuration that stands for the box: the one measured last (ties: the later in the report), or the
    baseline."""
    configurations = report['configurations']
    if pick == 'BASELINE':
        return next((c for c in configurations if c['baseline']), configurations[0])
    dated = [(c['created_at'] or '', i) for i, c in enumerate(configurations)]
    return configurations[max(dated)[1]]


def _value(row):
    value = {f: row[f] for f in VALUE_FIELDS}
    unit = metric_info(row['metric'])['unit']
    runs = []
    if row['cv_percent'] is not None:
        runs.append(f'CV {format_percent(row["cv_percent"])}')
    if row['n'] is not None:
        runs.append(f'{row["n"]} run{"s" if row["n"] != 1 else ""}')
    if row['min'] is not None and row['max'] is not None:
        runs.append(f'runs {range_text(row["min"], row["max"], unit)}')
    return {**value, 'median_text': median_text(row, unit), 'interval_text': ci_text(row, unit),
            'runs_text': ' · '.join(runs) or None}


def _spread(values, boxes, unit, direction):
    """The best and the worst box's medians and how far apart: the best against the worst, as a change."""
    known = [(values[b['id']]['median'], b) for b in boxes
             if values.get(b['id']) is not None and values[b['id']]['median'] is not None]
    if len(known) < 2:
        return None
    lower = direction == 'LOWER'
    best = min(known, key=lambda mb: mb[0]) if lower else max(known, key=lambda mb: mb[0])
    worst = max(known, key=lambda mb: mb[0]) if lower else min(known, key=lambda mb: mb[0])
    ratio = best[0] / worst[0] if worst[0] else None
    words = (f'{range_text(min(m for m, _ in known), max(m for m, _ in known), unit)}; best {best[1]["name"]}'
             + (f', {change_percent(ratio)} against the worst, {worst[1]["name"]}' if ratio is not None
                and best[1] is not worst[1] else ''))
    return {'best': best[1]['id'], 'worst': worst[1]['id'], 'ratio': ratio,
            'text': words + (' (lower is better)' if lower else '')}


def _tests(boxes, rows_of):
    """One section per test on two boxes or more, and the tests only one box measured."""
    present = {}
    for box in boxes:
        for (test, _metric) in rows_of[box['id']]:
            present.setdefault(test, [])
            if box['id'] not in present[test]:
                present[test].append(box['id'])
    names = {b['id']: b['name'] for b in boxes}
    tests, single = [], []
    for test in sorted(present, key=_test_order):
        if len(present[test]) < 2:
            single.append({'test': test, 'title': title_of_test(test), 'box': names[present[test][0]]})
            continue
        metrics = sorted({m for b in boxes for (t, m) in rows_of[b['id']] if t == test},
                         key=lambda m: metric_sort_key(test, m))
        section = {'test': test, 'title': title_of_test(test), 'box_ids': present[test], 'metrics': []}
        for metric in metrics:
            info = metric_info(metric)
            values = {b['id']: (_value(rows_of[b['id']][(test, metric)]) if (test, metric) in rows_of[b['id']]
                                else None) for b in boxes}
            section['metrics'].append({'metric': metric, 'label': info['label'], 'unit': info['unit'],
                                       'direction': info['direction'], 'values': values,
                                       'spread': _spread(values, boxes, info['unit'], info['direction'])})
        tests.append(section)
    return tests, single


def _condition_warnings(boxes):
    out = []
    for key, label in CONDITIONS:
        said = [(b, condition_words(key, b['conditions'][key])) for b in boxes]
        recorded = [(b, v) for b, v in said if v is not None]
        if len({v for _, v in recorded}) > 1:
            listed = '; '.join(f'{b["name"]}: {v}' for b, v in recorded)
            out.append({'kind': 'DIFFERENT_CONDITIONS', 'configuration_id': None, 'test': None, 'metrics': [],
                        'message': f'The boxes differ in their {label} ({listed}): their figures differ by that '
                                   'too, not only by their settings.'})
    for box in boxes:
        unknown = [label for key, label in CONDITIONS if box['conditions'][key] is None
                   and any(b['conditions'][key] is not None for b in boxes if b is not box)]
        if unknown:
            out.append({'kind': 'UNKNOWN_CONDITIONS', 'configuration_id': box['id'], 'test': None, 'metrics': [],
                        'message': f'{box["name"]} does not record its {", ".join(unknown)}, which other boxes do: '
                                   'nothing confirms it was measured like them; read its differences as a trend.'})
    return out


def _carried_warnings(boxes, reports):
    out = []
    for box, report in zip(boxes, reports):
        for w in report['warnings']:
            # a note said of several results at once (the cache-defeat line) names them itself
            ours = w['configuration_id'] == box['configuration_id'] or (w['kind'] == 'NOTE'
                                                                         and w['configuration_id'] is None)
            if w['kind'] in CARRIED_WARNINGS and ours:
                out.append({'kind': w['kind'], 'configuration_id': box['id'], 'test': w['test'], 'metrics': [],
                            'message': f'{box["name"]}: {w["message"]}'})
    return out


def _csv_rows(boxes, tests, rows_of):
    out = []
    for box in boxes:
        for section in tests:
            for m in section['metrics']:
                row = rows_of[box['id']].get((section['test'], m['metric']))
                if row is None:
                    continue
                out.append({'box': box['name'], 'box_number': box['number'], 'report_title': box['report_title'],
                            'configuration_id': box['configuration_id'], 'configuration': box['configuration_label'],
                            'preset': box['preset_words'], 'test': section['test'], 'test_title': section['title'],
                            'metric': m['metric'], 'metric_label': m['label'], 'unit': m['unit'],
                            'direction': m['direction'], **{f: row[f] for f in NUMBER_FIELDS}, 'n': row['n']})
    return out


def _drawn(boxes, tests, rows_of):
    """Tiles and charts of the compared tests, drawn as the single-box report draws configurations."""
    shared = {t['test'] for t in tests}
    summaries = {b['id']: {} for b in boxes}
    for box in boxes:
        for (test, metric), row in rows_of[box['id']].items():
            if test in shared and row['median'] is not None:
                summaries[box['id']].setdefault(test, {})[metric] = row
    drawn = compare_series([{'id': b['id'], 'label': b['name']} for b in boxes], summaries, {}, None)
    # no box is the baseline of the others
    series = [{**s, 'baseline': False} for s in drawn['series']]
    tiles = [{**t, 'values': [{**v, 'baseline': False} for v in t['values']]} for t in drawn['tiles']]
    return {'series': series, 'tiles': tiles, 'charts': drawn['charts']}


def fleet_report(reports, *, names=None, title=None, generated_at=None, pick='LATEST'):
    reports = _list(reports, 'reports', MAX_BOXES)
    if len(reports) < 2:
        raise ReportInputError('reports', f'has {len(reports)} report{"s" if len(reports) != 1 else ""}; a fleet '
                                          'report compares two boxes or more')
    if pick not in PICKS:
        raise ReportInputError('pick', f'must be one of {", ".join(PICKS)}')
    title = _text(title, 'title', optional=True)
    generated_at = _text(generated_at, 'generated_at', MAX_ID, optional=True)
    checked = [checked_report(r, i) for i, r in enumerate(reports)]
    box_names = _names(names, checked)
    boxes, rows_of = [], {}
    for i, (report, name) in enumerate(zip(checked, box_names)):
        shown = _shown(report, pick)
        conditions = shown['conditions']
        box = {'id': f'box-{i + 1}', 'number': i + 1, 'name': name, 'report_title': report['title'],
               'report_generated_at': report['generated_at'], 'configuration_id': shown['id'],
               'configuration_label': shown['label'], 'created_at': shown['created_at'], 'source': shown['source'],
               'preset': shown['preset'], 'preset_words': shown['preset_words'] or 'none',
               'platform': conditions['platform'], 'openzfs_version': conditions['openzfs_version'],
               'pool_layout': conditions['pool_layout'], 'pool_text': report['pool_text'],
               'conditions': conditions}
        boxes.append(box)
        rows_of[box['id']] = {(r['test'], r['metric']): r for r in report['metrics']
                              if r['configuration_id'] == shown['id']}
    tests, single = _tests(boxes, rows_of)
    drawn = _drawn(boxes, tests, rows_of)
    for box, series in zip(boxes, drawn['series']):
        box['colour'] = series['colour']
    return {
        'format_version': FORMAT_VERSION,
        'kind': 'FLEET',
        'title': title or f'Fleet report: {len(boxes)} boxes',
        'generated_at': generated_at,
        'pick': pick,
        'boxes': boxes,
        'tests': tests,
        'single_box_tests': single,
        'metrics': _csv_rows(boxes, tests, rows_of),
        **drawn,
        'warnings': _condition_warnings(boxes) + _carried_warnings(boxes, checked),
        'sections': list(SECTIONS),
    }


