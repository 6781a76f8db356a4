"""The backends' last line of defence (issue 12, defects 2 and 5): the modprobe.d and sysctl.d writers refuse a name
or value that could leave its line and leave the file as it was; the sandbox never maps a dataset outside its root."""
import os

import pytest

from tuning_host.backends import create_backend
from tuning_host.backends import openzfs_commands as cmd
from tuning_host.backends.errors import InvalidValueError
from tuning_host.backends.host_io import HostIO
from tuning_host.backends.openzfs import OpenZfsBackend

from test_openzfs_backend import Runner, put, read

INJECTION = "1\ninstall zfs /bin/sh -c 'touch /tmp/pwned'"
MODPROBE = '/etc/modprobe.d/tuning-zfs.conf'
SYSCTL = '/etc/sysctl.d/90-tuning.conf'


@pytest.fixture
def fake_root(tmp_path):
    root = str(tmp_path / 'root')
    put(root, '/sys/module/zfs/parameters/zfs_txg_timeout', '5\n')
    put(root, '/sys/module/zfs/parameters/zfs_dirty_data_max_max', '429496729\n', 0o444)
    put(root, '/proc/sys/net/core/rmem_max', '212992\n')
    put(root, '/etc/passwd', 'root:x:0:0::/root:/bin/sh\n')
    put(root, '/usr/share/initramfs-tools/hooks/zfs', '#!/bin/sh\n', 0o755)
    runner = Runner()
    backend = OpenZfsBackend(str(tmp_path / 'data'), HostIO(root, runner))
    backend.persist_zfs_parameters({'zfs_txg_timeout': '10'})
    backend.persist_sysctls({'net.core.rmem_max': '16777216'})
    yield backend, root, runner
    backend.close()


@pytest.mark.parametrize('values', [
    {'zfs_dirty_data_max_max': INJECTION},
    {'zfs_dirty_data_max_max': '1 zfs_arc_max=1'},
    {'zfs_dirty_data_max_max': '"1"'},
    {'zfs_dirty_data_max_max': ''},
    {'zfs_txg_timeout': '10', 'zfs_dirty_data_max_max=1\ninstall zfs /bin/sh #': '1'},
])
def test_an_injected_module_option_is_refused_and_modprobe_conf_untouched(fake_root, values):
    backend, root, runner = fake_root
    before, calls = read(root, MODPROBE), len(runner.calls)
    with pytest.raises(InvalidValueError):
        backend.persist_zfs_parameters(values)
    assert read(root, MODPROBE) == before and 'install' not in before
    assert runner.calls[calls:] == []  # no update-initramfs either


@pytest.mark.parametrize('values', [
    {'net.core.rmem_max': '16777216\nkernel.core_pattern = |/bin/sh'},
    {'net.core.rmem_max': '1\x00'},
    {'net.core.rmem_max = 1\nkernel.core_pattern': '|/bin/sh'},
    {'net core': '1'},
])
def test_an_injected_sysctl_is_refused_and_sysctl_conf_untouched(fake_root, values):
    backend, root, _ = fake_root
    before = read(root, SYSCTL)
    with pytest.raises(InvalidValueError):
        backend.persist_sysctls(values)
    assert read(root, SYSCTL) == before


def test_parameter_and_sysctl_names_cannot_walk_out_of_sysfs_and_procfs(fake_root):
    backend, root, _ = fake_root
    with pytest.raises(InvalidValueError):
        backend.set_zfs_parameter('../../../../etc/passwd', 'owned')
    with pytest.raises(InvalidValueError):
        backend.set_sysctl('../../etc/passwd', 'owned')
    assert read(root, '/etc/passwd') == 'root:x:0:0::/root:/bin/sh\n'


def test_vector_sysctls_still_persist(fake_root):
    backend, root, _ = fake_root
    backend.persist_sysctls({'net.ipv4.tcp_rmem': '4096\t131072\t6291456', 'net.ipv4.conf.eth0/100.rp_filter': '1'})
    assert 'net.ipv4.tcp_rmem = 4096 131072 6291456\n' in read(root, SYSCTL)
    assert cmd.modprobe_conf_text({'zfs_vdev_raidz_impl': 'fastest'}).endswith('zfs_vdev_raidz_impl=fastest\n')


@pytest.fixture
def sandbox(tmp_path):
    b = create_backend('sandbox', str(tmp_path / 'data'))
    yield b, tmp_path
    b.close()


def test_sandbox_refuses_dataset_names_that_leave_its_root(sandbox):
    backend, tmp_path = sandbox
    for name in ('tank/../../../../victim', 'tank/..', 'tank/./x', 'tank//x', 'tank/x\n'):
        with pytest.raises(InvalidValueError):
            backend.create_dataset(name)
    assert not os.path.exists(tmp_path / 'victim') and not os.path.exists(tmp_path / 'data' / 'victim')
    assert all('..' not in d['name'] for d in backend.datasets())


def test_sandbox_refuses_a_dataset_directory_that_is_a_symlink_out(sandbox):
    backend, tmp_path = sandbox
    outside = tmp_path / 'outside'
    outside.mkdir()
    (outside / 'precious').write_text('keep me')
    os.symlink(outside, os.path.join(backend.mnt_root, 'tank', 'link'))
    with pytest.raises(InvalidValueError):
        backend.create_dataset('tank/link')
    with pytest.raises(InvalidValueError):
        backend.create_dataset('tank/link/child')
    assert (outside / 'precious').read_text() == 'keep me'


def test_sandbox_persistence_refuses_what_a_file_could_not_hold(sandbox):
    backend, _ = sandbox
    with pytest.raises(InvalidValueError):
        backend.persist_zfs_parameters({'zfs_dirty_data_max_max': INJECTION})
    with pytest.raises(InvalidValueError):
        backend.persist_sysctls({'net.core.rmem_max': '1\nkernel.core_pattern=|/bin/sh'})
    assert backend.persisted_zfs_parameters() == {} and backend.persisted_sysctls() == {}


def test_sandbox_forgets_a_dataset_name_left_by_an_older_version_without_touching_its_directory(sandbox):
    backend, tmp_path = sandbox
    victim = tmp_path / 'victim'
    victim.mkdir()

    def plant(state):
        state['datasets']['tank/../../../victim'] = {'type': 'FILESYSTEM', 'properties': {}, 'creation': 0}
    backend._mutate(plant)
    data_dir = backend.data_dir
    backend.close()
    again = create_backend('sandbox', data_dir)
    try:
        assert [d['name'] for d in again.datasets() if 'victim' in d['name']] == []
        assert victim.is_dir()
    finally:
        again.close()
