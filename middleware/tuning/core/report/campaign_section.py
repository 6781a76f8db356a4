"""The campaign section of a report (pure): what the campaign ran, what it skipped and why, how it ended, and its
recommendation per test and metric.

``campaign_section(campaign, recommendation)`` → ``{id, label, state, message, rounds, order, runs_per_round,
profile, finish, headline, single_round, single_round_note, skipped: [{name, why}], recommendation: [...]}``.
``single_round`` (1 round: one sitting per configuration) marks the recommendation as not to be trusted beyond
that run (``core.campaign.mark_single_round``). ``recommendation`` is
``core.campaign.recommend`` of the very comparison the report is built from, so its figures are the report's; the
rows gain ``test_label``, ``metric_label``, ``winner_title`` (the winner's name) and ``winner_words`` (the Winner
column in words, as ``tuning.campaign.query`` says it: no winner without a verdict).
"""
from ..bench.catalog import profile_name
from ..campaign import SINGLE_ROUND_WORDS, STATE_WORDS, configuration_titles, mark_single_round, winner_words
from .errors import ReportInputError
from .metric_info import metric_info, title_of_test

REQUIRED = ('id', 'label', 'state', 'spec', 'configurations')
ORDER_WORDS = {'INTERLEAVED': 'interleaved', 'SEQUENTIAL': 'one configuration after another'}


def finish_words(finish, titles=None):
    mode = (finish or {}).get('mode', 'ORIGINAL')
    if mode == 'PRESET':
        preset = finish.get('preset')
        return f'leave the preset {(titles or {}).get(preset, preset)} applied'
    if mode == 'WINNER':
        metric = finish.get('metric')
        by = f' ({metric_info(metric)["label"]})' if metric else ''
        return f'leave the winner of {title_of_test(str(finish.get("test")))}{by} applied'
    return 'put the original configuration back'


def _sentence(words):
    return words[:1].upper() + words[1:] + '.'


def campaign_section(campaign, recommendation):
    if not isinstance(campaign, dict) or any(k not in campaign for k in REQUIRED):
        raise ReportInputError('campaign', f'must be a campaign row with {", ".join(REQUIRED)}')
    spec = campaign['spec'] or {}
    bench = spec.get('benchmark') or {}
    rounds, runs = spec.get('rounds'), bench.get('runs')
    single = rounds == 1
    titles = configuration_titles(campaign['configurations'])  # preset names, never an id or BASELINE
    state, order, profile = campaign['state'], spec.get('order', 'INTERLEAVED'), bench.get('profile', 'QUICK')
    headline = (f'Campaign {campaign["id"]} · {STATE_WORDS.get(state, state)} · {rounds} '
                f'round{"s" if rounds != 1 else ""} ({ORDER_WORDS.get(order, order)}) · {runs} '
                f'run{"s" if runs != 1 else ""} per configuration per round ({profile_name(profile)}) · at the end: '
                f'{finish_words(spec.get("finish"), titles)}')
    return {
        'id': campaign['id'],
        'label': campaign['label'],
        'state': campaign['state'],
        'message': campaign.get('message'),
        'rounds': rounds,
        'order': spec.get('order'),
        'runs_per_round': runs,
        'profile': bench.get('profile'),
        'finish': finish_words(spec.get('finish'), titles),
        'headline': headline,
        'skipped': [{'name': titles.get(c['name'], c['name']), 'why': c['skipped']}
                    for c in campaign['configurations'] if c.get('skipped')],
        'single_round': single,
        'single_round_note': _sentence(SINGLE_ROUND_WORDS.partition(': ')[2]) if single else None,
        'recommendation': [{**row, 'test_label': title_of_test(row['test']),
                            'winner_title': titles.get(row.get('winner'), row.get('winner')),
                            'winner_words': winner_words(row, titles),
                            'metric_label': metric_info(row['metric'])['label']}
                           for row in (mark_single_round(list(recommendation)) if single else recommendation)],
    }
