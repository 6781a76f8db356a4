"""Hostile values and names against a real host (issue 12, defects 2 and 5): a module option with a newline
(`install zfs ...` in /etc/modprobe.d), a sysctl with one, a var that walks out of sysfs, a dataset name that walks
out of the pool. Each is refused with a field-named -32602 error and the box is as it was."""
import os

import pytest

from client import RpcError

INJECTION = "1\ninstall zfs /bin/sh -c 'touch /tmp/tuning-pwned'"


def box(c):
    return (c.call('tunable.query'), c.call('tunable.get_zfs_parameters'),
            sorted(d['id'] for d in c.call('pool.dataset.query')))


@pytest.fixture
def c(host):
    client = host.client(legacy_jobs=False, private_methods=True)  # a job's validation error is the call's error
    try:
        yield client
    finally:
        client.close()


@pytest.mark.parametrize('data, field', [
    ({'type': 'ZFS', 'var': 'zfs_dirty_data_max_max', 'value': INJECTION}, 'tunable_create.value'),
    ({'type': 'ZFS', 'var': 'zfs_dirty_data_max_max', 'value': '1 zfs_arc_max=1'}, 'tunable_create.value'),
    ({'type': 'ZFS', 'var': 'zfs_txg_timeout', 'value': 'ten'}, 'tunable_create.value'),
    ({'type': 'ZFS', 'var': '../../../../etc/passwd', 'value': '1'}, 'tunable_create.var'),
    ({'type': 'SYSCTL', 'var': 'net.core.rmem_max', 'value': '16777216\nkernel.core_pattern=|/bin/sh'},
     'tunable_create.value'),
])
@pytest.mark.standalone_only("the host's tunable.create; TrueNAS 25.10's takes any value text (plugins/tunables.py)")
def test_hostile_tunables_are_refused_by_field(c, data, field):
    before = box(c)
    with pytest.raises(RpcError) as e:
        c.call('tunable.create', data)
    assert e.value.code == -32602 and e.value.attributes() == [field]
    assert box(c) == before


@pytest.mark.standalone_only("the host's pool.dataset.create and delete: on TrueNAS they are TrueNAS's own")
def test_a_hostile_dataset_name_is_refused_by_field(c):
    before = box(c)
    for data in ({'name': 'tank/../../../../victim'}, {'name': 'tank/../../../../victim', 'create_ancestors': True}):
        with pytest.raises(RpcError) as e:
            c.call('pool.dataset.create', data)
        assert e.value.code == -32602 and e.value.attributes() == ['pool_dataset_create.name']
    with pytest.raises(RpcError) as e:
        c.call('pool.dataset.delete', 'tank/../../../..')
    assert e.value.code == -32602 and e.value.attributes() == ['pool_dataset_delete.id']
    assert box(c) == before


@pytest.mark.sandbox_only
def test_nothing_appears_outside_the_sandbox(host, c):
    around = os.path.dirname(os.path.abspath(host.data_dir))
    before = sorted(os.listdir(around))
    with pytest.raises(RpcError):
        c.call('pool.dataset.create', {'name': 'tank/../../../../victim', 'create_ancestors': True})
    with pytest.raises(RpcError):
        c.call('pool.dataset.create', {'name': 'tank/../../victim', 'create_ancestors': True})
    assert sorted(os.listdir(around)) == before
    assert not os.path.exists(os.path.join(host.data_dir, 'victim'))


def test_a_benchmark_on_a_hostile_dataset_name_is_refused_by_field(c):
    with pytest.raises(RpcError) as e:
        c.call('tuning.benchmark.run', {'dataset': 'tank/../../../../victim', 'tests': ['SEQ_WRITE']})
    assert e.value.code == -32602 and any(a.endswith('dataset') for a in e.value.attributes())
