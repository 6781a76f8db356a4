"""A benchmark's method (pure): ``benchmark_method(spec, env) -> method``.

spec: ``{tests: [TEST], profile: QUICK|STANDARD|THOROUGH, runs?: int, adaptive?: bool, dataset?, label?,
runtime_seconds?, ramp_seconds?, working_set_bytes?}`` (the last three are expert overrides; a working set below
what the cache-defeat method needs is refused).

env: ``{is_zfs, os, openzfs_version, arc_max_bytes, recordsize_bytes, is_zvol, dirty_data_max_bytes, direct,
primarycache, size_bytes, used_bytes, free_bytes}`` — the pool (ZFS) or the filesystem (plain directory) the
scratch space lives on; the ZFS keys are needed only when ``is_zfs``.

method (a result stores it as ``context.plan``): ``{spec, profile, runs, max_runs, adaptive, runtime_seconds,
ramp_seconds, target, cache_defeat: {method, explanation}, space: {...figures, refquota_bytes}, tests: [planned
test]}``; a planned test is ``{test, label, rw, block_size_bytes, ioengine, numjobs, iodepth, direct,
size_per_job_bytes, working_set_bytes, cache_defeat, scratch_primarycache, metrics: [{id, direction}], job_name}``;
``scratch_primarycache`` is what the runner sets on the scratch dataset while that test runs (``metadata`` for
``ARC_METADATA_ONLY``), None for the dataset as created (inheriting the target's). Tests run one after
another and each test's files are removed before the next, so the space needed is the largest working set. Raises
``BenchmarkInputError`` / ``InsufficientSpaceError``.
"""
import math

from .cache_defeat import DEFEAT_WORDS, choose_cache_defeat
from .catalog import MIB, METRICS, PROFILES, TESTS, metrics_of_test
from .errors import BenchmarkInputError
from ..presets.units import format_bytes
from .jobfile import job_name
from .space import check_space, refquota_for
from .validation import require_bool, require_int

LIBAIO_DEPTH_PER_JOB = 8


def _validated_env(env):
    if not isinstance(env, dict):
        raise BenchmarkInputError('env', 'must be an object')
    is_zfs = require_bool(env, 'is_zfs', 'env.is_zfs')
    for key in ('size_bytes', 'used_bytes', 'free_bytes'):
        require_int(env, key, f'env.{key}')
    if env.get('os') not in ('Linux', 'FreeBSD'):
        raise BenchmarkInputError('env.os', f'must be Linux or FreeBSD, got {env.get("os")!r}')
    if is_zfs:
        require_int(env, 'arc_max_bytes', 'env.arc_max_bytes', minimum=1)
        require_int(env, 'recordsize_bytes', 'env.recordsize_bytes', minimum=512)
        require_int(env, 'dirty_data_max_bytes', 'env.dirty_data_max_bytes', optional=True)
        require_bool(env, 'is_zvol', 'env.is_zvol', default=False)
        if str(env.get('primarycache') or 'all').lower() not in ('all', 'metadata', 'none'):
            raise BenchmarkInputError('env.primarycache', f'must be all, metadata or none, got {env["primarycache"]!r}')
    return env


def _validated_spec(spec):
    if not isinstance(spec, dict):
        raise BenchmarkInputError('spec', 'must be an object')
    tests = spec.get('tests')
    if not isinstance(tests, list) or not tests:
        raise BenchmarkInputError('spec.tests', 'must be a non-empty list of test names')
    for i, t in enumerate(tests):
        if t not in TESTS:
            raise BenchmarkInputError(f'spec.tests.{i}', f'unknown test {t!r}; known: {", ".join(TESTS)}')
    if len(set(tests)) != len(tests):
        raise BenchmarkInputError('spec.tests', 'lists a test more than once')
    profile = spec.get('profile', 'QUICK')
    if profile not in PROFILES:
        raise BenchmarkInputError('spec.profile', f'unknown profile {profile!r}; known: {", ".join(PROFILES)}')
    runs = require_int(spec, 'runs', 'spec.runs', minimum=1, optional=True)
    adaptive = require_bool(spec, 'adaptive', 'spec.adaptive', default=True)
    runtime = require_int(spec, 'runtime_seconds', 'spec.runtime_seconds', minimum=1, optional=True)
    ramp = require_int(spec, 'ramp_seconds', 'spec.ramp_seconds', minimum=0, optional=True)
    working_set = require_int(spec, 'working_set_bytes', 'spec.working_set_bytes', minimum=MIB, optional=True)
    return tests, PROFILES[profile], runs, adaptive, runtime, ramp, working_set


def _engine(test, direct, env):
    """ioengine, numjobs, iodepth: libaio queues only with O_DIRECT on Linux; otherwise concurrency = numjobs."""
    wanted = test.outstanding_ios
    if direct and env['os'] == 'Linux' and not test.sync_writes:
        numjobs = max(1, wanted // LIBAIO_DEPTH_PER_JOB)
        return 'libaio', numjobs, wanted // numjobs
    return 'psync', wanted, 1


def _override_floor(test, defeat, env):
    """The least working set a spec may ask for, and what it is needed for; ``(0, None)`` where any size measures
    the disks: sync writes each wait for the intent log whatever the ARC and the write buffer hold, and Direct I/O,
    O_DIRECT and an ARC keeping no file data keep reads off RAM at any size."""
    if test.sync_writes:
        return 0, None
    if defeat['method'] == 'WORKING_SET':
        return defeat['working_set_bytes'], 'to keep the ARC out of the numbers'
    if defeat['method'] == 'ARC_METADATA_ONLY' and test.writes:
        return 2 * (env.get('dirty_data_max_bytes') or 0), 'for its writes to run past the write buffer'
    return 0, None


def _planned_test(test, profile, env, working_set_override):
    defeat = choose_cache_defeat(test, profile, env)
    if working_set_override is not None:
        floor, purpose = _override_floor(test, defeat, env)
        if working_set_override < floor:
            raise BenchmarkInputError(
                'spec.working_set_bytes',
                f'{format_bytes(working_set_override)} is below the {format_bytes(floor)} needed {purpose} '
                f'({test.title})')
        defeat = choose_cache_defeat(test, profile, env, working_set_override)   # its words say the size used
    working_set = defeat['working_set_bytes']
    ioengine, numjobs, iodepth = _engine(test, defeat['direct'], env)
    # Each fio job has its own file; round per-job files up to whole MiB (a multiple of every block size).
    per_job = math.ceil(working_set / numjobs / MIB) * MIB
    return {
        'test': test.id, 'label': test.label, 'rw': test.rw, 'block_size_bytes': test.block_size,
        'ioengine': ioengine, 'numjobs': numjobs, 'iodepth': iodepth, 'direct': defeat['direct'],
        'size_per_job_bytes': per_job, 'working_set_bytes': per_job * numjobs,
        'cache_defeat': {'method': defeat['method'], 'explanation': defeat['explanation']},
        'scratch_primarycache': defeat.get('scratch_primarycache'),
        'metrics': [{'id': m, 'direction': METRICS[m].direction} for m in metrics_of_test(test.id)],
        'job_name': job_name(test.id),
    }


def _summary_defeat(planned):
    from ..report.metric_info import title_of_test   # here: the report package imports the bench core
    methods = {p['cache_defeat']['method'] for p in planned}
    if len(methods) == 1:
        return dict(planned[0]['cache_defeat'])
    return {
        'method': 'MIXED',
        'explanation': '; '.join(f'{title_of_test(p["test"])}: {DEFEAT_WORDS[p["cache_defeat"]["method"]]}'
                                 for p in planned),
    }


def benchmark_method(spec, env):
    tests, profile, runs, adaptive, runtime, ramp, working_set = _validated_spec(spec)
    env = _validated_env(env)
    planned = [_planned_test(TESTS[t], profile, env, working_set) for t in tests]
    runs = runs or profile.default_runs
    space = check_space(max(p['working_set_bytes'] for p in planned), env)
    return {
        'spec': dict(spec),
        'profile': profile.id,
        'runs': runs,
        'max_runs': runs * profile.adaptive_cap_factor if adaptive else runs,
        'adaptive': adaptive,
        'runtime_seconds': runtime if runtime is not None else profile.runtime_seconds,
        'ramp_seconds': ramp if ramp is not None else profile.ramp_seconds,
        'target': {k: env.get(k) for k in ('is_zfs', 'os', 'openzfs_version', 'arc_max_bytes', 'recordsize_bytes',
                                           'is_zvol', 'dirty_data_max_bytes', 'direct', 'primarycache')},
        'cache_defeat': _summary_defeat(planned),
        'space': space,
        'tests': planned,
    }


def scratch_need(spec, env):
    """What a run of ``spec`` would take on ``env``, said before Start (no space check): the largest test's working
    set, what the space check counts for it and how that test keeps caches out (``DIRECT_IO``,
    ``ARC_METADATA_ONLY``, ``WORKING_SET``, ``O_DIRECT``).
    Raises ``BenchmarkInputError`` as ``benchmark_method`` does (a working set too small to keep the ARC out)."""
    tests, profile, _runs, _adaptive, _runtime, _ramp, working_set = _validated_spec(spec)
    env = _validated_env(env)
    largest = max((_planned_test(TESTS[t], profile, env, working_set) for t in tests),
                  key=lambda p: p['working_set_bytes'])
    size = largest['working_set_bytes']
    return {'working_set_bytes': size, 'refquota_bytes': refquota_for(size), 'method': largest['cache_defeat']['method']}
