"""The conditions a result was measured under, and where two results differ (pure).

``conditions_of(entry)`` → ``{key: str|None}`` for the keys of ``CONDITIONS`` (tool, backend, dataset, pool, layout,
platform, OpenZFS, fio, benchmark profile, cache-defeat method, CPU, memory), read tolerantly from the entry's
``context`` and ``spec``: ``None`` when the result does not say (typical of imported results).
``condition_differences(baseline, other)`` → ``[{key, label, baseline, other}]`` where both are known and differ;
``unknown_conditions(conditions)`` → the labels of what is not known.

Settings a preset changes (ARC size, recordsize, ...) are *not* conditions: they are what is being compared.
"""
from ..presets.units import format_bytes

CONDITIONS = (
    ('tool', 'benchmark tool'),
    ('backend', 'backend'),
    ('dataset', 'dataset'),
    ('pool', 'pool'),
    ('pool_layout', 'pool layout'),
    ('platform', 'platform'),
    ('openzfs_version', 'OpenZFS version'),
    ('fio_version', 'fio version'),
    ('benchmark_profile', 'benchmark profile'),
    ('cache_defeat', 'cache-defeat method'),
    ('cpu', 'CPU'),
    ('memory', 'memory'),
)
LABELS = dict(CONDITIONS)
TOOLS = {'FIO': 'fio', 'FIO_IMPORT': 'fio', 'CLIENT': 'fio', 'BONNIE': 'bonnie++', 'GOBONNIEGO': 'gobonniego'}


def _dict(value):
    return value if isinstance(value, dict) else {}


def _text(value):
    if value is None or value == '':
        return None
    return str(value)


def platform_text(platform):
    """{name, version} → one string; the version alone when it already starts with the name."""
    name, version = str(platform.get('name') or ''), str(platform.get('version') or '')
    if version.startswith(name):
        return version
    return f'{name} {version}'.strip()


def _platform(context, box):
    platform = context.get('platform') or box.get('platform')
    if isinstance(platform, dict):
        return platform_text(platform) or None
    return _text(platform)


def _target(context, spec):
    target = context.get('target')
    if isinstance(target, str):
        return {'dataset': target, 'pool': target.split('/')[0]}
    target = _dict(target)
    dataset = target.get('dataset') or spec.get('dataset') or target.get('pool')
    pool = target.get('pool') or (dataset.split('/')[0] if isinstance(dataset, str) else None)
    return {'dataset': dataset, 'pool': pool}


def conditions_of(entry):
    context, spec = _dict(entry.get('context')), _dict(entry.get('spec'))
    box = _dict(context.get('profile'))
    pool = _dict(context.get('pool'))
    target = _target(context, spec)
    cpu = _dict(context.get('cpu') or box.get('cpu'))
    memory = _dict(context.get('memory') or box.get('memory'))
    return {
        'tool': TOOLS.get(entry.get('source'), _text(entry.get('source'))),
        'backend': _text(context.get('backend') or box.get('backend')),
        'dataset': _text(target['dataset']),
        'pool': _text(pool.get('name') or target['pool']),
        'pool_layout': _text(pool.get('layout')),
        'platform': _platform(context, box),
        'openzfs_version': _text(context.get('openzfs_version') or box.get('openzfs_version')),
        'fio_version': _text(context.get('fio_version')) if TOOLS.get(entry.get('source')) == 'fio' else None,
        'benchmark_profile': _text(_dict(context.get('plan')).get('profile') or spec.get('profile')),
        'cache_defeat': _text(_dict(context.get('cache_defeat')).get('method')),
        'cpu': _text(' · '.join(str(x) for x in (cpu.get('model'), cpu.get('cores') and f'{cpu["cores"]} cores')
                                if x) or None),
        'memory': format_bytes(memory['physical_bytes']) if isinstance(memory.get('physical_bytes'), int) else None,
    }


def condition_differences(baseline, other):
    return [{'key': key, 'label': label, 'baseline': baseline.get(key), 'other': other.get(key)}
            for key, label in CONDITIONS
            if baseline.get(key) is not None and other.get(key) is not None and baseline[key] != other[key]]


def unknown_conditions(conditions):
    # fio version means nothing for other tools, so its absence there is not a gap.
    skip = {'fio_version'} if conditions.get('tool') not in (None, 'fio') else set()
    return [label for key, label in CONDITIONS if conditions.get(key) is None and key not in skip]
