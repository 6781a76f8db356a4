"""tuning.profile on a real OpenZFS box describes what the kernel and the pool in the VM say."""
import pytest

from guest_layout import DISK_BYTES

pytestmark = pytest.mark.vm


def test_profile_shows_the_real_pool_disks_and_module(vm, truth, client):
    profile = client.call('tuning.profile')
    assert profile['backend'] == 'openzfs'

    zfs_version = vm.run('cat /sys/module/zfs/version').strip()          # e.g. 2.3.2-2~bpo12+2
    assert zfs_version.startswith(profile['openzfs_version'])
    assert profile['zfs_parameters_count'] == int(vm.run('ls /sys/module/zfs/parameters | wc -l'))
    assert profile['memory']['physical_bytes'] > 3 * 2**30               # the VM has 4 GiB
    assert profile['cpu']['cores'] == int(vm.run('nproc'))

    (pool,) = [p for p in profile['pools'] if p['name'] == 'tank']
    data = [truth.disk(f'zfsd{i}') for i in range(1, 5)]
    assert pool['layout'].startswith('RAIDZ2 4×')
    assert pool['data_disk_count'] == 4
    assert sorted(d for v in pool['data_vdevs'] for d in v['disks']) == sorted(data)
    assert pool['size_bytes'] == int(vm.run('zpool list -Hp -o size tank'))
    assert {'tank', 'tank/share', 'tank/media'} <= set(pool['datasets'])

    ssd = {truth.disk('zfsd5'), truth.disk('zfsd6')}
    hdd_unused = truth.disk('zfsd7')
    unused = {d['name']: d['kind'] for d in profile['unused_disks']}
    assert unused == {**{n: 'SSD' for n in ssd}, hdd_unused: 'HDD'}
    by_name = {d['name']: d for d in profile['disks']}
    assert all(by_name[n]['pool'] == 'tank' for n in data)
    assert by_name[hdd_unused]['size_bytes'] == DISK_BYTES

    nics = {n['name']: n for n in profile['nics']}
    # the guest's ports: interfaces with a device behind them (not lo, nor the docker0 bridge and veths that
    # test_vm_app's Docker leaves when it ran earlier in this VM's share of the tier)
    guest_nics = set(vm.run('for n in /sys/class/net/*; do [ -e "$n/device" ] && basename "$n"; done; true').split())
    assert guest_nics, 'the guest reports no network port'
    assert set(nics) == guest_nics
