"""Pure parts of the VM tier's machinery (no VM needed): apt mirror discovery and the can-we-run decision."""
import pytest

from apt_sources import debian_mirrors
from availability import skip_reason
from guest_truth import parse_params, parse_zfs_get, parse_zpool_status_roles, reboot_diff, same_default

DEB822 = """Types: deb
# http://snapshot.example/archive/debian/20250520T000000Z
URIs: http://mirror.example/debian/
Suites: bookworm bookworm-updates
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg

Types: deb
URIs: http://mirror.example/debian-security
Suites: bookworm-security
Components: main
"""


def test_mirrors_from_deb822_sources():
    m = debian_mirrors({'/etc/apt/sources.list.d/debian.sources': DEB822})
    assert m == {'main': 'http://mirror.example/debian', 'security': 'http://mirror.example/debian-security'}


def test_disabled_and_deb_src_stanzas_are_ignored():
    text = ('Types: deb-src\nURIs: http://src.example/debian\nSuites: bookworm\n\n'
            'Enabled: no\nTypes: deb\nURIs: http://off.example/debian\nSuites: bookworm\n\n'
            'Types: deb\nURIs: http://on.example/debian\nSuites: bookworm\n')
    assert debian_mirrors({'/x/a.sources': text})['main'] == 'http://on.example/debian'


def test_mirrors_from_one_line_sources_list_with_options():
    text = ('# comment\ndeb-src http://src.example/debian bookworm main\n'
            'deb [arch=amd64 signed-by=/k.gpg] http://one.example/debian bookworm main contrib\n'
            'deb http://one.example/debian-security bookworm-security main\n')
    m = debian_mirrors({'/etc/apt/sources.list': text})
    assert m == {'main': 'http://one.example/debian', 'security': 'http://one.example/debian-security'}


def test_no_source_for_the_release_is_an_error_naming_it():
    with pytest.raises(ValueError, match='bookworm'):
        debian_mirrors({'/etc/apt/sources.list': 'deb http://x.example/debian trixie main\n'})


def _which(present):
    return lambda tool: f'/usr/bin/{tool}' if tool in present else None


ALL_TOOLS = {'qemu-system-x86_64', 'qemu-img', 'ssh', 'scp', 'debootstrap', 'mkfs.ext4', 'zstd'}


def test_tuning_vm_0_skips_first():
    assert skip_reason({'TUNING_VM': '0'}, which=_which(ALL_TOOLS), is_root=True) == 'TUNING_VM=0'


def test_missing_qemu_is_named():
    r = skip_reason({}, which=_which(ALL_TOOLS - {'qemu-system-x86_64'}), is_root=True, image_current=True)
    assert r.startswith('qemu-system-x86_64 not installed')


def test_current_image_runs_without_root_or_build_tools():
    assert skip_reason({}, which=_which({'qemu-system-x86_64', 'qemu-img', 'ssh', 'scp'}), is_root=False,
                       image_current=True) is None


def test_building_needs_root_tools_and_space():
    w = _which(ALL_TOOLS)
    assert 'needs root' in skip_reason({}, which=w, is_root=False, image_current=False)
    assert 'debootstrap' in skip_reason({}, which=_which(ALL_TOOLS - {'debootstrap'}), is_root=True,
                                        image_current=False)
    assert 'GiB free' in skip_reason({}, which=w, is_root=True, image_current=False, free_bytes=2**30)
    assert skip_reason({}, which=w, is_root=True, image_current=False, free_bytes=100 * 2**30) is None


STATUS = """  pool: tank
 state: ONLINE
config:

\tNAME          STATE     READ WRITE CKSUM
\ttank          ONLINE       0     0     0
\t  raidz2-0    ONLINE       0     0     0
\t    /dev/vdb1  ONLINE       0     0     0
\t    /dev/vdc1  ONLINE       0     0     0
\t    /dev/vdd1  ONLINE       0     0     0
\t    /dev/vde1  ONLINE       0     0     0
\tlogs
\t  /dev/vdg1    ONLINE       0     0     0
\tcache
\t  /dev/nvme0n1p1  ONLINE       0     0     0

errors: No known data errors
"""


def test_zpool_status_roles_by_whole_disk():
    roles = parse_zpool_status_roles(STATUS)
    assert roles['data'] == ['vdb', 'vdc', 'vdd', 'vde']
    assert (roles['log'], roles['cache']) == (['vdg'], ['nvme0n1'])


def test_params_and_zfs_get_parsers():
    assert parse_params('/sys/module/zfs/parameters/zfs_arc_max:0\n/sys/module/zfs/parameters/x:a b\n') == \
        {'zfs_arc_max': '0', 'x': 'a b'}
    assert parse_zfs_get('tank/share\trecordsize\t128K\tdefault\ntank/share\tatime\toff\tlocal\n') == \
        {'tank/share': {'recordsize': ('128K', 'default'), 'atime': ('off', 'local')}}


def test_ram_sized_defaults_may_move_by_a_few_pages_across_a_reboot_and_nothing_else_may():
    assert same_default('410320486', '410321305')            # dirty_data_max on the VM, two boots apart
    assert same_default('41032130', '41032048')              # dedup_log_mem_max (1 % of RAM)
    assert not same_default('10', '5') and not same_default('1048576', '1040384')   # small values must be equal
    assert not same_default('820642610', '410321305')       # a real change
    before = {'params': {'zfs_dirty_data_max': '410321305', 'zfs_txg_timeout': '5'}, 'modprobe': ''}
    assert reboot_diff(before, {'params': {'zfs_dirty_data_max': '410320486', 'zfs_txg_timeout': '5'},
                                'modprobe': ''}) == []
    assert reboot_diff(before, {'params': {'zfs_dirty_data_max': '410320486', 'zfs_txg_timeout': '10'},
                                'modprobe': ''}) != []


def test_fio_watch_finds_the_mount_a_file_is_on_in_a_process_namespace():
    from guest_fio_watch import mount_of
    mountinfo = ('900 800 0:50 / / rw,relatime - overlay overlay rw,lowerdir=/l\n'
                 '901 900 0:51 / /tank rw,noatime master:1 - zfs tank rw,xattr\n'
                 '902 901 0:52 / /tank/share rw,noatime master:2 - zfs tank/share rw,xattr\n'
                 '903 902 0:53 / /tank/share/.tuning-bench-7 rw master:3 - zfs tank/share/.tuning-bench-7 rw\n'
                 '904 901 0:54 / /tank/my\\040files rw - zfs tank/my\\040files rw\n')
    assert mount_of('/tank/share/.tuning-bench-7/run/f.0', mountinfo) == {
        'mount_point': '/tank/share/.tuning-bench-7', 'fstype': 'zfs', 'source': 'tank/share/.tuning-bench-7'}
    # no scratch mount in the namespace: the file would land on the parent dataset, and the watch says so
    assert mount_of('/tank/share/.tuning-bench-8/f.0', mountinfo)['source'] == 'tank/share'
    assert mount_of('/tank/share2/f', mountinfo)['source'] == 'tank'
    assert mount_of('/tank/my files/f', mountinfo)['mount_point'] == '/tank/my files'


def test_two_runs_sharing_a_directory_take_each_file_once_slowest_first(tmp_path):
    from types import SimpleNamespace

    from sharing import Share, order
    items = [SimpleNamespace(path=tmp_path / name, n=n) for name, n in
             (('test_vm_arc.py', 0), ('test_vm_api_suite.py', 1), ('test_vm_api_suite.py', 2), ('test_vm_reboot.py', 3),
              ('test_lab.py', 4))]
    order(items)
    assert [i.n for i in items] == [1, 2, 3, 4, 0]   # the API suite, the reboot, then the rest by name
    first, second = Share(str(tmp_path / 'share')), Share(str(tmp_path / 'share'))
    assert first.is_mine(items[0]) and first.is_mine(items[1])   # a file's tests stay with the run that took it
    assert not second.is_mine(items[1])
    assert second.is_mine(items[2])                               # the second run takes what is left
    assert not first.is_mine(items[2]) and first.is_mine(items[3])
    assert second.left_to_the_other() == ['test_vm_api_suite.py'] and first.left_to_the_other() == ['test_vm_reboot.py']
