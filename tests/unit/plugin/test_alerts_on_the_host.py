"""Tuning's TrueNAS alerts raised and cleared by the plugin's own code paths, on an in-process standalone host (the
sandbox box, the appliance's `alert.*` as middlewared has them): an apply's commit, its revert, start-up, the scratch
sweep, a campaign whose reboot the box refused. A failing alert never fails what raised it."""
import errno

from test_startup import Box, replace_method
from tuning.flows.campaign_flow import Driver, WAITING_FOR_ADMIN
from tuning.alerts import book
from tuning.flows.bench_run import sweep_scratch
from tuning.core.campaign import plan_steps
from tuning.preset import apply_preset
from tuning.restore_point import revert_restore_point
from tuning.store import benchmarks as bench_store, campaigns as campaign_store, offloop
from tuning_host.runtime import CallError

MEDIA = {'pool': 'tank', 'dataset': 'tank/media'}
UNSAFE = {'name': 'Unsafe', 'settings': [{'kind': 'DATASET_PROPERTY', 'setting': 'sync', 'value': 'DISABLED'},
                                         {'kind': 'DATASET_PROPERTY', 'setting': 'recordsize', 'value': '1M'}]}


def alerts_of(box, klass):
    return [a for a in box.call('alert.list') if a['klass'] == klass]


def apply_unsafe(box):
    box.call('tuning.preset.create', UNSAFE)
    return box.call('tuning.preset.apply', 'unsafe', MEDIA, {'acknowledge': ['sync']})


def test_the_apply_raises_its_data_loss_alert_and_the_revert_clears_it(box):
    result = apply_unsafe(box)
    (alert,) = alerts_of(box, 'TuningDataLoss')
    assert alert['args']['scope'] == 'tank/media' and alert['level'] == 'WARNING'
    assert alert['formatted'] == (
        'Sync is Disabled on tank/media: writes to this dataset are not safe on power loss. Set by workload tuning '
        f'(restore point {result["restore_point_id"]}); revert it in Workload tuning.')
    box.call('tuning.restore_point.revert', result['restore_point_id'], [])
    assert alerts_of(box, 'TuningDataLoss') == []


def test_a_campaign_step_raises_and_clears_it_with_its_own_transactions(box):
    """A campaign applies and reverts inside its own job (no state event in between): each transaction's commit
    settles the alert itself."""
    box.call('tuning.preset.create', UNSAFE)
    result = box.run(apply_preset(box.mw, lambda *args: None, 'unsafe', MEDIA, ['sync']))
    assert [a['args']['setting'] for a in alerts_of(box, 'TuningDataLoss')] == ['sync']
    box.run(revert_restore_point(box.mw, lambda *args: None, result['restore_point_id'], []))
    assert alerts_of(box, 'TuningDataLoss') == []


def test_an_alert_that_cannot_be_raised_never_fails_the_apply_and_is_raised_once_it_can(box, monkeypatch, caplog):
    service, create = box.mw._methods['alert.oneshot_create']

    def refuse(job, klass, args):
        raise CallError('the alert service is down', errno.EIO)
    replace_method(monkeypatch, box.mw, 'alert.oneshot_create', refuse)
    result = apply_unsafe(box)
    assert result['restore_point_id'] and alerts_of(box, 'TuningDataLoss') == []
    assert 'could not bring its alerts up to date' in caplog.text

    monkeypatch.setitem(box.mw._methods, 'alert.oneshot_create', (service, create))
    box.call('tuning.state')   # settles in the background
    box.run(background_settled(box.mw))
    assert len(alerts_of(box, 'TuningDataLoss')) == 1


def test_a_repeated_state_costs_no_alert_call(box, monkeypatch):
    apply_unsafe(box)
    box.call('tuning.state')   # the first look after the apply raises its alerts: let that settle before counting
    box.run(background_settled(box.mw))
    service, listing = box.mw._methods['alert.list']
    calls = []

    def counted():
        calls.append(1)
        return listing()
    monkeypatch.setitem(box.mw._methods, 'alert.list', (service, counted))
    for _ in range(3):
        box.call('tuning.state')
    box.run(background_settled(box.mw))
    assert calls == []


def test_drift_behind_tunings_back_is_an_alert_until_the_value_is_back(box):
    result = apply_unsafe(box)
    box.call('pool.dataset.update', 'tank/media', {'recordsize': '64K'})
    box.call('tuning.state')
    box.run(background_settled(box.mw))
    (alert,) = alerts_of(box, 'TuningDrift')
    assert alert['level'] == 'NOTICE' and alert['formatted'] == (
        f'Record size of tank/media: the box has 64 KiB, not the 1 MiB workload tuning set (restore point '
        f'{result["restore_point_id"]}). It was changed outside Workload tuning; review it there.')
    assert len(alerts_of(box, 'TuningDataLoss')) == 1   # sync is still disabled

    box.call('pool.dataset.update', 'tank/media', {'sync': 'STANDARD'})   # the data-loss setting, undone by hand
    box.call('tuning.state')
    box.run(background_settled(box.mw))
    assert alerts_of(box, 'TuningDataLoss') == []
    assert {a['args']['setting'] for a in alerts_of(box, 'TuningDrift')} == {'recordsize', 'sync'}

    box.call('pool.dataset.update', 'tank/media', {'recordsize': '1M', 'sync': 'DISABLED'})
    box.call('tuning.state')
    box.run(background_settled(box.mw))
    assert alerts_of(box, 'TuningDrift') == [] and len(alerts_of(box, 'TuningDataLoss')) == 1


def test_start_up_raises_again_what_is_in_effect(tmp_path):
    first = Box(str(tmp_path / 'data'))
    try:
        first.boot()
        first.ready()
        apply_unsafe(first)
    finally:
        first.close()
    again = Box(str(tmp_path / 'data'))   # the host restarted: its alerts were in memory only
    try:
        again.boot()
        again.ready()
        (alert,) = alerts_of(again, 'TuningDataLoss')
        assert alert['args']['setting'] == 'sync'
    finally:
        again.close()


def test_scratch_the_sweep_cannot_remove_is_an_alert_until_it_is_gone(box):
    area = 'gone/bench/.tuning-bench-7-abcdef'
    box.run(store_call(box, bench_store.add_scratch, area, area))
    swept = box.run(sweep_scratch(box.mw))
    assert swept['left'] and swept['left'][0]['why'] == 'its pool gone is not imported'
    (alert,) = alerts_of(box, 'TuningScratchLeft')
    assert alert['level'] == 'WARNING' and f'scratch dataset {area} behind' in alert['formatted']

    box.run(store_call(box, bench_store.remove_scratch, area))   # the admin destroyed it by hand
    box.run(sweep_scratch(box.mw))
    assert alerts_of(box, 'TuningScratchLeft') == []


class Job:
    id = 1

    def set_progress(self, percent, description, extra=None):
        pass


def test_a_refused_reboot_is_an_alert_until_the_box_restarts(box, monkeypatch):
    async def refused(*args):
        raise CallError('the API key\'s user may not restart the box: restart it from the TrueNAS web UI',
                        errno.EACCES)
    replace_method(monkeypatch, box.mw, 'system.reboot', refused)
    row = box.run(store_call(box, campaign_store.insert_campaign, label='max-iops on tank/media',
                             spec={'allow_reboot': True, 'dataset': 'tank/media', 'rounds': 1},
                             steps=plan_steps(['max-iops'], 1, 'INTERLEAVED'), configurations=[],
                             origin_restore_point=0))
    driver = Driver(box.mw, Job(), row['id'])
    box.run(driver.reboot(row, 'REBOOT', 'max-iops needs a reboot'))
    (alert,) = alerts_of(box, 'TuningCampaignWaiting')
    assert alert['level'] == 'WARNING' and alert['formatted'] == (
        f'Workload tuning campaign {row["id"]} (max-iops on tank/media) is waiting for the box to restart: '
        'max-iops needs a reboot: the API key\'s user may not restart the box: restart it from the TrueNAS web UI.')
    assert box.run(store_call(box, campaign_store.get_campaign, row['id']))['message'].startswith(WAITING_FOR_ADMIN)

    box.ctx.boot_id = 'the-next-boot'   # the admin restarted the box: the campaign carries on
    box.run(driver.commit(job_id=2))
    assert alerts_of(box, 'TuningCampaignWaiting') == []


def store_call(box, fn, *args, **kwargs):
    return offloop.store_call(box.mw, fn, *args, **kwargs)


async def background_settled(mw):
    """Wait for the settle `tuning.state` started in the background, if it did."""
    worker = book(mw).worker
    if worker is not None:
        await worker
