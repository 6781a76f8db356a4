"""Hostile tunables against the standalone host on real OpenZFS (issue 12, defect 2): a module option carrying an
`install zfs ...` line (for a load-time-only parameter, whose live write is skipped) and a sysctl carrying a second
line are refused with a field-named error; /etc/modprobe.d, /etc/sysctl.d, the live values and the initramfs are
checked in the guest over ssh, never through the API under test."""
import pytest

import guest_host as _guest_host  # noqa: F401  (puts tests/api, where the shared client lives, on the path)
from client import RpcError  # noqa: E402

pytestmark = pytest.mark.vm

MARK = '/tmp/tuning-pwned'
MODPROBE_INJECTION = f"1\ninstall zfs /bin/sh -c 'touch {MARK}'"
SYSCTL_INJECTION = f'16777216\nkernel.core_pattern=|/bin/sh -c touch${{IFS}}{MARK}'


def persisted(vm):
    """Every persistence file the kernel and systemd read at boot, with the initramfs' age, as the guest has them."""
    return vm.run('for f in /etc/modprobe.d/* /etc/sysctl.d/*; do echo "== $f"; cat "$f"; done 2>/dev/null; '
                  'stat -c %Y /boot/initrd.img-$(uname -r) 2>/dev/null || true')


@pytest.mark.parametrize('data, field', [
    ({'type': 'ZFS', 'var': 'zfs_dirty_data_max_max', 'value': MODPROBE_INJECTION}, 'tunable_create.value'),
    ({'type': 'ZFS', 'var': 'zfs_dirty_data_max_max', 'value': '1 zfs_arc_max=1'}, 'tunable_create.value'),
    ({'type': 'SYSCTL', 'var': 'net.core.rmem_max', 'value': SYSCTL_INJECTION}, 'tunable_create.value'),
])
def test_injected_tunables_leave_modprobe_d_and_sysctl_d_unchanged(vm, truth, guest_host, data, field):
    c = guest_host.client(legacy_jobs=False, private_methods=True)
    try:
        before = (persisted(vm), truth.param('zfs_dirty_data_max_max'), truth.sysctl('net.core.rmem_max'),
                  c.call('tunable.query'))
        with pytest.raises(RpcError) as e:
            c.call('tunable.create', data)
        assert e.value.code == -32602 and e.value.attributes() == [field]
        after = (persisted(vm), truth.param('zfs_dirty_data_max_max'), truth.sysctl('net.core.rmem_max'),
                 c.call('tunable.query'))
        assert after == before
        assert 'install' not in truth.modprobe_zfs_options()
        assert vm.ssh(f'test -e {MARK}', check=False).returncode != 0
    finally:
        c.close()
