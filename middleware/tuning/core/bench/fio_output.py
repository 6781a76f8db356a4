"""Parse fio's JSON output (pure).

- ``parse_fio_json(data)`` → ``{fio_version, jobs: [job]}`` from fio's ``--output-format=json`` text or decoded dict;
  a job is ``{name, error, options, read|write: direction|None, iodepth: {requested, achieved, distribution, ok}}``,
  a direction is ``{bw_bytes, iops, io_bytes, lat_ns: {p50, p90, p99, p99_9}|None, clat_mean_ns, lat_mean_ns}``
  (``None`` when the job did no I/O that way).
- ``job_metrics(job, directions)`` → flat ``{metric_id: value}`` (``write_bw_bytes``, ``read_iops``,
  ``read_lat_p50_ns`` … ``read_lat_p99_9_ns``).
- ``job_run(job, directions)`` → a normalised run ``{bw_bytes, iops, lat_ns, metrics}`` (sums over directions;
  latency only for single-direction tests).
- ``matching_test(job)`` → our test id when the job's options match one, else ``None``.

fio's ``bw`` is KiB/s; we use ``bw_bytes`` (B/s). ``clat_ns.percentile`` keys are ``%f`` strings (``"99.000000"``).
``iodepth_level`` buckets cover [k, 2k); the achieved depth is the lower bound of the bucket holding most I/O, and
``ok`` says whether that reaches the requested depth's bucket (synchronous engines can only reach 1).
"""
import json
import re

from .errors import BenchmarkInputError

PERCENTILES = {'p50': '50.000000', 'p90': '90.000000', 'p99': '99.000000', 'p99_9': '99.900000'}
DEPTH_LEVELS = {'1': 1, '2': 2, '4': 4, '8': 8, '16': 16, '32': 32, '>=64': 64}
MAX_FIGURE = 2 ** 64   # bytes, I/Os, nanoseconds: fio's counters are 64-bit
QUEUEING_ENGINES = {'libaio', 'io_uring', 'posixaio', 'solarisaio', 'windowsaio'}


def _number(value, field):
    """A figure fio wrote: a finite number from 0 to ``MAX_FIGURE`` (what the statistics and storage can hold)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise BenchmarkInputError(field, f'must be a number, got {_shown(value)}')
    if not 0 <= value <= MAX_FIGURE:   # NaN compares false, infinity and ints too wide to convert are above
        raise BenchmarkInputError(field, f'must be a finite number from 0 to 2^64, got {_shown(value)}')
    return value


def _shown(value) -> str:
    """A caller's value in an error, bounded."""
    text = repr(value)
    return text if len(text) <= 40 else text[:40] + '…'


def _options(value, field):
    """A job's or the global options: fio writes each as text."""
    if not isinstance(value, dict):
        raise BenchmarkInputError(field, f'must be an object of fio options, got {_shown(value)}')
    for key, option in value.items():
        if not isinstance(option, str):
            raise BenchmarkInputError(f'{field}.{key}', f'must be text (fio writes options as text), got '
                                                        f'{_shown(option)}')
    return value


def _direction(raw, field):
    if not isinstance(raw, dict):
        raise BenchmarkInputError(field, 'missing or not an object')
    io_bytes = _number(raw.get('io_bytes'), f'{field}.io_bytes')
    if io_bytes == 0:
        return None
    clat = raw.get('clat_ns')
    if not isinstance(clat, dict):
        raise BenchmarkInputError(f'{field}.clat_ns', 'missing or not an object')
    pct = clat.get('percentile')
    lat = None
    if isinstance(pct, dict) and all(k in pct for k in PERCENTILES.values()):
        lat = {name: _number(pct[key], f'{field}.clat_ns.percentile.{key}') for name, key in PERCENTILES.items()}
    total = raw.get('lat_ns') if isinstance(raw.get('lat_ns'), dict) else {}
    return {
        'bw_bytes': _number(raw.get('bw_bytes'), f'{field}.bw_bytes'),
        'iops': _number(raw.get('iops'), f'{field}.iops'),
        'io_bytes': io_bytes,
        'lat_ns': lat,
        'clat_mean_ns': _number(clat.get('mean'), f'{field}.clat_ns.mean'),
        'lat_mean_ns': total.get('mean'),
    }


def _depth(value, field):
    """The requested queue depth of a job's options (fio writes it as text: ``"8"``)."""
    text = str(value) if isinstance(value, (str, int)) and not isinstance(value, bool) else ''
    if not re.fullmatch(r'\d{1,6}', text):
        raise BenchmarkInputError(f'{field}.job options.iodepth', f'must be a whole number, got {_shown(value)}')
    return int(text)


def _depth_bucket(depth):
    bucket = 1
    while bucket * 2 <= depth and bucket < 64:
        bucket *= 2
    return bucket


def _iodepth(raw, options, field):
    levels = raw.get('iodepth_level')
    if not isinstance(levels, dict) or not levels:
        raise BenchmarkInputError(f'{field}.iodepth_level', 'missing or not an object')
    dist = {}
    for key, share in levels.items():
        if key not in DEPTH_LEVELS:
            raise BenchmarkInputError(f'{field}.iodepth_level', f'has the level {_shown(key)}: fio\'s levels are '
                                                                f'{", ".join(DEPTH_LEVELS)}')
        dist[DEPTH_LEVELS[key]] = _number(share, f'{field}.iodepth_level.{key}')
    achieved = max(dist, key=lambda k: (dist[k], -k))
    engine = options.get('ioengine', 'psync')
    requested = _depth(options.get('iodepth', 1), field) if engine in QUEUEING_ENGINES else 1
    return {'requested': requested, 'achieved': achieved, 'distribution': dist,
            'ok': achieved >= _depth_bucket(requested)}


def parse_fio_json(data):
    if isinstance(data, (str, bytes)):
        try:
            data = json.loads(data)
        except ValueError as e:
            raise BenchmarkInputError('fio', f'not JSON: {e}') from None
    if not isinstance(data, dict):
        raise BenchmarkInputError('fio', 'must be a JSON object (fio --output-format=json)')
    version = data.get('fio version')
    if not isinstance(version, str):
        raise BenchmarkInputError('fio version', 'missing: this is not fio JSON output')
    raw_jobs = data.get('jobs')
    if not isinstance(raw_jobs, list) or not raw_jobs:
        raise BenchmarkInputError('jobs', 'missing or empty')
    global_options = _options(data.get('global options') or {}, 'global options')
    jobs = []
    for i, raw in enumerate(raw_jobs):
        field = f'jobs[{i}]'
        if not isinstance(raw, dict):
            raise BenchmarkInputError(field, 'not an object')
        options = {**global_options, **_options(raw.get('job options') or {}, f'{field}.job options')}
        error = raw.get('error', 0)
        jobs.append({
            'name': raw.get('jobname'),
            'error': _number(error, f'{field}.error'),
            'options': options,
            'read': _direction(raw.get('read'), f'{field}.read'),
            'write': _direction(raw.get('write'), f'{field}.write'),
            'iodepth': _iodepth(raw, options, field),
        })
    return {'fio_version': version, 'jobs': jobs}


def job_metrics(job, directions):
    out = {}
    for d in directions:
        figures = job.get(d)
        if figures is None:
            continue
        out[f'{d}_bw_bytes'] = figures['bw_bytes']
        out[f'{d}_iops'] = figures['iops']
        if figures['lat_ns'] is not None:
            for name, value in figures['lat_ns'].items():
                out[f'{d}_lat_{name}_ns'] = value
    return out


def job_run(job, directions):
    present = [job[d] for d in directions if job.get(d) is not None]
    return {
        'bw_bytes': sum(p['bw_bytes'] for p in present) if present else None,
        'iops': sum(p['iops'] for p in present) if present else None,
        'lat_ns': present[0]['lat_ns'] if len(present) == 1 else None,
        'metrics': job_metrics(job, directions),
    }


_SIZE = re.compile(r'^\s*(\d{1,18})\s*([kmgKMG]?)(i?[bB])?\s*$')   # 18 digits: no huge int to convert


def parse_block_size(text):
    """fio size text ('4k', '1M', '1024KiB', '4096') → bytes (fio's default: suffixes are 1024-based); None if odd."""
    m = _SIZE.match(str(text or ''))
    if not m:
        return None
    return int(m.group(1)) * {'': 1, 'k': 1024, 'm': 1024 ** 2, 'g': 1024 ** 3}[m.group(2).lower()]


def _is_sync(options):
    return (options.get('sync', '0') not in ('0', 'none', '')) or options.get('fsync', '0') not in ('0', '') \
        or options.get('fdatasync', '0') not in ('0', '')


def matching_test(job):
    o = job['options']
    rw = o.get('rw') or o.get('readwrite') or 'read'
    bs = parse_block_size(o.get('bs') or o.get('blocksize') or '4k')
    if rw == 'write' and bs == 1024 ** 2:
        return 'SEQ_WRITE'
    if rw == 'read' and bs == 1024 ** 2:
        return 'SEQ_READ'
    if rw == 'randread' and bs == 4096:
        return 'RAND_READ_4K'
    if rw == 'randwrite' and bs == 4096:
        return 'SYNC_WRITE_4K' if _is_sync(o) else 'RAND_WRITE_4K'
    if rw in ('randrw', 'rw') and rw == 'randrw' and bs == 8192 and str(o.get('rwmixread', '50')) == '70':
        return 'MIXED_70_30'
    return None
