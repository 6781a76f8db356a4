"""Figures that mean what they say (issue 21 item 6, API side): a campaign's runs carry their campaign (a history
leaves them out with one filter), and the ladder's pool figure is one measured under the settings in effect now."""
import json

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


SYNC_OFF = {'kind': 'DATASET_PROPERTY', 'setting': 'sync', 'name': 'Synchronous writes', 'scope': DATASET,
            'value': 'DISABLED', 'words': f'Synchronous writes Disabled on {DATASET}: not safe on power loss'}


@pytest.mark.sandbox_only
def test_every_figure_says_which_settings_that_can_lose_data_it_was_measured_with(fresh_host):
    """A preset with sync=disabled in effect (the walk-through's "Scratch fast"): a local result, a campaign's
    baseline and a client result record it; the ladder takes that figure as the pool's (it is what the pool does
    now) but says it, with the figure measured without it; compare and the report warn first."""
    from test_client_api import create, http, result_of
    from test_report_api import download
    host = fresh_host()
    c = host.client(private_methods=True)
    c.call('tuning.preset.create', LOOSE)
    safe = c.job('tuning.benchmark.run', {'dataset': DATASET, **FAST, 'label': 'safe writes'})
    assert safe['context']['data_loss_settings'] == []
    c.job('tuning.preset.apply', 'loose-writes', {'pool': 'tank', 'dataset': DATASET}, {'acknowledge': ['sync']})
    loose = c.job('tuning.benchmark.run', {'dataset': DATASET, **FAST, 'label': 'loose writes'})
    assert loose['context']['data_loss_settings'] == [SYNC_OFF]
    assert c.call('tuning.benchmark.get', loose['id'])['context']['data_loss_settings'] == [SYNC_OFF]

    ladder, layer = pool_layer(c)   # measured under the settings in effect now, and never silently
    assert layer['source']['id'] == loose['id'] and layer['current_settings'] is True
    assert layer['data_loss_settings'] == [SYNC_OFF]
    said = (f'measured with Synchronous writes Disabled on {DATASET}: not safe on power loss; without it writes may '
            'be slower.')
    assert f"The pool's figure (benchmark #{loose['id']}) was {said}" in ladder['verdict']
    assert f'Benchmark #{safe["id"]} was measured without it: it wrote ' in layer['note']

    compared = c.call('tuning.benchmark.compare', [safe['id'], loose['id']], None)
    assert compared['warnings'][0] == (f"#{loose['id']} “loose writes” was measured with Synchronous writes Disabled "
                                       f'on {DATASET}: not safe on power loss; its write figures are faster than the '
                                       'pool is with safe writes.')

    row = c.job('tuning.campaign.run', {'dataset': DATASET, 'presets': ['max-seq-write'], 'benchmark': FAST,
                                        'rounds': 1, 'label': 'under loose writes'}, timeout=600)
    assert row['state'] == 'DONE', row['message']
    baseline = c.call('tuning.benchmark.get', row['results']['BASELINE'])   # merged from its rounds
    assert baseline['context']['data_loss_settings'] == [SYNC_OFF]
    (round_one,) = [s for s in row['steps'] if s['configuration'] == 'BASELINE']
    assert c.call('tuning.benchmark.get', round_one['benchmark_id'])['context']['data_loss_settings'] == [SYNC_OFF]
    report = json.loads(download(host, c, {'campaign': row['id']}, 'JSON'))
    warned = [w for w in report['warnings'] if w['kind'] == 'DATA_LOSS']
    assert baseline['id'] in {w['configuration_id'] for w in warned}
    assert report['warnings'][0]['kind'] == 'DATA_LOSS'

    created = create(c, host, dataset=DATASET)
    status, _, answer = http(host, 'POST', 'v1/results', created['token'], result_of(created))
    assert status == 201, answer
    assert c.call('tuning.benchmark.get', answer['id'])['context']['data_loss_settings'] == [SYNC_OFF]
    c.close()
