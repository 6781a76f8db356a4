"""A host killed (SIGKILL) in the middle of an apply comes back consistent: the interrupted apply is rolled back, or
completed when every change had been made, and recorded as such. Killed in the middle of a benchmark, it comes back
with the fio it left running stopped, its scratch data removed, and says so. The host is either killed whole
(supervisor and serving process: restarted by hand) or only its serving process (restarted by the supervisor)."""
import os
import signal

import pytest

from test_benchmark_api import SMALL, fio_running, mountpoint, scratch_left
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


def kill_whole_host(host):
    host.kill9()
    host.restart()


def kill_serving_process(host):
    old_boot = host.boot_id()
    os.kill(host.pids()['child'], signal.SIGKILL)
    host.wait_until_back(old_boot)   # the supervisor starts a new one


@pytest.mark.sandbox_only
@pytest.mark.parametrize('crash', [kill_whole_host, kill_serving_process])
def test_killed_mid_benchmark_comes_back_with_its_fio_stopped(fresh_host, crash):
    host = fresh_host()
    c = host.client(private_methods=True)
    path = mountpoint(c)
    c.subscribe('core.get_jobs')
    job_id = c.job_id('tuning.benchmark.run', {**SMALL, 'runtime_seconds': 600, 'runs': 1})
    c.wait_event(lambda e: e.get('collection') == 'core.get_jobs' and e.get('id') == job_id
                 and 'mbps' in (((e.get('fields') or {}).get('progress') or {}).get('extra') or {}), timeout=600)
    crash(host)   # while fio reports a live rate
    c = host.client(private_methods=True)
    state = c.call('tuning.state')   # answered once start-up has put the box in order
    assert not fio_running(path)
    assert scratch_left(path) == []
    assert state['busy'] is None
    assert any(note.startswith('stopped fio (pid ') and '.tuning-bench-' in note for note in state['recovered'])
