"""openzfs parsers and command builders over sample outputs in the documented formats (tests/fixtures/openzfs) and,
when the VM tier has captured them, over real outputs (tests/fixtures/openzfs/captured)."""
import os

import pytest

from tuning_host.backends import openzfs_commands as cmd
from tuning_host.backends import openzfs_parse as parse

FIXTURES = os.path.join(os.path.dirname(__file__), '..', '..', '..', 'fixtures', 'openzfs')
CAPTURED = os.path.join(FIXTURES, 'captured')


def fixture(name):
    with open(os.path.join(FIXTURES, name)) as f:
        return f.read()


def test_arcstats():
    stats = parse.parse_arcstats(fixture('arcstats.txt'))
    assert stats['c_max'] == 2147483648 and stats['c_min'] == 134217728 and stats['size'] == 1537081344
    assert 'name' not in stats and len(stats) == 34


def test_zfs_version_prefers_the_kernel_module():
    assert parse.parse_zfs_version(fixture('zfs_version.txt')) == '2.3.2'
    assert parse.parse_zfs_version('zfs-2.2.7-1\nzfs-kmod-2.2.6-1\n') == '2.2.6'
    assert parse.parse_zfs_version('2.1.11-1\n') == '2.1.11'
    with pytest.raises(ValueError):
        parse.parse_zfs_version('zfs: command not found')


def test_zpool_list():
    (pool,) = parse.parse_zpool_list(fixture('zpool_list.txt'))
    assert pool == {'name': 'tank', 'size': 6341787648, 'allocated': 1075200, 'free': 6340712448,
                    'status': 'ONLINE', 'guid': '11927845315372934137'}


def test_zpool_status_trees_zip_into_a_topology():
    named = parse.parse_zpool_status_config(fixture('zpool_status_P_L.txt'))
    guids = parse.parse_zpool_status_config(fixture('zpool_status_g.txt'))
    _disks, disk_of = parse.parse_lsblk(fixture('lsblk.json'))
    pool_guid, topology = parse.build_topology(named, guids, disk_of)
    assert pool_guid == 'tank'  # -g keeps the pool's name on its line
    (raidz,) = topology['data']
    assert (raidz['type'], raidz['guid']) == ('RAIDZ1', '4425916262399447271')
    assert [(c['disk'], c['path'], c['guid']) for c in raidz['children']] == [
        ('vdb', '/dev/vdb1', '13190545916011036839'), ('vdc', '/dev/vdc1', '3217474426370286421'),
        ('vdd', '/dev/vdd1', '9812742718420347743')]
    (log,) = topology['log']
    assert log['type'] == 'MIRROR' and [c['disk'] for c in log['children']] == ['vde', 'vdg']
    (cache,) = topology['cache']
    assert (cache['type'], cache['disk'], cache['guid'], cache['children']) == (
        'DISK', 'vdf', '7744109371845510902', [])
    with pytest.raises(ValueError):
        parse.build_topology(named, guids[:-1])


@pytest.mark.parametrize('name, expected', [
    ('raidz2-0', 'RAIDZ2'), ('raidz1-1', 'RAIDZ1'), ('mirror-3', 'MIRROR'), ('draid2:4d:8c:1s-0', 'DRAID2'),
    ('/dev/sda1', 'DISK'), ('nvme0n1p1', 'DISK'),
])
def test_vdev_type(name, expected):
    assert parse.vdev_type(name) == expected


@pytest.mark.parametrize('device, disk', [
    ('/dev/sda1', 'sda'), ('/dev/nvme0n1p2', 'nvme0n1'), ('vdb', 'vdb'), ('/dev/sdaa9', 'sdaa')])
def test_partition_parent(device, disk):
    assert parse.partition_parent(device) == disk


def test_lsblk_kinds_usage_and_partitions():
    disks, disk_of = parse.parse_lsblk(fixture('lsblk.json'))
    by_name = {d['name']: d for d in disks}
    assert set(by_name) == {'vda', 'vdb', 'sdh', 'nvme0n1'}  # the DVD drive is not a disk
    assert by_name['vda']['used_by'] == 'mounted at /'
    assert by_name['vdb']['zfs_member'] is True and by_name['vdb']['used_by'] is None
    assert (by_name['sdh']['kind'], by_name['nvme0n1']['kind'], by_name['vdb']['kind']) == ('SSD', 'NVME', 'HDD')
    assert disk_of['vdb9'] == 'vdb' and by_name['sdh']['size'] == 512110190592


def test_lsblk_of_older_util_linux_with_string_flags():
    disks, _ = parse.parse_lsblk(fixture('lsblk_util_linux_2_33.json'))
    assert [(d['name'], d['kind'], d['size'], d['model']) for d in disks] == [
        ('sda', 'HDD', 4000787030016, 'WDC WD40EFZX-68AWUN0'), ('sdb', 'SSD', 512110190592, 'Samsung SSD 860 PRO 512GB')]


def test_zfs_list_and_get():
    datasets = parse.parse_zfs_list(fixture('zfs_list.txt'))
    assert datasets[-1] == {'name': 'tank/zvol1', 'pool': 'tank', 'type': 'VOLUME', 'mountpoint': None}
    props = parse.parse_zfs_get(fixture('zfs_get.txt'))['tank/media']
    assert props['recordsize'] == {'value': '1048576', 'source': 'LOCAL', 'source_from': None}
    assert props['compression'] == {'value': 'lz4', 'source': 'INHERITED', 'source_from': 'tank'}
    assert props['used']['source'] == 'NONE' and props['atime']['source'] == 'DEFAULT'


def test_proc_files():
    assert parse.parse_meminfo(fixture('meminfo.txt')) == 4025360 * 1024
    assert parse.parse_cpuinfo(fixture('cpuinfo.txt')) == ('Intel(R) Atom(TM) CPU C3758 @ 2.20GHz', 2, 2)
    assert parse.parse_nic_speed('1000\n') == 1000 and parse.parse_nic_speed('-1') is None
    assert parse.parse_nic_speed('') is None


def test_persistence_files_round_trip():
    values = {'zfs_arc_max': '17179869184', 'l2arc_noprefetch': '0'}
    text = cmd.modprobe_conf_text(values)
    assert 'options zfs l2arc_noprefetch=0\noptions zfs zfs_arc_max=17179869184\n' in text
    assert parse.parse_modprobe_conf(text + 'options other x=1\noptions zfs a=1 b=2 # note\n') == {
        **values, 'a': '1', 'b': '2'}
    sysctls = {'net.ipv4.tcp_rmem': '4096\t131072\t16777216', 'net.core.rmem_max': '16777216'}
    text = cmd.sysctl_conf_text(sysctls)
    assert 'net.ipv4.tcp_rmem = 4096 131072 16777216\n' in text
    assert parse.parse_sysctl_conf(text) == {'net.ipv4.tcp_rmem': '4096 131072 16777216',
                                             'net.core.rmem_max': '16777216'}
    assert cmd.modprobe_conf_text({}) == '' and cmd.sysctl_conf_text({}) == ''


def test_command_lines():
    assert cmd.zpool_add('tank', 'log', [{'type': 'MIRROR', 'disks': ['sdh', 'sdi']}]) == [
        'zpool', 'add', 'tank', 'log', 'mirror', '/dev/sdh', '/dev/sdi']
    assert cmd.zpool_add('tank', 'cache', [{'type': 'STRIPE', 'disks': ['sdh', 'nvme0n1']}]) == [
        'zpool', 'add', 'tank', 'cache', '/dev/sdh', '/dev/nvme0n1']
    with pytest.raises(ValueError):
        cmd.zpool_add('tank', 'data', [])
    assert cmd.zfs_get('tank/a', ['logbias', 'sync']) == [
        'zfs', 'get', '-H', '-p', '-o', 'name,property,value,source', 'logbias,sync', 'tank/a']
    assert cmd.zfs_create('tank/v', 'VOLUME', {'volblocksize': '16384'}, 1 << 30) == [
        'zfs', 'create', '-o', 'volblocksize=16384', '-V', str(1 << 30), 'tank/v']
    assert cmd.zfs_destroy('tank/a', recursive=True) == ['zfs', 'destroy', '-r', 'tank/a']
    assert cmd.proc_sys_path('net.core.rmem_max') == '/proc/sys/net/core/rmem_max'


def _captured(name):
    path = os.path.join(CAPTURED, name)
    if not os.path.exists(path):
        pytest.skip(f'no real capture {name} yet (the VM tier writes tests/fixtures/openzfs/captured/)')
    with open(path) as f:
        return f.read()


def test_captured_arcstats():
    stats = parse.parse_arcstats(_captured('arcstats.txt'))
    assert stats['c_min'] <= stats['c_max'] and 'size' in stats


def test_captured_zpool_status_pair():
    named = parse.parse_zpool_status_config(_captured('zpool_status_P_L.txt'))
    guids = parse.parse_zpool_status_config(_captured('zpool_status_g.txt'))
    _pool, topology = parse.build_topology(named, guids)
    assert topology['data'] and all(v['guid'].isdigit() for v in topology['data'])


def test_captured_lsblk():
    disks, _ = parse.parse_lsblk(_captured('lsblk.json'))
    assert disks and all(d['kind'] in ('HDD', 'SSD', 'NVME') for d in disks)


def test_captured_zfs_version():
    assert parse.parse_zfs_version(_captured('zfs_version.txt')).startswith('2.')


def test_zpool_import_lists_exported_pools_and_their_leaf_devices():
    # captured in the VM: two exported pools (a mirror, a single disk), listed with resolved paths
    pools = parse.parse_zpool_import(_captured('zpool_import_exported.txt'))
    assert [(p['name'], p['state'], p['devices']) for p in pools] == [
        ('old', 'ONLINE', ['/dev/vdh1', '/dev/vdg1']), ('single', 'ONLINE', ['/dev/vdf1'])]
    assert pools[0]['id'] == '3390746570153263927'
    assert parse.parse_zpool_import('') == []  # "no pools available to import" goes to stderr


def test_zpool_import_tree_ends_at_its_blank_line():
    text = ('   pool: old\n     id: 42\n  state: DEGRADED\n status: One or more devices are missing.\n'
            ' action: The pool can be imported despite missing devices.  The\n\tfault tolerance may suffer.\n'
            ' config:\n\n\told            DEGRADED\n\t  mirror-0     DEGRADED\n\t    /dev/sdb1  ONLINE\n'
            '\t    123456     UNAVAIL  cannot open\n\n\tAdditional devices are known to be part of this pool.\n')
    (pool,) = parse.parse_zpool_import(text)
    assert pool['state'] == 'DEGRADED' and pool['devices'] == ['/dev/sdb1', '123456']


def test_zpool_import_scan_asks_for_resolved_paths():
    assert cmd.zpool_import_scan() == ['env', 'ZPOOL_VDEV_NAME_PATH=1', 'ZPOOL_VDEV_NAME_FOLLOW_LINKS=1',
                                       'zpool', 'import']
