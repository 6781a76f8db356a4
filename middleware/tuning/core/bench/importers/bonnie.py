"""bonnie++ importer: the CSV lines bonnie++ prints (after its text report, or alone; ``-x N`` gives one per run).

CSV layouts (checked against the field count and ``format_version``):
- 1.96 / 1.97: 48 fields, ``..., file_size, chunk_size, putc, putc_cpu, put_block, ...`` (put_block at 9);
- 1.98 (bonnie++ 1.98 – 2.x): 50 fields, two more after the chunk size (number of seeks, seeker processes), so
  put_block is at 11. The header bonnie++ 2.00 prints with ``-x`` still lists the 48 old names; it is skipped.
Sequential Output Block → SEQ_WRITE, Sequential Input Block → SEQ_READ (K/sec is KiB/s: × 1024 exactly),
Random Seeks → RANDOM_IOPS (``iops``: bonnie++'s own random-seek mix, not a 4K test). ``+++++`` means "too fast to
measure" and an empty field means the test was skipped (``-f``): both become ``None`` with a note.
"""
import csv
import re

from ..errors import BenchmarkInputError
from ..fio_output import MAX_FIGURE

_CSV_LINE = re.compile(r'^\s*\d+\.\d+[a-z]?,')
LAYOUTS = {
    48: {'formats': ('1.96', '1.97'), 'put_block': 9, 'get_block': 15, 'seeks': 17},
    50: {'formats': ('1.98',), 'put_block': 11, 'get_block': 17, 'seeks': 19},
}
_TESTS = (('put_block', 'SEQ_WRITE', 'write_bw_bytes'), ('get_block', 'SEQ_READ', 'read_bw_bytes'),
          ('seeks', 'RANDOM_IOPS', 'iops'))


def _value(text, line_no, column, notes, integer):
    where = f'line {line_no}, column {column}'
    text = text.strip()
    if text.startswith('+++'):
        notes.append(f'{where}: too fast to measure (+++++), no value')
        return None
    if text == '':
        notes.append(f'{where}: test not run, no value')
        return None
    try:
        value = int(text) if integer else float(text)
    except ValueError:
        raise BenchmarkInputError(where, f'expected a number, found {text[:40]!r}') from None
    # float() reads "nan", "inf" and "1e999" too (NaN compares false): a figure is finite and fits in bytes once
    # in B/s (K/sec × 1024)
    if not 0 <= value <= MAX_FIGURE // 1024:
        raise BenchmarkInputError(where, f'expected a finite number from 0 to 2^54, found {text[:40]!r}')
    return value


def import_bonnie(data):
    notes = []
    runs = {test: [] for _, test, _ in _TESTS}
    versions = set()
    sizes = set()
    found = 0
    for line_no, line in enumerate(data.splitlines(), start=1):
        if line.startswith('format_version,'):
            continue
        if not _CSV_LINE.match(line):
            continue
        fields = next(csv.reader([line.strip()]))
        layout = LAYOUTS.get(len(fields))
        if layout is None:
            raise BenchmarkInputError(
                f'line {line_no}', f'expected 48 (CSV format 1.96/1.97) or 50 (format 1.98) fields, found {len(fields)}')
        if fields[0] not in layout['formats']:
            raise BenchmarkInputError(
                f'line {line_no}, column format_version',
                f'format {fields[0]!r} with {len(fields)} fields is not a bonnie++ 1.96–2.x CSV line')
        found += 1
        versions.add(fields[1])
        sizes.add(fields[5])
        for column, test, metric in _TESTS:
            value = _value(fields[layout[column]], line_no, column, notes, integer=column != 'seeks')
            if column == 'seeks':
                runs[test].append({'bw_bytes': None, 'iops': value, 'lat_ns': None,
                                   'metrics': {} if value is None else {metric: value}})
            else:
                bw = None if value is None else value * 1024
                runs[test].append({'bw_bytes': bw, 'iops': None, 'lat_ns': None,
                                   'metrics': {} if bw is None else {metric: bw}})
    if not found:
        raise BenchmarkInputError('data', 'no bonnie++ CSV line found (the text report rounds its figures; include '
                                          'the CSV line bonnie++ prints after it, or its -x/-q CSV output)')
    tests = {test: {'runs': r} for test, r in runs.items() if any(x['metrics'] for x in r)}
    if not tests:
        raise BenchmarkInputError('data', 'no test has a measured value: every block and seek test was skipped or '
                                          'too fast to measure (+++++); run bonnie++ with a larger -s')
    if len(sizes) > 1:
        notes.append(f'runs used different file sizes: {", ".join(sorted(sizes))}')
    notes.append('bonnie++ reports one worst-case latency per test, not percentiles: latency is not imported')
    notes.append('RANDOM_IOPS is bonnie++\'s random-seek test (reads with some rewrites), not comparable with '
                 'fio 4K tests')
    return {
        'source': 'BONNIE', 'tool_version': ', '.join(sorted(versions)),
        'tests': tests,
        'notes': notes,
    }
