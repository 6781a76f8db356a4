"""Import results of other tools into the normalised result shape (pure).

``import_result(format, data)`` with format ``BONNIE`` (bonnie++ text report with its CSV line(s), or bare CSV,
1.96–2.x), ``GOBONNIEGO`` (its ``-json`` output) or ``FIO`` (fio ``--output-format=json``; several documents one after
another are several runs) → ``{source, tool_version, tests: {TEST: {runs: [{bw_bytes, iops, lat_ns, metrics}]}},
notes: [str]}``. ``lat_ns`` is ``{p50, p90, p99, p99_9}`` or ``None``; ``metrics`` holds the flat metric ids the
statistics and ``compare`` use. Bad input raises ``BenchmarkInputError`` whose ``field`` says where (``line 3, column
put_block``; ``results[1].iops``; ``jobs[0].error``); nothing is returned half-imported.
"""
from ..errors import BenchmarkInputError
from .bonnie import import_bonnie
from .fio import import_fio
from .gobonniego import import_gobonniego

IMPORTERS = {'BONNIE': import_bonnie, 'GOBONNIEGO': import_gobonniego, 'FIO': import_fio}


def import_result(format, data):
    if format not in IMPORTERS:
        raise BenchmarkInputError('format', f'unknown format {format!r}; known: {", ".join(IMPORTERS)}')
    if isinstance(data, bytes):
        try:
            data = data.decode('utf-8')
        except UnicodeDecodeError as e:
            raise BenchmarkInputError('data', f'not UTF-8 text (byte {e.start})') from None
    if not isinstance(data, str) or not data.strip():
        raise BenchmarkInputError('data', 'is empty')
    return IMPORTERS[format](data)


__all__ = ['import_result', 'IMPORTERS']
