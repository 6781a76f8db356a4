"""tunable.* and pool.dataset.* / zfs.* against hostile input (issue 12, defects 2 and 5): a field-named
ValidationErrors and an unchanged box, never a write."""
import os

import pytest

from tuning_host.runtime import ValidationErrors

INJECTION = "1\ninstall zfs /bin/sh -c 'touch /tmp/pwned'"


def box_state(host):
    backend = host.backend
    return (host.call('tunable.query'), backend.persisted_zfs_parameters(), backend.persisted_sysctls(),
            host.call('tunable.get_zfs_parameters'), [d['name'] for d in backend.datasets()])


@pytest.mark.parametrize('data, field', [
    ({'type': 'ZFS', 'var': 'zfs_dirty_data_max_max', 'value': INJECTION}, 'tunable_create.value'),
    ({'type': 'ZFS', 'var': 'zfs_dirty_data_max_max', 'value': '1 zfs_arc_max=1'}, 'tunable_create.value'),
    ({'type': 'ZFS', 'var': 'zfs_txg_timeout', 'value': 'ten'}, 'tunable_create.value'),
    ({'type': 'ZFS', 'var': 'zfs_txg_timeout', 'value': str(2 ** 64)}, 'tunable_create.value'),
    ({'type': 'ZFS', 'var': 'zfs_deadman_failmode', 'value': 'wait\ninstall zfs /bin/sh'}, 'tunable_create.value'),
    ({'type': 'ZFS', 'var': '../../../../etc/passwd', 'value': '1'}, 'tunable_create.var'),
    ({'type': 'ZFS', 'var': 'zfs_txg_timeout\n', 'value': '1'}, 'tunable_create.var'),
    ({'type': 'SYSCTL', 'var': 'net.core.rmem_max', 'value': '1\nkernel.core_pattern=|/bin/sh'},
     'tunable_create.value'),
    ({'type': 'SYSCTL', 'var': 'net.core.rmem_max', 'value': 'lots'}, 'tunable_create.value'),
    ({'type': 'SYSCTL', 'var': 'net.ipv4.tcp_rmem', 'value': '4096 x 6291456'}, 'tunable_create.value'),
    ({'type': 'SYSCTL', 'var': 'kernel.hostname', 'value': 'nas\x1b[2J'}, 'tunable_create.value'),
    ({'type': 'SYSCTL', 'var': 'net.core.rmem_max = 1', 'value': '1'}, 'tunable_create.var'),
])
def test_hostile_tunables_are_refused_by_field_and_change_nothing(host, errors_of, data, field):
    before = box_state(host)
    with pytest.raises(ValidationErrors) as e:
        host.call('tunable.create', data)
    assert [attr for attr, _ in errors_of(e)] == [field]
    assert box_state(host) == before


def test_numeric_and_string_tunables_that_are_fine_still_work(host):
    host.call('tunable.create', {'type': 'ZFS', 'var': 'zfs_dirty_data_max_max', 'value': '8589934592'})
    host.call('tunable.create', {'type': 'SYSCTL', 'var': 'net.ipv4.tcp_rmem', 'value': '4096\t131072\t16777216'})
    host.call('tunable.create', {'type': 'SYSCTL', 'var': 'net.core.default_qdisc', 'value': 'fq'})
    host.call('tunable.create', {'type': 'ZFS', 'var': 'zfs_arc_max', 'value': '0x40000000'})
    assert host.backend.persisted_zfs_parameters() == {'zfs_dirty_data_max_max': '8589934592',
                                                       'zfs_arc_max': '0x40000000'}


def test_a_hostile_update_is_refused_and_the_row_is_unchanged(host, errors_of):
    row = host.call('tunable.create', {'type': 'ZFS', 'var': 'zfs_dirty_data_max_max', 'value': '8589934592'})
    before = box_state(host)
    with pytest.raises(ValidationErrors) as e:
        host.call('tunable.update', row['id'], {'value': INJECTION})
    assert [attr for attr, _ in errors_of(e)] == ['tunable_update.value']
    assert box_state(host) == before


@pytest.mark.parametrize('method, args, field', [
    ('pool.dataset.create', [{'name': 'tank/../../../../victim'}], 'pool_dataset_create.name'),
    ('pool.dataset.create', [{'name': 'tank/../../../../victim', 'create_ancestors': True}],
     'pool_dataset_create.name'),
    ('pool.dataset.create', [{'name': 'tank/x\ny'}], 'pool_dataset_create.name'),
    ('pool.dataset.create', [{'name': 'tank//x', 'create_ancestors': True}], 'pool_dataset_create.name'),
    ('pool.dataset.update', ['tank/../..', {'atime': 'OFF'}], 'pool_dataset_update.id'),
    ('pool.dataset.delete', ['tank/../../..'], 'pool_dataset_delete.id'),
    ('zfs.resource.query', [{'paths': ['tank/../x']}], 'zfs_resource_query.paths.0'),
])
def test_dataset_names_that_are_not_zfs_names_are_refused_by_field(host, errors_of, method, args, field):
    before = box_state(host)
    with pytest.raises(ValidationErrors) as e:
        host.call(method, *args)
    assert [attr for attr, _ in errors_of(e)] == [field]
    assert box_state(host) == before
    assert not os.path.exists(os.path.join(os.path.dirname(host.data_dir), 'victim'))
