"""balanced: back to the box's own defaults (first-seen values, inherited dataset properties)."""
from tuning.core.presets import build_plan

from .boxes import make_ctx

GiB = 1024 ** 3


def rows(plan, section='changes'):
    return {r['key']: r for r in plan[section]}


def test_balanced_on_an_untouched_box_changes_nothing(any_box):
    plan = build_plan('balanced', make_ctx(any_box))
    assert plan['changes'] == []
    assert plan['unchanged']  # it did look at every knob
    assert not any('Not on this box' in w for w in plan['warnings'])


def test_balanced_returns_to_the_recorded_first_seen_value(nas):
    first_seen = {'ZFS_PARAMETER:global:zfs_dirty_data_max': '3435973836', 'SERVICE:smb:multichannel': 'false',
                'SYSCTL:global:net.core.rmem_max': '4194304'}
    tuned = make_ctx(nas, first_seen=first_seen, params={'zfs_dirty_data_max': str(4 * GiB)},
                     services={'multichannel': 'true'}, sysctls={'net.core.rmem_max': '4194304'},
                     dataset={'recordsize': '1M', 'atime': 'OFF'})
    plan = build_plan('balanced', tuned)
    changes = rows(plan)
    assert changes['ZFS_PARAMETER:global:zfs_dirty_data_max']['proposed'] == '3435973836'
    assert changes['SERVICE:smb:multichannel']['proposed'] == 'false'
    # A sysctl whose first-seen value was already non-default (distro value) is kept at that value.
    assert 'SYSCTL:global:net.core.rmem_max' in rows(plan, 'unchanged')
    recordsize = changes['DATASET_PROPERTY:tank:recordsize']
    assert recordsize['proposed_source'] == 'INHERIT' and recordsize['current'] == '1M'
    assert recordsize['proposed'] == '128K'
    assert changes['DATASET_PROPERTY:tank:atime']['proposed_source'] == 'INHERIT'


def test_balanced_falls_back_to_box_defaults_without_first_seen_values(nvme):
    plan = build_plan('balanced', make_ctx(nvme, params={'zfs_vdev_async_read_max_active': '16',
                                                         'zfs_dirty_data_max': str(8 * GiB)}))
    changes = rows(plan)
    assert changes['ZFS_PARAMETER:global:zfs_vdev_async_read_max_active']['proposed'] == '3'
    assert changes['ZFS_PARAMETER:global:zfs_dirty_data_max']['proposed'] == str(4 * GiB)  # 128 GiB box default


def test_balanced_undoes_every_builtin_preset(any_box):
    """Apply each preset's proposals to a snapshot, then balanced must propose every one of them back."""
    from tuning.core.presets import BUILTIN_IDS
    pool = any_box['pools'][0]['name']
    for preset_id in BUILTIN_IDS[1:]:
        plan = build_plan(preset_id, make_ctx(any_box))
        params = {r['setting']: r['proposed'] for r in plan['changes'] if r['kind'] == 'ZFS_PARAMETER'}
        sysctls = {r['setting']: r['proposed'] for r in plan['changes'] if r['kind'] == 'SYSCTL'}
        services = {r['setting']: r['proposed'] for r in plan['changes'] if r['kind'] == 'SERVICE'}
        dataset = {r['setting']: r['proposed'] for r in plan['changes'] if r['kind'] == 'DATASET_PROPERTY'}
        back = build_plan('balanced', make_ctx(any_box, params=params, sysctls=sysctls, services=services,
                                               dataset=dataset))
        touched = {r['key'] for r in plan['changes'] if r['kind'] != 'POOL_DEVICE'}
        assert touched == {r['key'] for r in back['changes']}, preset_id
        assert all(r['proposed_source'] == 'INHERIT' for r in back['changes'] if r['kind'] == 'DATASET_PROPERTY')
        assert pool in {r['scope'] for r in back['changes'] if r['kind'] == 'DATASET_PROPERTY'} or not dataset


def test_balanced_never_removes_devices_but_warns(nas):
    ctx = make_ctx(nas, first_seen={'POOL_DEVICE:tank:cache': ''}, pool_devices={'cache': 'sdh'})
    plan = build_plan('balanced', ctx)
    assert not any(r['kind'] == 'POOL_DEVICE' for r in plan['changes'])
    assert 'L2ARC cache device sdh was added to pool tank after tuning first read it; Balanced leaves it in place (remove ' \
           'it from the pool to compare without).' in plan['warnings']


def test_child_dataset_already_inheriting_is_unchanged(nas):
    plan = build_plan('balanced', make_ctx(nas, {'pool': 'tank', 'dataset': 'tank/media'}))
    assert rows(plan, 'unchanged')['DATASET_PROPERTY:tank/media:recordsize']['proposed_source'] == 'INHERIT'
    local = build_plan('balanced', make_ctx(nas, {'pool': 'tank', 'dataset': 'tank/media'},
                                            dataset={'recordsize': ('128K', 'LOCAL')}))
    # Locally set, even to the default value: on a child dataset inheriting is a real change.
    assert rows(local)['DATASET_PROPERTY:tank/media:recordsize']['proposed_source'] == 'INHERIT'


def test_dataset_property_at_its_recorded_first_seen_value_is_kept(nas):
    # The admin had recordsize=1M before tuning: that is this box's own state, balanced keeps it.
    ctx = make_ctx(nas, first_seen={'DATASET_PROPERTY:tank:recordsize': '1M'}, dataset={'recordsize': '1M'})
    plan = build_plan('balanced', ctx)
    assert 'DATASET_PROPERTY:tank:recordsize' in rows(plan, 'unchanged')
    moved = build_plan('balanced', make_ctx(nas, first_seen={'DATASET_PROPERTY:tank:recordsize': '1M'},
                                            dataset={'recordsize': '16K'}))
    assert rows(moved)['DATASET_PROPERTY:tank:recordsize']['proposed_source'] == 'INHERIT'
