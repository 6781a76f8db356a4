"""The sandbox backend end to end on a temp data dir: defaults computed for the box, live writes, persistence,
reboot activation (load-time-only parameters), a restart that is not a boot, pools, datasets as real directories."""
import json
import os

import pytest

from tuning_host.backends import create_backend
from tuning_host.backends.errors import BusyError, InvalidValueError, NotFoundError, ReadOnlyError
from tuning_host.backends.box_file import BoxError, load_box

GiB = 1024 ** 3


@pytest.fixture
def backend(tmp_path):
    b = create_backend('sandbox', str(tmp_path / 'data'))
    yield b
    b.close()


def restart(backend):
    """A new backend instance on the same data dir: what a host process restart does."""
    backend.close()
    return create_backend('sandbox', backend.data_dir)


def reboot(backend):
    requests = []
    backend.reboot(lambda: requests.append(True))
    assert requests == [True]
    return restart(backend)


def test_default_box_is_the_seeds_nas(backend):
    facts = backend.system_facts()
    assert (facts['cores'], facts['physmem'], facts['openzfs_version']) == (8, 32 * GiB, '2.2.7')
    pool = backend.pool('tank')
    (raidz,) = pool['topology']['data']
    assert raidz['type'] == 'RAIDZ2'
    assert [c['disk'] for c in raidz['children']] == [f'sd{x}' for x in 'abcdefg']
    disks = {d['name']: d for d in backend.disks()}
    assert disks['sda']['kind'] == 'HDD' and disks['sda']['pool'] == 'tank' and disks['sda']['size'] == 4000787030016
    assert disks['sdh']['kind'] == 'SSD' and disks['sdh']['pool'] is None
    nics = backend.nics()
    assert len(nics) == 4 and {n['speed_mbps'] for n in nics if n['link_up']} == {1000}
    assert {d['name'] for d in backend.datasets()} == {'tank', 'tank/media', 'tank/vm'}


def test_module_parameter_defaults_are_computed_for_32_gib(backend):
    params = backend.zfs_parameters()
    assert params['zfs_arc_max'] == {'value': '0', 'writable': True}
    assert params['zfs_dirty_data_max_max'] == {'value': str(4 * GiB), 'writable': False}
    assert params['zfs_dirty_data_max']['value'] == str(32 * GiB // 10)
    assert params['zfetch_max_distance']['value'] == str(64 * 1024 ** 2)
    assert params['zfs_vdev_async_write_max_active']['value'] == '10'
    assert params['l2arc_noprefetch']['value'] == '1'
    assert 'zfs_dio_enabled' not in params  # 2.3 only
    stats = backend.arcstats()
    assert stats['c_max'] == 16 * GiB and stats['c_min'] == 1 * GiB and stats['c_min'] <= stats['size'] <= stats['c_max']


def test_live_write_validation(backend):
    backend.set_zfs_parameter('zfs_txg_timeout', '10')
    assert backend.zfs_parameter('zfs_txg_timeout') == '10'
    with pytest.raises(ReadOnlyError):
        backend.set_zfs_parameter('zfs_dirty_data_max_max', str(8 * GiB))
    with pytest.raises(InvalidValueError):
        backend.set_zfs_parameter('zfs_txg_timeout', 'ten')
    with pytest.raises(InvalidValueError):
        backend.set_zfs_parameter('zfs_vdev_max_active', '-1')
    with pytest.raises(NotFoundError):
        backend.set_zfs_parameter('no_such_param', '1')
    backend.set_zfs_parameter('zfs_arc_max', str(8 * GiB))
    assert backend.arcstats()['c_max'] == 8 * GiB
    backend.set_sysctl('net.ipv4.tcp_rmem', '4096 131072 16777216')
    assert backend.sysctl('net.ipv4.tcp_rmem') == '4096\t131072\t16777216'
    with pytest.raises(InvalidValueError):
        backend.set_sysctl('net.ipv4.tcp_congestion_control', 'bbr')
    with pytest.raises(ReadOnlyError):
        backend.set_sysctl('net.ipv4.tcp_available_congestion_control', 'reno')


def test_restart_is_not_a_boot(backend):
    boot_id = backend.boot_id()
    backend.set_zfs_parameter('zfs_txg_timeout', '10')
    backend.persist_zfs_parameters({'zfs_dirty_data_max_max': str(8 * GiB)})
    again = restart(backend)
    assert again.activation['booted'] is False and again.boot_id() == boot_id
    assert again.zfs_parameter('zfs_txg_timeout') == '10'  # live values survive a middleware restart
    assert again.zfs_parameter('zfs_dirty_data_max_max') == str(4 * GiB)
    again.close()


def test_reboot_activates_persisted_values_including_load_time_only(backend):
    boot_id = backend.boot_id()
    backend.set_zfs_parameter('zfs_txg_timeout', '10')  # live only: lost at reboot
    backend.set_sysctl('net.core.rmem_max', '1048576')   # live only
    backend.persist_zfs_parameters({'zfs_dirty_data_max_max': str(8 * GiB), 'zfs_arc_max': str(20 * GiB)})
    backend.persist_sysctls({'net.core.wmem_max': '16777216'})
    booted = reboot(backend)
    assert booted.activation['booted'] is True and booted.activation['mismatches'] == []
    assert booted.boot_id() != boot_id
    assert booted.zfs_parameter('zfs_dirty_data_max_max') == str(8 * GiB)
    # RAM/10, still below the new cap; at this boot the kernel keeps 2 more pages for itself (see _kernel_memory)
    assert booted.zfs_parameter('zfs_dirty_data_max') == str((32 * GiB - 2 * 4096) // 10)
    assert booted.zfs_parameter('zfs_txg_timeout') == '5'
    assert booted.arcstats()['c_max'] == 20 * GiB
    assert booted.sysctl('net.core.rmem_max') == '212992'
    assert booted.sysctl('net.core.wmem_max') == '16777216'
    assert booted.persisted_zfs_parameters() == {'zfs_dirty_data_max_max': str(8 * GiB), 'zfs_arc_max': str(20 * GiB)}
    booted.close()


def test_options_without_initramfs_update_do_not_apply_at_boot(backend):
    backend.persist_zfs_parameters({'zfs_txg_timeout': '7'}, update_initramfs=False)
    booted = reboot(backend)
    assert booted.zfs_parameter('zfs_txg_timeout') == '5'
    booted.close()


def test_datasets_are_real_directories_with_inheritance(backend):
    props = backend.dataset_properties('tank/media', ['recordsize', 'compression', 'atime', 'available'])
    assert props['recordsize'] == {'value': '131072', 'source': 'DEFAULT', 'source_from': None}
    assert props['compression'] == {'value': 'lz4', 'source': 'INHERITED', 'source_from': 'tank'}
    assert int(props['available']['value']) > 0
    backend.set_dataset_properties('tank/media', {'recordsize': '1M', 'logbias': 'THROUGHPUT'})
    props = backend.dataset_properties('tank/media', ['recordsize', 'logbias'])
    assert props['recordsize']['value'] == '1048576' and props['logbias'] == {
        'value': 'throughput', 'source': 'LOCAL', 'source_from': None}
    with pytest.raises(InvalidValueError):
        backend.set_dataset_properties('tank/media', {'recordsize': '3K'})
    with pytest.raises(InvalidValueError):
        backend.set_dataset_properties('tank/media', {'casesensitivity': 'insensitive'})
    backend.inherit_dataset_property('tank/media', 'recordsize')
    assert backend.dataset_properties('tank/media', ['recordsize'])['recordsize']['source'] == 'DEFAULT'

    backend.create_dataset('tank/media/scratch', properties={'recordsize': '16K'})
    mountpoint = {d['name']: d['mountpoint'] for d in backend.datasets()}['tank/media/scratch']
    assert os.path.isdir(mountpoint) and mountpoint.startswith(os.path.join(backend.data_dir, 'sandbox', 'mnt'))
    with open(os.path.join(mountpoint, 'f'), 'wb') as f:
        f.write(b'x' * 65536)
    assert int(backend.dataset_properties('tank/media/scratch', ['used'])['used']['value']) >= 65536
    with pytest.raises(BusyError):
        backend.create_dataset('tank/media/scratch')
    with pytest.raises(BusyError):
        backend.destroy_dataset('tank/media')  # has a child
    backend.destroy_dataset('tank/media', recursive=True)
    assert not os.path.exists(mountpoint)
    assert {d['name'] for d in backend.datasets()} == {'tank', 'tank/vm'}


def test_cache_and_log_vdevs(backend):
    backend.add_vdevs('tank', 'cache', [{'type': 'STRIPE', 'disks': ['sdh']}])
    (cache,) = backend.pool('tank')['topology']['cache']
    assert cache['type'] == 'DISK' and cache['disk'] == 'sdh'
    assert {d['name']: d['pool'] for d in backend.disks()}['sdh'] == 'tank'
    with pytest.raises(BusyError):
        backend.add_vdevs('tank', 'log', [{'type': 'STRIPE', 'disks': ['sdh']}])
    with pytest.raises(InvalidValueError):
        backend.add_vdevs('tank', 'cache', [{'type': 'MIRROR', 'disks': ['sdh']}])
    with pytest.raises(InvalidValueError):
        backend.remove_vdev('tank', backend.pool('tank')['topology']['data'][0]['guid'])
    backend.remove_vdev('tank', cache['guid'])
    assert backend.pool('tank')['topology']['cache'] == []
    with pytest.raises(NotFoundError):
        backend.remove_vdev('tank', cache['guid'])


def test_pool_size_is_its_disks_and_allocated_at_least_what_its_datasets_hold(backend):
    from tuning_host.backends.sandbox import _tree_bytes
    # tank is 7 x 4 TB in RAIDZ2: `zpool list` counts every disk, parity included (not the host's filesystem)
    pool = backend.pool('tank')
    assert pool['size'] == 7 * 4000787030016
    with open(os.path.join(pool['path'], 'file'), 'wb') as f:
        f.write(b'x' * 4096)
    pool = backend.pool('tank')
    # the filesystem's used bytes (one statvfs, not a walk of the pool's files), capped by the pool's size
    assert _tree_bytes(pool['path']) <= pool['allocated'] <= pool['size']
    assert pool['allocated'] >= 4096 and pool['allocated'] + pool['free'] == pool['size']


def test_pool_size_of_a_mirror_is_its_narrowest_disk():
    from tuning_host.backends.sandbox import _pool_size
    sizes = {'a': 4 * 10 ** 12, 'b': 3 * 10 ** 12, 'c': 10 ** 12}
    mirror = {'type': 'MIRROR', 'children': [{'disk': 'a'}, {'disk': 'b'}]}
    raidz = {'type': 'RAIDZ1', 'children': [{'disk': 'a'}, {'disk': 'b'}, {'disk': 'c'}]}
    assert _pool_size([mirror], sizes) == 3 * 10 ** 12
    assert _pool_size([raidz], sizes) == 3 * 10 ** 12   # its narrowest disk times its width
    assert _pool_size([mirror, {'type': 'STRIPE', 'disk': 'c'}], sizes) == 4 * 10 ** 12


def test_custom_box_file(tmp_path):
    box = load_box()
    box['physmem'] = 8 * GiB
    box['openzfs_version'] = '2.3.2'
    box['disks'].append({'name': 'nvme0n1', 'kind': 'NVME', 'size': 10 ** 12})
    path = tmp_path / 'box.json'
    path.write_text(json.dumps(box))
    b = create_backend('sandbox', str(tmp_path / 'd'), str(path))
    params = b.zfs_parameters()
    assert params['zfs_dirty_data_max']['value'] == str(8 * GiB // 10)
    assert params['zfs_dirty_data_max_max']['value'] == str(2 * GiB)
    assert params['zfs_dio_enabled'] == {'value': '1', 'writable': True}
    assert b.arcstats()['c_max'] == 7 * GiB  # 2.3: max(RAM - 1 GiB, 5/8 RAM)
    assert 'direct' in b.dataset_properties('tank')
    assert {d['name']: d['kind'] for d in b.disks()}['nvme0n1'] == 'NVME'
    b.close()


@pytest.mark.parametrize('mutate, field', [
    (lambda box: box['cpu'].pop('model'), 'cpu.model'),
    (lambda box: box['disks'][0].update(kind='TAPE'), 'disks.0.kind'),
    (lambda box: box['pools'][0]['data'][0]['disks'].append('sdz'), 'pools.0.data.0.disks'),
    (lambda box: box['pools'][0]['cache'].append({'type': 'STRIPE', 'disks': ['sda']}), 'pools.0.cache.0.disks'),
    (lambda box: box.update(physmem='32G'), 'physmem'),
])
def test_bad_box_files_name_the_field(tmp_path, mutate, field):
    box = load_box()
    mutate(box)
    path = tmp_path / 'box.json'
    path.write_text(json.dumps(box))
    with pytest.raises(BoxError) as e:
        load_box(str(path))
    assert e.value.field == field


def test_unknown_backend_is_refused(tmp_path):
    with pytest.raises(ValueError, match='unknown backend'):
        create_backend('zfs', str(tmp_path))


def test_reads_decode_only_the_parts_of_the_state_they_use(backend, monkeypatch):
    """Issue 22: a read (the system's facts, the disks, the module parameters...) takes the parts of the state
    document it uses, not the whole of it decoded (most of it is module parameters and sysctls), and answers as
    from the whole: the parts come from one committed state, a dotted sysctl name is one key."""
    backend.set_sysctl('kernel.hostname', 'nas-two')
    backend.set_dataset_properties('tank', {'compression': 'zstd'})
    whole = backend.store.get('sandbox.state')

    def whole_read(*args):
        raise AssertionError('the whole state document was decoded for a read')
    monkeypatch.setattr(backend.store, 'get', whole_read)
    facts = backend.system_facts()
    assert facts['hostname'] == 'nas-two' and facts['cpu_model'] == whole['box']['cpu']['model']
    assert facts['boot_id'] == backend.boot_id() == whole['boot_id'] and facts['boottime'] == whole['boottime']
    assert backend.arcstats()['memory_all_bytes'] == whole['box']['physmem']
    assert backend.zfs_parameters()['zfs_arc_max']['value'] == whole['zfs_parameters']['zfs_arc_max']
    assert [p['name'] for p in backend.pools()] == [p['name'] for p in whole['pools']]
    assert [d['name'] for d in backend.datasets()] == sorted(whole['datasets'])
    assert backend.dataset_properties('tank/media', ['compression'])['compression'] == {
        'value': 'zstd', 'source': 'INHERITED', 'source_from': 'tank'}
    assert [(d['name'], d['pool']) for d in backend.disks()][:2] == [('sda', 'tank'), ('sdb', 'tank')]
    assert [n['name'] for n in backend.nics()] == [n['name'] for n in whole['box']['nics']]


def test_a_dataset_path_is_resolved_only_through_a_symlink(backend, tmp_path):
    """A dataset's directory is its real path: resolved when a component below the sandbox's root is a symlink
    (one inside the sandbox leads where it points), taken as it is when none is (no realpath a dataset a read)."""
    backend.create_dataset('tank/real')
    os.symlink(os.path.join(backend.mnt_root, 'tank', 'real'), os.path.join(backend.mnt_root, 'tank', 'alias'))
    backend.create_dataset('tank/alias')   # its directory exists already: the symlink, into the sandbox
    root = os.path.realpath(backend.mnt_root)
    mountpoints = {d['name']: d['mountpoint'] for d in backend.datasets()}
    assert mountpoints['tank/alias'] == mountpoints['tank/real'] == os.path.join(root, 'tank', 'real')
    assert mountpoints['tank/media'] == os.path.join(root, 'tank', 'media')
    backend.create_dataset('tank/alias/child')
    assert backend._mountpoint('tank/alias/child') == os.path.join(root, 'tank', 'real', 'child')


def test_used_bytes_are_what_os_walk_finds(tmp_path):
    """The tree's space counts its files and symlinks (their own blocks), never what a symlink leads to."""
    from tuning_host.backends.sandbox import _tree_bytes

    def walked(path):
        return sum(os.lstat(os.path.join(root, f)).st_blocks * 512 for root, _d, files in os.walk(path) for f in files)
    tree, outside = tmp_path / 'tree', tmp_path / 'outside'
    (tree / 'a' / 'b').mkdir(parents=True)
    outside.mkdir()
    (outside / 'big').write_bytes(b'x' * 1_000_000)
    (tree / 'top').write_bytes(b'y' * 70_000)
    (tree / 'a' / 'b' / 'deep').write_bytes(b'z' * 300_000)
    os.symlink(outside, tree / 'a' / 'to-dir')
    os.symlink(outside / 'big', tree / 'to-file')
    os.symlink(tmp_path / 'nowhere', tree / 'dangling')
    assert _tree_bytes(str(tree)) == walked(str(tree)) >= 370_000
    assert _tree_bytes(str(tmp_path / 'missing')) == 0
