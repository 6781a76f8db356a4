"""The openzfs backend over a fake /sys, /proc and /etc tree of real files (real permission bits) and a command
runner that records argv and answers with sample outputs."""
import json
import os

import pytest

from tuning_host.backends.errors import CommandError, NotFoundError, ReadOnlyError
from tuning_host.backends.host_io import CommandResult, HostIO
from tuning_host.backends.openzfs import OpenZfsBackend

FIXTURES = os.path.join(os.path.dirname(__file__), '..', '..', '..', 'fixtures', 'openzfs')


def fixture(name):
    with open(os.path.join(FIXTURES, name)) as f:
        return f.read()


class Runner:
    def __init__(self):
        self.calls = []
        self.answers = {
            ('zpool', 'list'): fixture('zpool_list.txt'),
            ('zpool', 'status', '-P'): fixture('zpool_status_P_L.txt'),
            ('zpool', 'status', '-g'): fixture('zpool_status_g.txt'),
            ('lsblk',): fixture('lsblk.json'),
            ('zfs', 'list'): fixture('zfs_list.txt'),
            ('zfs', 'get'): fixture('zfs_get.txt'),
            ('sysctl', '-aN'): 'net.core.rmem_max\nnet.ipv4.tcp_rmem\nkernel.osrelease\n',
        }
        self.failures = {}

    def __call__(self, argv):
        self.calls.append(argv)
        for prefix, err in self.failures.items():
            if tuple(argv[:len(prefix)]) == prefix:
                return CommandResult(1, '', err)
        for prefix, out in sorted(self.answers.items(), key=lambda kv: -len(kv[0])):
            if tuple(argv[:len(prefix)]) == prefix:
                return CommandResult(0, out)
        return CommandResult(0, '')


def put(root, path, text, mode=0o644):
    full = os.path.join(root, path.lstrip('/'))
    os.makedirs(os.path.dirname(full), exist_ok=True)
    with open(full, 'w') as f:
        f.write(text)
    os.chmod(full, mode)


@pytest.fixture
def box(tmp_path):
    root = str(tmp_path / 'root')
    put(root, '/sys/module/zfs/parameters/zfs_arc_max', '0\n')
    put(root, '/sys/module/zfs/parameters/zfs_txg_timeout', '5\n')
    put(root, '/sys/module/zfs/parameters/zfs_dirty_data_max_max', '429496729\n', 0o444)
    put(root, '/sys/module/zfs/version', '2.3.2-1~bpo12+1\n')
    put(root, '/proc/sys/net/core/rmem_max', '212992\n')
    put(root, '/proc/sys/net/ipv4/tcp_rmem', '4096\t131072\t6291456\n')
    put(root, '/proc/sys/kernel/osrelease', '6.1.0-56-amd64\n', 0o444)
    put(root, '/proc/sys/kernel/hostname', 'zfsvm\n')
    put(root, '/proc/sys/kernel/random/boot_id', 'f4c2a5c6-0d8c-4c0e-9f4a-111111111111\n', 0o444)
    put(root, '/proc/spl/kstat/zfs/arcstats', fixture('arcstats.txt'))
    put(root, '/proc/cpuinfo', fixture('cpuinfo.txt'))
    put(root, '/proc/meminfo', fixture('meminfo.txt'))
    put(root, '/proc/stat', 'cpu  1 2 3\nbtime 1763700000\n')
    put(root, '/proc/uptime', '123.45 200.00\n')
    put(root, '/etc/os-release', 'PRETTY_NAME="Debian GNU/Linux 12 (bookworm)"\nID=debian\n')
    put(root, '/sys/class/net/ens3/operstate', 'up\n')
    put(root, '/sys/class/net/ens3/speed', '1000\n')
    put(root, '/sys/class/net/ens3/mtu', '1500\n')
    put(root, '/sys/class/net/ens3/address', '52:54:00:12:34:56\n')
    os.makedirs(os.path.join(root, 'sys/class/net/ens3/device'))
    put(root, '/sys/class/net/ens4/operstate', 'down\n')
    put(root, '/sys/class/net/ens4/speed', '-1\n')
    os.makedirs(os.path.join(root, 'sys/class/net/ens4/device'))
    put(root, '/sys/class/net/lo/operstate', 'unknown\n')
    runner = Runner()
    backend = OpenZfsBackend(str(tmp_path / 'data'), HostIO(root, runner))
    yield backend, root, runner
    backend.close()


def read(root, path):
    with open(os.path.join(root, path.lstrip('/'))) as f:
        return f.read()


def test_parameters_and_their_writability_come_from_sysfs(box):
    backend, root, _ = box
    params = backend.zfs_parameters()
    assert params['zfs_txg_timeout'] == {'value': '5', 'writable': True}
    assert params['zfs_dirty_data_max_max'] == {'value': '429496729', 'writable': False}
    backend.set_zfs_parameter('zfs_txg_timeout', '10')
    assert read(root, '/sys/module/zfs/parameters/zfs_txg_timeout') == '10'
    with pytest.raises(ReadOnlyError):
        backend.set_zfs_parameter('zfs_dirty_data_max_max', '1')
    assert read(root, '/sys/module/zfs/parameters/zfs_dirty_data_max_max') == '429496729\n'
    with pytest.raises(NotFoundError):
        backend.set_zfs_parameter('nope', '1')


def test_persisting_parameters_writes_modprobe_options_and_updates_initramfs_only_when_zfs_is_in_it(box):
    backend, root, runner = box
    backend.persist_zfs_parameters({'zfs_dirty_data_max_max': '8589934592', 'zfs_arc_max': '1073741824'})
    assert read(root, '/etc/modprobe.d/tuning-zfs.conf').endswith(
        'options zfs zfs_arc_max=1073741824\noptions zfs zfs_dirty_data_max_max=8589934592\n')
    assert backend.persisted_zfs_parameters() == {'zfs_dirty_data_max_max': '8589934592',
                                                  'zfs_arc_max': '1073741824'}
    assert ['update-initramfs', '-u'] not in runner.calls
    put(root, '/usr/share/initramfs-tools/hooks/zfs', '#!/bin/sh\n', 0o755)
    backend.persist_zfs_parameters({'zfs_arc_max': '1073741824'})
    assert runner.calls[-1] == ['update-initramfs', '-u']
    backend.persist_zfs_parameters({})
    assert not os.path.exists(os.path.join(root, 'etc/modprobe.d/tuning-zfs.conf'))
    with pytest.raises(NotFoundError):
        backend.persist_zfs_parameters({'nope': '1'})


def test_sysctls(box):
    backend, root, runner = box
    assert backend.sysctl_names() == ['kernel.osrelease', 'net.core.rmem_max', 'net.ipv4.tcp_rmem']
    assert backend.sysctl('net.ipv4.tcp_rmem') == '4096\t131072\t6291456'
    backend.set_sysctl('net.core.rmem_max', '16777216')
    assert read(root, '/proc/sys/net/core/rmem_max') == '16777216'
    with pytest.raises(ReadOnlyError):
        backend.set_sysctl('kernel.osrelease', 'x')
    with pytest.raises(NotFoundError):
        backend.sysctl('net.core.nope')
    backend.persist_sysctls({'net.core.rmem_max': '16777216'})
    assert 'net.core.rmem_max = 16777216\n' in read(root, '/etc/sysctl.d/90-tuning.conf')
    assert backend.persisted_sysctls() == {'net.core.rmem_max': '16777216'}


def test_start_reports_a_new_boot_and_values_that_did_not_apply(box):
    backend, root, _ = box
    backend.persist_zfs_parameters({'zfs_txg_timeout': '10'})
    backend.persist_sysctls({'net.core.rmem_max': '212992'})
    report = backend.start()
    assert report['booted'] is True and report['boot_id'] == 'f4c2a5c6-0d8c-4c0e-9f4a-111111111111'
    assert report['mismatches'] == [{'kind': 'ZFS', 'name': 'zfs_txg_timeout', 'expected': '10', 'actual': '5'}]
    assert backend.start()['booted'] is False  # same boot id: the host restarted, the box did not


def test_system_facts(box):
    backend, _, _ = box
    facts = backend.system_facts()
    assert facts['openzfs_version'] == '2.3.2' and facts['physmem'] == 4025360 * 1024
    assert facts['cores'] == 2 and facts['hostname'] == 'zfsvm' and facts['boottime'] == 1763700000.0
    assert facts['platform_version'] == 'Debian GNU/Linux 12 (bookworm) (kernel 6.1.0-56-amd64)'
    assert backend.arcstats()['c_max'] == 2147483648


def test_pools_datasets_disks_nics_through_commands(box):
    backend, _, runner = box
    (pool,) = backend.pools()
    assert pool['name'] == 'tank' and pool['healthy'] and pool['topology']['cache'][0]['disk'] == 'vdf'
    disks = {d['name']: d for d in backend.disks()}
    assert disks['vdb']['pool'] == 'tank' and disks['vdb']['zfs_guid'] == '13190545916011036839'
    assert disks['vda']['used_by'] == 'mounted at /' and disks['sdh']['pool'] is None
    assert disks['sdh']['used_by'] is None
    props = backend.dataset_properties('tank/media', ['recordsize', 'compression'])
    assert props['compression']['source_from'] == 'tank'
    assert ['zfs', 'get', '-H', '-p', '-o', 'name,property,value,source', 'recordsize,compression',
            'tank/media'] in runner.calls
    assert [n['name'] for n in backend.nics()] == ['ens3', 'ens4']
    assert backend.nics()[0]['speed_mbps'] == 1000 and backend.nics()[1] == {
        'name': 'ens4', 'link_up': False, 'speed_mbps': None, 'mtu': None, 'mac': None, 'addresses': []}


def test_writes_run_the_right_commands_and_failures_say_so(box):
    backend, _, runner = box
    backend.add_vdevs('tank', 'cache', [{'type': 'STRIPE', 'disks': ['sdh']}])
    assert runner.calls[-1] == ['zpool', 'add', 'tank', 'cache', '/dev/sdh']
    backend.remove_vdev('tank', '7744109371845510902')
    assert runner.calls[-2:] == [['zpool', 'remove', 'tank', '7744109371845510902'],
                                 ['zpool', 'wait', '-t', 'remove', 'tank']]
    backend.set_dataset_properties('tank/media', {'logbias': 'throughput'})
    assert runner.calls[-1] == ['zfs', 'set', 'logbias=throughput', 'tank/media']
    backend.inherit_dataset_property('tank/media', 'logbias')
    assert runner.calls[-1] == ['zfs', 'inherit', 'logbias', 'tank/media']
    runner.failures[('zfs', 'destroy')] = "cannot open 'tank/x': dataset does not exist\n"
    with pytest.raises(NotFoundError):
        backend.destroy_dataset('tank/x')
    runner.failures[('zpool', 'add')] = '/dev/sdz is in use\n'
    with pytest.raises(CommandError, match='sdz is in use'):
        backend.add_vdevs('tank', 'log', [{'type': 'STRIPE', 'disks': ['sdz']}])
    backend.reboot(lambda: pytest.fail('the real box reboots itself'))
    assert runner.calls[-1] == ['systemctl', 'reboot']


def test_a_labelled_disk_outside_the_pools_is_unused_unless_zpool_import_finds_it(box):
    backend, _, runner = box
    assert not any(argv[-2:] == ['zpool', 'import'] for argv in runner.calls)
    backend.disks()
    assert not any(argv[-2:] == ['zpool', 'import'] for argv in runner.calls)  # no stray label: no scan
    doc = json.loads(fixture('lsblk.json'))
    (sdh,) = [dev for dev in doc['blockdevices'] if dev['name'] == 'sdh']
    sdh['children'] = [dict(sdh, name='sdh1', type='part', fstype='zfs_member')]
    runner.answers[('lsblk',)] = json.dumps(doc)
    assert {d['name']: d['used_by'] for d in backend.disks()}['sdh'] is None  # stale label, scan finds nothing
    assert runner.calls[-1][-2:] == ['zpool', 'import']
    runner.answers[('env',)] = ('  pool: old\n    id: 7\n state: ONLINE\nconfig:\n\n\told        ONLINE\n'
                                '\t  /dev/sdh1  ONLINE\n')
    assert {d['name']: d['used_by'] for d in backend.disks()}['sdh'] == 'member of exported pool old'
    runner.failures[('env',)] = 'zpool: cannot scan\n'
    assert {d['name']: d['used_by'] for d in backend.disks()}['sdh'] == 'carries a ZFS label and the pool scan failed'
