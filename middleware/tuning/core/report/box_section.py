"""The box a result was measured on, as label/value lines (pure).

``box_section(result)`` → ``{configuration_id, items: [{key, label, value}], profile}``: backend, platform, OpenZFS,
CPU, memory, the benchmarked pool and dataset, disks and NICs, read from the result's ``context`` (and the
``tuning.profile`` kept in it). What the result does not record reads "unknown". ``profile`` is the raw profile
(or ``None``) for JSON readers.
"""
from ..bench.conditions import platform_text
from ..figures import megabits
from ..presets.constants import DISK_KIND_NAMES
from ..presets.units import format_bytes
from .numbers import UNKNOWN


def _dict(value):
    return value if isinstance(value, dict) else {}


def _list(value):
    return value if isinstance(value, list) else []


def _size(value):
    return format_bytes(value) if isinstance(value, int) else UNKNOWN


def _platform(context, box):
    platform = context.get('platform') or box.get('platform')
    if isinstance(platform, dict):
        return platform_text(platform) or UNKNOWN
    return str(platform) if platform else UNKNOWN


def _pool(context, box, target):
    pool = _dict(context.get('pool'))
    if not pool and target.get('pool'):
        pool = next((p for p in _list(box.get('pools')) if _dict(p).get('name') == target['pool']), {})
    if not pool:
        return target.get('pool') or UNKNOWN
    parts = [f'{pool.get("name", UNKNOWN)}: {pool.get("layout") or UNKNOWN}']
    if isinstance(pool.get('size_bytes'), int):
        parts.append(format_bytes(pool['size_bytes']))
    if isinstance(pool.get('used_percent'), (int, float)):
        parts.append(f'{pool["used_percent"]:.0f} % used')
    parts.append('cache: ' + (', '.join(map(str, _list(pool.get('cache')))) or 'none'))
    parts.append('log: ' + (', '.join(map(str, _list(pool.get('log')))) or 'none'))
    return ' · '.join(parts)


def _disks(box):
    disks = [_dict(d) for d in _list(box.get('disks'))]
    if not disks:
        return UNKNOWN
    kinds = {}
    for d in disks:
        kinds[d.get('kind') or '?'] = kinds.get(d.get('kind') or '?', 0) + 1
    return ', '.join(f'{n} × {DISK_KIND_NAMES.get(kind, kind)}' for kind, n in sorted(kinds.items()))


def _nic(nic):
    text = str(nic.get('name', '?'))
    if nic.get('speed_mbps'):
        text += f' {megabits(nic["speed_mbps"])}'
    return text if nic.get('link_up') else text + ' (link down)'


def _nics(context, box):
    nics = [_dict(n) for n in _list(context.get('nics') or box.get('nics'))]
    return ', '.join(_nic(n) for n in nics) if nics else UNKNOWN


def box_section(result):
    context = _dict(result['context'])
    box = _dict(context.get('profile'))
    target = _dict(context.get('target')) if not isinstance(context.get('target'), str) \
        else {'dataset': context['target'], 'pool': context['target'].split('/')[0]}
    cpu = _dict(context.get('cpu') or box.get('cpu'))
    memory = _dict(context.get('memory') or box.get('memory'))
    items = [
        ('backend', 'Backend', context.get('backend') or box.get('backend') or UNKNOWN),
        ('platform', 'Platform', _platform(context, box)),
        ('openzfs_version', 'OpenZFS', context.get('openzfs_version') or box.get('openzfs_version') or UNKNOWN),
        ('cpu', 'CPU', ' · '.join(str(x) for x in (cpu.get('model'), cpu.get('cores') and f'{cpu["cores"]} cores')
                                  if x) or UNKNOWN),
        ('memory', 'Memory', f'{_size(memory.get("physical_bytes"))} (ARC max {_size(memory.get("arc_max_bytes"))})'
                             if memory else UNKNOWN),
        ('pool', 'Pool', _pool(context, box, target)),
        ('dataset', 'Dataset', target.get('dataset') or _dict(result.get('spec')).get('dataset') or UNKNOWN),
        ('disks', 'Disks', _disks(box)),
        ('nics', 'Network', _nics(context, box)),
    ]
    return {'configuration_id': result['id'],
            'items': [{'key': k, 'label': label, 'value': str(v)} for k, label, v in items],
            'profile': box or None}
