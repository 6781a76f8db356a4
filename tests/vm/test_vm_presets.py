"""Every built-in preset, applied through the API, really changes the kernel and the pool in the VM, and reverting
it puts back exactly what was there (module parameters, dataset properties, cache/log vdevs, sysctls)."""
import pytest

from guest_truth import normalise_sysctl, snapshot_diff
from preset_target import target_for
from tuning.core.presets.catalog import BUILTIN_IDS
from tuning.core.presets.registry import settings_of

pytestmark = pytest.mark.vm

SYSCTLS = settings_of('SYSCTL')


def assert_really_applied(truth, change, before):
    """One applied change, checked from inside the VM."""
    kind, setting, proposed = change['kind'], change['setting'], change['proposed']
    if kind == 'ZFS_PARAMETER':
        if change['apply_mode'] == 'REBOOT':
            # read at module load only: not live yet, but persisted for the next load
            assert truth.param(setting) == before['params'][setting], setting
            assert f'{setting}={proposed}' in truth.modprobe_zfs_options(), setting
        else:
            assert truth.param(setting) == proposed, setting
    elif kind == 'SYSCTL':
        assert truth.sysctl(setting) == normalise_sysctl(proposed), setting
    elif kind == 'DATASET_PROPERTY':
        value, source = truth.props([change['scope']], (setting,))[change['scope']][setting]
        assert (value.upper(), source) == (proposed.upper(), 'local'), setting
    elif kind == 'POOL_DEVICE':
        assert sorted(truth.roles(change['scope'])[setting]) == sorted(d for d in proposed.split(',') if d), setting
    # SERVICE rows (smb/nfs) have no daemon in the guest: the API tier covers them.


@pytest.mark.parametrize('preset_id', BUILTIN_IDS)
def test_builtin_preset_changes_the_real_box_and_revert_restores_it(preset_id, truth, private_client):
    c = private_client
    target = target_for(c, truth, preset_id)
    plan = c.call('tuning.preset.preview', preset_id, target)
    before = truth.snapshot(SYSCTLS)

    result = c.job('tuning.preset.apply', preset_id, target, {'acknowledge': list(plan['dangerous'])}, timeout=900)
    if not plan['changes']:  # e.g. balanced on a box at its defaults: nothing to do, nothing recorded
        assert (result['applied'], result['restore_point_id']) == ([], None)
        assert snapshot_diff(before, truth.snapshot(SYSCTLS)) == []
        return
    try:
        assert {ch['key'] for ch in result['applied']} == {ch['key'] for ch in plan['changes']}
        for change in result['applied']:
            assert_really_applied(truth, change, before)
        state = c.call('tuning.state')
        assert state['active'] and state['active']['preset'] == preset_id, (result, state)
        assert state['drift'] == []
        assert sorted(p['key'] for p in state['pending_reboot']) == sorted(result['pending_reboot'])
    finally:  # put the box back even when a check failed, so the next preset starts from the same box
        revert_plan = c.call('tuning.restore_point.preview', result['restore_point_id'])
        c.job('tuning.restore_point.revert', result['restore_point_id'], list(revert_plan['dangerous']),
              timeout=900)
    assert snapshot_diff(before, truth.snapshot(SYSCTLS)) == []
    state = c.call('tuning.state')
    assert state['active'] is None and state['pending_reboot'] == []
    # a removed cache/log disk is unused again (the next preset may choose it)
    unused = {d['name'] for d in c.call('tuning.profile')['unused_disks']}
    assert set(target.get('cache_disks', []) + target.get('log_disks', [])) <= unused
