"""tunable.* with TrueNAS semantics over the sandbox: orig_value, live + persisted, read-only parameters,
validation (missing var, duplicate), update/disable, delete restoring orig_value, and rollback on a bad value."""
import errno

import pytest

from tuning_host.runtime import CallError, InstanceNotFound, ValidationErrors

GiB = 1024 ** 3


def params(host):
    return host.call('tunable.get_zfs_parameters')


def test_create_zfs_tunable_applies_live_and_persists(host):
    row = host.call('tunable.create', {'type': 'ZFS', 'var': 'zfs_txg_timeout', 'value': '10', 'comment': 'c'})
    assert row == {'id': 1, 'type': 'ZFS', 'var': 'zfs_txg_timeout', 'value': '10', 'orig_value': '5',
                   'comment': 'c', 'enabled': True}
    assert params(host)['zfs_txg_timeout']['value'] == '10'
    assert host.backend.persisted_zfs_parameters() == {'zfs_txg_timeout': '10'}
    assert host.call('tunable.query', [['var', '=', 'zfs_txg_timeout']]) == [row]
    (event_type, kwargs), = host.events('tunable.query')
    assert event_type == 'ADDED' and kwargs['id'] == 1


def test_read_only_parameter_is_persisted_but_not_live(host):
    row = host.call('tunable.create', {'type': 'ZFS', 'var': 'zfs_dirty_data_max_max', 'value': str(8 * GiB)})
    assert row['orig_value'] == str(4 * GiB)
    assert params(host)['zfs_dirty_data_max_max'] == {'value': str(4 * GiB), 'writable': False}
    assert host.backend.persisted_zfs_parameters() == {'zfs_dirty_data_max_max': str(8 * GiB)}


def test_validation_names_the_field(host, errors_of):
    host.call('tunable.create', {'type': 'SYSCTL', 'var': 'net.core.rmem_max', 'value': '16777216'})
    with pytest.raises(ValidationErrors) as e:
        host.call('tunable.create', {'type': 'SYSCTL', 'var': 'net.core.rmem_max', 'value': '1'})
    assert errors_of(e) == [('tunable_create.var', errno.EEXIST)]
    with pytest.raises(ValidationErrors) as e:
        host.call('tunable.create', {'type': 'ZFS', 'var': 'zfs_no_such_knob', 'value': '1'})
    assert errors_of(e) == [('tunable_create.var', errno.ENOENT)]
    with pytest.raises(ValidationErrors) as e:
        host.call('tunable.create', {'type': 'SYSCTL', 'var': 'net.core.nope', 'value': '1'})
    assert errors_of(e) == [('tunable_create.var', errno.ENOENT)]
    with pytest.raises(ValidationErrors) as e:
        host.call('tunable.create', {'type': 'ZFS', 'var': 'zfs_txg_timeout', 'value': 10})
    assert errors_of(e)[0][0] == 'data.value'  # strict model: no int -> str coercion


def test_bad_value_leaves_nothing_behind(host):
    # an integer, so it passes validation; the (simulated) kernel refuses a negative value for an unsigned parameter
    with pytest.raises(CallError) as e:
        host.call('tunable.create', {'type': 'ZFS', 'var': 'zfs_txg_timeout', 'value': '-1'})
    assert e.value.errno == errno.EINVAL
    assert host.call('tunable.query') == []
    assert params(host)['zfs_txg_timeout']['value'] == '5'
    assert host.backend.persisted_zfs_parameters() == {}


def test_update_disable_and_delete_restore_orig_value(host):
    row = host.call('tunable.create', {'type': 'SYSCTL', 'var': 'net.core.rmem_max', 'value': '16777216'})
    assert host.call('tunable.get_sysctl', 'net.core.rmem_max') == '16777216'
    row = host.call('tunable.update', row['id'], {'value': '33554432'})
    assert row['value'] == '33554432' and row['orig_value'] == '212992'
    assert host.backend.persisted_sysctls() == {'net.core.rmem_max': '33554432'}
    row = host.call('tunable.update', row['id'], {'enabled': False})
    assert host.call('tunable.get_sysctl', 'net.core.rmem_max') == '212992'
    assert host.backend.persisted_sysctls() == {}
    host.call('tunable.update', row['id'], {'enabled': True})
    assert host.call('tunable.get_sysctl', 'net.core.rmem_max') == '33554432'
    assert host.call('tunable.delete', row['id']) is None
    assert host.call('tunable.get_sysctl', 'net.core.rmem_max') == '212992'
    assert host.backend.persisted_sysctls() == {} and host.call('tunable.query') == []
    assert [t for t, _ in host.events('tunable.query')] == ['ADDED', 'CHANGED', 'CHANGED', 'CHANGED', 'REMOVED']


def test_helpers(host):
    assert 'net.ipv4.tcp_rmem' in host.call('tunable.get_sysctls')
    # as middlewared's: the open() of /proc/sys/<name> fails and its FileNotFoundError goes through
    with pytest.raises(FileNotFoundError) as e:
        host.call('tunable.get_sysctl', 'net.core.nope')
    assert e.value.errno == errno.ENOENT and e.value.filename == '/proc/sys/net/core/nope'
    assert len(params(host)) > 100
    assert host.call('tunable.tunable_type_choices') == {'SYSCTL': 'SYSCTL', 'UDEV': 'UDEV', 'ZFS': 'ZFS'}
    with pytest.raises(InstanceNotFound):
        host.call('tunable.get_instance', 99)


def test_rows_survive_a_restart(host):
    host.call('tunable.create', {'type': 'ZFS', 'var': 'l2arc_noprefetch', 'value': '0'})
    host.restart()
    (row,) = host.call('tunable.query')
    assert (row['var'], row['value'], row['orig_value']) == ('l2arc_noprefetch', '0', '1')
    assert params(host)['l2arc_noprefetch']['value'] == '0'
