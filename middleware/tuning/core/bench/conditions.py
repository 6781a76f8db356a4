"""What a reader must know before trusting a comparison (pure).

- ``network_limit(nics, measured=None)`` → ``{bytes_per_second, basis}`` (plus ``measured_bytes_per_second``,
  ``measured_basis`` when iperf3 measured that port) or ``None``: the fastest linked NIC, the most a single network
  client can ever move, whatever the pool does.
- ``comparison_limit(entries, measured=None)`` → the limit of a comparison: the stored one, with the latest measured
  ceiling of its port.
- ``condition_differences(entries)`` → warnings when results were measured under different conditions (target,
  platform, OpenZFS or fio version, profile, cache-defeat method, backend).
- ``noise_warnings(entry)`` → warnings for noisy metrics (CV above ``NOISY_CV_PERCENT``) and runs flagged as outliers.
- ``data_loss_warnings(entries)`` → a warning per result measured with a setting that can lose data on power loss
  (sync disabled, cache flushes skipped): its write figures are not what the pool does with safe writes.

Entries are stored benchmark results (``tuning.benchmark.get``); imported ones have little context and are compared
on what they have.
"""
from ..presets.data_loss import measured_with, recorded_data_loss
from .catalog import METRICS, TESTS
from .comparison import twin_of

NOISY_CV_PERCENT = 10.0

# (label, getter) of each condition that changes what a number means
_CONDITIONS = (
    ('target dataset', lambda c: (c.get('target') or {}).get('dataset')),
    ('platform', lambda c: (c.get('platform') or {}).get('version')),
    ('OpenZFS version', lambda c: c.get('openzfs_version')),
    ('fio version', lambda c: c.get('fio_version')),
    ('benchmark profile', lambda c: (c.get('plan') or {}).get('profile')),
    ('cache-defeat method', lambda c: (c.get('cache_defeat') or {}).get('method')),
    ('backend', lambda c: c.get('backend')),
)


def network_limit(nics, measured=None):
    """``measured``: the latest ``tuning.network`` result of each interface, by name. The nominal link speed stays
    the upper bound; a ceiling measured with iperf3 on the same port is what clients really get."""
    linked = [n for n in nics or [] if n.get('link_up') and n.get('speed_mbps')]
    if not linked:
        return None
    fastest = max(linked, key=lambda n: n['speed_mbps'])
    limit = {'bytes_per_second': fastest['speed_mbps'] * 1_000_000 // 8,
             'basis': f'{fastest["name"]} link at {fastest["speed_mbps"]} Mb/s: the most one network client can move'}
    result = (measured or {}).get(fastest['name'])
    if result:
        limit['measured_bytes_per_second'] = int(result['ceiling_bits_per_second'] // 8)
        limit['measured_basis'] = (f'measured with iperf3 on {fastest["name"]} on {result["created_at"][:10]}: '
                                   f'{result["ceiling_bits_per_second"] / 1e6:.0f} Mb/s')
    return limit


def comparison_limit(entries, measured=None):
    """The limit a comparison is read against: the first stored one (the baseline's, else the first measured
    result's; an imported result has none), with the latest ceiling iperf3 measured on that port since, if any."""
    for entry in entries:
        context = entry.get('context') or {}
        if context.get('theoretical_max'):
            latest = network_limit(context.get('nics'), measured)
            return latest if latest and 'measured_bytes_per_second' in latest else context['theoretical_max']
    return None


def _name(entry):
    return f'#{entry.get("id")} {entry.get("label")!r}'


def _what(test, metric):
    """'sequential write, write bandwidth': the catalog's words, the ids only for what it does not know."""
    return f'{TESTS[test].label if test in TESTS else test}, {METRICS[metric].label if metric in METRICS else metric}'


def condition_differences(entries):
    warnings = []
    measured = [e for e in entries if e.get('source') == 'FIO']
    for label, get in _CONDITIONS:
        values = {}
        for entry in measured:
            values.setdefault(get(entry.get('context') or {}), []).append(_name(entry))
        if len(values) > 1:
            parts = '; '.join(f'{value if value is not None else "unknown"}: {", ".join(names)}'
                              for value, names in values.items())
            warnings.append(f'Measured with different {label}s ({parts}); differences may come from that.')
    imported = [e for e in entries if e.get('source') != 'FIO']
    if imported and len(imported) < len(entries):
        warnings.append('Imported results (' + ', '.join(_name(e) for e in imported) + ') come from other tools, '
                        'files and block sizes: compare them with measured ones as a trend, not a verdict.')
    return warnings


def noise_warnings(entry):
    warnings = []
    for test, metrics in (entry.get('summary') or {}).items():
        for metric, stats in metrics.items():
            if twin_of(test, metric) in metrics:  # IOPS and bandwidth of one direction: one measurement, one warning
                continue
            cv = stats.get('cv_percent')
            if cv is not None and cv > NOISY_CV_PERCENT:
                warnings.append(f'{_name(entry)} {_what(test, metric)}: noisy (CV {cv:.1f} % over {stats["n"]} runs); '
                                'add runs or quiet the box before drawing conclusions.')
            outliers = stats.get('outliers') or []
            if outliers:
                runs = ', '.join(str(i + 1) for i in outliers)
                warnings.append(f'{_name(entry)} {_what(test, metric)}: run {runs} far from the median (MAD rule); '
                                'kept, not dropped.')
    return warnings


def data_loss_words(entry):
    """"measured with Synchronous writes Disabled on tank/media: not safe on power loss; its write figures are
    faster than the pool is with safe writes", or None."""
    risky = recorded_data_loss(entry.get('context'))
    if not risky:
        return None
    return f'{measured_with(risky)}; its write figures are faster than the pool is with safe writes'


def data_loss_warnings(entries):
    return [f'{_name(entry)} was {words}.' for entry in entries if (words := data_loss_words(entry))]
