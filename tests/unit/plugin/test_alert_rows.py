"""Which of tuning's records become which TrueNAS alerts, in which words (core.alerts: pure)."""
import pytest

from tuning import alerts as alert_classes
from tuning.core import alerts
from tuning.core.alerts import CAMPAIGN_WAITING, DATA_LOSS, DRIFT, SCRATCH_LEFT, formatted

WAITING = 'Waiting for the box to restart: '


def in_effect(setting, value, *, kind='DATASET_PROPERTY', scope='tank/media', risk='DANGEROUS', rp=3,
              pending=False):
    return {'key': f'{kind}:{scope}:{setting}', 'kind': kind, 'setting': setting, 'summary': setting,
            'scope': scope, 'value': value, 'inherited': False, 'apply_mode': 'LIVE', 'risk': risk,
            'risk_reason': 'on a power cut ...' if risk == 'DANGEROUS' else None, 'preset': 'unsafe',
            'restore_point_id': rp, 'applied_at': '2025-01-01T00:00:00', 'pending_reboot': pending}


def drift(setting, expected, actual, *, kind='DATASET_PROPERTY', scope='tank/media'):
    return {'key': f'{kind}:{scope}:{setting}', 'setting': setting, 'scope': scope, 'expected': expected,
            'actual': actual}


def state(rows=(), drifted=()):
    return {'in_effect': list(rows), 'drift': list(drifted)}


def texts(found, klass):
    return [formatted(klass, args) for args in found[klass]]


def test_sync_disabled_in_effect_is_one_data_loss_alert_in_plain_words():
    found = alerts.state_alerts(state([in_effect('sync', 'DISABLED'), in_effect('recordsize', '1M', risk='SAFE'),
                                       in_effect('logbias', 'THROUGHPUT', risk='CAUTION')]))
    assert texts(found, DATA_LOSS) == [   # the dataset option as TrueNAS's web UI names it and its value
        'Sync is Disabled on tank/media: writes to this dataset are not safe on power loss. Set by workload tuning '
        '(restore point 3); revert it in Workload tuning.']
    assert found[DRIFT] == []
    assert alerts.identity(DATA_LOSS, found[DATA_LOSS][0]) == {'scope': 'tank/media', 'setting': 'sync'}


def test_one_alert_per_setting_and_dataset():
    found = alerts.state_alerts(state([in_effect('sync', 'DISABLED', scope='tank/media'),
                                       in_effect('sync', 'DISABLED', scope='tank/vm', rp=4),
                                       in_effect('zfs_nocacheflush', '1', kind='ZFS_PARAMETER', scope='global')]))
    assert sorted(texts(found, DATA_LOSS)) == [
        'Skip disk cache flushes is on (zfs_nocacheflush = 1): writes to every pool are not safe on power loss. '
        'Set by workload tuning (restore point 3); revert it in Workload tuning.',
        'Sync is Disabled on tank/media: writes to this dataset are not safe on power loss. Set by workload tuning '
        '(restore point 3); revert it in Workload tuning.',
        'Sync is Disabled on tank/vm: writes to this dataset are not safe on power loss. Set by workload tuning '
        '(restore point 4); revert it in Workload tuning.',
    ]
    # the same setting and dataset twice (two records of it) is still one alert: the later one
    twice = alerts.state_alerts(state([in_effect('sync', 'DISABLED', rp=3), in_effect('sync', 'DISABLED', rp=5)]))
    assert [a['restore_point'] for a in twice[DATA_LOSS]] == [5]


def test_a_setting_waiting_for_a_restart_says_so():
    found = alerts.state_alerts(state([in_effect('zil_nocacheflush', '1', kind='ZFS_PARAMETER', scope='global',
                                                 pending=True)]))
    assert texts(found, DATA_LOSS) == [
        'Skip log cache flushes will be on after the next restart (zil_nocacheflush = 1): writes to every pool are '
        'not safe on power loss from then on. Set by workload tuning (restore point 3); revert it in Workload '
        'tuning.']


def test_a_data_loss_setting_the_box_no_longer_holds_raises_nothing_but_its_drift():
    rows = [in_effect('sync', 'DISABLED')]
    found = alerts.state_alerts(state(rows, [drift('sync', 'DISABLED', 'STANDARD')]))
    assert found[DATA_LOSS] == []
    assert texts(found, DRIFT) == [
        'Sync of tank/media: the box has Standard, not the Disabled workload tuning set (restore point 3). It was '
        'changed outside Workload tuning; review it there.']
    # its dataset destroyed: nothing left to lose, nothing drifted
    assert alerts.state_alerts(state(rows), gone=[rows[0]['key']]) == {DATA_LOSS: [], DRIFT: []}


def test_drift_alerts_one_per_setting_in_words_and_units():
    found = alerts.state_alerts(state(
        [in_effect('recordsize', '1M', risk='SAFE', rp=2),
         in_effect('zfs_arc_max', str(24 * 2**30), kind='ZFS_PARAMETER', scope='global', risk='CAUTION', rp=2)],
        [drift('recordsize', '1M', '64K'),
         drift('zfs_arc_max', str(24 * 2**30), '3435973836', kind='ZFS_PARAMETER', scope='global'),
         drift('net.ipv4.tcp_rmem', '4096 131072 16777216', '4096 131072 6291456', kind='SYSCTL', scope='global')]))
    assert found[DATA_LOSS] == []
    assert sorted(texts(found, DRIFT)) == [
        'Maximum ARC size: the box has 3.2 GiB, not the 24 GiB workload tuning set (restore point 2). It was '
        'changed outside Workload tuning; review it there.',
        'Record size of tank/media: the box has 64 KiB, not the 1 MiB workload tuning set (restore point 2). It '
        'was changed outside Workload tuning; review it there.',
        'TCP receive buffer: the box has 4 KiB, 128 KiB, 6 MiB (min, default, max), not the 4 KiB, 128 KiB, 16 MiB '
        '(min, default, max) workload '
        'tuning put back. It was changed outside Workload tuning; review it there.',
    ]


def test_a_switch_reads_on_or_off_in_a_drift_alert_too():
    found = alerts.state_alerts(state([], [drift('zfs_nocacheflush', '1', '0', kind='ZFS_PARAMETER', scope='global')]))
    assert texts(found, DRIFT) == [
        'Skip disk cache flushes: the box has off, not the on workload tuning put back. It was changed outside '
        'Workload tuning; review it there.']


def test_nothing_in_effect_nothing_drifted_no_alerts():
    assert alerts.state_alerts(state()) == {DATA_LOSS: [], DRIFT: []}


def campaign(**fields):
    return {'id': 4, 'label': 'max-iops, big-dirty on tank/bench', 'state': 'REBOOTING', 'boot_id': 'boot-1',
            'message': f'{WAITING}big-dirty needs a reboot: restart the box from the TrueNAS web UI (System → '
                       'Restart); tuning carries on when it is back', **fields}


def test_a_campaign_waits_for_the_admin_only_while_the_box_has_not_restarted():
    (args,) = alerts.campaign_alerts([campaign(), campaign(id=2, state='DONE', message=None)], WAITING, 'boot-1')
    assert formatted(CAMPAIGN_WAITING, args) == (
        'Workload tuning campaign 4 (max-iops, big-dirty on tank/bench) is waiting for the box to restart: '
        'big-dirty needs a reboot: restart the box from the TrueNAS web UI (System → Restart); tuning carries on '
        'when it is back.')
    assert alerts.identity(CAMPAIGN_WAITING, args) == {'campaign': 4}
    assert alerts.campaign_alerts([campaign()], WAITING, 'boot-2') == []          # restarted: it carries on
    assert alerts.campaign_alerts([campaign(state='FAILED')], WAITING, 'boot-1') == []
    assert alerts.campaign_alerts([campaign(message='One round only: ...')], WAITING, 'boot-1') == []


def test_scratch_left_behind_names_the_dataset_or_directory_and_why():
    found = alerts.scratch_alerts([
        {'path': 'tank/media/.tuning-bench-7-abc', 'dataset': 'tank/media/.tuning-bench-7-abc',
         'why': 'its pool tank is not imported'},
        {'path': '/mnt/data/.tuning-bench-8-def', 'dataset': None, 'why': 'removing it failed: busy'}])
    assert sorted(formatted(SCRATCH_LEFT, a) for a in found) == [
        'A benchmark left its scratch dataset tank/media/.tuning-bench-7-abc behind and workload tuning could not '
        'remove it (its pool tank is not imported). It tries again when it starts and before each benchmark; you '
        'may also delete it by hand.',
        'A benchmark left its scratch directory /mnt/data/.tuning-bench-8-def behind and workload tuning could not '
        'remove it (removing it failed: busy). It tries again when it starts and before each benchmark; you may '
        'also delete it by hand.',
    ]


def test_text_from_the_admin_or_the_box_cannot_carry_html_into_the_web_ui():
    (args,) = alerts.campaign_alerts([campaign(label='<img src=x onerror=alert(1)> & co')], WAITING, 'boot-1')
    assert '<img' not in formatted(CAMPAIGN_WAITING, args)
    assert '&lt;img src=x onerror=alert(1)&gt; &amp; co' in formatted(CAMPAIGN_WAITING, args)
    (args,) = alerts.scratch_alerts([{'path': '/mnt/<b>/x', 'dataset': None, 'why': 'removing it failed: <b>'}])
    assert '<b>' not in formatted(SCRATCH_LEFT, args)


@pytest.mark.parametrize('klass', [DATA_LOSS, DRIFT, CAMPAIGN_WAITING, SCRATCH_LEFT])
def test_each_alert_class_is_the_one_its_words_are_for(klass):
    cls = alert_classes.AlertClass.class_by_name[klass]
    assert cls in alert_classes.CLASSES
    assert (cls.text, cls.title, cls.keys) == (alerts.TEXTS[klass], alerts.TITLES[klass], alerts.KEYS[klass])
    assert cls.category.name in ('SYSTEM', 'STORAGE')


def test_levels_are_the_ones_truenas_would_use():
    levels = {cls.name: cls.level.name for cls in alert_classes.CLASSES}
    assert levels == {'TuningStartupFailed': 'ERROR', DATA_LOSS: 'WARNING', DRIFT: 'NOTICE',
                      CAMPAIGN_WAITING: 'WARNING', SCRATCH_LEFT: 'WARNING'}
