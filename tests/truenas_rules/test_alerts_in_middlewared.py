"""Tuning's alert classes in the REAL middlewared alert framework of the release (25.10, 26.0).

The plugin's alert module is imported as ``middlewared.plugins.tuning.alerts`` (its classes register in middlewared's
``AlertClass`` registry, as at plugin load), and the plugin's own ``settle`` raises and clears its alerts through the
release's real ``AlertService`` (plugins/alert.py: ``oneshot_create``, ``oneshot_delete`` with the classes' ``keys``,
``list`` with its serializer and order); what the list answers validates against the release's ``AlertListResult``.
Only what lies outside alerts is a stand-in (sending mail, the database flush, the alert settings).
"""
import asyncio
import importlib
import os
from unittest.mock import AsyncMock

import pytest

from .framework_session import PLUGIN_MODULE, open_session, skip_reason

REASON = skip_reason()
if REASON is not None and os.environ.get('TUNING_RULES_REQUIRE_FRAMEWORK'):
    raise RuntimeError(f'the real-framework tier cannot run: {REASON}')  # run.sh: a tier that skips proves nothing
pytestmark = pytest.mark.skipif(REASON is not None, reason=REASON or '')

CLASS_NAMES = ('TuningStartupFailed', 'TuningDataLoss', 'TuningDrift', 'TuningCampaignWaiting', 'TuningScratchLeft')
WAITING = 'Waiting for the box to restart: '


def run(coro):
    return asyncio.run(coro)


@pytest.fixture(scope='module')
def framework(tmp_path_factory):
    session = open_session(tmp_path_factory.mktemp('middlewared-tree'))
    try:
        yield session
    finally:
        session.close()


@pytest.fixture(scope='module')
def plugin(framework):
    return {'alerts': importlib.import_module(f'{PLUGIN_MODULE}.alerts'),
            'words': importlib.import_module(f'{PLUGIN_MODULE}.core.alerts')}


class Job:
    def set_progress(self, *args, **kwargs):
        pass


@pytest.fixture
def mw(framework, plugin):
    """The unit-test middleware of the release with its real AlertService behind `alert.*`."""
    from middlewared.plugins.alert import AlertService
    from middlewared.pytest.unit.middleware import Middleware
    middleware = Middleware()
    service = AlertService(middleware)
    service.node, service.alerts = 'A', []
    middleware['alert.send_alerts'] = AsyncMock()    # mail and other alert services: not what is checked here
    middleware['alert.flush_alerts'] = AsyncMock()   # the database copy TrueNAS keeps across restarts
    middleware['alertclasses.config'] = AsyncMock(return_value={'id': 1, 'classes': {}})
    middleware['alert.product_type'] = AsyncMock(return_value='COMMUNITY_EDITION')
    middleware['alert.node_map'] = service.node_map
    middleware['alert.list'] = service.list
    middleware['alert.oneshot_create'] = lambda klass, args: service.oneshot_create(Job(), klass, args)
    middleware['alert.oneshot_delete'] = lambda klass, query: service.oneshot_delete(Job(), klass, query)
    return middleware


def listed(mw, klass=None):
    """`alert.list` of the release, validated against its AlertListResult as a client would get it."""
    from middlewared.api.current import AlertListResult
    rows = run(mw.call('alert.list'))
    AlertListResult.model_validate({'result': rows})
    return [row for row in rows if klass is None or row['klass'] == klass]


def settle(mw, plugin, wanted):
    async def go():
        plugin['alerts'].forget(mw)
        return await plugin['alerts'].settle(mw, wanted)
    assert run(go()) is True


def test_the_alert_classes_register_in_middlewareds_registry(plugin):
    from middlewared.alert.base import AlertCategory, AlertClass, AlertLevel, OneShotAlertClass
    for name in CLASS_NAMES:
        cls = AlertClass.class_by_name[name]
        assert cls in plugin['alerts'].CLASSES and cls in AlertClass.classes
        assert issubclass(cls, OneShotAlertClass) and cls.deleted_automatically
        assert isinstance(cls.category, AlertCategory) and isinstance(cls.level, AlertLevel)
        assert cls.title and cls.text


def in_effect(setting, value, rp):
    return {'key': f'DATASET_PROPERTY:tank/media:{setting}', 'kind': 'DATASET_PROPERTY', 'setting': setting,
            'scope': 'tank/media', 'value': value, 'risk': 'DANGEROUS', 'restore_point_id': rp, 'pending_reboot': False}


def test_a_data_loss_alert_is_one_per_setting_and_dataset_in_the_real_alert_service(mw, plugin):
    words = plugin['words']
    settle(mw, plugin, words.state_alerts({'in_effect': [in_effect('sync', 'DISABLED', 3)], 'drift': []}))
    (alert,) = listed(mw, 'TuningDataLoss')
    assert alert['level'] == 'WARNING' and alert['one_shot'] is False and alert['dismissed'] is False
    assert alert['formatted'] == ('Sync is Disabled on tank/media: writes to this dataset are not safe on power '
                                  'loss. Set by workload tuning (restore point 3); revert it in Workload tuning.')

    # the same setting and dataset, now undone by another restore point's revert: still one alert, new words
    settle(mw, plugin, words.state_alerts({'in_effect': [in_effect('sync', 'DISABLED', 5)], 'drift': []}))
    (alert,) = listed(mw, 'TuningDataLoss')
    assert 'restore point 5' in alert['formatted']

    settle(mw, plugin, words.state_alerts({'in_effect': [], 'drift': []}))
    assert listed(mw) == []


def test_drift_campaign_and_scratch_alerts_go_through_the_real_service(mw, plugin):
    words = plugin['words']
    state = {'in_effect': [dict(in_effect('recordsize', '1M', 2), risk='SAFE')],
             'drift': [{'key': 'DATASET_PROPERTY:tank/media:recordsize', 'setting': 'recordsize',
                        'scope': 'tank/media', 'expected': '1M', 'actual': '64K'}]}
    campaign = {'id': 4, 'label': 'max-iops on tank/media', 'state': 'REBOOTING', 'boot_id': 'b1',
                'message': f'{WAITING}max-iops needs a reboot: restart the box from the TrueNAS web UI'}
    left = [{'path': 'tank/media/.tuning-bench-7-abc', 'dataset': 'tank/media/.tuning-bench-7-abc',
             'why': 'its pool tank is not imported'}]
    settle(mw, plugin, {**words.state_alerts(state),
                        words.CAMPAIGN_WAITING: words.campaign_alerts([campaign], WAITING, 'b1'),
                        words.SCRATCH_LEFT: words.scratch_alerts(left)})
    rows = listed(mw)
    # middlewared's order: the most severe first (WARNING before NOTICE), then by title
    assert [(r['klass'], r['level']) for r in rows] == [
        ('TuningCampaignWaiting', 'WARNING'), ('TuningScratchLeft', 'WARNING'), ('TuningDrift', 'NOTICE')]
    assert rows[0]['formatted'].startswith('Workload tuning campaign 4 (max-iops on tank/media) is waiting')
    assert rows[1]['formatted'].startswith('A benchmark left its scratch dataset tank/media/.tuning-bench-7-abc')
    assert rows[2]['formatted'].startswith('Record size of tank/media: the box has 64 KiB, not the 1 MiB')

    settle(mw, plugin, {words.DRIFT: [], words.CAMPAIGN_WAITING: [], words.SCRATCH_LEFT: []})
    assert listed(mw) == []


def test_the_start_up_alert_is_raised_and_cleared(mw, plugin):
    run(plugin['alerts'].raise_startup_failed(mw, 'the system dataset is not mounted'))
    (alert,) = listed(mw, 'TuningStartupFailed')
    assert alert['level'] == 'ERROR' and alert['formatted'].endswith('the system dataset is not mounted')
    run(plugin['alerts'].clear_startup_failed(mw))
    assert listed(mw) == []
