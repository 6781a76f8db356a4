"""Campaign logic without I/O: the order of steps, merging rounds, the recommendation, progress words.

A campaign compares configurations: ``BASELINE`` (the box as it was when the campaign started) and presets. Each
round measures every configuration once; interleaved rounds (the default) make slow drift (a warming pool, a
neighbour's load) hit every configuration alike instead of whichever ran last.
"""
from .bench.catalog import HIGHER, TESTS
from .bench.arc_reads import merged_arc
from .bench.comparison import VERDICT_WORDS
from .bench.power import INSUFFICIENT_RUNS
from .bench.statistics import summarize_runs
from .figures import change_percent, p_value
from .presets.catalog import get_builtin
from .presets.data_loss import FIELD, merged_data_loss

BASELINE = 'BASELINE'
# A campaign's state in words (``tuning.campaign.query``'s progress, refusals, the report's headline).
STATE_WORDS = {'RUNNING': 'running', 'REBOOTING': 'restarting the box', 'RESTORING': 'putting settings back',
               'DONE': 'finished', 'FAILED': 'failed', 'ABORTED': 'aborted'}


def plan_steps(configurations: list[str], rounds: int, order: str) -> list[dict]:
    """``[{round, configuration}]``: INTERLEAVED = every configuration in each round; SEQUENTIAL = all rounds of one
    configuration, then the next."""
    if order == 'SEQUENTIAL':
        pairs = [(r, c) for c in configurations for r in range(1, rounds + 1)]
    else:
        pairs = [(r, c) for r in range(1, rounds + 1) for c in configurations]
    return [{'round': r, 'configuration': c, 'benchmark_id': None, 'status': 'PENDING', 'note': None}
            for r, c in pairs]


def merge_rounds(results: list[dict], label: str, campaign_id: int) -> dict:
    """One stored-result record per configuration from its rounds' results: runs concatenated and renumbered, the
    summary recomputed from all of them, the context of the first round plus where the runs came from, every
    setting that could lose data on power loss in any round and what the ARC answered of all the runs."""
    runs, jobs, notes = {}, [], []
    for result in results:
        for test, test_runs in result['runs'].items():
            runs.setdefault(test, []).extend(dict(run) for run in test_runs)
        jobs += [j for j in result['jobs'] if j not in jobs]
        notes += [f'round result #{result["id"]}: {n}' for n in result['notes']]
    for test_runs in runs.values():
        for i, run in enumerate(test_runs):
            run['run'] = i + 1
    summary = {test: summarize_runs(test_runs) for test, test_runs in runs.items()}
    context = {**results[0]['context'], 'campaign': {'id': campaign_id, 'rounds': [e['id'] for e in results]},
               # a setting that could lose data in any round is in the merged figure (None: a round cannot tell)
               FIELD: merged_data_loss([e['context'] for e in results])}
    context.pop('arc', None)   # the first round's share would speak for every round: all the runs' instead
    if arc := merged_arc(runs):
        context['arc'] = arc
    return {'label': label, 'source': results[0]['source'], 'spec': results[0]['spec'], 'context': context, 'summary': summary,
            'runs': runs, 'jobs': jobs, 'notes': notes, 'raw': {'merged_from': [e['id'] for e in results]}}


def _better(a: float, b: float, direction: str) -> bool:
    return a > b if direction == HIGHER else a < b


def recommend(comparison: dict, names: dict[int, str], rounds: int | None = None,
              titles: dict[str, str] | None = None) -> list[dict]:
    """Per (test, metric) of the comparison: the configuration that wins, by how much, with significance.

    Only a significant improvement (verdict BETTER) can beat the baseline; among several, the best ratio wins; when
    none does (``NO_WINNER``) the baseline stays. When no configuration had runs enough for a verdict the row's
    verdict is ``INSUFFICIENT_RUNS`` with ``min_runs`` (per configuration), no interval or p, and no winner
    (``winner`` None). ``names`` maps result ids to configuration names; ``rounds`` = 1 marks
    every row as a single-round finding (``single_round_words``); ``titles``: the configurations' names in words
    for the summaries (``configuration_titles``)."""
    def title(name):
        return (titles or {}).get(name, name)
    rows = {}
    for comp in comparison['comparisons']:
        for row in comp['metrics']:
            rows.setdefault((row['test'], row['metric']), []).append((names[comp['id']], row))
    out = []
    for (test, metric), candidates in sorted(rows.items()):
        direction = candidates[0][1]['direction']
        min_runs = max((row.get('min_runs') or 0 for _, row in candidates), default=0) or None
        better = [(name, row) for name, row in candidates if row['verdict'] == 'BETTER']
        if better:
            name, row = better[0]
            for other, other_row in better[1:]:
                if _better(other_row['ratio'], row['ratio'], direction):
                    name, row = other, other_row
            # figures by the one rule, as the report's tables say the same row (walk s9)
            words = (f'{title(name)} wins: {change_percent(row["ratio"])} vs baseline (95 % interval '
                     f'{change_percent(row["ratio_ci_low"])} … {change_percent(row["ratio_ci_high"])}, adjusted p '
                     f'{p_value(row["p_adjusted"])})')
            out.append({'test': test, 'metric': metric, 'direction': direction, 'winner': name,
                        'ratio': row['ratio'], 'ratio_ci_low': row['ratio_ci_low'],
                        'ratio_ci_high': row['ratio_ci_high'], 'p_adjusted': row['p_adjusted'],
                        'verdict': 'BETTER', 'min_runs': min_runs, 'summary': words})
        elif all(row['verdict'] == INSUFFICIENT_RUNS for _, row in candidates):
            # no verdict, so no winner either: not even the baseline (it did not win anything)
            out.append({'test': test, 'metric': metric, 'direction': direction, 'winner': None, 'ratio': None,
                        'ratio_ci_low': None, 'ratio_ci_high': None, 'p_adjusted': None,
                        'verdict': INSUFFICIENT_RUNS, 'min_runs': min_runs,
                        'summary': insufficient_words(min_runs)})
        else:
            verdicts = ', '.join(f'{title(name)}: {verdict_words(row)}' for name, row in candidates)
            out.append({'test': test, 'metric': metric, 'direction': direction, 'winner': BASELINE, 'ratio': 1.0,
                        'ratio_ci_low': None, 'ratio_ci_high': None, 'p_adjusted': None,
                        'verdict': 'NO_WINNER', 'min_runs': min_runs,
                        'summary': f'no configuration beats the baseline significantly ({verdicts})'})
    if rounds == 1:
        out = mark_single_round(out)
    return out


def insufficient_words(min_runs: int | None) -> str:
    need = f' (need {min_runs} per configuration)' if min_runs else ''
    return f'too few runs for a verdict{need}'


def verdict_words(row: dict) -> str:
    if row['verdict'] == INSUFFICIENT_RUNS:
        return insufficient_words(row.get('min_runs'))
    return VERDICT_WORDS.get(row['verdict'], row['verdict'])


SINGLE_ROUND_WORDS = ('single round: each configuration was measured in one sitting, so drift between sittings (a '
                      'warming pool, other load) is not averaged out; do not trust it beyond this run — repeat with '
                      '3 rounds or more')


def mark_single_round(recommendation: list[dict]) -> list[dict]:
    """The recommendation of a one-round campaign, each row flagged and its words saying what that means
    (idempotent)."""
    out = []
    for row in recommendation:
        summary = row.get('summary') or ''
        if SINGLE_ROUND_WORDS not in summary:
            summary = f'{summary} — {SINGLE_ROUND_WORDS}' if summary else SINGLE_ROUND_WORDS
        out.append({**row, 'single_round': True, 'summary': summary})
    return out


def with_single_round(campaign: dict) -> dict:
    """A campaign in the API shape with ``single_round`` (its spec asks for 1 round) and, when it is, its
    recommendation marked as such."""
    single = (campaign.get('spec') or {}).get('rounds') == 1
    out = {**campaign, 'single_round': single}
    if single and campaign.get('recommendation'):
        out['recommendation'] = mark_single_round(campaign['recommendation'])
    return out


def winner_of(recommendation: list[dict], test: str, metric: str) -> str:
    """The configuration a finish by ``test`` and ``metric`` leaves applied: its winner; the baseline when nothing
    won (or there was no verdict)."""
    for row in recommendation:
        if row['test'] == test and row['metric'] == metric:
            return row['winner'] or BASELINE
    return BASELINE


NO_WINNER_WORDS = 'baseline: no configuration is significantly better'


def winner_words(row: dict, titles: dict[str, str]) -> str:
    """A recommendation row's Winner in words, as the report says it: the winning preset's name, the baseline
    staying when nothing beat it, or no winner at all when there was no verdict (and why)."""
    if row.get('verdict') == INSUFFICIENT_RUNS:
        return f'no winner: {insufficient_words(row.get("min_runs"))}'
    if row.get('verdict') == 'BETTER' and row.get('winner'):
        return titles.get(row['winner'], row['winner'])
    return NO_WINNER_WORDS


def recommendation_in_words(recommendation: list[dict], configurations: list[dict]) -> list[dict]:
    """Stored recommendation rows as callers see them: ``winner_words`` on each, and no winner where there was no
    verdict (rows stored before that rule named the baseline)."""
    titles = configuration_titles(configurations)
    out = []
    for row in recommendation:
        if row.get('verdict') == INSUFFICIENT_RUNS:
            row = {**row, 'winner': None}
        out.append({**row, 'winner_words': winner_words(row, titles)})
    return out


def configuration_titles(configurations: list[dict]) -> dict[str, str]:
    """{configuration: its name in words}: the preset's name as the campaign recorded it (a built-in's from the
    catalogue for campaigns recorded before names were kept), ``baseline`` for the box as it was."""
    titles = {BASELINE: 'baseline'}
    for conf in configurations:
        if conf['name'] != BASELINE:
            builtin = get_builtin(conf['name'])
            titles[conf['name']] = conf.get('title') or (builtin['name'] if builtin else conf['name'])
    return titles


def progress_words(step: dict, rounds: int, phase: str, detail: str | None = None,
                   titles: dict[str, str] | None = None) -> str:
    """``"round 2/3 · Max IOPS · benchmarking · run 4/5 · 412 MB/s"`` (``titles``: ``configuration_titles``)."""
    name = (titles or {}).get(step['configuration']) or configuration_titles([{'name': step['configuration']}])[
        step['configuration']]
    parts = [f'round {step["round"]}/{rounds}', name, phase]
    if detail:
        parts.append(detail)
    return ' · '.join(parts)


def primary_metric(test: str) -> str | None:
    """The headline metric of a test (what WINNER picks by when only the test is named)."""
    definition = TESTS.get(test)
    if definition is None:
        return None
    direction = definition.directions[0]
    return f'{direction}_bw_bytes' if definition.primary == 'bw' else f'{direction}_iops'
