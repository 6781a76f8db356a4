"""Campaign logic: step order, merging rounds, the recommendation, progress words."""
import pytest

from tuning.core.campaign import BASELINE, configuration_titles, merge_rounds, plan_steps, primary_metric, \
    progress_words, recommend, recommendation_in_words, winner_of


def test_interleaved_rounds_visit_every_configuration_per_round():
    steps = plan_steps([BASELINE, 'a', 'b'], 2, 'INTERLEAVED')
    assert [(s['round'], s['configuration']) for s in steps] == [
        (1, BASELINE), (1, 'a'), (1, 'b'), (2, BASELINE), (2, 'a'), (2, 'b')]
    assert all(s['status'] == 'PENDING' and s['benchmark_id'] is None for s in steps)
    sequential = plan_steps([BASELINE, 'a'], 2, 'SEQUENTIAL')
    assert [(s['round'], s['configuration']) for s in sequential] == [(1, BASELINE), (2, BASELINE), (1, 'a'), (2, 'a')]


def _entry(id_, values, source='FIO'):
    return {'id': id_, 'source': source, 'spec': {'tests': ['SEQ_WRITE']}, 'context': {'fio_version': 'fio-3.33'}, 'jobs': ['job'],
            'notes': ['n'], 'runs': {'SEQ_WRITE': [{'run': i + 1, 'metrics': {'write_bw_bytes': v}}
                                                   for i, v in enumerate(values)]}}


def test_merging_rounds_concatenates_runs_and_recomputes_the_summary():
    record = merge_rounds([_entry(4, [10, 12]), _entry(7, [11])], 'campaign 1 · a', 1)
    runs = record['runs']['SEQ_WRITE']
    assert [r['run'] for r in runs] == [1, 2, 3] and [r['metrics']['write_bw_bytes'] for r in runs] == [10, 12, 11]
    stats = record['summary']['SEQ_WRITE']['write_bw_bytes']
    assert stats['n'] == 3 and stats['median'] == 11
    assert record['context']['campaign'] == {'id': 1, 'rounds': [4, 7]}
    assert record['jobs'] == ['job'] and record['raw'] == {'merged_from': [4, 7]}
    assert record['notes'] == ['round result #4: n', 'round result #7: n']
    assert record['source'] == 'FIO'


def test_merged_rounds_measured_on_a_client_stay_client_results():
    assert merge_rounds([_entry(4, [10], 'CLIENT'), _entry(7, [11], 'CLIENT')], 'c', 1)['source'] == 'CLIENT'


def _row(test, metric, ratio, verdict, direction='HIGHER'):
    return {'test': test, 'metric': metric, 'direction': direction, 'ratio': ratio, 'ratio_ci_low': ratio - 0.01,
            'ratio_ci_high': ratio + 0.01, 'p_adjusted': 0.01, 'verdict': verdict}


def test_the_best_significant_improvement_wins_else_the_baseline():
    comparison = {'comparisons': [
        {'id': 11, 'metrics': [_row('SEQ_WRITE', 'write_bw_bytes', 1.20, 'BETTER'),
                               _row('SEQ_WRITE', 'write_lat_p99_ns', 0.80, 'BETTER', 'LOWER')]},
        {'id': 12, 'metrics': [_row('SEQ_WRITE', 'write_bw_bytes', 1.35, 'BETTER'),
                               _row('SEQ_WRITE', 'write_lat_p99_ns', 0.90, 'BETTER', 'LOWER'),
                               _row('SEQ_READ', 'read_bw_bytes', 1.50, 'INCONCLUSIVE')]},
    ]}
    out = recommend(comparison, {11: 'max-iops', 12: 'max-seq-write'})
    by = {(r['test'], r['metric']): r for r in out}
    assert by[('SEQ_WRITE', 'write_bw_bytes')]['winner'] == 'max-seq-write'
    assert by[('SEQ_WRITE', 'write_bw_bytes')]['summary'].startswith('max-seq-write wins: +35.0 %')
    assert by[('SEQ_WRITE', 'write_lat_p99_ns')]['winner'] == 'max-iops'   # lower latency is better
    assert by[('SEQ_READ', 'read_bw_bytes')]['winner'] == BASELINE
    assert by[('SEQ_READ', 'read_bw_bytes')]['verdict'] == 'NO_WINNER'
    assert winner_of(out, 'SEQ_WRITE', 'write_bw_bytes') == 'max-seq-write'
    assert winner_of(out, 'RAND_READ_4K', 'read_iops') == BASELINE
    # a person reads the presets by their names and the verdicts in words (the walk-through read
    # "(max-seq-write: INCONCLUSIVE)"); the winner stays the configuration a script names
    titles = {'max-iops': 'Max IOPS', 'max-seq-write': 'Max sequential write', BASELINE: 'baseline'}
    named = {(r['test'], r['metric']): r for r in recommend(comparison, {11: 'max-iops', 12: 'max-seq-write'},
                                                            titles=titles)}
    assert named[('SEQ_WRITE', 'write_bw_bytes')]['summary'].startswith('Max sequential write wins: +35.0 %')
    assert named[('SEQ_WRITE', 'write_bw_bytes')]['winner'] == 'max-seq-write'
    assert named[('SEQ_READ', 'read_bw_bytes')]['summary'] == (
        'no configuration beats the baseline significantly (Max sequential write: inconclusive)')


def test_a_campaigns_default_label_names_its_presets_in_words():
    from tuning.campaign import default_label
    configurations = [{'name': BASELINE}, {'name': 'max-iops'}, {'name': 'mine', 'title': 'My own'}]
    assert default_label(configurations, 'tank/media') == 'Max IOPS and My own on tank/media'


@pytest.mark.parametrize('test, metric', [('SEQ_WRITE', 'write_bw_bytes'), ('RAND_READ_4K', 'read_iops'),
                                          ('MIXED_70_30', 'read_iops'), ('NOPE', None)])
def test_primary_metric(test, metric):
    assert primary_metric(test) == metric


def test_progress_words_name_the_preset_not_its_id():
    step = {'round': 2, 'configuration': 'max-iops'}
    assert progress_words(step, 3, 'benchmarking', 'run 4/5 · 412 MB/s') == \
        'round 2/3 · Max IOPS · benchmarking · run 4/5 · 412 MB/s'
    assert progress_words({'round': 1, 'configuration': BASELINE}, 3, 'applying') == 'round 1/3 · baseline · applying'
    titles = configuration_titles([{'name': BASELINE}, {'name': 'risky-fast', 'title': 'Risky but fast'},
                                   {'name': 'max-seq-read'}, {'name': 'gone-own-preset'}])
    assert titles == {BASELINE: 'baseline', 'risky-fast': 'Risky but fast', 'max-seq-read': 'Max sequential read',
                      'gone-own-preset': 'gone-own-preset'}
    assert progress_words({'round': 3, 'configuration': 'risky-fast'}, 3, 'applying', titles=titles) == \
        'round 3/3 · Risky but fast · applying'


def test_a_finished_campaign_says_its_state_in_words():
    from tuning.flows.campaign_flow import public
    row = {'id': 3, 'label': 'l', 'created_at': 'c', 'updated_at': 'u', 'spec': {}, 'phase': 'DONE', 'cursor': 0,
           'steps': [], 'configurations': [], 'results': {}, 'recommendation': [], 'job_id': None,
           'abort_requested': False, 'log': []}
    assert public({**row, 'state': 'DONE', 'message': None})['progress'] == 'finished'
    assert public({**row, 'state': 'ABORTED', 'message': 'Stopped by the admin.'})['progress'] == \
        'aborted: Stopped by the admin.'


def _insufficient(test, metric):
    return {'test': test, 'metric': metric, 'direction': 'HIGHER', 'ratio': 1.3, 'ratio_ci_low': None,
            'ratio_ci_high': None, 'p_adjusted': None, 'verdict': 'INSUFFICIENT_RUNS', 'min_runs': 5}


def test_too_few_runs_recommend_nothing_and_say_how_many_are_needed():
    comparison = {'comparisons': [{'id': 11, 'metrics': [_insufficient('SEQ_WRITE', 'write_bw_bytes')]},
                                  {'id': 12, 'metrics': [_insufficient('SEQ_WRITE', 'write_bw_bytes')]}]}
    (row,) = recommend(comparison, {11: 'a', 12: 'b'})
    assert row['verdict'] == 'INSUFFICIENT_RUNS' and row['winner'] is None and row['min_runs'] == 5
    assert row['ratio'] is None and row['ratio_ci_low'] is None and row['p_adjusted'] is None
    assert row['summary'] == 'too few runs for a verdict (need 5 per configuration)'
    # a finish by the winner of that metric leaves the original configuration
    assert winner_of([row], 'SEQ_WRITE', 'write_bw_bytes') == BASELINE


def test_a_stored_recommendation_names_no_winner_without_a_verdict_and_says_the_winner_in_words():
    configurations = [{'name': BASELINE, 'preset': None, 'skipped': None},
                      {'name': 'max-iops', 'preset': 'max-iops', 'title': 'Max IOPS', 'skipped': None}]
    stored = [   # as campaigns finished before the rule stored them: the baseline "won" a row without a verdict
        {**_insufficient('SEQ_WRITE', 'write_bw_bytes'), 'winner': BASELINE, 'ratio': None},
        {'test': 'SEQ_READ', 'metric': 'read_bw_bytes', 'winner': 'max-iops', 'verdict': 'BETTER'},
        {'test': 'RAND_READ_4K', 'metric': 'read_iops', 'winner': BASELINE, 'verdict': 'NO_WINNER'},
    ]
    few, better, none = recommendation_in_words(stored, configurations)
    assert few['winner'] is None
    assert few['winner_words'] == 'no winner: too few runs for a verdict (need 5 per configuration)'
    assert (better['winner'], better['winner_words']) == ('max-iops', 'Max IOPS')
    assert (none['winner'], none['winner_words']) == (BASELINE, 'baseline: no configuration is significantly better')


def test_a_single_round_is_marked_and_says_it_cannot_be_trusted_beyond_it():
    from tuning.core.campaign import mark_single_round, with_single_round
    comparison = {'comparisons': [{'id': 11, 'metrics': [_row('SEQ_WRITE', 'write_bw_bytes', 1.2, 'BETTER')]}]}
    (row,) = recommend(comparison, {11: 'a'}, rounds=1)
    assert row['single_round'] and 'single round' in row['summary'] and 'beyond this run' in row['summary']
    assert mark_single_round([row]) == [row]              # idempotent
    entry = with_single_round({'spec': {'rounds': 1}, 'recommendation': recommend(comparison, {11: 'a'})})
    assert entry['single_round'] and entry['recommendation'][0]['single_round']
    several = with_single_round({'spec': {'rounds': 3}, 'recommendation': recommend(comparison, {11: 'a'})})
    assert several['single_round'] is False and 'single_round' not in several['recommendation'][0]
