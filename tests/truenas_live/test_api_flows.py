"""The plugin's API through the real framework over the real websocket JSON-RPC (release's truenas_api_client)."""
import pytest

from .fakebox import state as box_state
from .server import ready_server

TARGET = {'pool': 'tank', 'dataset': 'tank/media'}


@pytest.fixture(scope='module')
def server(tmp_path_factory):
    with ready_server(tmp_path_factory.mktemp('flows') / 'box') as srv:
        yield srv


@pytest.fixture
def c(server):
    with server.client() as client:
        yield client


def box(server):
    import os
    os.environ['FAKEBOX_HOME'] = str(server.home)
    return box_state.load()


def test_profile_reads_the_box_through_the_appliance_services(c):
    profile = c.call('tuning.profile')
    assert profile['backend'] == 'truenas'
    assert profile['pools'][0]['layout'] == 'RAIDZ2 6×HDD'
    assert [d['name'] for d in profile['unused_disks']] == ['sdg']
    assert profile['openzfs_version'] == '2.3.4'


def test_builtin_presets_are_listed(c):
    ids = {p['id'] for p in c.call('tuning.preset.query', [['builtin', '=', True]])}
    assert 'max-seq-write' in ids


def test_apply_changes_the_box_through_real_models_and_revert_puts_it_back(c, server):
    before = box(server)
    plan = c.call('tuning.preset.preview', 'max-seq-write', TARGET)
    assert plan['changes']
    dangerous = [ch['setting'] for ch in plan['changes'] if ch['risk'] == 'DANGEROUS']
    result = c.call('tuning.preset.apply', 'max-seq-write', TARGET, {'acknowledge': dangerous}, job=True)
    after = box(server)
    assert after['datasets'] != before['datasets'] or after['tunables'] != before['tunables']
    jobs = c.call('core.get_jobs', [['method', '=', 'tuning.preset.apply']])
    assert jobs and jobs[-1]['state'] == 'SUCCESS'
    assert c.call('tuning.state')['active']['preset'] == 'max-seq-write'
    c.call('tuning.restore_point.revert', result['restore_point_id'], dangerous, job=True)
    reverted = box(server)
    assert reverted['datasets'] == before['datasets']
    assert {(t['var'], t['value'], t['enabled']) for t in reverted['tunables']} <= \
        {(t['var'], t['value'], t['enabled']) for t in before['tunables']}
    assert c.call('tuning.state')['drift'] == []


def test_a_data_loss_setting_is_an_alert_in_the_bell_until_its_revert(c):
    """The real alert framework lists the plugin's one-shot alert (the web UI's bell reads alert.list) while
    Sync is Disabled on a dataset, and not after the revert."""
    c.call('tuning.preset.create', {'name': 'Loose writes', 'settings': [
        {'kind': 'DATASET_PROPERTY', 'setting': 'sync', 'value': 'DISABLED'}]})
    try:
        result = c.call('tuning.preset.apply', 'loose-writes', TARGET, {'acknowledge': ['sync']}, job=True)
        try:
            (alert,) = [a for a in c.call('alert.list') if a['klass'] == 'TuningDataLoss']
            assert alert['level'] == 'WARNING' and not alert['dismissed']
            assert alert['formatted'] == (
                'Sync is Disabled on tank/media: writes to this dataset are not safe on power loss. Set by '
                f'workload tuning (restore point {result["restore_point_id"]}); revert it in Workload tuning.')
        finally:
            c.call('tuning.restore_point.revert', result['restore_point_id'], [], job=True)
        assert [a for a in c.call('alert.list') if a['klass'].startswith('Tuning')] == []
    finally:
        c.call('tuning.preset.delete', 'loose-writes')


def test_bad_input_is_a_validation_error_naming_the_field(c):
    from truenas_api_client import ValidationErrors
    with pytest.raises(ValidationErrors) as e:
        c.call('tuning.preset.preview', 'max-seq-write', {'pool': 'nope'})
    assert 'pool' in str(e.value)
