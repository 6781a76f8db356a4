"""Figures that mean what they say (issue 21 item 6, API side): a campaign's runs carry their campaign (a history
leaves them out with one filter), and the ladder's pool figure is one measured under the settings in effect now."""
import pytest

DATASET = 'tank/media'
FAST = {'tests': ['SEQ_WRITE'], 'profile': 'QUICK', 'runs': 1, 'runtime_seconds': 1, 'ramp_seconds': 0}


@pytest.mark.sandbox_only
def test_campaign_runs_carry_their_campaign_and_one_filter_leaves_them_out_of_the_history(fresh_host):
    host = fresh_host()
    c = host.client(private_methods=True)
    own = c.job('tuning.benchmark.run', {'dataset': DATASET, **FAST, 'label': 'of its own'})
    row = c.job('tuning.campaign.run', {'dataset': DATASET, 'presets': ['max-seq-write'], 'benchmark': FAST,
                                        'rounds': 1, 'label': 'one round'}, timeout=600)
    assert row['state'] == 'DONE', row['message']
    measured = {s['benchmark_id'] for s in row['steps']} | set(row['results'].values())
    everything = c.call('tuning.benchmark.query')
    assert {e['id'] for e in everything if e['campaign_id'] == row['id']} == measured
    assert [e['id'] for e in c.call('tuning.benchmark.query', [['campaign_id', '=', None]])] == [own['id']]
    assert c.call('tuning.benchmark.get', own['id'])['campaign_id'] is None
    assert c.call('tuning.benchmark.get', min(measured))['campaign_id'] == row['id']


LOOSE = {'name': 'Loose writes', 'settings': [{'kind': 'DATASET_PROPERTY', 'setting': 'sync', 'value': 'DISABLED'}]}


def pool_layer(c):
    ladder = c.call('tuning.ladder.get', {'pool': 'tank', 'dataset': DATASET})
    (layer,) = [layer for layer in ladder['layers'] if layer['layer'] == 'POOL']
    return ladder, layer


def loosely(c, label):
    """A benchmark measured under sync=disabled, reverted afterwards (as a campaign's round would be)."""
    applied = c.job('tuning.preset.apply', 'loose-writes', {'pool': 'tank', 'dataset': DATASET},
                    {'acknowledge': ['sync']})
    result = c.job('tuning.benchmark.run', {'dataset': DATASET, **FAST, 'label': label})
    c.job('tuning.restore_point.revert', applied['restore_point_id'], [])
    return result


@pytest.mark.sandbox_only
def test_the_ladder_takes_the_pool_figure_measured_under_the_settings_in_effect_now(fresh_host):
    host = fresh_host()
    c = host.client(private_methods=True)
    c.call('tuning.preset.create', LOOSE)
    loose = loosely(c, 'under sync=disabled')
    ladder, layer = pool_layer(c)   # nothing measured under today's settings: the figure says what it was under
    assert layer['source']['id'] == loose['id'] and layer['current_settings'] is False
    assert [(d['setting'], d['then'], d['now']) for d in layer['settings_then']] == [('sync', 'DISABLED', 'STANDARD')]
    assert 'Synchronous writes Disabled on tank/media (now Standard)' in layer['note']
    assert f'benchmark #{loose["id"]}) was measured under Synchronous writes Disabled' in ladder['verdict']

    plain = c.job('tuning.benchmark.run', {'dataset': DATASET, **FAST, 'label': 'as the box is'})
    newer = loosely(c, 'under sync=disabled again')
    ladder, layer = pool_layer(c)   # the newest result was measured under a setting since reverted: passed over
    assert layer['source']['id'] == plain['id'] and layer['current_settings'] is True and layer['settings_then'] == []
    assert f'#{newer["id"]} (Synchronous writes Disabled on tank/media (now Standard))' in layer['note']
    assert 'measured under' not in ladder['verdict']
