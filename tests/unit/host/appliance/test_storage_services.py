"""pool.*, pool.dataset.*, zfs.resource.query, zfs.dataset.update, disk.*, interface.query over the sandbox."""
import errno
import os

import pytest

from tuning_host.runtime import CallError, InstanceNotFound, ValidationErrors


def tank(host):
    return host.call('pool.query', [['name', '=', 'tank']], {'get': True})


def test_pool_query_shape(host):
    pool = tank(host)
    assert pool['id'] == 1 and pool['status'] == 'ONLINE' and pool['healthy'] is True
    assert pool['size'] >= pool['free'] > 0
    (raidz,) = pool['topology']['data']
    assert raidz['type'] == 'RAIDZ2' and len(raidz['children']) == 7
    assert raidz['children'][0]['type'] == 'DISK' and raidz['children'][0]['disk'] == 'sda'
    assert pool['topology']['cache'] == [] and pool['topology']['log'] == []
    assert host.call('pool.get_instance', 1)['name'] == 'tank'
    with pytest.raises(InstanceNotFound):
        host.call('pool.get_instance', 7)


def test_add_and_remove_cache_device(host, errors_of):
    assert [d['name'] for d in host.call('disk.details', {'type': 'UNUSED'})] == ['sdh']
    pool = host.call('pool.update', 1, {'topology': {'cache': [{'type': 'STRIPE', 'disks': ['sdh']}]}})
    (cache,) = pool['topology']['cache']
    assert cache['disk'] == 'sdh' and cache['type'] == 'DISK'
    assert host.call('disk.details', {'type': 'UNUSED'}) == []
    assert host.call('disk.query', [['name', '=', 'sdh']], {'get': True})['pool'] == 'tank'
    assert ('CHANGED', 1) in [(t, kw['id']) for t, kw in host.events('pool.query')]
    assert host.call('pool.remove', 1, {'label': cache['guid']}) is None
    assert tank(host)['topology']['cache'] == []
    with pytest.raises(CallError) as e:
        host.call('pool.remove', 1, {'label': cache['guid']})
    assert e.value.errno == errno.ENOENT


def test_pool_update_validation_names_the_field(host, errors_of):
    with pytest.raises(ValidationErrors) as e:
        host.call('pool.update', 1, {'topology': {'cache': [{'type': 'STRIPE', 'disks': ['sda']}]}})
    assert errors_of(e) == [('pool_update.topology.cache.0.disks', errno.EBUSY)]
    with pytest.raises(ValidationErrors) as e:
        host.call('pool.update', 1, {'topology': {'log': [{'type': 'MIRROR', 'disks': ['sdh']}]}})
    assert errors_of(e) == [('pool_update.topology.log.0.disks', errno.EINVAL)]
    with pytest.raises(ValidationErrors) as e:
        host.call('pool.update', 1, {'topology': {'cache': [{'type': 'STRIPE', 'disks': ['sdz']}]}})
    assert errors_of(e) == [('pool_update.topology.cache.0.disks', errno.ENOENT)]
    with pytest.raises(ValidationErrors) as e:
        host.call('pool.update', 1, {'topology': {'cache': [{'type': 'MIRROR', 'disks': ['sdh']}]}})
    assert errors_of(e)[0][0] == 'data.topology.cache.0.type'
    assert tank(host)['topology']['cache'] == []


def test_dataset_query_shapes(host):
    media = host.call('pool.dataset.get_instance', 'tank/media')
    assert (media['id'], media['pool'], media['type']) == ('tank/media', 'tank', 'FILESYSTEM')
    assert media['recordsize'] == {'value': '128K', 'rawvalue': '131072', 'parsed': 131072, 'source': 'DEFAULT',
                                   'source_info': None}
    assert media['compression'] == {'value': 'LZ4', 'rawvalue': 'lz4', 'parsed': 'lz4', 'source': 'INHERITED',
                                     'source_info': 'tank'}
    assert media['atime']['value'] == 'OFF' and media['atime']['parsed'] is False
    assert media['sync']['value'] == 'STANDARD' and media['quota']['value'] is None
    assert os.path.isdir(media['mountpoint'])
    assert [d['id'] for d in host.call('pool.dataset.query')] == ['tank', 'tank/media', 'tank/vm']


def _without_space(row):
    return {k: v for k, v in row.items() if k != 'available'}


def test_dataset_query_reads_only_the_properties_asked_for(host, errors_of, monkeypatch):
    """`options.extra.properties` as TrueNAS takes it: [] reads no property (the rows keep id, name, pool, type), a
    list only those, null all of them; a name that is not a ZFS property's is refused, naming the option."""
    asked = []
    read = host.backend.dataset_properties
    monkeypatch.setattr(host.backend, 'dataset_properties', lambda name, properties=None: (
        asked.append((name, properties)), read(name, properties))[1])
    rows = host.call('pool.dataset.query', [], {'extra': {'properties': [], 'retrieve_user_props': False}})
    assert asked == []
    assert [(r['id'], r['name'], r['pool'], r['type']) for r in rows] == [
        ('tank', 'tank', 'tank', 'FILESYSTEM'), ('tank/media', 'tank/media', 'tank', 'FILESYSTEM'),
        ('tank/vm', 'tank/vm', 'tank', 'FILESYSTEM')]
    assert not any('recordsize' in r or 'used' in r for r in rows)
    media = host.call('pool.dataset.query', [['id', '=', 'tank/media']],
                      {'get': True, 'extra': {'properties': ['recordsize', 'used']}})
    assert asked == [('tank/media', ['recordsize', 'used'])]
    assert media['recordsize']['parsed'] == 131072 and 'used' in media and 'compression' not in media
    default = host.call('pool.dataset.query', [['id', '=', 'tank/media']], {'get': True})
    every = host.call('pool.dataset.query', [['id', '=', 'tank/media']], {'get': True, 'extra': {'properties': None}})
    # the sandbox's free space is the host filesystem's: anything else writing between the two reads moves it
    assert set(default) == set(every) and _without_space(default) == _without_space(every)
    for bad in ('recordsize', ['-r'], ['a,b'], ['Recordsize'], [7], ['x' * 300]):
        with pytest.raises(ValidationErrors) as e:
            host.call('pool.dataset.query', [], {'extra': {'properties': bad}})
        assert errors_of(e) == [('options.extra.properties', errno.EINVAL)]


def test_dataset_update_set_and_inherit(host, errors_of):
    row = host.call('pool.dataset.update', 'tank/media', {'recordsize': '1M', 'sync': 'ALWAYS'})
    assert row['recordsize']['value'] == '1M' and row['recordsize']['source'] == 'LOCAL'
    assert row['sync']['value'] == 'ALWAYS'
    row = host.call('pool.dataset.update', 'tank/media', {'recordsize': 'INHERIT', 'compression': 'ZSTD'})
    assert row['recordsize']['source'] == 'DEFAULT' and row['compression']['value'] == 'ZSTD'
    assert ('CHANGED', 'tank/media') in [(t, kw['id']) for t, kw in host.events('pool.dataset.query')]
    with pytest.raises(ValidationErrors) as e:
        host.call('pool.dataset.update', 'tank/media', {'recordsize': '3K'})
    assert errors_of(e) == [('pool_dataset_update.recordsize', errno.EINVAL)]
    with pytest.raises(ValidationErrors) as e:
        host.call('pool.dataset.update', 'tank/media', {'sync': 'sometimes'})
    assert errors_of(e)[0][0] == 'data.sync'
    with pytest.raises(InstanceNotFound):
        host.call('pool.dataset.update', 'tank/nope', {'sync': 'ALWAYS'})


def test_dataset_create_and_delete(host, errors_of):
    row = host.call('pool.dataset.create', {'name': 'tank/media/bench', 'recordsize': '16K'})
    assert row['recordsize']['value'] == '16K' and os.path.isdir(row['mountpoint'])
    vol = host.call('pool.dataset.create', {'name': 'tank/vm/disk0', 'type': 'VOLUME', 'volsize': 1 << 30,
                                            'volblocksize': '16K'})
    assert vol['type'] == 'VOLUME' and vol['volblocksize']['value'] == '16K' and vol['mountpoint'] is None
    with pytest.raises(ValidationErrors) as e:
        host.call('pool.dataset.create', {'name': 'tank/media/bench'})
    assert errors_of(e) == [('pool_dataset_create.name', errno.EEXIST)]
    with pytest.raises(ValidationErrors) as e:
        host.call('pool.dataset.create', {'name': 'tank/vm/disk1', 'type': 'VOLUME'})
    assert errors_of(e)[0][0] == 'pool_dataset_create.volsize'
    with pytest.raises(ValidationErrors) as e:
        host.call('pool.dataset.delete', 'tank/media', {'recursive': False})
    assert errors_of(e) == [('pool_dataset_delete.options.recursive', errno.EBUSY)]
    assert host.call('pool.dataset.delete', 'tank/media/bench') is True
    assert not os.path.exists(row['mountpoint'])
    assert ('REMOVED', 'tank/media/bench') in [(t, kw['id']) for t, kw in host.events('pool.dataset.query')]


def test_zfs_resource_query_and_private_zfs_dataset_update(host, errors_of):
    (res,) = host.call('zfs.resource.query', {'paths': ['tank/vm'], 'properties': ['logbias', 'primarycache']})
    assert res['name'] == 'tank/vm' and res['type'] == 'FILESYSTEM'
    assert res['properties']['logbias'] == {'raw': 'latency', 'value': 'latency',
                                            'source': {'type': 'DEFAULT', 'value': None}}
    host.call('zfs.dataset.update', 'tank/vm', {'properties': {'logbias': {'value': 'throughput'},
                                                               'primarycache': {'value': 'metadata'}}})
    (res,) = host.call('zfs.resource.query', {'paths': ['tank/vm'], 'properties': ['logbias', 'primarycache']})
    assert res['properties']['logbias']['raw'] == 'throughput'
    assert res['properties']['logbias']['source']['type'] == 'LOCAL'
    host.call('zfs.dataset.update', 'tank/vm', {'properties': {'logbias': {'source': 'INHERIT'}}})
    (res,) = host.call('zfs.resource.query', {'paths': ['tank/vm'], 'properties': ['logbias']})
    assert res['properties']['logbias']['source']['type'] == 'DEFAULT'
    with pytest.raises(ValidationErrors) as e:
        host.call('zfs.dataset.update', 'tank/vm', {'properties': {'logbias': {'value': 'fast'}}})
    assert errors_of(e)[0][0] == 'zfs_dataset_update.properties.logbias'
    assert host.call('zfs.resource.query', {'paths': ['tank/none']}) == []
    children = host.call('zfs.resource.query', {'paths': ['tank'], 'properties': None, 'get_children': True})
    assert [r['name'] for r in children] == ['tank', 'tank/media', 'tank/vm']


def test_disks_and_interfaces(host):
    disks = {d['name']: d for d in host.call('disk.query')}
    assert disks['sda']['type'] == 'HDD' and disks['sda']['rotationrate'] == 5400 and disks['sda']['pool'] == 'tank'
    assert disks['sdh']['type'] == 'SSD' and disks['sdh']['bus'] == 'ATA'
    assert not {'kind', 'used_by', 'sed'} & set(disks['sdh'])  # not in TrueNAS 25.10's DiskEntry
    assert disks['sdh']['identifier'] == '{serial}S42YNF0M812345A'
    both = host.call('disk.details', {})
    assert len(both['used']) == 7 and [d['name'] for d in both['unused']] == ['sdh']
    nics = host.call('interface.query')
    assert [n['name'] for n in nics] == ['eno1', 'eno2', 'eno3', 'eno4']
    assert nics[0]['state']['link_state'] == 'LINK_STATE_UP'
    assert nics[0]['state']['active_media_subtype'] == '1000Mb/s Twisted Pair'
    assert nics[3]['state']['link_state'] == 'LINK_STATE_DOWN'
    assert nics[3]['state']['active_media_subtype'] == 'Unknown Twisted Pair'
    assert 'speed_mbps' not in nics[0]['state']  # not in TrueNAS's interface state
