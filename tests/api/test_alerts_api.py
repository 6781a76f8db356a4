"""Tuning's TrueNAS alerts over the wire (`alert.list`, as the TrueNAS web UI's bell reads it): a data-loss setting in
effect is an alert naming its dataset until its revert, and a setting changed behind tuning's back is one while it
differs. Runs against the sandbox host the fixtures start (or a real box)."""
import time

import pytest

MEDIA = {'pool': 'tank', 'dataset': 'tank/media'}
LOOSE = {'name': 'Loose writes', 'settings': [{'kind': 'DATASET_PROPERTY', 'setting': 'sync', 'value': 'DISABLED'},
                                              {'kind': 'DATASET_PROPERTY', 'setting': 'recordsize', 'value': '1M'}]}


@pytest.fixture
def loose(c):
    """A preset setting sync=disabled (acknowledged) on tank/media, applied; reverted and deleted afterwards."""
    c.call('tuning.preset.create', LOOSE)
    result = c.job('tuning.preset.apply', 'loose-writes', MEDIA, {'acknowledge': ['sync']})
    yield result
    state = c.call('tuning.state')
    if any(row['restore_point_id'] == result['restore_point_id'] for row in state['in_effect']):
        c.call('pool.dataset.update', 'tank/media', {'sync': 'DISABLED', 'recordsize': '1M'})
        c.job('tuning.restore_point.revert', result['restore_point_id'], [])
    c.call('tuning.preset.delete', 'loose-writes')


def tuning_alerts(c, klass):
    return [a for a in c.call('alert.list') if a['klass'] == klass]


def alerts_when(c, klass, predicate, what, timeout=600.0):
    """`tuning.state` settles its alerts in the background (a read never waits for them): poll until they hold."""
    end = time.monotonic() + timeout
    while True:
        found = tuning_alerts(c, klass)
        if predicate(found):
            return found
        assert time.monotonic() < end, f'{what}: {found}'
        time.sleep(0.05)


def test_a_data_loss_setting_in_effect_is_an_alert_naming_its_dataset_until_its_revert(c, loose):
    (alert,) = tuning_alerts(c, 'TuningDataLoss')   # raised by the time the apply job ends
    assert alert['level'] == 'WARNING' and not alert['dismissed']
    assert alert['args']['scope'] == 'tank/media' and alert['args']['setting'] == 'sync'
    assert alert['formatted'] == (
        'Sync is Disabled on tank/media: writes to this dataset are not safe on power loss. Set by workload tuning '
        f'(restore point {loose["restore_point_id"]}); revert it in Workload tuning.')
    assert tuning_alerts(c, 'TuningDrift') == []

    back = c.job('tuning.restore_point.revert', loose['restore_point_id'], [])
    assert {ch['setting'] for ch in back['applied']} == {'sync', 'recordsize'}
    assert tuning_alerts(c, 'TuningDataLoss') == []   # cleared by the time the revert job ends


def test_a_setting_changed_behind_tunings_back_is_a_drift_alert_and_ends_the_data_loss_one(c, loose):
    c.call('pool.dataset.update', 'tank/media', {'recordsize': '64K'})   # the box, not tuning's database
    c.call('tuning.state')
    (drift,) = alerts_when(c, 'TuningDrift', lambda found: len(found) == 1, 'one drift alert')
    assert drift['level'] == 'NOTICE' and drift['formatted'] == (
        'Record size of tank/media: the box has 64 KiB, not the 1 MiB workload tuning set (restore point '
        f'{loose["restore_point_id"]}). It was changed outside Workload tuning; review it there.')
    assert len(tuning_alerts(c, 'TuningDataLoss')) == 1   # sync is still disabled

    c.call('pool.dataset.update', 'tank/media', {'sync': 'STANDARD'})   # the data-loss setting undone by hand
    c.call('tuning.state')
    alerts_when(c, 'TuningDataLoss', lambda found: found == [], 'the data-loss alert gone')
    alerts_when(c, 'TuningDrift', lambda found: {a['args']['setting'] for a in found} == {'recordsize', 'sync'},
                'a drift alert for each setting changed')

    c.call('pool.dataset.update', 'tank/media', {'sync': 'DISABLED', 'recordsize': '1M'})   # back as tuning set it
    c.call('tuning.state')
    alerts_when(c, 'TuningDrift', lambda found: found == [], 'no drift alert once the values are back')
    alerts_when(c, 'TuningDataLoss', lambda found: len(found) == 1, 'the data-loss alert again')
