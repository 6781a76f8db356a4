"""keys_to_read and the snapshot view."""
from tuning.core.presets import KNOBS, SettingsView, keys_to_read, make_key, parse_key


def test_keys_cover_every_registry_knob_with_the_right_scope(nas):
    keys = keys_to_read(nas, {'pool': 'tank', 'dataset': 'tank/media'})
    assert len(keys) == len(KNOBS) == len(set(keys))
    assert ('DATASET_PROPERTY', 'tank/media', 'recordsize') in keys
    assert ('ZFS_PARAMETER', 'global', 'zfs_dirty_data_max') in keys
    assert ('SYSCTL', 'global', 'net.core.rmem_max') in keys
    assert ('SERVICE', 'smb', 'multichannel') in keys and ('SERVICE', 'nfs', 'servers') in keys
    assert ('POOL_DEVICE', 'tank', 'cache') in keys and ('POOL_DEVICE', 'tank', 'log') in keys


def test_dataset_defaults_to_pool_root(nas):
    keys = keys_to_read(nas, {'pool': 'tank'})
    assert ('DATASET_PROPERTY', 'tank', 'sync') in keys


def test_keys_round_trip():
    key = make_key('SYSCTL', 'global', 'net.ipv4.tcp_rmem')
    assert key == 'SYSCTL:global:net.ipv4.tcp_rmem'
    assert parse_key(key) == ('SYSCTL', 'global', 'net.ipv4.tcp_rmem')


def test_a_colon_in_a_dataset_name_stays_in_the_scope():
    # ZFS allows ':' in dataset names; kinds and setting names never hold one
    key = make_key('DATASET_PROPERTY', 'tank/vm:disk0', 'recordsize')
    assert parse_key(key) == ('DATASET_PROPERTY', 'tank/vm:disk0', 'recordsize')


def test_view_canonicalises_and_treats_unread_rows_as_absent():
    rows = [
        {'kind': 'DATASET_PROPERTY', 'scope': 'tank', 'setting': 'logbias', 'value': 'latency', 'exists': True},
        {'kind': 'SYSCTL', 'scope': 'global', 'setting': 'net.ipv4.tcp_rmem', 'value': '4096\t87380\t6291456', 'exists': True},
        {'kind': 'ZFS_PARAMETER', 'scope': 'global', 'setting': 'l2arc_write_boost', 'value': None, 'exists': False},
        {'kind': 'POOL_DEVICE', 'scope': 'tank', 'setting': 'cache', 'value': 'sdj, sdh', 'exists': True},
    ]
    view = SettingsView(rows)
    assert view.value('DATASET_PROPERTY', 'tank', 'logbias') == 'LATENCY'
    assert view.value('SYSCTL', 'global', 'net.ipv4.tcp_rmem') == '4096 87380 6291456'
    assert view.value('POOL_DEVICE', 'tank', 'cache') == 'sdh,sdj'
    assert not view.exists('ZFS_PARAMETER', 'global', 'l2arc_write_boost')
    assert not view.exists('ZFS_PARAMETER', 'global', 'zfs_txg_timeout')  # never read
    assert view.value('ZFS_PARAMETER', 'global', 'zfs_txg_timeout') is None
