"""The host's `alert.*` behaves as middlewared 25.10/26.0's (plugins/alert.py, alert/base.py): one alert per class and
key (the args), a delete query matched by the class's `keys`, the most severe first, `text` the template and
`formatted` the words, dismiss and restore. (The rules tier runs the plugin's alerts through the real service.)"""
import pytest

from tuning_host.runtime import (
    AlertCategory, AlertClass, AlertLevel, CallError, SimpleOneShotAlertClass,
)


class HostTestDiskAlertClass(AlertClass, SimpleOneShotAlertClass):
    category = AlertCategory.STORAGE
    level = AlertLevel.WARNING
    title = 'B disk'
    text = 'Disk %(disk)s is %(state)s.'
    keys = ['disk']


class HostTestExactAlertClass(AlertClass, SimpleOneShotAlertClass):
    category = AlertCategory.SYSTEM
    level = AlertLevel.CRITICAL
    title = 'A exact'
    text = 'Exactly %(what)s.'


class HostTestNoticeAlertClass(AlertClass, SimpleOneShotAlertClass):
    category = AlertCategory.SYSTEM
    level = AlertLevel.NOTICE
    title = 'A notice'
    keys = []


def create(host, klass, args):
    host.call('alert.oneshot_create', klass, args)


def delete(host, klass, query):
    host.call('alert.oneshot_delete', klass, query)


def test_one_alert_per_key_text_and_formatted_as_middlewared_serializes_them(host):
    create(host, 'HostTestDisk', {'disk': 'sda', 'state': 'hot'})
    create(host, 'HostTestDisk', {'disk': 'sda', 'state': 'hot'})   # the same alert again
    create(host, 'HostTestDisk', {'disk': 'sda', 'state': 'cold'})  # other args: another alert (key = args)
    rows = host.call('alert.list')
    assert [r['formatted'] for r in rows] == ['Disk sda is hot.', 'Disk sda is cold.']
    assert {r['text'] for r in rows} == {'Disk %(disk)s is %(state)s.'}
    assert rows[0]['key'] == '{"disk": "sda", "state": "hot"}' and rows[0]['one_shot'] is False


def test_a_delete_query_matches_by_the_classes_keys(host):
    create(host, 'HostTestDisk', {'disk': 'sda', 'state': 'hot'})
    create(host, 'HostTestDisk', {'disk': 'sda', 'state': 'cold'})
    create(host, 'HostTestDisk', {'disk': 'sdb', 'state': 'hot'})
    delete(host, 'HostTestDisk', {'disk': 'sda', 'state': 'whatever'})   # keys = ['disk']: both sda alerts go
    assert [r['args'] for r in host.call('alert.list')] == [{'disk': 'sdb', 'state': 'hot'}]
    with pytest.raises(CallError):
        delete(host, 'HostTestDisk', {'state': 'hot'})   # TrueNAS fails on a query without a key

    create(host, 'HostTestExact', {'what': 'this'})
    delete(host, 'HostTestExact', None)   # keys = None: only args equal to the query go
    delete(host, 'HostTestExact', {'what': 'that'})
    assert len(host.call('alert.list')) == 2
    delete(host, 'HostTestExact', {'what': 'this'})
    create(host, 'HostTestNotice', {'any': 1})
    create(host, 'HostTestNotice', {'any': 2})
    delete(host, 'HostTestNotice', None)   # keys = []: every alert of the class goes
    assert [r['klass'] for r in host.call('alert.list')] == ['HostTestDisk']


def test_the_list_is_the_most_severe_first_then_by_title(host):
    create(host, 'HostTestNotice', {'any': 1})
    create(host, 'HostTestDisk', {'disk': 'sda', 'state': 'hot'})
    create(host, 'HostTestExact', {'what': 'this'})
    assert [(r['klass'], r['level']) for r in host.call('alert.list')] == [
        ('HostTestExact', 'CRITICAL'), ('HostTestDisk', 'WARNING'), ('HostTestNotice', 'NOTICE')]
    assert host.call('alert.list')[2]['formatted'] == 'A notice'   # no text: the title


def test_dismissed_stays_listed_as_dismissed_across_a_repeat_until_restored(host):
    create(host, 'HostTestDisk', {'disk': 'sda', 'state': 'hot'})
    (row,) = host.call('alert.list')
    host.call('alert.dismiss', row['uuid'])
    create(host, 'HostTestDisk', {'disk': 'sda', 'state': 'hot'})
    (row,) = host.call('alert.list')
    assert row['dismissed'] is True
    host.call('alert.restore', row['uuid'])
    assert host.call('alert.list')[0]['dismissed'] is False
