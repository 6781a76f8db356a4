"""tuning.campaign on the sandbox host: rounds of apply → benchmark with real fio, a REBOOT preset that restarts the
host mid-campaign, SIGKILL at a step, abort, and the checks made before anything changes. The campaigns run on hosts
of their own (skipped against a real box, where the VM tier runs its own); the spec checks run everywhere."""
import pytest

from client import JobFailed, RpcError
from tuning_helpers import campaign, diff, error_fields, follow_to_the_end, full_snapshot

DATASET = 'tank/media'
FAST = {'tests': ['SEQ_WRITE'], 'profile': 'QUICK', 'runs': 1, 'runtime_seconds': 1, 'ramp_seconds': 0}
def big_dirty(c, **over):
    """A preset that needs a reboot: the write buffer's load-time bound at half this box's RAM (a value the box
    accepts, unlike a fixed size a small box refuses, and never its default of a quarter)."""
    ram = c.call('tuning.profile')['memory']['physical_bytes']
    value = ram // 2 // 2 ** 20 * 2 ** 20
    return {'id': 'big-dirty', 'name': 'Big dirty', 'settings': [
        {'kind': 'ZFS_PARAMETER', 'setting': 'zfs_dirty_data_max_max', 'value': str(value)}], **over}


def spec(**overrides):
    return {'dataset': DATASET, 'presets': ['max-seq-write'], 'benchmark': FAST, 'rounds': 2, **overrides}


def test_interleaved_campaign_measures_every_configuration_and_puts_the_box_back(fresh_host):
    host = fresh_host()
    c = host.client(private_methods=True)
    before = full_snapshot(c)
    words = []
    row = c.job('tuning.campaign.run', spec(label='two rounds'), timeout=600,
                callback=lambda job: words.append((job.get('progress') or {}).get('description')))
    assert row['state'] == 'DONE', row['message']
    assert [(s['round'], s['configuration']) for s in row['steps']] == [
        (1, 'BASELINE'), (1, 'max-seq-write'), (2, 'BASELINE'), (2, 'max-seq-write')]
    assert all(s['status'] == 'DONE' and s['benchmark_id'] for s in row['steps'])
    assert any(w and w.startswith('round 2/2 · Max sequential write · benchmarking · run 1/1') for w in words)
    # One merged result per configuration with the runs of both rounds, compared against the baseline.
    merged = {name: c.call('tuning.benchmark.get', id_) for name, id_ in row['results'].items()}
    assert set(merged) == {'BASELINE', 'max-seq-write'}
    assert merged['max-seq-write']['summary']['SEQ_WRITE']['write_bw_bytes']['n'] == 2
    assert merged['max-seq-write']['context']['campaign']['rounds'] == [
        s['benchmark_id'] for s in row['steps'] if s['configuration'] == 'max-seq-write']
    recommendation = {(r['test'], r['metric']): r for r in row['recommendation']}
    # 2 runs per configuration cannot reach a verdict: said so, with no interval or p-value, and no winner (the
    # report says the same: too few runs)
    rec = recommendation[('SEQ_WRITE', 'write_bw_bytes')]
    assert rec['verdict'] == 'INSUFFICIENT_RUNS' and rec['min_runs'] == 5 and rec['p_adjusted'] is None
    assert rec['winner'] is None
    assert rec['winner_words'] == 'no winner: too few runs for a verdict (need 5 per configuration)'
    assert 'too few runs for a verdict (need 5 per configuration)' in rec['summary']
    assert row['single_round'] is False
    # finish ORIGINAL: the box is exactly as before.
    assert not diff(before, full_snapshot(c))
    # its restore points say they are the campaign's, by round, and what each did, the preset by name
    made = [rp for rp in c.call('tuning.restore_point.query') if rp['campaign_id'] == row['id']]
    first = made[0]['id']
    assert [(rp['campaign_round'], rp['campaign_stage'], rp['title']) for rp in made] == [
        (1, 'ROUND', f'Campaign {row["id"]}, round 1: Max sequential write applied'),
        (2, 'ROUND', f'Campaign {row["id"]}, round 2: Max sequential write reverted, undoing restore point {first}'),
        (2, 'ROUND', f'Campaign {row["id"]}, round 2: Max sequential write applied'),
        (None, 'FINISH', f'Campaign {row["id"]}, at its end: Max sequential write reverted, undoing restore point '
                         f'{first + 2}')]
    assert [rp['id'] for rp in c.call('tuning.restore_point.query', [['campaign_id', '=', None]])] == []
    assert c.call('tuning.state')['active'] is None


def test_a_reboot_preset_restarts_the_host_mid_campaign_and_it_finishes(fresh_host):
    host = fresh_host()
    c = host.client(private_methods=True)
    c.call('tuning.preset.create', big_dirty(c))
    live = c.call('tunable.get_zfs_parameters')['zfs_dirty_data_max_max']['value']
    boot = host.boot_id()               # the serving process's id (system.boot_id is the box's)
    c.subscribe('core.get_jobs')
    c.job_id('tuning.campaign.run', spec(presets=['big-dirty'], rounds=1, allow_reboot=True))
    c.close()
    host.wait_until_back(boot)          # the campaign rebooted the box (the sandbox restarts the host)
    c = host.client(private_methods=True)
    (row,) = c.call('tuning.campaign.query')
    c.close()
    row = follow_to_the_end(host, row['id'])
    assert row['state'] == 'DONE', row['message']
    log = [line['message'] for line in row['log']]
    assert any('needs a reboot: rebooting' in m for m in log) and any(m == 'rebooted' for m in log)
    c = host.client(private_methods=True)
    assert c.call('tuning.state')['pending_reboot'] == []
    assert c.call('tunable.get_zfs_parameters')['zfs_dirty_data_max_max']['value'] == live
    assert c.call('tuning.benchmark.get', row['results']['big-dirty'])['context']['preset']['id'] == 'big-dirty'
    c.close()


def test_sigkill_at_a_campaign_step_resumes_and_finishes(fresh_host):
    host = fresh_host(env={'TUNING_FAULT': 'after_change:1'})
    c = host.client(private_methods=True)
    before = full_snapshot(c)
    with pytest.raises(Exception):
        c.job('tuning.campaign.run', spec(rounds=1), timeout=600)
    host.wait_dead()
    host.restart(env={})
    c = host.client(private_methods=True)
    (row,) = c.call('tuning.campaign.query')
    c.close()
    row = follow_to_the_end(host, row['id'])
    assert row['state'] == 'DONE', row['message']
    assert all(s['status'] == 'DONE' for s in row['steps'])
    assert row['single_round'] is True
    assert all('single round' in r['summary'] for r in row['recommendation'])
    c = host.client(private_methods=True)
    rps = c.call('tuning.restore_point.query')
    assert rps[0]['state'] == 'ROLLED_BACK'         # the apply the kill interrupted
    assert not diff(before, full_snapshot(c))
    c.close()


def test_abort_restores_the_original_configuration_exactly(fresh_host):
    host = fresh_host()
    c = host.client(private_methods=True)
    before = full_snapshot(c)
    c.subscribe('core.get_jobs')
    job_id = c.job_id('tuning.campaign.run', spec(rounds=3, benchmark={**FAST, 'runtime_seconds': 30}))
    c.wait_event(lambda e: e.get('collection') == 'core.get_jobs' and e.get('id') == job_id and
                 ' · Max sequential write · benchmarking · run' in
                 (((e.get('fields') or {}).get('progress') or {}).get('description') or ''), timeout=600)
    assert c.call('tuning.state')['active']['preset'] == 'max-seq-write'
    (row,) = c.call('tuning.campaign.query')
    assert c.call('tuning.campaign.abort', row['id']) is True
    assert c.wait_job(job_id, timeout=600)['state'] == 'ABORTED'
    row = campaign(c, row['id'])
    assert row['state'] == 'ABORTED' and 'original configuration is back' in row['message']
    assert not diff(before, full_snapshot(c))
    assert c.call('tuning.state')['busy'] is None
    with pytest.raises(RpcError) as e:
        c.call('tuning.campaign.abort', row['id'])
    assert error_fields(e.value) == ['id']
    c.close()


@pytest.mark.parametrize('overrides, field', [
    ({'presets': ['no-such-preset']}, 'spec.presets.0'),
    ({'presets': ['max-iops', 'max-iops']}, 'spec.presets'),
    ({'finish': {'mode': 'PRESET', 'preset': 'max-iops'}}, 'spec.finish.preset'),
    ({'finish': {'mode': 'WINNER', 'test': 'SEQ_READ'}}, 'spec.finish.test'),
    ({'acknowledge': ['recordsize']}, 'spec.acknowledge.0'),
    ({'dataset': 'tank/nope'}, 'spec.dataset'),
])
def test_the_whole_spec_is_checked_before_anything_changes(host, overrides, field):
    c = host.client(private_methods=True)
    count = c.call('tuning.campaign.query', [], {'count': True})
    with pytest.raises((RpcError, JobFailed)) as e:
        c.job('tuning.campaign.run', spec(**overrides))
    assert field in error_fields(e.value)
    assert c.call('tuning.campaign.query', [], {'count': True}) == count
    c.close()


def test_a_reboot_preset_is_skipped_without_permission(host):
    c = host.client(private_methods=True)
    c.call('tuning.preset.create', big_dirty(c, id='big-dirty-2', name='Big dirty 2'))
    try:
        with pytest.raises((RpcError, JobFailed)) as e:
            c.job('tuning.campaign.run', spec(presets=['big-dirty-2']))
        assert 'spec.presets' in error_fields(e.value) and 'needs a reboot' in str(e.value)
        # the settings that wait for a reboot in words (the catalogue's names), not their ids
        assert 'Write buffer limit' in str(e.value) and 'zfs_dirty_data_max_max' not in str(e.value)
    finally:
        c.call('tuning.preset.delete', 'big-dirty-2')
        c.close()
