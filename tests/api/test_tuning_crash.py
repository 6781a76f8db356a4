"""A host killed (SIGKILL) in the middle of an apply comes back consistent: the interrupted apply is rolled back, or
completed when every change had been made, and recorded as such."""
import pytest

from tuning_helpers import diff, full_snapshot

MEDIA = {'pool': 'tank', 'dataset': 'tank/media'}


@pytest.mark.sandbox_only
@pytest.mark.parametrize('fault, expected_state', [
    ('after_restore_point', 'ROLLED_BACK'),
    ('before_change:2', 'ROLLED_BACK'),
    ('after_change:2', 'ROLLED_BACK'),
    ('before_finish', 'APPLIED'),
])
def test_killed_mid_apply_comes_back_consistent(fresh_host, fault, expected_state):
    host = fresh_host(env={'TUNING_FAULT': fault})
    c = host.client(private_methods=True)
    before = full_snapshot(c)
    plan = c.call('tuning.preset.preview', 'max-seq-write', MEDIA)
    assert len(plan['changes']) >= 2
    with pytest.raises(Exception):
        c.job('tuning.preset.apply', 'max-seq-write', MEDIA, {'acknowledge': []})
    host.wait_dead()
    host.restart(env={})
    c = host.client(private_methods=True)
    (rp,) = c.call('tuning.restore_point.query')
    assert rp['state'] == expected_state, rp['message']
    state = c.call('tuning.state')
    assert state['recovered'] and str(rp['id']) in state['recovered'][0]
    if expected_state == 'ROLLED_BACK':
        assert not diff(before, full_snapshot(c))
        assert state['active'] is None
    else:
        assert state['active']['preset'] == 'max-seq-write' and state['drift'] == []
        c.job('tuning.restore_point.revert', rp['id'], [])
        assert not diff(before, full_snapshot(c))
