"""A result measured while its preset's settings wait for a reboot is not credited to the preset (walk s9): its
context records how much of the preset waited, and its made-up label says so; after the reboot it is the preset's."""
import pytest

MEDIA = {'pool': 'tank', 'dataset': 'tank/media'}
SMALL = {'dataset': 'tank/media', 'tests': ['SEQ_WRITE'], 'profile': 'QUICK', 'runs': 2, 'adaptive': False,
         'runtime_seconds': 1, 'ramp_seconds': 1}


@pytest.mark.sandbox_only
def test_a_result_measured_before_the_reboot_is_not_the_presets(fresh_host):
    h = fresh_host()
    c = h.client(private_methods=True)
    c.call('tuning.preset.create', {'name': 'Big dirty', 'settings': [
        {'kind': 'ZFS_PARAMETER', 'setting': 'zfs_dirty_data_max_max', 'value': '6442450944'}]})
    applied = c.job('tuning.preset.apply', 'big-dirty', MEDIA, {'acknowledge': []})
    (key,) = applied['pending_reboot']

    before = c.job('tuning.benchmark.run', SMALL, timeout=600)
    preset = before['context']['preset']
    assert (preset['name'], preset['changed'], preset['pending_reboot']) == ('Big dirty', 1, [key])
    assert before['context']['pending_reboot'] == [key]
    assert before['label'] == 'Big dirty (not yet in effect: waiting for a reboot) · tank/media · Quick test'

    serving = h.boot_id()
    c.job('system.reboot', 'apply tuning', {'delay': None})
    c.close()
    h.wait_until_back(serving)
    c = h.client(private_methods=True)
    after = c.job('tuning.benchmark.run', SMALL, timeout=600)
    assert (after['context']['preset']['changed'], after['context']['preset']['pending_reboot']) == (1, [])
    assert after['label'] == 'Big dirty · tank/media · Quick test'
    c.close()
