"""A REBOOT setting (a module parameter read only at load) through two real VM reboots started by system.reboot:
after the first the new value is live and the pending item is gone; after reverting and rebooting again the original
value is back and nothing is left in /etc/modprobe.d."""
import pytest

from guest_truth import reboot_diff, same_default
from tuning.core.presets.registry import settings_of

pytestmark = pytest.mark.vm

PARAM = 'zfs_dirty_data_max_max'
KEY = f'ZFS_PARAMETER:global:{PARAM}'
SYSCTLS = settings_of('SYSCTL')


def reboot_through_api(vm, guest_host, client):
    """system.reboot via the API, then wait for a new kernel boot and for the host to be back."""
    old = vm.boot_id()
    client.send('system.reboot', ['tuning VM test', {'delay': None}])
    new = vm.wait_rebooted(old)
    guest_host.wait_ready()
    return new


def test_reboot_setting_survives_a_real_reboot_and_revert_restores_it(vm, truth, guest_host):
    c = guest_host.client(private_methods=True)
    before = truth.snapshot(SYSCTLS)
    original = truth.param(PARAM)
    proposed = str(int(original) // 2)  # smaller than the default: always allowed, and visibly different
    c.call('tuning.preset.create', {'name': 'VM reboot check', 'settings': [
        {'kind': 'ZFS_PARAMETER', 'setting': PARAM, 'value': proposed}]})
    target = {'pool': 'tank'}
    plan = c.call('tuning.preset.preview', 'vm-reboot-check', target)
    (row,) = [ch for ch in plan['changes'] if ch['key'] == KEY]
    assert row['apply_mode'] == 'REBOOT' and plan['needs_reboot'] is True

    result = c.job('tuning.preset.apply', 'vm-reboot-check', target, {'acknowledge': list(plan['dangerous'])})
    assert KEY in result['pending_reboot']
    assert truth.param(PARAM) == original                      # not live before the reboot
    assert f'{PARAM}={proposed}' in truth.modprobe_zfs_options()
    assert [p['key'] for p in c.call('tuning.state')['pending_reboot']] == [KEY]
    assert c.call('system.reboot.info')['reboot_required_reasons']

    first_boot = reboot_through_api(vm, guest_host, c)
    c.close()
    c = guest_host.client(private_methods=True)
    assert truth.param(PARAM) == proposed                      # the kernel loaded the module with it
    state = c.call('tuning.state')
    assert state['pending_reboot'] == [] and state['drift'] == []
    assert state['active']['preset'] == 'vm-reboot-check'
    assert c.call('system.reboot.info')['reboot_required_reasons'] == []

    back = c.job('tuning.restore_point.revert', result['restore_point_id'], [])
    assert KEY in back['pending_reboot']
    assert PARAM not in truth.modprobe_zfs_options()

    second_boot = reboot_through_api(vm, guest_host, c)
    assert second_boot != first_boot
    c.close()
    c = guest_host.client(private_methods=True)
    assert same_default(truth.param(PARAM), original)           # the module's own default again (sized from RAM)
    state = c.call('tuning.state')
    assert state['pending_reboot'] == [] and state['active'] is None and state['drift'] == []
    assert reboot_diff(before, truth.snapshot(SYSCTLS)) == []
    c.call('tuning.preset.delete', 'vm-reboot-check')
    c.close()
