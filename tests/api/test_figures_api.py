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
