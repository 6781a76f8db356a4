"""A short campaign on the real pool: the baseline and one preset whose setting is read only at module load, one
round. The campaign reboots the VM itself to apply the preset, carries on when the box is back, benchmarks both
configurations, and reboots again to leave the original configuration, all without anyone calling it again."""
import pytest

from guest_truth import reboot_diff, same_default
from tuning.core.presets.registry import settings_of
from tuning_helpers import follow_to_the_end

pytestmark = pytest.mark.vm

PARAM = 'zfs_dirty_data_max_max'
PRESET = 'vm-campaign-reboot'
BENCH = {'tests': ['SEQ_WRITE'], 'profile': 'QUICK', 'runs': 1, 'runtime_seconds': 5, 'ramp_seconds': 1}
SYSCTLS = settings_of('SYSCTL')


def setting_value(entry: dict, name: str) -> str:
    (row,) = [r for r in entry['context']['settings'] if r['setting'] == name]
    return str(row['value'])


def test_a_campaign_with_a_reboot_preset_runs_across_real_reboots(vm, truth, guest_host):
    c = guest_host.client(private_methods=True)
    original = truth.param(PARAM)
    proposed = str(int(original) // 2)
    before = truth.snapshot(SYSCTLS)
    datasets = truth.datasets()
    c.call('tuning.preset.create', {'name': 'VM campaign reboot', 'settings': [
        {'kind': 'ZFS_PARAMETER', 'setting': PARAM, 'value': proposed}]})
    known = {row['id'] for row in c.call('tuning.campaign.query')}
    kernel_boot = vm.boot_id()
    c.subscribe('tuning.campaign.query')
    c.job_id('tuning.campaign.run', {'dataset': 'tank/share', 'presets': [PRESET], 'benchmark': BENCH, 'rounds': 1,
                                     'allow_reboot': True, 'label': 'vm campaign'})
    event = c.wait_event(lambda e: e.get('collection') == 'tuning.campaign.query' and e.get('id') not in known,
                         timeout=300)
    c.close()

    row = follow_to_the_end(guest_host, event['id'], timeout=3600)
    assert row['state'] == 'DONE', row['message']
    log = [line['message'] for line in row['log']]
    assert 'VM campaign reboot needs a reboot: rebooting' in ' '.join(log) and 'rebooted' in log   # the preset by name
    assert 'rebooted into the final configuration' in log            # the original value needs a reboot too
    assert vm.boot_id() != kernel_boot
    assert 'provisional' in row['message']

    c = guest_host.client(private_methods=True)
    measured = c.call('tuning.benchmark.get', row['results'][PRESET])
    baseline = c.call('tuning.benchmark.get', row['results']['BASELINE'])
    assert measured['context']['preset']['id'] == PRESET
    assert setting_value(measured, PARAM) == proposed                  # live in the kernel while it was measured
    assert setting_value(baseline, PARAM) == original
    assert row['recommendation'] and {r['winner'] for r in row['recommendation']} <= {None, 'BASELINE', PRESET}

    assert same_default(truth.param(PARAM), original)                  # the box's own default (sized from RAM)
    assert PARAM not in truth.modprobe_zfs_options()
    assert reboot_diff(before, truth.snapshot(SYSCTLS)) == []
    assert truth.datasets() == datasets                                # no scratch dataset left
    state = c.call('tuning.state')
    assert state['pending_reboot'] == [] and state['active'] is None and state['busy'] is None
    assert state['drift'] == []
    c.call('tuning.preset.delete', PRESET)
    c.close()
