"""The host killed with SIGKILL in the middle of an apply on the real box: after a restart the record and the box
agree (the interrupted apply rolled back, every real value as before)."""
import pytest

from guest_truth import snapshot_diff
from tuning.core.presets.registry import settings_of

pytestmark = pytest.mark.vm

SYSCTLS = settings_of('SYSCTL')
TARGET = {'pool': 'tank', 'dataset': 'tank/media'}


def test_host_killed_mid_apply_comes_back_consistent(vm, truth, guest_host):
    c = guest_host.client(private_methods=True)
    plan = c.call('tuning.preset.preview', 'max-seq-write', TARGET)
    assert len(plan['changes']) >= 2
    before = truth.snapshot(SYSCTLS)
    c.close()
    known = set()
    try:
        guest_host.set_env({'TUNING_FAULT': 'after_change:2'})   # the plugin SIGKILLs itself after change 2
        guest_host.restart()
        c = guest_host.client(private_methods=True)
        known = {rp['id'] for rp in c.call('tuning.restore_point.query')}
        with pytest.raises(Exception):
            c.job('tuning.preset.apply', 'max-seq-write', TARGET, {'acknowledge': list(plan['dangerous'])})
        c.close()
        assert snapshot_diff(before, truth.snapshot(SYSCTLS)) != []  # the kill left the box half-changed
    finally:
        guest_host.set_env({})
    guest_host.restart()
    c = guest_host.client(private_methods=True)
    (rp,) = [rp for rp in c.call('tuning.restore_point.query') if rp['id'] not in known]
    assert rp['state'] == 'ROLLED_BACK', rp['message']
    assert snapshot_diff(before, truth.snapshot(SYSCTLS)) == []
    state = c.call('tuning.state')
    assert state['active'] is None and state['drift'] == []
    c.close()
