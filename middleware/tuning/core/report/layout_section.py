"""The "Pool layout" section of a report (pure): for each pool the report's results measured, its own layout beside
the others its data disks could have (``tuning.advice.layout`` answers for the pool), so a reader sees what the
figures came from and what another layout would trade.

``layout_section(advices)`` → ``[{pool, title, intro, rows, notes}]``, a row being ``{name, current,
usable_text, read_text, write_text, iops_text, tolerance}``.
"""
from ..presets.units import format_bytes
from .errors import ReportInputError
from .numbers import format_value

REQUIRED = ('pool', 'disks', 'per_disk', 'layouts', 'notes')


def _row(layout):
    return {'name': layout['name'], 'current': bool(layout['current']),
            'usable_text': format_bytes(layout['usable_bytes']),
            'read_text': format_value(layout['read_bytes_per_second'], 'B/s'),
            'write_text': format_value(layout['write_bytes_per_second'], 'B/s'),
            'iops_text': f'{format_value(layout["read_iops"], "IO/s")} read, '
                         f'{format_value(layout["write_iops"], "IO/s")} write',
            'tolerance': layout['tolerance']}


def layout_section(advices):
    out = []
    for i, advice in enumerate(advices):
        if not isinstance(advice, dict) or any(k not in advice for k in REQUIRED):
            raise ReportInputError(f'layouts[{i}]', f'must be a layout advice with {", ".join(REQUIRED)}')
        out.append({'pool': advice['pool'], 'title': f'Pool layout: {advice["pool"]}',
                    'intro': f'Its {advice["disks"]["words"]} as the pool has them now, in its own layout beside the '
                             f'others they could have. {advice["per_disk"]["words"]}',
                    'rows': [_row(layout) for layout in advice['layouts']], 'notes': list(advice['notes'])})
    return out
