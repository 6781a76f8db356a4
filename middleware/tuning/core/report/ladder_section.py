"""The "Where the limit is" section of a report (pure): the component ladder of each pool the report's results
measured (``tuning.ladder.get`` answers), when more than the local benchmark is known of it.

``ladder_section(ladders)`` → ``[{pool, dataset, title, rows, verdict, missing}]``, a row being ``{layer, name,
protocol, read_bytes_per_second, write_bytes_per_second, read_text, write_text, measured_at, note, limits}``
(``limits``: the directions this layer limits, ``read`` and/or ``write``). ``ladder_csv_rows(report)`` → the
section's figures as rows of the CSV's columns: one per layer and direction measured, ``test`` ``LADDER_<layer>``,
``configuration`` the layer's name, ``median`` the figure, ``verdict`` ``LIMIT`` on the limiting layer.
"""
from .errors import ReportInputError
from .numbers import format_value

REQUIRED = ('pool', 'dataset', 'layers', 'bottleneck', 'verdict', 'missing')
DIRECTIONS = ('read', 'write')


def _limits(layer, bottleneck):
    return [d for d in DIRECTIONS if (side := bottleneck.get(d)) and side['layer'] == layer['layer']
            and side.get('protocol') == layer.get('protocol')]


def _rows(ladder):
    return [{**{k: layer[k] for k in ('layer', 'name', 'protocol', 'read_bytes_per_second', 'write_bytes_per_second',
                                      'measured_at', 'note')},
             'read_text': format_value(layer['read_bytes_per_second'], 'B/s')
             if layer['read_bytes_per_second'] is not None else 'not measured',
             'write_text': format_value(layer['write_bytes_per_second'], 'B/s')
             if layer['write_bytes_per_second'] is not None else 'not measured',
             'limits': _limits(layer, ladder['bottleneck'])}
            for layer in ladder['layers']]


def ladder_section(ladders):
    out = []
    for i, ladder in enumerate(ladders):
        if not isinstance(ladder, dict) or any(k not in ladder for k in REQUIRED):
            raise ReportInputError(f'ladders[{i}]', f'must be a ladder with {", ".join(REQUIRED)}')
        where = ladder['dataset'] or ladder['pool']
        out.append({'pool': ladder['pool'], 'dataset': ladder['dataset'], 'title': f'Where the limit is: {where}',
                    'rows': _rows(ladder), 'verdict': ladder['verdict'], 'missing': list(ladder['missing'])})
    return out


def ladder_csv_rows(report):
    rows = []
    for section in report.get('ladder') or []:
        for row in section['rows']:
            for direction in DIRECTIONS:
                value = row[f'{direction}_bytes_per_second']
                if value is not None:
                    rows.append({'configuration': f'{section["pool"]}: {row["name"]}', 'test': f'LADDER_{row["layer"]}',
                                 'metric': f'{direction}_bw_bytes', 'unit': 'B/s', 'direction': 'HIGHER',
                                 'median': value, 'verdict': 'LIMIT' if direction in row['limits'] else None})
    return rows
