"""The guest as its own NAS and its own client over loopback: a dataset exported over NFS (kernel nfsd) and SMB
(Samba), a zvol over iSCSI (LIO with targetcli), each mounted or logged in by the same guest's client side.

Every setup is idempotent (run twice, it finds what it made) and every teardown too (run on a clean guest, it does
nothing); a teardown leaves no mount, export, share user, target, iSCSI node record or dataset behind and stops the
services it started. `leftovers(vm)` lists what is still there, for the test that checks it.
"""
from __future__ import annotations

import shlex

NFS_DATASET = 'tank/client-nfs'
NFS_MOUNT = '/mnt/client-nfs'
NFS_FSID = 1414                       # ZFS has no device UUID for nfsd to derive one from
# A file of /etc/exports.d, not a bare `exportfs -o`: OpenZFS runs `exportfs -ra` whenever a dataset is created or
# destroyed (libshare), which drops every export no exports file names.
NFS_EXPORTS_FILE = '/etc/exports.d/tuning-client.exports'

SMB_DATASET = 'tank/client-smb'
SMB_MOUNT = '/mnt/client-smb'
SMB_SHARE = 'tuning'
SMB_USER = 'tuningclient'
SMB_PASSWORD = 'vm-smb-client-password'
SMB_CREDENTIALS = '/root/.tuning-smb-credentials'
SMB_CONF = '/etc/samba/smb.conf'
SMB_CONF_SAVED = '/etc/samba/smb.conf.before-tuning'

ZVOL = 'tank/client-lun'
ZVOL_SIZE = '1536M'
BACKSTORE = 'clientlun'
TARGET_IQN = 'iqn.2026-11.org.tuning.vm:client-lun'
INITIATOR_IQN = 'iqn.2026-11.org.tuning.vm:client'
INITIATOR_FILE = '/etc/iscsi/initiatorname.iscsi'
INITIATOR_FILE_SAVED = '/etc/iscsi/initiatorname.iscsi.before-tuning'
PORTAL = '127.0.0.1:3260'
LUN_BY_PATH = f'/dev/disk/by-path/ip-{PORTAL}-iscsi-{TARGET_IQN}-lun-0'

SMB_CONF_TEXT = f"""[global]
    server role = standalone server
    interfaces = lo
    bind interfaces only = yes
    disable netbios = yes
    smb ports = 445
    server min protocol = SMB3_11
    map to guest = never
    load printers = no
    printing = bsd
    printcap name = /dev/null
    log file = /var/log/samba/log.%m

[{SMB_SHARE}]
    path = /{SMB_DATASET}
    read only = no
    valid users = {SMB_USER}
"""

_PRELUDE = 'set -eu\n'


def _script(vm, body: str, timeout: float = 300) -> str:
    return vm.run(_PRELUDE + body, timeout=timeout)


def _dataset(name: str, create_options: str = '') -> str:
    """Shell: create the dataset or zvol when it is not there yet."""
    return f'zfs list -H -o name {name} >/dev/null 2>&1 || zfs create {create_options} {name}\n'


def _destroy(name: str) -> str:
    return f'if zfs list -H -o name {name} >/dev/null 2>&1; then zfs destroy -r {name}; fi\n'


def _unmount(path: str) -> str:
    return f'if mountpoint -q {path}; then umount {path}; fi\nrmdir {path} 2>/dev/null || true\n'


# -- NFS ------------------------------------------------------------------------------------------------------------
def setup_nfs(vm) -> str:
    """Export NFS_DATASET to 127.0.0.1 and mount it with NFSv4.2 at NFS_MOUNT; → the mount point."""
    _script(vm, _dataset(NFS_DATASET) + f"""
mkdir -p /etc/exports.d
echo '/{NFS_DATASET} 127.0.0.1(rw,sync,no_subtree_check,no_root_squash,fsid={NFS_FSID})' > {NFS_EXPORTS_FILE}
systemctl start nfs-server
exportfs -ra
mkdir -p {NFS_MOUNT}
mountpoint -q {NFS_MOUNT} || mount -t nfs4 -o vers=4.2 127.0.0.1:/{NFS_DATASET} {NFS_MOUNT}
""")
    return NFS_MOUNT


def teardown_nfs(vm) -> None:
    _script(vm, _unmount(NFS_MOUNT) + f"""
if [ -e {NFS_EXPORTS_FILE} ]; then rm {NFS_EXPORTS_FILE}; exportfs -ra; fi
systemctl stop nfs-server rpcbind.socket rpcbind 2>/dev/null || true
""" + _destroy(NFS_DATASET))


# -- SMB ------------------------------------------------------------------------------------------------------------
def setup_smb(vm) -> str:
    """Share SMB_DATASET with Samba for SMB_USER (password set with smbpasswd), mount it with SMB 3.1.1 at SMB_MOUNT;
    → the mount point."""
    conf = shlex.quote(SMB_CONF_TEXT)
    creds = shlex.quote(f'username={SMB_USER}\npassword={SMB_PASSWORD}\n')
    secret = shlex.quote(f'{SMB_PASSWORD}\n{SMB_PASSWORD}\n')
    _script(vm, _dataset(SMB_DATASET) + f"""
id -u {SMB_USER} >/dev/null 2>&1 || useradd --no-create-home --shell /usr/sbin/nologin {SMB_USER}
chown {SMB_USER} /{SMB_DATASET}
if [ -e {SMB_CONF} ] && [ ! -e {SMB_CONF_SAVED} ]; then cp -p {SMB_CONF} {SMB_CONF_SAVED}; fi
printf %s {conf} > {SMB_CONF}
printf %s {secret} | smbpasswd -s -a {SMB_USER} >/dev/null
systemctl restart smbd
(umask 077; printf %s {creds} > {SMB_CREDENTIALS})
mkdir -p {SMB_MOUNT}
mountpoint -q {SMB_MOUNT} || mount -t cifs //127.0.0.1/{SMB_SHARE} {SMB_MOUNT} \\
    -o vers=3.1.1,credentials={SMB_CREDENTIALS}
""")
    return SMB_MOUNT


def teardown_smb(vm) -> None:
    _script(vm, _unmount(SMB_MOUNT) + f"""
systemctl stop smbd 2>/dev/null || true
if pdbedit -L 2>/dev/null | grep -q '^{SMB_USER}:'; then smbpasswd -x {SMB_USER} >/dev/null; fi
if id -u {SMB_USER} >/dev/null 2>&1; then userdel {SMB_USER}; fi
if [ -e {SMB_CONF_SAVED} ]; then mv {SMB_CONF_SAVED} {SMB_CONF}; fi
rm -f {SMB_CREDENTIALS}
""" + _destroy(SMB_DATASET))


# -- iSCSI ----------------------------------------------------------------------------------------------------------
def _targetcli(*commands: str) -> str:
    return ''.join(f'targetcli {c} >/dev/null\n' for c in commands)


def setup_iscsi(vm) -> str:
    """A ZVOL_SIZE zvol as LUN 0 of TARGET_IQN (LIO block backstore, portal 127.0.0.1:3260, an ACL for
    INITIATOR_IQN, no authentication), discovered and logged in with open-iscsi; → the LUN's /dev/sdX."""
    tpg = f'/iscsi/{TARGET_IQN}/tpg1'
    _script(vm, _dataset(ZVOL, f'-s -V {ZVOL_SIZE}') + f"""
udevadm settle
test -b /dev/zvol/{ZVOL}
if [ ! -d /sys/kernel/config/target/iscsi/{TARGET_IQN} ]; then
""" + _targetcli(f'/backstores/block create name={BACKSTORE} dev=/dev/zvol/{ZVOL}',
                 f'/iscsi create {TARGET_IQN}') + f"""
    if [ -d /sys/kernel/config/target/iscsi/{TARGET_IQN}/tpgt_1/np/0.0.0.0:3260 ]; then  # targetcli's default
        targetcli {tpg}/portals delete 0.0.0.0 3260 >/dev/null
    fi
""" + _targetcli(f'{tpg}/portals create 127.0.0.1 3260',
                 f'{tpg}/luns create /backstores/block/{BACKSTORE}',
                 f'{tpg}/acls create {INITIATOR_IQN}',
                 f'{tpg} set attribute authentication=0') + f"""fi
if [ -e {INITIATOR_FILE} ] && [ ! -e {INITIATOR_FILE_SAVED} ]; then cp -p {INITIATOR_FILE} {INITIATOR_FILE_SAVED}; fi
echo InitiatorName={INITIATOR_IQN} > {INITIATOR_FILE}
systemctl start iscsid
if [ ! -e {LUN_BY_PATH} ]; then
    iscsiadm -m discovery -t sendtargets -p {PORTAL} >/dev/null
    iscsiadm -m node -T {TARGET_IQN} -p {PORTAL} --login >/dev/null
fi
for _ in $(seq 1 120); do [ -e {LUN_BY_PATH} ] && break; udevadm settle; sleep 0.5; done  # the scan is async
""")
    device = vm.run(f'readlink -f {LUN_BY_PATH}').strip()
    if not device.startswith('/dev/sd'):
        raise RuntimeError(f'the iSCSI LUN did not appear as a SCSI disk: {device!r}')
    return device


def teardown_iscsi(vm) -> None:
    _script(vm, f"""
if iscsiadm -m session 2>/dev/null | grep -q '{TARGET_IQN}'; then
    iscsiadm -m node -T {TARGET_IQN} -p {PORTAL} --logout >/dev/null
fi
iscsiadm -m node -T {TARGET_IQN} -o delete >/dev/null 2>&1 || true
iscsiadm -m discoverydb -t sendtargets -p {PORTAL} -o delete >/dev/null 2>&1 || true
systemctl stop iscsid.socket iscsid 2>/dev/null || true
if [ -e {INITIATOR_FILE_SAVED} ]; then mv {INITIATOR_FILE_SAVED} {INITIATOR_FILE}; fi
if [ -d /sys/kernel/config/target/iscsi/{TARGET_IQN} ]; then targetcli /iscsi delete {TARGET_IQN} >/dev/null; fi
if [ -d /sys/kernel/config/target/core ] && ls -d /sys/kernel/config/target/core/iblock_*/{BACKSTORE} >/dev/null 2>&1
then targetcli /backstores/block delete {BACKSTORE} >/dev/null; fi
udevadm settle
""" + _destroy(ZVOL))


# -- all three ------------------------------------------------------------------------------------------------------
def setup_all(vm) -> dict[str, str]:
    """→ {'NFS': mount point, 'SMB': mount point, 'ISCSI': /dev/sdX}."""
    return {'NFS': setup_nfs(vm), 'SMB': setup_smb(vm), 'ISCSI': setup_iscsi(vm)}


def teardown_all(vm) -> None:
    teardown_iscsi(vm)
    teardown_smb(vm)
    teardown_nfs(vm)


def leftovers(vm) -> list[str]:
    """What the setups make that is still in the guest, in words (empty when all is torn down)."""
    checks = {
        f'{NFS_MOUNT} mounted': f'mountpoint -q {NFS_MOUNT}',
        f'{SMB_MOUNT} mounted': f'mountpoint -q {SMB_MOUNT}',
        f'/{NFS_DATASET} exported': f"exportfs -s 2>/dev/null | grep -q '^/{NFS_DATASET} '",
        NFS_EXPORTS_FILE: f'test -e {NFS_EXPORTS_FILE}',
        'nfs-server running': 'systemctl is-active -q nfs-server',
        'smbd running': 'systemctl is-active -q smbd',
        f'Samba user {SMB_USER}': f"pdbedit -L 2>/dev/null | grep -q '^{SMB_USER}:'",
        f'local user {SMB_USER}': f'id -u {SMB_USER}',
        f'{SMB_CREDENTIALS}': f'test -e {SMB_CREDENTIALS}',
        f'iSCSI session to {TARGET_IQN}': f"iscsiadm -m session 2>/dev/null | grep -q '{TARGET_IQN}'",
        f'iSCSI node record {TARGET_IQN}': f'test -d /etc/iscsi/nodes/{TARGET_IQN}',
        f'LIO target {TARGET_IQN}': f'test -d /sys/kernel/config/target/iscsi/{TARGET_IQN}',
        f'LIO backstore {BACKSTORE}': f'ls -d /sys/kernel/config/target/core/iblock_*/{BACKSTORE}',
        'iscsid running': 'systemctl is-active -q iscsid',
        **{f'dataset {d}': f'zfs list -H -o name {d}' for d in (NFS_DATASET, SMB_DATASET, ZVOL)},
    }
    script = ''.join(f'if {cmd} >/dev/null 2>&1; then echo {shlex.quote(name)}; fi\n' for name, cmd in checks.items())
    return vm.run(script).splitlines()
