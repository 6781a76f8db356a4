"""gobonniego importer: its ``-json`` output, ``{version, ..., results: [{write_megabytes_per_second,
read_megabytes_per_second, iops, ...}]}``; each ``results`` entry is a run. MB is 10^6 bytes (× 1 000 000 exactly).
Write → SEQ_WRITE, read → SEQ_READ, iops → RANDOM_IOPS (512-byte random I/O, 10 reads per write).
"""
import json

from ..errors import BenchmarkInputError
from ..fio_output import MAX_FIGURE

_FIELDS = (('write_megabytes_per_second', 'SEQ_WRITE', 'write_bw_bytes'),
           ('read_megabytes_per_second', 'SEQ_READ', 'read_bw_bytes'),
           ('iops', 'RANDOM_IOPS', 'iops'))
MAX_MB = MAX_FIGURE // 1_000_000


def _number(entry, key, field):
    """A figure: finite (Python reads NaN and Infinity in its JSON; NaN compares false) and within bytes once in
    B/s (MB/s × 10^6)."""
    value = entry.get(key)
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 <= value <= MAX_MB:
        raise BenchmarkInputError(field, f'must be a finite number from 0 to {MAX_MB}, got {repr(value)[:40]}')
    return value


def import_gobonniego(data):
    try:
        doc = json.loads(data)
    except json.JSONDecodeError as e:
        raise BenchmarkInputError(f'line {e.lineno}, column {e.colno}', f'not JSON: {e.msg}') from None
    if not isinstance(doc, dict):
        raise BenchmarkInputError('data', 'must be a JSON object (gobonniego -json output)')
    results = doc.get('results')
    if not isinstance(results, list) or not results:
        raise BenchmarkInputError('results', 'missing or empty: is this gobonniego -json output?')
    tests = {test: {'runs': []} for _, test, _ in _FIELDS}
    for i, entry in enumerate(results):
        if not isinstance(entry, dict):
            raise BenchmarkInputError(f'results[{i}]', 'must be an object')
        for key, test, metric in _FIELDS:
            value = _number(entry, key, f'results[{i}].{key}')
            if key == 'iops':
                run = {'bw_bytes': None, 'iops': value, 'lat_ns': None, 'metrics': {metric: value}}
            else:
                bw = value * 1_000_000
                run = {'bw_bytes': bw, 'iops': None, 'lat_ns': None, 'metrics': {metric: bw}}
            tests[test]['runs'].append(run)
    return {
        'source': 'GOBONNIEGO', 'tool_version': str(doc.get('version') or ''), 'tests': tests,
        'notes': ['gobonniego IOPS is 512-byte random I/O with one write per ten reads: imported as RANDOM_IOPS, '
                  'not comparable with fio 4K tests'],
    }
