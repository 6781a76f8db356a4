"""Warnings a reader must see before trusting a figure (pure).

``report_warnings(results, baseline_id, comparison_warnings)`` → ``[{kind, configuration_id, test,
metrics, message}]`` in this order:

- ``DATA_LOSS``: a result was measured with a setting that can lose data on power loss (sync disabled, cache flushes
  skipped): its write figures are faster than the pool is with safe writes.
- ``FROM_RAM``: a read test the ARC answered from RAM (``core.bench.arc_reads``): its figures are the ARC's, and
  its verdicts say "not judged" unless the comparison was asked to judge them.
- ``DIFFERENT_CONDITIONS``: a result was measured under other conditions than the baseline (from another load
  generator, with another tool, on another dataset or pool, ...: the list and its rules are
  ``core.bench.conditions``'s, the ones ``tuning.benchmark.compare`` warns by): its differences are then not only
  the tuning.
- ``UNKNOWN_CONDITIONS``: the result does not record some of those (imported results), and another result is there
  to compare it with: nothing confirms it was measured like the others.
- ``NOISY``: a metric's coefficient of variation (stdev / mean) is above ``NOISY_CV_PERCENT`` (10 %, the "good"
  limit of TN-Bench's bands): its median is less certain and small changes cannot be told from noise.
- ``OUTLIERS``: runs flagged by the MAD rule (|x − median| > 3 × 1.4826 × MAD); they are kept in every figure.
- ``COMPARISON``: warnings ``tuning.benchmark.compare`` returned, as given, except those the report states itself in
  more detail above: compare's data-loss, condition and noise warnings (``core.bench.conditions``) are recomputed
  here with the same functions and left out, so a reader sees each caveat once; anything else compare says is passed
  on.
- ``NOTE``: each result's own notes (queue depth not reached, sparse read files, importer remarks), but for the
  ones said above (answered from RAM).
"""
from ..bench import conditions as bench_conditions
from ..bench.arc_reads import from_ram_note, from_ram_tests, from_ram_warnings
from .metric_info import metric_info, metric_sort_key, title_of_test
from .numbers import format_percent, format_value
from ..words import quoted

NOISY_CV_PERCENT = bench_conditions.NOISY_CV_PERCENT  # one threshold for compare's warnings and the report's


def _name(result):
    return quoted(result['label'])


def _warning(kind, message, configuration_id=None, test=None, metrics=()):
    return {'kind': kind, 'configuration_id': configuration_id, 'test': test, 'metrics': list(metrics),
            'message': message}


def _condition_warnings(results, baseline_id):
    return [_warning(kind, text, result_id)
            for kind, result_id, text in bench_conditions.condition_warnings(results, baseline_id, _name)]


def _noisy_warnings(result):
    out = []
    for test, metrics in result['summary'].items():
        noisy = [(m, s['cv_percent']) for m, s in sorted(metrics.items(), key=lambda ms: metric_sort_key(test, ms[0]))
                 if s.get('cv_percent') is not None and s['cv_percent'] > NOISY_CV_PERCENT]
        if noisy:
            listed = ', '.join(f'{metric_info(m)["label"]} CV {format_percent(cv)}' for m, cv in noisy)
            out.append(_warning('NOISY', f'{_name(result)}, {title_of_test(test)}: runs vary a lot ({listed}; '
                                         f'above {NOISY_CV_PERCENT:.0f} %). Its medians are less certain; '
                                         'more runs or a quieter box would help.',
                                result['id'], test, [m for m, _ in noisy]))
    return out


def _run_numbers(result, test, metric, count):
    """Run numbers behind a summary's values, when the stored runs line up with them; else 1..count."""
    runs = [r for r in result['runs'].get(test) or []
            if isinstance(r, dict) and isinstance(r.get('metrics'), dict) and r['metrics'].get(metric) is not None]
    numbers = [r.get('run') for r in runs]
    if len(numbers) == count and all(isinstance(n, int) for n in numbers):
        return numbers
    return list(range(1, count + 1))


def _outlier_warnings(result):
    out = []
    for test, metrics in result['summary'].items():
        parts, flagged = [], []
        for metric, stats in sorted(metrics.items(), key=lambda ms: metric_sort_key(test, ms[0])):
            indices = [i for i in stats.get('outliers') or [] if isinstance(i, int)]
            values = stats.get('values') or []
            if not indices or not values:
                continue
            info = metric_info(metric)
            numbers = _run_numbers(result, test, metric, len(values))
            runs = ', '.join(f'run {numbers[i]} ({format_value(values[i], info["unit"])})'
                             for i in indices if i < len(values))
            parts.append(f'{info["label"]}: {runs} vs median {format_value(stats["median"], info["unit"])}')
            flagged.append(metric)
        if parts:
            out.append(_warning('OUTLIERS', f'{_name(result)}, {title_of_test(test)}: outlying runs '
                                            f'(more than 3 robust standard deviations from the median) in '
                                            f'{"; ".join(parts)}. They are kept in every figure; re-running '
                                            'would show whether they were a one-off.',
                                result['id'], test, flagged))
    return out


def _from_ram_warnings(results):
    return [_warning('FROM_RAM', text, result['id'], test)
            for result in results
            for test, text in zip(from_ram_tests(result), from_ram_warnings(result, _name(result)))]


def _data_loss_warnings(results):
    return [_warning('DATA_LOSS', f'{_name(result)} was {words}.', result['id'])
            for result in results if (words := bench_conditions.data_loss_words(result))]


def report_warnings(results, baseline_id, comparison_warnings):
    out = _data_loss_warnings(results) + _from_ram_warnings(results) + _condition_warnings(results, baseline_id)
    for result in results:
        out += _noisy_warnings(result)
    for result in results:
        out += _outlier_warnings(result)
    restated = ({text for _, _, text in bench_conditions.condition_warnings(results, baseline_id)}
                | set(bench_conditions.data_loss_warnings(results)))
    for result in results:
        restated.update(bench_conditions.noise_warnings(result))
        restated.update(w for judged in (True, False)
                        for w in from_ram_warnings(result, bench_conditions.compare_name(result), judged))
    out += [_warning('COMPARISON', text) for text in comparison_warnings if text not in restated]
    # the same note on several results (the cache-defeat line, typically) is said once, naming them all
    notes = {}
    for result in results:
        said = {from_ram_note(test, result['context']['arc'][test]) for test in from_ram_tests(result)}
        for note in result['notes']:
            if isinstance(note, str) and note not in said and result['id'] not in notes.setdefault(note, []):
                notes[note].append(result['id'])
    labels = {e['id']: e['label'] for e in results}
    for note, ids in notes.items():
        names = ', '.join(quoted(labels[i]) for i in ids)
        out.append(_warning('NOTE', f'{names}: {note}', ids[0] if len(ids) == 1 else None))
    return out
