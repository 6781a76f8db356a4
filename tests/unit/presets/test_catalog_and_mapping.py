"""Catalog public shape and the appliance mapping the plugin uses to apply changes."""
import pytest

from tuning.core.presets import (
    BUILTIN_IDS, METRICS, added_disks, builtin_presets, dataset_property_route, dataset_update_call, get_builtin,
    pool_topology_update, service_update_call, service_value_from_appliance, tunable_type,
)


def test_builtin_ids_and_public_shape():
    assert BUILTIN_IDS == ('balanced', 'max-seq-write', 'max-seq-read', 'max-iops', 'vm-block', 'smb-files',
                           'media-streaming')
    for preset in builtin_presets():
        assert set(preset) == {'id', 'name', 'description', 'builtin', 'optimizes', 'costs', 'base', 'settings',
                               'created_at', 'updated_at'}
        assert preset['builtin'] is True and preset['base'] is None and preset['settings'] == []
        assert preset['description'].endswith('.') and preset['costs']
        assert set(preset['optimizes']) <= set(METRICS)
    assert get_builtin('max-iops')['optimizes'][0] == 'RAND_READ_4K'
    assert get_builtin('nope') is None


def test_builtin_presets_are_fresh_copies():
    builtin_presets()[0]['costs'].append('mutated')
    assert 'mutated' not in builtin_presets()[0]['costs']


def test_dataset_properties_route_to_the_right_service():
    assert dataset_update_call('tank/a', 'compression', 'LZ4') == ('pool.dataset.update', ['tank/a', {'compression': 'LZ4'}])
    assert dataset_update_call('tank', 'sync', None, inherit=True) == ('pool.dataset.update', ['tank', {'sync': 'INHERIT'}])
    assert dataset_update_call('tank', 'special_small_blocks', '64K') == \
        ('pool.dataset.update', ['tank', {'special_small_block_size': 65536}])
    assert dataset_update_call('tank', 'logbias', 'THROUGHPUT') == \
        ('zfs.dataset.update', ['tank', {'properties': {'logbias': {'value': 'throughput'}}}])
    assert dataset_update_call('tank', 'primarycache', None, inherit=True) == \
        ('zfs.dataset.update', ['tank', {'properties': {'primarycache': {'source': 'INHERIT'}}}])
    assert dataset_property_route('secondarycache')['read_method'] == 'zfs.resource.query'


def test_raw_zfs_properties_go_through_the_writer_of_the_release():
    writer = 'pool.dataset.update_impl'  # 26.0: zfs.dataset.update is gone
    assert dataset_update_call('tank/vm', 'logbias', 'THROUGHPUT', zfs_writer=writer) == \
        (writer, [{'name': 'tank/vm', 'zprops': {'logbias': 'throughput'}}])
    assert dataset_update_call('tank/vm', 'primarycache', None, inherit=True, zfs_writer=writer) == \
        (writer, [{'name': 'tank/vm', 'iprops': {'primarycache'}}])
    # properties pool.dataset.update knows do not depend on it
    assert dataset_update_call('tank', 'atime', 'OFF', zfs_writer=writer) == ('pool.dataset.update', ['tank', {'atime': 'OFF'}])
    with pytest.raises(ValueError):
        dataset_update_call('tank', 'logbias', 'LATENCY', zfs_writer='pool.dataset.update')


def test_services_tunables_and_pool_devices():
    assert service_update_call('smb', 'multichannel', 'true') == ('smb.update', [{'multichannel': True}])
    assert service_update_call('nfs', 'servers', 'AUTO') == ('nfs.update', [{'servers': None}])
    assert service_value_from_appliance('nfs', 'servers', 12) == '12'
    assert service_value_from_appliance('smb', 'multichannel', False) == 'false'
    assert tunable_type('ZFS_PARAMETER') == 'ZFS' and tunable_type('SYSCTL') == 'SYSCTL'
    assert pool_topology_update('cache', ['sdh']) == {'topology': {'cache': [{'type': 'STRIPE', 'disks': ['sdh']}]}}
    assert pool_topology_update('log', ['a', 'b'])['topology']['log'][0]['type'] == 'MIRROR'
    assert added_disks('sdh', 'sdh,sdi') == ['sdi'] and added_disks('', 'sdh') == ['sdh']
