"""Words that follow the change over the wire (issue 13 item 7): a revert preview tells the way back, not the way
there; trade-offs fit the pool's disks; the device choices say why a disk is not offered."""
import pytest

from tuning_helpers import diff, full_snapshot

MEDIA = {'pool': 'tank', 'dataset': 'tank/media'}


def rows(plan):
    return {ch['setting']: ch for ch in plan['changes']}


def test_revert_preview_tells_the_way_back(c):
    before = full_snapshot(c)
    # a little more than the box holds now: a raise on any box, far below its RAM and the buffer's load-time bound
    bigger = str(int(c.call('tunable.get_zfs_parameters')['zfs_dirty_data_max']['value']) + 64 * 2 ** 20)
    c.call('tuning.preset.create', {'name': 'Big buffer no sync', 'settings': [
        {'kind': 'ZFS_PARAMETER', 'setting': 'zfs_dirty_data_max', 'value': bigger},
        {'kind': 'DATASET_PROPERTY', 'setting': 'sync', 'value': 'DISABLED'}]})
    try:
        there = rows(c.call('tuning.preset.preview', 'big-buffer-no-sync', MEDIA))
        assert there['zfs_dirty_data_max']['risk'] == 'CAUTION'
        assert 'more written data waits in RAM' in there['zfs_dirty_data_max']['risk_reason']
        assert there['zfs_dirty_data_max']['rationale'] == 'Set by this custom preset.'   # the reason says it
        assert there['sync']['risk'] == 'DANGEROUS'

        applied = c.job('tuning.preset.apply', 'big-buffer-no-sync', MEDIA, {'acknowledge': ['sync']})
        back = c.call('tuning.restore_point.preview', applied['restore_point_id'])
        buffer, sync = rows(back)['zfs_dirty_data_max'], rows(back)['sync']
        assert (buffer['current'], buffer['risk'], buffer['risk_reason']) == (bigger, 'SAFE', None)
        assert 'Lowering it: less written data waits in RAM' in buffer['rationale']
        assert 'more written data' not in buffer['rationale']
        assert (sync['proposed'], sync['risk']) == ('STANDARD', 'SAFE') and back['dangerous'] == []
        assert 'reach stable storage before they are acknowledged again' in sync['rationale']
        c.job('tuning.restore_point.revert', applied['restore_point_id'], [])
    finally:
        c.call('tuning.preset.delete', 'big-buffer-no-sync')
    assert not diff(before, full_snapshot(c))


def test_hdd_pool_gets_no_flash_trade_offs(c):
    plan = c.call('tuning.preset.preview', 'max-iops', MEDIA)
    assert not any('flash' in w for w in plan['warnings'] if w.startswith('Trade-off:'))
    assert not any(ch['setting'].startswith('zfs_vdev_') for ch in plan['changes'])
    assert any('16 KiB records' in w for w in plan['warnings'])


@pytest.mark.sandbox_only  # the sandbox's disks by name (sda in pool tank, sdh an unused SSD)
def test_device_choices_say_why_a_disk_is_not_offered(c):
    plan = c.call('tuning.preset.preview', 'max-iops', {**MEDIA, 'log_disks': ['sdh']})
    cache = {d['name']: d for d in plan['devices']['cache']}
    log = {d['name']: d for d in plan['devices']['log']}
    assert (log['sdh']['eligible'], log['sdh']['reason']) == (True, None)
    assert (cache['sdh']['eligible'], cache['sdh']['reason']) == (False, 'is already chosen as the log device')
    assert cache['sda']['reason'] == 'is in use by pool tank' and not cache['sda']['eligible']
    (prerequisite,) = [p for p in plan['prerequisites'] if p['id'] == 'cache']
    assert 'sdh (477 GiB SSD) is already chosen as the log device' in prerequisite['message']
    assert 'none is available' not in prerequisite['message']
