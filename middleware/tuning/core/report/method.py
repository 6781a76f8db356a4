"""How the figures were obtained, in plain words (pure).

``method_section(results)`` → ``{configurations: [{configuration_id, label, benchmark_profile, runs_planned,
adaptive, runtime_seconds, ramp_seconds, runs_per_test}], cache_defeat: [{method, explanation, configuration_ids}],
statistics: [paragraph]}``. The thresholds quoted in the paragraphs are read from the statistics and comparison code
that applied them, so the words cannot drift from what was computed.
"""
import inspect

from ..bench.comparison import ALPHA, EQUIVALENCE, compare
from ..bench.statistics import MAD_SCALE, MAD_THRESHOLD
from ..figures import significant
from .warning_rules import NOISY_CV_PERCENT

# tuning.benchmark.compare uses the comparison core's default number of resamples (10,000)
RESAMPLES = inspect.signature(compare).parameters['resamples'].default


def _dict(value):
    return value if isinstance(value, dict) else {}


def _runs(result):
    context, spec = _dict(result['context']), _dict(result.get('spec'))
    method = _dict(context.get('plan'))   # the benchmark's method, stored under its old name
    per_test = {test: max((s.get('n') or 0) for s in metrics.values()) if metrics else 0
                for test, metrics in result['summary'].items()}
    return {
        'configuration_id': result['id'], 'label': result['label'],
        'benchmark_profile': method.get('profile') or spec.get('profile'),
        'runs_planned': method.get('runs') or spec.get('runs'),
        'adaptive': method.get('adaptive', spec.get('adaptive')),
        'runtime_seconds': method.get('runtime_seconds'),
        'ramp_seconds': method.get('ramp_seconds'),
        'runs_per_test': per_test,
    }


def _cache_defeat(results):
    groups = {}
    for result in results:
        defeat = _dict(result['context'].get('cache_defeat'))
        key = (defeat.get('method'), defeat.get('explanation'))
        groups.setdefault(key, []).append(result['id'])
    return [{'method': method, 'explanation': explanation, 'configuration_ids': ids}
            for (method, explanation), ids in groups.items()]


STATISTICS = (
    'Each test runs several times for each configuration. The figure shown is the median run: half the runs were '
    'faster and half slower, so one odd run cannot drag it the way it drags an average.',
    'The range after a median, its "95 % interval of the median", is the narrowest span between two of the runs '
    '(order statistics) that contains the true median with at least 95 % probability, without assuming a bell '
    'curve. Its exact coverage depends on the number of runs and is often above 95 %: with 9 runs it is the second '
    'slowest to the second fastest (96.1 %), with 10 runs the same two (97.9 %), with 6 runs the slowest to the '
    'fastest (96.9 %). Five runs or fewer cannot reach 95 %: the interval is then the slowest to the fastest run, '
    'named by what it reaches ("93.8 % interval of the median" with 5 runs).',
    'The change against the baseline is the ratio of the two medians, shown as a percentage. Its range comes from a '
    f'bootstrap: the runs of each configuration are resampled {RESAMPLES:,} times with a fixed seed (the report is '
    'reproducible) and the middle 95 % of the resulting ratios is kept.',
    'The p-value answers: if the tuning changed nothing, how often would runs this different turn up by chance? It '
    'comes from an exact Mann–Whitney test on the runs\' ranks (with more than 40 runs in all and tied values, as '
    'binned latency percentiles have, its normal approximation with tie correction, as R and SciPy use). Because '
    'each test is judged on several metrics at once (throughput and latency percentiles), the p-values of a test are '
    'adjusted together (Holm) so that one '
    'lucky metric does not look significant; IOPS and bandwidth of the same direction are one measurement in two '
    'units and count once. With 5 runs on each side the smallest possible p is 0.008; with 3 it is 0.1, which can '
    'never be significant.',
    f'Verdicts: BETTER or WORSE when the whole range of the change lies on one side of "no change" and the adjusted '
    f'p is below {ALPHA:g}, in the direction that matters (more MB/s and IOPS, less latency). NO CHANGE when the whole '
    f'range lies within ±{EQUIVALENCE * 100:g} %: any effect is too small to matter. INCONCLUSIVE otherwise: these '
    'runs cannot tell, and more runs may. TOO FEW RUNS when the runs could not reach a verdict whatever they showed: '
    'the smallest possible adjusted p of that many runs is not below the threshold (5 runs per side for every fio '
    'test), so no interval and no p-value are shown. A median of fewer than 3 runs has no interval either.',
    f'A metric is flagged noisy when its runs\' standard deviation exceeds {NOISY_CV_PERCENT:g} % of their mean. A run '
    f'is flagged as an outlier when it lies more than {MAD_THRESHOLD} × {MAD_SCALE} × MAD (the median absolute '
    'deviation, a robust standard deviation) from the median. Outliers are flagged, never dropped.',
)


def _coverage(results):
    """The exact coverage of this report's intervals of the median, said once: 'In this report: 97.9 % (10 runs).'"""
    seen = {(stats['n'], stats['ci_confidence']) for result in results for metrics in result['summary'].values()
            if isinstance(metrics, dict) for stats in metrics.values()
            if isinstance(stats, dict) and isinstance(stats.get('n'), int)
            and isinstance(stats.get('ci_confidence'), (int, float)) and stats.get('ci_low') is not None}
    if not seen:
        return []
    parts = ', '.join(f'{significant(confidence * 100)} % ({n} runs)' for n, confidence in sorted(seen))
    return [f'The exact coverage of the intervals of the median in this report: {parts}.']


def method_section(results):
    return {
        'configurations': [_runs(e) for e in results],
        'cache_defeat': _cache_defeat(results),
        'statistics': [*STATISTICS[:2], *_coverage(results), *STATISTICS[2:]],
    }
