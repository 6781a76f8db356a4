"""Check the report's inputs and index them (pure).

- ``checked_results(results)`` → the results (``tuning.benchmark.get`` shape) as a list, each with ``context``,
  ``summary``, ``runs``, ``jobs`` and ``notes`` defaulted when missing or null (imported results carry little).
- ``checked_comparison(comparison, results)`` → ``{baseline_id, rows: {(result_id, test, metric): row}, warnings,
  theoretical_max, compared_ids}`` from a ``tuning.benchmark.compare`` result. It refuses a comparison whose baseline
  or compared results are not among those given, and one whose figures differ from the results' own summaries: the
  report shows each number once, so two sources disagreeing is a bug upstream, not something to paper over.
  ``drawn`` is the comparison's own ``{series, tiles, charts}`` (``chart_data.compare_series``, computed once by
  ``tuning.benchmark.compare``) when it carries them, else None.

Errors are ``ReportInputError`` naming the field (``results[1].summary.SEQ_WRITE``, ``comparison.baseline.id``).
"""
import math

from ..bench.statistics import honest_summary
from .errors import ReportInputError

STAT_FIELDS_COMPARED = ('n', 'median', 'ci_low', 'ci_high')


def _is_id(value):
    return isinstance(value, int) and not isinstance(value, bool)


def _check_summary(summary, where):
    if not isinstance(summary, dict):
        raise ReportInputError(where, 'must be an object {TEST: {metric: statistics}}')
    for test, metrics in summary.items():
        if not isinstance(metrics, dict):
            raise ReportInputError(f'{where}.{test}', 'must be an object {metric: statistics}')
        for metric, stats in metrics.items():
            if not isinstance(stats, dict) or not isinstance(stats.get('median'), (int, float)) \
                    or not _is_id(stats.get('n')):
                raise ReportInputError(f'{where}.{test}.{metric}', 'must be statistics with a numeric median and n')


def checked_results(results):
    if not isinstance(results, (list, tuple)) or not results:
        raise ReportInputError('results', 'must be a non-empty list of benchmark results')
    out, seen = [], set()
    for i, result in enumerate(results):
        where = f'results[{i}]'
        if not isinstance(result, dict):
            raise ReportInputError(where, 'must be a benchmark result object')
        if not _is_id(result.get('id')):
            raise ReportInputError(f'{where}.id', 'must be an integer')
        if result['id'] in seen:
            raise ReportInputError(f'{where}.id', f'result {result["id"]} is listed twice')
        seen.add(result['id'])
        if not isinstance(result.get('label'), str):
            raise ReportInputError(f'{where}.label', 'must be a string')
        summary = result.get('summary') or {}
        _check_summary(summary, f'{where}.summary')
        summary = honest_summary(summary)  # results stored before the rule still carry a CI of 1 or 2 runs
        for key, kind in (('context', dict), ('runs', dict), ('jobs', list), ('notes', list)):
            value = result.get(key)
            if value is not None and not isinstance(value, kind):
                raise ReportInputError(f'{where}.{key}', f'must be {"an object" if kind is dict else "a list"}')
        out.append({**result, 'summary': summary, 'context': result.get('context') or {},
                    'runs': result.get('runs') or {}, 'jobs': list(result.get('jobs') or []),
                    'notes': list(result.get('notes') or [])})
    return out


def _same(a, b):
    if a is None or b is None:
        return a is b
    return math.isclose(a, b, rel_tol=1e-9, abs_tol=1e-12)


def _check_row_matches(stats, summary, where, result_id):
    if stats is None:
        return
    for field in STAT_FIELDS_COMPARED:
        if not _same(stats.get(field), summary.get(field)):
            raise ReportInputError(f'{where}.{field}', f'{stats.get(field)!r} differs from result {result_id}\'s '
                                                        f'summary ({summary.get(field)!r}); compare the same results')


def _id_of(part, where, by_id):
    if not isinstance(part, dict) or not _is_id(part.get('id')):
        raise ReportInputError(f'{where}.id', 'must be an integer result id')
    if part['id'] not in by_id:
        raise ReportInputError(f'{where}.id', f'result {part["id"]} is not among the results of the report')
    return part['id']


def checked_comparison(comparison, results):
    by_id = {e['id']: e for e in results}
    if comparison is None:
        if len(results) > 1:
            raise ReportInputError('comparison', 'is required when the report covers more than one result')
        return {'baseline_id': results[0]['id'], 'rows': {}, 'warnings': [], 'theoretical_max': None,
                'compared_ids': [], 'drawn': None}
    if not isinstance(comparison, dict):
        raise ReportInputError('comparison', 'must be the object tuning.benchmark.compare returns')
    baseline_id = _id_of(comparison.get('baseline'), 'comparison.baseline', by_id)
    comparisons = comparison.get('comparisons')
    if not isinstance(comparisons, list):
        raise ReportInputError('comparison.comparisons', 'must be a list')
    rows, compared = {}, []
    for i, part in enumerate(comparisons):
        where = f'comparison.comparisons[{i}]'
        other_id = _id_of(part, where, by_id)
        if other_id == baseline_id or other_id in compared:
            raise ReportInputError(f'{where}.id', f'result {other_id} is compared twice or with itself')
        compared.append(other_id)
        for j, row in enumerate(part.get('metrics') or []):
            row_where = f'{where}.metrics[{j}]'
            if not isinstance(row, dict) or not isinstance(row.get('test'), str) \
                    or not isinstance(row.get('metric'), str):
                raise ReportInputError(row_where, 'must be a comparison row with test and metric')
            test, metric = row['test'], row['metric']
            base_summary = by_id[baseline_id]['summary'].get(test, {}).get(metric)
            other_summary = by_id[other_id]['summary'].get(test, {}).get(metric)
            if base_summary is None or other_summary is None:
                raise ReportInputError(row_where, f'{test} {metric} is missing from the summary of result '
                                                  f'{baseline_id if base_summary is None else other_id}')
            _check_row_matches(row.get('baseline'), base_summary, f'{row_where}.baseline', baseline_id)
            _check_row_matches(row.get('other'), other_summary, f'{row_where}.other', other_id)
            rows[(other_id, test, metric)] = row
    missing = [e['id'] for e in results if e['id'] != baseline_id and e['id'] not in compared]
    if missing:
        raise ReportInputError('comparison.comparisons', f'has no comparison for result(s) '
                                                         f'{", ".join(map(str, missing))} of the report')
    warnings = comparison.get('warnings') or []
    if not isinstance(warnings, list) or not all(isinstance(w, str) for w in warnings):
        raise ReportInputError('comparison.warnings', 'must be a list of strings')
    return {'baseline_id': baseline_id, 'rows': rows, 'warnings': list(warnings),
            'theoretical_max': comparison.get('theoretical_max'), 'compared_ids': compared,
            'drawn': _drawn(comparison, [baseline_id] + compared)}


def _drawn(comparison, ids):
    keys = ('series', 'tiles', 'charts')
    if not all(isinstance(comparison.get(k), list) for k in keys):
        return None
    if [s.get('configuration_id') if isinstance(s, dict) else None for s in comparison['series']] != ids:
        raise ReportInputError('comparison.series', 'must list the baseline and the compared results in order')
    return {k: comparison[k] for k in keys}
