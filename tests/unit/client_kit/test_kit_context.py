"""The kit's readers of where a target lives and what the client is: Linux mountinfo, macOS mount and its NFS/SMB
tools, Windows paths and SMB connections, iSCSI sysfs paths, device refusals, memory and link figures."""
import json

from tuning.client_kit import tuning_client as kit

MOUNTINFO = r"""22 1 253:0 / / rw,relatime shared:1 - ext4 /dev/vda rw,discard
61 22 0:52 / /mnt/nas rw,relatime shared:33 - nfs4 192.168.1.10:/mnt/tank/share rw,vers=4.2,rsize=1048576,wsize=1048576,hard,proto=tcp,sec=sys
62 22 0:53 / /mnt/smb rw,relatime shared:34 - cifs //nas.lan/media rw,vers=3.1.1,cache=strict,username=bob,uid=0
63 22 0:54 / /tank rw,noatime shared:35 - zfs tank rw,xattr,posixacl
64 61 0:55 / /mnt/nas/inner rw,relatime shared:36 - nfs [fd00::10]:/mnt/tank/v3 rw,vers=3,proto=tcp6
65 22 0:56 / /mnt/with\040space rw,relatime shared:37 - fuse.sshfs bob@host:/data rw,user_id=0
66 22 0:57 / /mnt/opt rw,relatime shared:38 master:2 - xfs /dev/sdb1 rw,attr2
"""


def mounts():
    return kit.parse_mountinfo(MOUNTINFO)


def target_at(path):
    return kit.target_of_mount(kit.mount_of(mounts(), path))


def test_mountinfo_fields_and_escapes():
    rows = {m['mount_point']: m for m in mounts()}
    assert rows['/mnt/nas']['fstype'] == 'nfs4' and rows['/mnt/nas']['device'] == '0:52'
    assert rows['/mnt/nas']['source'] == '192.168.1.10:/mnt/tank/share'
    # mount options first, then the super-block options, without repeats
    assert rows['/mnt/smb']['options'].startswith('rw,relatime,vers=3.1.1,cache=strict')
    assert '/mnt/with space' in rows  # \040 is a space
    assert rows['/mnt/opt']['source'] == '/dev/sdb1'  # optional fields (master:2) before the dash are skipped


def test_nfs4_mount_gives_version_server_and_export():
    assert target_at('/mnt/nas/bench/dir') == {
        'protocol': 'NFS', 'protocol_version': '4.2', 'server': '192.168.1.10', 'export': '/mnt/tank/share',
        'mount_options': 'rw,relatime,vers=4.2,rsize=1048576,wsize=1048576,hard,proto=tcp,sec=sys',
        'fstype': 'nfs4'}


def test_nested_nfs3_mount_over_ipv6_wins_over_its_parent():
    target = target_at('/mnt/nas/inner/x')
    assert (target['protocol'], target['protocol_version'], target['server'], target['export']) == \
        ('NFS', '3', 'fd00::10', '/mnt/tank/v3')


def test_cifs_mount_gives_dialect_server_and_share():
    target = target_at('/mnt/smb')
    assert (target['protocol'], target['protocol_version'], target['server'], target['export'], target['fstype']) \
        == ('SMB', '3.1.1', 'nas.lan', 'media', 'cifs')


def test_local_and_other_file_systems():
    assert target_at('/tank/ds')['protocol'] == 'LOCAL' and target_at('/tank/ds')['fstype'] == 'zfs'
    assert target_at('/home/me')['protocol'] == 'LOCAL' and target_at('/home/me')['fstype'] == 'ext4'
    assert target_at('/mnt/with space/d')['protocol'] == 'OTHER'
    assert target_at('/tank/ds')['server'] is None and target_at('/tank/ds')['protocol_version'] is None


def test_mount_of_does_not_take_a_sibling_prefix():
    assert kit.mount_of(mounts(), '/mnt/nasty')['mount_point'] == '/'
    assert kit.mount_of([], '/x') is None


def test_an_nfs4_mount_without_vers_is_version_4():
    row = kit.parse_mountinfo('70 22 0:60 / /m rw - nfs4 srv:/e rw,proto=tcp\n')[0]
    assert kit.target_of_mount(row)['protocol_version'] == '4'


MACOS_MOUNT = """/dev/disk3s1s1 on / (apfs, sealed, local, read-only, journaled)
//bob@nas.local/media on /Volumes/media (smbfs, nodev, nosuid, mounted by bob)
nas.local:/mnt/tank/share on /private/nfs/share (nfs, asynchronous)
map auto_home on /System/Volumes/Data/home (autofs, automounted, nobrowse)
"""


def test_macos_mount_lines():
    rows = kit.parse_macos_mount(MACOS_MOUNT)
    smb = kit.target_of_mount(kit.mount_of(rows, '/Volumes/media/bench'))
    assert (smb['protocol'], smb['server'], smb['export'], smb['fstype']) == ('SMB', 'nas.local', 'media', 'smbfs')
    assert smb['mount_options'] == 'nodev,nosuid,mounted by bob'
    nfs = kit.target_of_mount(kit.mount_of(rows, '/private/nfs/share'))
    assert (nfs['protocol'], nfs['server'], nfs['export']) == ('NFS', 'nas.local', '/mnt/tank/share')
    assert kit.target_of_mount(kit.mount_of(rows, '/Users/bob'))['protocol'] == 'LOCAL'


def test_macos_nfsstat_and_smbutil():
    nfsstat = """/private/nfs/share from nas.local:/mnt/tank/share
  -- Original mount options:
     General mount flags: 0x0
     NFS parameters: vers=4
  -- Current mount parameters:
     General mount flags: 0x4000018 multilabel,noatime
     NFS parameters: vers=4.0,tcp,port=2049,hard,rsize=65536
/private/nfs/other from nas.local:/mnt/other
  -- Current mount parameters:
     NFS parameters: vers=3,tcp
"""
    assert kit.parse_nfsstat_m(nfsstat, '/private/nfs/share') == '4.0'
    assert kit.parse_nfsstat_m(nfsstat, '/private/nfs/other') == '3'
    assert kit.parse_nfsstat_m(nfsstat, '/nope') is None
    statshares = """==================================================================================================
SHARE                         ATTRIBUTE TYPE                VALUE
==================================================================================================
media
                              SERVER_NAME                   nas.local
                              SMB_VERSION                   SMB_3.1.1
                              SMB_ENCRYPT_ALGORITHMS        AES_128_CCM_ENABLED
"""
    assert kit.parse_smbutil_statshares(statshares) == '3.1.1'
    assert kit.parse_smbutil_statshares('') is None


def test_windows_paths():
    assert kit.parse_unc('\\\\nas\\media\\bench') == ('nas', 'media')
    assert kit.parse_unc('//nas/media') == ('nas', 'media')
    assert kit.parse_unc('\\\\?\\UNC\\nas.lan\\share\\x') == ('nas.lan', 'share')
    assert kit.parse_unc('\\\\.\\PhysicalDrive2') is None
    assert kit.parse_unc('\\\\?\\C:\\data') is None
    assert kit.parse_unc('Z:\\bench') is None
    assert kit.windows_drive('z:\\bench') == 'Z:' and kit.windows_drive('\\\\nas\\x') is None


def test_windows_smb_dialect():
    rows = [{'ServerName': 'other', 'ShareName': 'x', 'Dialect': '2.1'},
            {'ServerName': 'NAS', 'ShareName': 'IPC$', 'Dialect': '3.0.2'},
            {'ServerName': 'nas', 'ShareName': 'media', 'Dialect': '3.1.1'}]
    assert kit.parse_smb_dialect(json.dumps(rows), 'nas', 'media') == '3.1.1'
    assert kit.parse_smb_dialect(json.dumps(rows[1]), 'nas', 'media') == '3.0.2'  # one row: PowerShell's object
    assert kit.parse_smb_dialect('not json', 'nas', 'media') is None
    assert kit.parse_smb_dialect(None, 'nas', 'media') is None


def test_iscsi_sysfs_paths():
    assert kit.is_iscsi_device_path('/sys/devices/platform/host3/session1/target3:0:0/3:0:0:0')
    assert not kit.is_iscsi_device_path('/sys/devices/pci0000:00/0000:00:05.0/virtio2/host0/target0:0:0/0:0:0:0')
    assert not kit.is_iscsi_device_path(None)


def test_device_refusals_in_words():
    assert kit.device_refusal('/dev/sdb', [], [], [], False) is None
    assert 'mounted on /mnt/x' in kit.device_refusal('/dev/sdb', ['/mnt/x'], [], [], False)
    assert 'partitions (sdb1, sdb2)' in kit.device_refusal('/dev/sdb', [], ['sdb1', 'sdb2'], [], False)
    assert 'in use by dm-0' in kit.device_refusal('/dev/sdb', [], [], ['dm-0'], False)
    assert 'swap' in kit.device_refusal('/dev/sdb', [], [], [], True)


def test_client_figures():
    assert kit.parse_meminfo('MemTotal:       16311208 kB\nMemFree: 1 kB\n') == 16311208 * 1024
    assert kit.parse_meminfo('') is None
    route = '[{"dst":"192.168.1.10","dev":"eth0","prefsrc":"192.168.1.20","flags":[],"uid":0,"cache":[]}]'
    assert kit.parse_ip_route_get(route) == ('eth0', '192.168.1.20')
    assert kit.parse_ip_route_get('garbage') == (None, None)
    assert kit.parse_link_speed('1000\n') == 1000
    assert kit.parse_link_speed('-1') is None and kit.parse_link_speed('') is None
    assert kit.parse_macos_route_get('   route to: 10.0.0.2\n  interface: en0\n') == 'en0'
    ifconfig = 'en0: flags=8863<UP> mtu 9000\n\tmedia: autoselect (10Gbase-T <full-duplex>)\n'
    assert kit.parse_ifconfig(ifconfig) == (9000, 10000)
    assert kit.parse_ifconfig('en1: mtu 1500\n\tmedia: autoselect (1000baseT <full-duplex>)') == (1500, 1000)
    assert kit.parse_windows_adapter('{"Name": "Ethernet", "LinkSpeedBits": 1000000000, "Mtu": 1500}') == \
        ('Ethernet', 1000, 1500)
    assert kit.parse_windows_adapter('') == (None, None, None)


def test_tool_versions_and_engines():
    assert kit.parse_fio_version('fio-3.33') == (3, 33)
    assert kit.parse_fio_version('') is None
    assert kit.parse_iperf3_version('iperf 3.12 (cJSON 1.7.15)') == 'iperf 3.12'
    assert kit.parse_iperf3_version('nonsense') is None
    engines = kit.parse_fio_engines('Available IO engines:\n\tcpuio\n\tpsync\n\tlibaio\n')
    assert engines == {'cpuio', 'psync', 'libaio'}
    assert kit.choose_engine('Linux', engines) == 'libaio'
    assert kit.choose_engine('Linux', {'psync'}) == 'psync'
    assert kit.choose_engine('Darwin', None) == 'posixaio' and kit.choose_engine('Windows', None) == 'windowsaio'


def test_missing_tool_words_name_the_install_command_per_os():
    assert 'sudo apt install fio' in kit.missing_tool_words('fio', 'Linux', 'why')
    assert 'sudo dnf install iperf3' in kit.missing_tool_words('iperf3', 'Linux', 'why')
    assert 'brew install fio' in kit.missing_tool_words('fio', 'Darwin', 'why')
    windows = kit.missing_tool_words('fio', 'Windows', 'why')
    assert 'winget install' in windows and 'choco install fio' in windows
