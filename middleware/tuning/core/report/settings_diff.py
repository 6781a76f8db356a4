"""What each configuration changed relative to the baseline (pure).

- ``diff_settings(baseline_rows, other_rows, baseline_where='baseline', other_where='other')`` → ``[{kind, scope,
  setting, baseline, value}]`` for every setting key ``(kind, scope, setting)`` whose value differs between two
  settings snapshots (architecture §4). A key present in one snapshot only is a difference too, with ``None``
  ("absent") on the other side; the ``*_where`` names say which input a malformed row came from.
- ``configuration_changes(results, baseline_id, settings_diffs=None)`` → one ``{configuration_id, label, basis,
  rows}`` per non-baseline result. ``basis`` is ``GIVEN`` when the caller passed rows for that result in
  ``settings_diffs`` (``{result_id: [row]}``, e.g. from a campaign's plans), ``SNAPSHOT`` when both results carry a
  settings snapshot, and ``UNKNOWN`` otherwise (imported results have none): then ``rows`` is empty and the report
  says "unknown" rather than "nothing changed".
"""
from .errors import ReportInputError

KIND_ORDER = ('ZFS_PARAMETER', 'SYSCTL', 'DATASET_PROPERTY', 'POOL_DEVICE', 'SERVICE')


def _value(v):
    return None if v is None else str(v)


def _sort_key(row):
    kind = row['kind']
    return (KIND_ORDER.index(kind) if kind in KIND_ORDER else len(KIND_ORDER), kind, row['scope'], row['setting'])


def _index(rows, where):
    out = {}
    for i, row in enumerate(rows):
        if not isinstance(row, dict) or not all(isinstance(row.get(k), str) for k in ('kind', 'scope', 'setting')):
            raise ReportInputError(f'{where}[{i}]', 'must be a snapshot row with string kind, scope and setting')
        out[(row['kind'], row['scope'], row['setting'])] = _value(row.get('value'))
    return out


def diff_settings(baseline_rows, other_rows, baseline_where='baseline', other_where='other'):
    base = _index(baseline_rows, baseline_where)
    other = _index(other_rows, other_where)
    rows = []
    for key in set(base) | set(other):
        a, b = base.get(key), other.get(key)
        if a != b:
            rows.append({'kind': key[0], 'scope': key[1], 'setting': key[2], 'baseline': a, 'value': b})
    return sorted(rows, key=_sort_key)


def _given_rows(rows, where):
    if not isinstance(rows, list):
        raise ReportInputError(where, 'must be a list of {kind, scope, setting, baseline, value}')
    out = []
    for i, row in enumerate(rows):
        if not isinstance(row, dict) or not all(isinstance(row.get(k), str) for k in ('kind', 'scope', 'setting')):
            raise ReportInputError(f'{where}[{i}]', 'must have string kind, scope and setting')
        out.append({'kind': row['kind'], 'scope': row['scope'], 'setting': row['setting'],
                    'baseline': _value(row.get('baseline')), 'value': _value(row.get('value'))})
    return sorted(out, key=_sort_key)


def configuration_changes(results, baseline_id, settings_diffs=None):
    if settings_diffs is not None and not isinstance(settings_diffs, dict):
        raise ReportInputError('settings_diffs', 'must be an object {result_id: [row]}')
    # JSON object keys arrive as strings: "7" and 7 name the same result.
    given = {int(k) if isinstance(k, str) and k.isdigit() else k: v for k, v in (settings_diffs or {}).items()}
    ids = {e['id'] for e in results}
    for key in given:
        if key not in ids or key == baseline_id:
            raise ReportInputError(f'settings_diffs.{key}', 'is not a compared (non-baseline) result of the report')
    base_index = next(i for i, e in enumerate(results) if e['id'] == baseline_id)
    base_rows = results[base_index]['context'].get('settings')
    base_where = f'results[{base_index}].context.settings'
    out = []
    for i, result in enumerate(results):
        if result['id'] == baseline_id:
            continue
        rows_here = result['context'].get('settings')
        if result['id'] in given:
            basis, rows = 'GIVEN', _given_rows(given[result['id']], f'settings_diffs.{result["id"]}')
        elif isinstance(base_rows, list) and isinstance(rows_here, list):
            basis, rows = 'SNAPSHOT', diff_settings(base_rows, rows_here, base_where,
                                                    f'results[{i}].context.settings')
        else:
            basis, rows = 'UNKNOWN', []
        out.append({'configuration_id': result['id'], 'label': result['label'], 'basis': basis, 'rows': rows})
    return out
