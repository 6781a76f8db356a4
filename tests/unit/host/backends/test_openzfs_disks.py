"""Which disks an OpenZFS box has in use: pool membership and importable pools decide, a stale ZFS label does not
(a cache/log device removed from a pool keeps its label; the VM tier saw exactly that)."""
from tuning_host.backends import openzfs_disks as d
from tuning_host.backends.openzfs_parse import partition_parent


def lsblk_disk(name, zfs_member=False, used_by=None, kind='SSD'):
    return {'name': name, 'kind': kind, 'size': 2 << 30, 'model': None, 'serial': name, 'rotationrate': None,
            'used_by': used_by, 'zfs_member': zfs_member}


POOLS = [{'name': 'tank', 'topology': {
    'data': [{'guid': '1', 'disk': None, 'children': [{'guid': '2', 'disk': 'vdb', 'children': []},
                                                       {'guid': '3', 'disk': 'vdc', 'children': []}]}],
    'log': [{'guid': '4', 'disk': 'vdg', 'children': []}], 'cache': []}}]


def test_members_are_the_leaves_of_imported_pools():
    assert d.pool_members(POOLS) == {'vdb': ('tank', '2'), 'vdc': ('tank', '3'), 'vdg': ('tank', '4')}


def test_a_stale_label_outside_any_pool_is_unused():
    disks = [lsblk_disk('vdb', True), lsblk_disk('vdf', True), lsblk_disk('vdh')]
    members = d.pool_members(POOLS)
    assert d.needs_import_scan(disks, members)
    rows = {r['name']: r for r in d.disk_rows(disks, members, importable={})}
    assert (rows['vdb']['pool'], rows['vdb']['zfs_guid'], rows['vdb']['used_by']) == ('tank', '2', None)
    assert (rows['vdf']['pool'], rows['vdf']['used_by']) == (None, None)   # removed cache device
    assert rows['vdh']['used_by'] is None


def test_a_disk_of_an_exported_pool_is_in_use_and_says_which():
    disks = [lsblk_disk('vdf', True), lsblk_disk('vdh', True)]
    exported = [{'name': 'old', 'devices': ['/dev/vdh1']}]
    importable = d.importable_disks(exported, {'vdh1': 'vdh'}, partition_parent)
    assert importable == {'vdh': 'old'}
    rows = {r['name']: r for r in d.disk_rows(disks, {}, importable)}
    assert rows['vdh']['used_by'] == 'member of exported pool old' and rows['vdf']['used_by'] is None


def test_device_names_outside_lsblk_fall_back_to_the_partition_parent():
    pools = [{'name': 'old', 'devices': ['/dev/nvme0n1p1', 'sdb1']}]
    assert d.importable_disks(pools, {}, partition_parent) == {'nvme0n1': 'old', 'sdb': 'old'}


def test_when_the_scan_fails_a_labelled_disk_stays_in_use():
    (row,) = d.disk_rows([lsblk_disk('vdf', True)], {}, importable=None)
    assert row['used_by'] == 'carries a ZFS label and the pool scan failed'


def test_no_scan_when_every_labelled_disk_is_in_a_pool_and_mounts_still_count():
    disks = [lsblk_disk('vdb', True), lsblk_disk('vda', used_by='mounted at /', kind='HDD')]
    assert not d.needs_import_scan(disks, d.pool_members(POOLS))
    rows = {r['name']: r for r in d.disk_rows(disks, d.pool_members(POOLS), {})}
    assert rows['vda']['used_by'] == 'mounted at /'
