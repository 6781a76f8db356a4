"""Shaping appliance answers into tuning.profile (pure)."""
from tuning.box.profile import build_profile, nic_speed_mbps

TB = 4_000_787_030_016


def raidz2_pool():
    return {
        'name': 'tank', 'status': 'ONLINE', 'size': 7 * TB, 'allocated': TB, 'free': 6 * TB,
        'topology': {
            'data': [{'type': 'RAIDZ2', 'guid': '1', 'children': [
                {'type': 'DISK', 'disk': f'sd{c}', 'guid': str(i)} for i, c in enumerate('abcdefg')]}],
            'cache': [], 'log': [], 'special': [], 'dedup': [], 'spare': [],
        },
    }


def raw(**overrides):
    disks = [{'name': f'sd{c}', 'type': 'HDD', 'size': TB, 'model': 'HDD', 'serial': c} for c in 'abcdefg']
    disks.append({'name': 'sdh', 'type': 'SSD', 'size': 512_110_190_592, 'model': 'SSD', 'serial': 'h'})
    base = {
        'backend': 'sandbox', 'platform_name': 'Linux', 'version': 'x', 'openzfs_version': '2.2.7',
        'system_info': {'physmem': 32 * 2**30, 'model': 'CPU', 'cores': 8},
        'arcstats': {'c_max': 16 * 2**30, 'c_min': 2**30, 'size': 2**30},
        'pools': [raidz2_pool()], 'datasets': [{'id': 'tank', 'pool': 'tank'}, {'id': 'tank/media', 'pool': 'tank'}],
        'disks': disks, 'unused_disks': [disks[-1]],
        'nics': [{'name': f'eno{i}', 'state': {'link_state': 'LINK_STATE_UP',
                                               'active_media_subtype': '1000Mb/s Twisted Pair'}} for i in range(4)],
        'zfs_parameters_count': 300,
    }
    base.update(overrides)
    return base


def test_seeds_nas_profile():
    profile = build_profile(raw())
    pool = profile['pools'][0]
    assert pool['layout'] == 'RAIDZ2 7×HDD'
    assert pool['disk_kind'] == 'HDD' and pool['data_disk_count'] == 7
    assert pool['used_percent'] == round(100 / 7, 1)
    assert pool['datasets'] == ['tank', 'tank/media']
    assert [d['name'] for d in profile['unused_disks']] == ['sdh']
    assert profile['unused_disks'][0]['kind'] == 'SSD'
    assert {d['pool'] for d in profile['disks'] if d['name'] != 'sdh'} == {'tank'}
    assert [n['speed_mbps'] for n in profile['nics']] == [1000] * 4
    assert profile['memory']['arc_max_bytes'] == 16 * 2**30


def test_a_disk_in_a_pool_is_never_reported_unused_and_cache_devices_show():
    pool = raidz2_pool()
    pool['topology']['cache'] = [{'type': 'DISK', 'disk': 'sdh', 'guid': '9', 'children': []}]
    profile = build_profile(raw(pools=[pool]))
    assert profile['unused_disks'] == []
    assert profile['pools'][0]['cache'] == ['sdh']


def test_mirror_layout_of_nvme():
    pool = {'name': 'fast', 'status': 'ONLINE', 'size': 100, 'allocated': 0, 'free': 100, 'topology': {
        'data': [{'type': 'MIRROR', 'guid': str(i), 'children': [
            {'type': 'DISK', 'disk': f'nvme{2 * i + j}n1', 'guid': f'{i}{j}'} for j in range(2)]} for i in range(3)]}}
    disks = [{'name': f'nvme{i}n1', 'type': 'SSD', 'size': 10} for i in range(6)]
    profile = build_profile(raw(pools=[pool], disks=disks, unused_disks=[], datasets=[]))
    assert profile['pools'][0]['layout'] == '3× MIRROR 2×NVME'
    assert profile['pools'][0]['disk_kind'] == 'NVME'


def test_nic_speed_from_the_active_media_subtype_truenas_reports():
    # TrueNAS on Linux: ethtool's speed and port (middlewared netif_linux/ethernet_settings.py)
    assert nic_speed_mbps({'state': {'active_media_subtype': '1000Mb/s Twisted Pair'}}) == 1000
    assert nic_speed_mbps({'state': {'active_media_subtype': '25000Mb/s FIBRE'}}) == 25000
    assert nic_speed_mbps({'state': {'active_media_subtype': 'Unknown Twisted Pair'}}) is None
    assert nic_speed_mbps({'state': {'active_media_subtype': ''}}) is None
    # media names (TrueNAS CORE's style) still read
    assert nic_speed_mbps({'state': {'active_media_subtype': '10GBase-T <full-duplex>'}}) == 10000
    assert nic_speed_mbps({'state': {'active_media_subtype': 'autoselect'}}) is None
    # a speed field TrueNAS does not have is not read
    assert nic_speed_mbps({'state': {'speed_mbps': 25000, 'active_media_subtype': ''}}) is None
