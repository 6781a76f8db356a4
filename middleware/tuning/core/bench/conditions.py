"""What a reader must know before trusting a comparison (pure): the one rule set the comparison
(``tuning.benchmark.compare``'s warnings) and the report (``core.report``) both read, so they never disagree.

**Conditions.** Two results were measured under *different conditions* when any of these, recorded by both, differs;
each changes what a figure means whatever the settings compared:

- load generator: where the load came from, the box itself (fio on the box) or a client (its host name and protocol):
  a client's figure also holds its network, protocol and disks;
- benchmark tool (fio, bonnie++, gobonniego): other tools write other files with other block sizes;
- backend (TrueNAS, a standalone OpenZFS host, the sandbox);
- dataset and pool measured, and the pool's layout (its data vdevs: the disks that do the work);
- platform (the release), OpenZFS version, fio version (of fio results only);
- benchmark profile (QUICK, STANDARD, THOROUGH: job sizes and times);
- cache-defeat method (Direct I/O, or a working set larger than RAM: whether reads came from the ARC);
- measured time and warm-up per run, working set (the size of the files the tests read and write): what the profile
  sets, unless an expert override (or a client kit) set another; a longer run lets the write throttle and the ARC
  settle, a larger working set reaches more of the disks. The working set compared is that of the tests both
  results ran (one size each, or a range when their tests used several);
- CPU (model, cores) and memory (installed RAM).

What a preset changes (ARC bounds, recordsize, sync, cache and log devices, service settings) is *not* a condition:
it is what is being compared. A condition a result does not record is not a difference but *unknown* (typical of
imported results), and said as such once there is another result to compare it with; a fio version means nothing for
bonnie++, nor a benchmark profile for a client result (its kit sets runs and times itself), nor a time per run for
bonnie++ (it runs untimed passes), so their absence there is no gap.

- ``conditions_of(result, tests=None)`` → ``{key: str|None}`` for the keys of ``CONDITIONS``, read tolerantly from
  the result's ``context`` and ``spec``; ``tests``: the working set of these tests only (those another result ran
  too), of all when it ran none of them.
- ``condition_words(key, value)`` → the value in words (a cache-defeat method or benchmark profile is a code).
- ``condition_differences(baseline, other)`` → ``[{key, label, baseline, other}]``: conditions (``conditions_of``
  dicts) both record and that differ.
- ``unknown_conditions(result)`` → the labels of the conditions that apply to the result and it does not record.
- ``condition_warnings(results, baseline_id, name=compare_name)`` → ``[(kind, result id, sentence)]``:
  ``DIFFERENT_CONDITIONS`` per result that differs from the baseline, then ``UNKNOWN_CONDITIONS`` per result that
  does not record some (with two results or more); ``name(result)`` says a result (compare: ``#2 “label”``, the
  report: ``“label”``).
- ``network_limit(nics, measured=None)`` → ``{bytes_per_second, basis}`` (plus ``measured_bytes_per_second``,
  ``measured_basis`` when iperf3 measured that port) or ``None``: the fastest linked NIC, the most a single network
  client can ever move, whatever the pool does.
- ``comparison_limit(results, measured=None)`` → the limit of a comparison: the stored one, with the latest measured
  ceiling of its port.
- ``noise_warnings(result)`` → warnings for noisy metrics (CV above ``NOISY_CV_PERCENT``) and runs flagged as
  outliers.
- ``data_loss_warnings(results)`` → a warning per result measured with a setting that can lose data on power loss
  (sync disabled, cache flushes skipped): its write figures are not what the pool does with safe writes.

A result is a stored benchmark result as ``tuning.benchmark.get`` returns it; imported ones have little context and are
compared on what they have.
"""
from ..figures import megabits, significant
from ..protocols import measured_by
from ..presets.data_loss import measured_with, recorded_data_loss
from ..presets.units import format_bytes
from ..words import quoted
from .cache_defeat import DEFEAT_WORDS
from .catalog import METRICS, TESTS, profile_name
from .comparison import twin_of

NOISY_CV_PERCENT = 10.0

CONDITIONS = (
    ('load_generator', 'load generator'),
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
    ('run_time', 'measured time per run'),
    ('warm_up', 'warm-up per run'),
    ('working_set', 'working set'),
    ('cpu', 'CPU'),
    ('memory', 'memory'),
)
LABELS = dict(CONDITIONS)
TOOLS = {'FIO': 'fio', 'FIO_IMPORT': 'fio', 'CLIENT': 'fio', 'BONNIE': 'bonnie++', 'GOBONNIEGO': 'gobonniego'}
DIFFERENT_CONDITIONS, UNKNOWN_CONDITIONS = 'DIFFERENT_CONDITIONS', 'UNKNOWN_CONDITIONS'


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


def _load_generator(source, context):
    """'the box itself', 'client ws1 over NFS 4.2', 'client ws1 on its own disk'; None for an imported file."""
    if source == 'FIO':
        return 'the box itself'
    if source != 'CLIENT':
        return None
    return measured_by(_dict(context.get('target')), _text(_dict(context.get('client')).get('hostname')) or 'unnamed')


def _seconds(value):
    """A recorded whole number of seconds as the panel says them ('3 s', '180 s'); None when not recorded."""
    return f'{value:,} s' if isinstance(value, int) and not isinstance(value, bool) else None


def _working_sets(result, context):
    """``{test: bytes}``: the files each test read and wrote (a box run plans each test's; a client kit sized one
    file set for all the tests it ran)."""
    if result.get('source') == 'CLIENT':
        size = _dict(context.get('cache_defeat')).get('size_bytes')
        return {t: size for t in _dict(result.get('summary'))} if isinstance(size, int) else {}
    planned = _dict(context.get('plan')).get('tests')
    return {t['test']: t['working_set_bytes'] for t in planned if isinstance(t, dict)
            and isinstance(t.get('working_set_bytes'), int)} if isinstance(planned, list) else {}


def _working_set(sizes, tests):
    """'1 GiB', '1 GiB to 8 GiB' over ``tests`` (all when None or when none of them ran here); None: not recorded."""
    shared = [size for test, size in sizes.items() if tests is None or test in tests] or list(sizes.values())
    if not shared:
        return None
    low, high = min(shared), max(shared)
    return format_bytes(low) if low == high else f'{format_bytes(low)} to {format_bytes(high)}'


def _fio_version(source, context):
    if TOOLS.get(source) != 'fio':
        return None
    return _text(context.get('fio_version') or _dict(context.get('imported')).get('tool_version'))


def conditions_of(result, tests=None):
    context, spec = _dict(result.get('context')), _dict(result.get('spec'))
    plan = _dict(context.get('plan'))
    source = result.get('source')
    box = _dict(context.get('profile'))
    pool = _dict(context.get('pool'))
    target = _target(context, spec)
    cpu = _dict(context.get('cpu') or box.get('cpu'))
    memory = _dict(context.get('memory') or box.get('memory'))
    return {
        'load_generator': _load_generator(source, context),
        'tool': TOOLS.get(source, _text(source)),
        'backend': _text(context.get('backend') or box.get('backend')),
        'dataset': _text(target['dataset']),
        'pool': _text(pool.get('name') or target['pool']),
        'pool_layout': _text(pool.get('layout')),
        'platform': _platform(context, box),
        'openzfs_version': _text(context.get('openzfs_version') or box.get('openzfs_version')),
        'fio_version': _fio_version(source, context),
        'benchmark_profile': _text(plan.get('profile') or spec.get('profile')),
        'cache_defeat': _text(_dict(context.get('cache_defeat')).get('method')),
        # what the run did (its plan), else what was asked
        'run_time': _seconds(plan.get('runtime_seconds', spec.get('runtime_seconds'))),
        'warm_up': _seconds(plan.get('ramp_seconds', spec.get('ramp_seconds'))),
        'working_set': _working_set(_working_sets(result, context), tests),
        'cpu': _text(' · '.join(str(x) for x in (cpu.get('model'), cpu.get('cores') and f'{cpu["cores"]} cores')
                                if x) or None),
        'memory': format_bytes(memory['physical_bytes']) if isinstance(memory.get('physical_bytes'), int) else None,
    }


def condition_differences(baseline, other):
    return [{'key': key, 'label': label, 'baseline': baseline.get(key), 'other': other.get(key)}
            for key, label in CONDITIONS
            if baseline.get(key) is not None and other.get(key) is not None and baseline[key] != other[key]]


def _not_applicable(source):
    """Conditions a kind of result never has: no gap when it does not record them."""
    skip = set()
    if TOOLS.get(source) not in (None, 'fio'):
        skip.update(('fio_version', 'run_time', 'warm_up'))
    if source == 'CLIENT':
        skip.add('benchmark_profile')
    return skip


def unknown_conditions(result):
    conditions, skip = conditions_of(result), _not_applicable(result.get('source'))
    return [label for key, label in CONDITIONS if conditions[key] is None and key not in skip]


def compare_name(result):
    """How ``tuning.benchmark.compare``'s warnings name a result: '#2 “after”' (the label as typed)."""
    return f'#{result.get("id")} {quoted(result.get("label"))}'


# Conditions recorded as a code, said in words (the warnings here, the fleet report's table)
_WORDS = {'cache_defeat': lambda v: DEFEAT_WORDS.get(v, v), 'benchmark_profile': profile_name}


def condition_words(key, value):
    """A condition's recorded value as a person reads it; None stays None."""
    return None if value is None else _WORDS.get(key, str)(value)


def condition_warnings(results, baseline_id, name=compare_name):
    base = next(e for e in results if e.get('id') == baseline_id)
    out = []
    for result in results:
        if result is base:
            continue
        # the working set of the tests both ran: another test set plans other file sizes, not another condition
        shared = set(base.get('summary') or {}) & set(result.get('summary') or {})
        diffs = condition_differences(conditions_of(base, shared), conditions_of(result, shared))
        if diffs:
            listed = '; '.join(f'{d["label"]} {condition_words(d["key"], d["other"])} '
                               f'(baseline: {condition_words(d["key"], d["baseline"])})' for d in diffs)
            out.append((DIFFERENT_CONDITIONS, result.get('id'),
                        f'{name(result)} was measured under different conditions from the baseline {name(base)}: '
                        f'{listed}. Its differences are not only the tuning.'))
    if len(results) < 2:
        return out   # nothing to compare with: what a lone result does not record changes no comparison
    for result in results:
        unknown = unknown_conditions(result)
        if unknown:
            role = 'the baseline ' if result is base else ''
            out.append((UNKNOWN_CONDITIONS, result.get('id'),
                        f'{role}{name(result)} does not record its {", ".join(unknown)}: nothing confirms it was '
                        'measured like the others; read its differences as a trend, not a verdict.'))
    return out


def network_limit(nics, measured=None):
    """``measured``: the latest ``tuning.network`` result of each interface, by name. The nominal link speed stays
    the upper bound; a ceiling measured with iperf3 on the same port is what clients really get."""
    linked = [n for n in nics or [] if n.get('link_up') and n.get('speed_mbps')]
    if not linked:
        return None
    fastest = max(linked, key=lambda n: n['speed_mbps'])
    limit = {'bytes_per_second': fastest['speed_mbps'] * 1_000_000 // 8,
             'basis': f'{fastest["name"]} link at {megabits(fastest["speed_mbps"])}: the most one network client can move'}
    result = (measured or {}).get(fastest['name'])
    if result:
        limit['measured_bytes_per_second'] = int(result['ceiling_bits_per_second'] // 8)
        limit['measured_basis'] = (f'measured with iperf3 on {fastest["name"]} on {result["created_at"][:10]}: '
                                   f'{megabits(result["ceiling_bits_per_second"] / 1e6)}')
    return limit


def comparison_limit(results, measured=None):
    """The limit a comparison is read against: the first stored one (the baseline's, else the first measured
    result's; an imported result has none), with the latest ceiling iperf3 measured on that port since, if any."""
    for result in results:
        context = result.get('context') or {}
        if context.get('theoretical_max'):
            latest = network_limit(context.get('nics'), measured)
            return latest if latest and 'measured_bytes_per_second' in latest else context['theoretical_max']
    return None


def _what(test, metric):
    """'Sequential write 1 MiB, write bandwidth': the catalog's words, the ids only for what it does not know."""
    return f'{TESTS[test].title if test in TESTS else test}, {METRICS[metric].label if metric in METRICS else metric}'


def _catalog_rank(metric):
    """A metric's place in the catalog (bandwidth, IOPS, latency p50 … p99.9), one it does not know after, by id."""
    return (list(METRICS).index(metric), '') if metric in METRICS else (len(METRICS), metric)


def noise_warnings(result):
    warnings, name = [], compare_name(result)
    for test, metrics in (result.get('summary') or {}).items():
        # in the catalog's order, as people read them (p99 before p99.9), not the stored summary's sorted keys
        for metric, stats in sorted(metrics.items(), key=lambda ms: _catalog_rank(ms[0])):
            if twin_of(test, metric) in metrics:  # IOPS and bandwidth of one direction: one measurement, one warning
                continue
            cv = stats.get('cv_percent')
            if cv is not None and cv > NOISY_CV_PERCENT:
                warnings.append(f'{name} {_what(test, metric)}: noisy (CV {significant(cv)} % over {stats["n"]} runs); '
                                'add runs or quiet the box before drawing conclusions.')
            outliers = stats.get('outliers') or []
            if outliers:
                runs = ', '.join(str(i + 1) for i in outliers)
                warnings.append(f'{name} {_what(test, metric)}: run {runs} far from the median (MAD rule); '
                                'kept, not dropped.')
    return warnings


def data_loss_words(result):
    """"measured with Synchronous writes Disabled on tank/media: not safe on power loss; its write figures are
    faster than the pool is with safe writes", or None."""
    risky = recorded_data_loss(result.get('context'))
    if not risky:
        return None
    return f'{measured_with(risky)}; its write figures are faster than the pool is with safe writes'


def data_loss_warnings(results):
    return [f'{compare_name(result)} was {words}.' for result in results if (words := data_loss_words(result))]
