"""The report model: one plain, JSON-serialisable dict every renderer reads (pure).

``build_report(results, comparison, *, title, generated_at, settings_diffs=None, campaign=None,
recommendation=(), ladders=(), layouts=())`` → report:

- ``format_version``, ``title``, ``generated_at``, ``baseline_id``, ``theoretical_max``
- ``configurations``: ``[{id, label, source, created_at, baseline, preset, preset_name, preset_words,
  conditions}]``, baseline first, then in the comparison's order; ``preset`` is the id of the preset it was measured
  under, ``preset_name`` its name (as recorded with the result, a built-in's from the catalogue, else the id),
  ``preset_words`` what the report says of it: the name, and whether it was in effect yet when the result was
  measured (``core.measured_preset``: "Boot buffer (not yet in effect: waiting for a reboot)")
- ``metrics``: one row per (configuration, test, metric): the result's summary statistics (``median, ci_low,
  ci_high, ci_confidence, mean, stdev, cv_percent, min, max, n, values, outliers``) and, for compared
  configurations, the comparison row's ``ratio, ratio_ci_low, ratio_ci_high, p_value, p_adjusted, verdict,
  min_runs`` (``None``
  for the baseline and for metrics the baseline lacks)
- ``summary``: ``{columns: [{key, test, metric, title, unit, direction}], rows: [{configuration_id, label,
  baseline, cells: {key: cell|None}}]}``, the seeds' table (``columns.SUMMARY_COLUMNS``), cells being the same
  figures as the metric rows
- ``series``, ``tiles``, ``charts`` (``chart_data.compare_series``: the comparison's own when it carries them, so
  the report draws what the panel draws), ``changes`` (``settings_diff``), ``box`` (baseline's box, ``box``), ``tools``,
  ``method`` (``method``), ``warnings`` (``warning_rules``), ``jobs``: ``[{text, configuration_ids}]`` (each distinct
  fio job text once)
- ``campaign`` (a campaign's report only, ``campaign_section``): the campaign, what it skipped, how it ended, and the
  recommendation; its section comes first
- ``ladder`` (when ``ladders``, ``tuning.ladder.get`` answers, are given: ``ladder_section``): where the limit is,
  per pool; its section follows the summary
- ``layout`` (when ``layouts``, ``tuning.advice.layout`` answers for the results' pools, are given:
  ``layout_section``): each pool's layout beside the others its disks could have; its section follows the box's
- ``sections``: the order renderers present the sections in; each format has a renderer per section name.

Every figure is copied from the results' summaries and the comparison rows; nothing is recomputed.
"""
from ..bench.catalog import TESTS
from ..bench.conditions import conditions_of
from ..measured_preset import no_preset_words, preset_name, preset_words
from .box_section import box_section
from .campaign_section import campaign_section
from .chart_data import compare_series
from .chart_layout import as_drawn, measured_on_a_client
from .columns import SUMMARY_COLUMNS
from .errors import ReportInputError
from .inputs import checked_comparison, checked_results
from .ladder_section import ladder_section
from .layout_section import layout_section
from .method import method_section
from .metric_info import metric_info, metric_sort_key, title_of_test
from .settings_diff import configuration_changes
from .warning_rules import report_warnings

FORMAT_VERSION = 2  # 2: charts carry their axis, kind (BAR/DOT), colours and words; tiles and series
SECTIONS = ('tiles', 'summary', 'charts', 'changes', 'warnings', 'method', 'box', 'tools', 'jobs')
STAT_FIELDS = ('median', 'ci_low', 'ci_high', 'ci_confidence', 'mean', 'stdev', 'cv_percent', 'min', 'max', 'n',
               'values', 'outliers')
COMPARISON_FIELDS = ('ratio', 'ratio_ci_low', 'ratio_ci_high', 'p_value', 'p_adjusted', 'verdict', 'min_runs')
CELL_FIELDS = ('median', 'ci_low', 'ci_high', 'ci_confidence', 'n', 'cv_percent') + COMPARISON_FIELDS


def _test_order(test):
    return (list(TESTS).index(test), '') if test in TESTS else (len(TESTS), test)


def _preset(context):
    preset = context.get('preset')
    if isinstance(preset, dict):
        return preset.get('id')
    return preset if isinstance(preset, str) else None


def _metric_rows(ordered, baseline_id, rows):
    out = []
    for result in ordered:
        for test in sorted(result['summary'], key=_test_order):
            for metric in sorted(result['summary'][test], key=lambda m: metric_sort_key(test, m)):
                stats = result['summary'][test][metric]
                info = metric_info(metric)
                compared = rows.get((result['id'], test, metric))
                out.append({
                    'configuration_id': result['id'], 'configuration': result['label'],
                    'baseline': result['id'] == baseline_id,
                    'test': test, 'test_label': title_of_test(test), 'metric': metric, 'metric_label': info['label'],
                    'unit': info['unit'],
                    'direction': compared.get('direction', info['direction']) if compared else info['direction'],
                    **{f: stats.get(f) for f in STAT_FIELDS},
                    **{f: compared.get(f) if compared else None for f in COMPARISON_FIELDS},
                })
    return out


def _summary(ordered, baseline_id, metric_rows):
    index = {(r['configuration_id'], r['test'], r['metric']): r for r in metric_rows}
    columns = [c for c in SUMMARY_COLUMNS if any((e['id'], c.test, c.metric) in index for e in ordered)]
    return {
        'columns': [{'key': c.key, 'test': c.test, 'metric': c.metric, 'title': c.title,
                     'unit': metric_info(c.metric)['unit'], 'direction': metric_info(c.metric)['direction']}
                    for c in columns],
        'rows': [{'configuration_id': e['id'], 'label': e['label'], 'baseline': e['id'] == baseline_id,
                  'cells': {c.key: ({f: index[(e['id'], c.test, c.metric)][f] for f in CELL_FIELDS}
                                    if (e['id'], c.test, c.metric) in index else None) for c in columns}}
                 for e in ordered],
    }


def _tools(ordered, conditions):
    return [{'configuration_id': e['id'], 'label': e['label'], 'source': e.get('source'),
             **{k: conditions[e['id']][k] for k in ('tool', 'fio_version', 'openzfs_version', 'platform')}}
            for e in ordered]


def _jobs(ordered):
    texts = {}
    for result in ordered:
        for text in result['jobs']:
            if isinstance(text, str) and result['id'] not in texts.setdefault(text, []):
                texts[text].append(result['id'])
    return [{'text': text, 'configuration_ids': ids} for text, ids in texts.items()]


def _sections(campaign, ladders, layouts):
    sections = list(SECTIONS)
    if ladders:
        sections.insert(sections.index('summary') + 1, 'ladder')
    if layouts:
        sections.insert(sections.index('box') + 1, 'layout')
    return (['campaign'] if campaign is not None else []) + sections


def build_report(results, comparison, *, title, generated_at, settings_diffs=None, campaign=None, recommendation=(),
                 ladders=(), layouts=()):
    if not isinstance(title, str) or not title.strip():
        raise ReportInputError('title', 'must be a non-empty string')
    if not isinstance(generated_at, str) or not generated_at:
        raise ReportInputError('generated_at', 'must be a timestamp string (ISO 8601)')
    results = checked_results(results)
    compared = checked_comparison(comparison, results)
    baseline_id = compared['baseline_id']
    by_id = {e['id']: e for e in results}
    ordered = [by_id[baseline_id]] + [by_id[i] for i in compared['compared_ids']]
    conditions = {e['id']: conditions_of(e) for e in ordered}
    configurations = [{'id': e['id'], 'label': e['label'], 'source': e.get('source'),
                       'created_at': e.get('created_at'), 'baseline': e['id'] == baseline_id,
                       'preset': _preset(e['context']), 'preset_name': preset_name(e['context']),
                       'preset_words': preset_words(e['context']) or no_preset_words(e['context']),
                       'conditions': conditions[e['id']]} for e in ordered]
    theoretical_max = compared['theoretical_max'] or by_id[baseline_id]['context'].get('theoretical_max')
    metric_rows = _metric_rows(ordered, baseline_id, compared['rows'])
    drawn = compared['drawn'] or compare_series(configurations, {e['id']: e['summary'] for e in ordered},
                                                compared['rows'], theoretical_max)
    # the panel's rule: the network line only beside client-measured results (a box figure never crossed the link)
    client = measured_on_a_client(ordered)
    drawn = {**drawn, 'charts': [as_drawn(c, client) for c in drawn['charts']]}
    return {
        'format_version': FORMAT_VERSION,
        'title': title,
        'generated_at': generated_at,
        'baseline_id': baseline_id,
        'theoretical_max': theoretical_max if isinstance(theoretical_max, dict) else None,
        'configurations': configurations,
        'summary': _summary(ordered, baseline_id, metric_rows),
        'metrics': metric_rows,
        **drawn,
        'changes': configuration_changes(ordered, baseline_id, settings_diffs),
        'box': box_section(by_id[baseline_id]),
        'tools': _tools(ordered, conditions),
        'method': method_section(ordered),
        'warnings': report_warnings(ordered, baseline_id, compared['warnings']),
        'jobs': _jobs(ordered),
        **({'campaign': campaign_section(campaign, recommendation)} if campaign is not None else {}),
        **({'ladder': ladder_section(ladders)} if ladders else {}),
        **({'layout': layout_section(layouts)} if layouts else {}),
        'sections': _sections(campaign, ladders, layouts),
    }
