"""Every built-in preset on the three reference boxes: hardware-aware rules and plan invariants."""
import pytest

from .boxes import make_ctx
from tuning.core.presets import BUILTIN_IDS, build_plan
from tuning.core.presets.constants import KINDS

GiB = 1024 ** 3
SEQUENTIAL = ('max-seq-write', 'max-seq-read', 'media-streaming', 'smb-files')


def rows(plan, section='changes'):
    return {r['key']: r for r in plan[section]}


def proposed(plan, key):
    row = rows(plan).get(key) or rows(plan, 'unchanged').get(key)
    return row['proposed'] if row else None


@pytest.mark.parametrize('preset_id', BUILTIN_IDS)
def test_no_builtin_preset_is_dangerous(any_box, preset_id):
    plan = build_plan(preset_id, make_ctx(any_box))
    assert plan['dangerous'] == []
    assert all(r['risk'] != 'DANGEROUS' for r in plan['changes'] + plan['unchanged'])


@pytest.mark.parametrize('preset_id', BUILTIN_IDS)
def test_plan_shape_and_order(any_box, preset_id):
    plan = build_plan(preset_id, make_ctx(any_box))
    assert plan['preset'] == preset_id
    for row in plan['changes']:
        assert row['key'] == f'{row["kind"]}:{row["scope"]}:{row["setting"]}'
        assert row['apply_mode'] in ('LIVE', 'NEW_DATA', 'SERVICE_RESTART', 'REBOOT')
        assert row['rationale'] and row['source']
        # a reason for every risky row; a safe one has one only when applying it restarts a service (what it cuts)
        assert ('risk_reason' in row) == (row['risk'] != 'SAFE' or row['apply_mode'] == 'SERVICE_RESTART')
    kinds = [KINDS.index(r['kind']) for r in plan['changes']]
    assert kinds == sorted(kinds)
    assert plan['needs_reboot'] == any(r['apply_mode'] == 'REBOOT' for r in plan['changes'])
    assert build_plan(preset_id, make_ctx(any_box)) == plan  # deterministic


@pytest.mark.parametrize('preset_id', BUILTIN_IDS)
def test_changes_exclude_values_already_in_place(any_box, preset_id):
    plan = build_plan(preset_id, make_ctx(any_box))
    assert all(r['current'] != r['proposed'] for r in plan['changes'] if 'proposed_source' not in r)
    assert all(r['current'] == r['proposed'] for r in plan['unchanged'])


def test_already_applied_values_move_to_unchanged(nas):
    first = build_plan('max-seq-write', make_ctx(nas))
    assert 'DATASET_PROPERTY:tank:recordsize' in rows(first)
    again = build_plan('max-seq-write', make_ctx(
        nas, dataset={'recordsize': '1M', 'atime': 'off', 'logbias': 'throughput'},
        params={'zfs_dirty_data_max': str(4 * GiB)}, services={'multichannel': 'true'}))
    assert again['changes'] == []
    assert {'DATASET_PROPERTY:tank:recordsize', 'ZFS_PARAMETER:global:zfs_dirty_data_max'} <= set(rows(again, 'unchanged'))


@pytest.mark.parametrize('preset_id', SEQUENTIAL + ('max-iops', 'vm-block'))
def test_prefetch_never_disabled(any_box, preset_id):
    plan = build_plan(preset_id, make_ctx(any_box))
    assert proposed(plan, 'ZFS_PARAMETER:global:zfs_prefetch_disable') in (None, '0')


def test_sequential_read_presets_turn_prefetch_back_on(nas):
    for preset_id in ('max-seq-read', 'media-streaming'):
        plan = build_plan(preset_id, make_ctx(nas, params={'zfs_prefetch_disable': '1'}))
        assert rows(plan)['ZFS_PARAMETER:global:zfs_prefetch_disable']['proposed'] == '0'


def test_seeds_nas_max_seq_write(nas):
    plan = build_plan('max-seq-write', make_ctx(nas))
    changes = rows(plan)
    assert changes['DATASET_PROPERTY:tank:recordsize']['proposed'] == '1M'
    assert changes['DATASET_PROPERTY:tank:recordsize']['apply_mode'] == 'NEW_DATA'
    # min(32 GiB / 8, 8 GiB) = 4 GiB, equal to the 4 GiB load-time bound: no reboot needed.
    assert changes['ZFS_PARAMETER:global:zfs_dirty_data_max']['proposed'] == str(4 * GiB)
    assert 'ZFS_PARAMETER:global:zfs_dirty_data_max_max' not in changes
    assert plan['needs_reboot'] is False
    # HDD pool: no vdev queue changes; 1 GbE: no socket buffers, but a warning about the link cap.
    assert not any('max_active' in k for k in changes)
    assert not any(r['kind'] == 'SYSCTL' for r in plan['changes'])
    assert any('~118 MB/s' in w for w in plan['warnings'])
    assert changes['SERVICE:smb:multichannel']['apply_mode'] == 'SERVICE_RESTART'
    assert plan['computed_for'] == {'ram_bytes': 32 * GiB, 'arc_max_bytes': 16 * GiB, 'pool_layout': 'RAIDZ2 7×HDD',
                                    'disk_kind': 'HDD', 'nic_speed_mbps': 1000, 'openzfs_version': '2.2.7'}


def test_big_box_raises_the_load_time_bound_and_needs_reboot(nvme):
    plan = build_plan('max-seq-write', make_ctx(nvme))
    changes = rows(plan)
    assert changes['ZFS_PARAMETER:global:zfs_dirty_data_max']['proposed'] == str(8 * GiB)
    assert changes['ZFS_PARAMETER:global:zfs_dirty_data_max']['apply_mode'] == 'LIVE'
    bound = changes['ZFS_PARAMETER:global:zfs_dirty_data_max_max']
    assert (bound['current'], bound['proposed'], bound['apply_mode']) == (str(4 * GiB), str(8 * GiB), 'REBOOT')
    assert plan['needs_reboot'] is True
    assert changes['ZFS_PARAMETER:global:zfs_vdev_async_write_max_active']['proposed'] == '32'
    assert changes['SYSCTL:global:net.core.rmem_max']['proposed'] == str(128 * 1024 ** 2)
    # Only the maximum of the TCP triple is raised; min/default stay as read.
    assert changes['SYSCTL:global:net.ipv4.tcp_rmem']['proposed'] == '4096 131072 134217728'
    assert not any('~118 MB/s' in w for w in plan['warnings'])


def test_small_box_write_buffer(small):
    plan = build_plan('max-seq-write', make_ctx(small))
    assert rows(plan)['ZFS_PARAMETER:global:zfs_dirty_data_max']['proposed'] == str(1 * GiB)
    assert plan['needs_reboot'] is False


def test_read_only_parameter_becomes_reboot(nas):
    plan = build_plan('max-seq-write', make_ctx(nas, readonly={'zfs_dirty_data_max'}))
    assert rows(plan)['ZFS_PARAMETER:global:zfs_dirty_data_max']['apply_mode'] == 'REBOOT'
    assert plan['needs_reboot'] is True


def test_buffers_are_never_shrunk(nvme):
    plan = build_plan('max-seq-write', make_ctx(nvme, sysctls={'net.core.rmem_max': str(512 * 1024 ** 2)}))
    assert 'SYSCTL:global:net.core.rmem_max' in rows(plan, 'unchanged')


def test_vdev_queues_only_on_flash(nas, nvme, small):
    for box in (nas, small):
        for preset_id in BUILTIN_IDS[1:]:
            plan = build_plan(preset_id, make_ctx(box))
            assert not any('zfs_vdev_' in r['setting'] for r in plan['changes'])
    iops = rows(build_plan('max-iops', make_ctx(nvme)))
    assert iops['ZFS_PARAMETER:global:zfs_vdev_sync_read_max_active']['proposed'] == '32'
    assert iops['ZFS_PARAMETER:global:zfs_vdev_sync_read_max_active']['risk'] == 'CAUTION'


def test_max_seq_read_on_flash_extends_prefetch(nvme):
    changes = rows(build_plan('max-seq-read', make_ctx(nvme)))
    assert changes['ZFS_PARAMETER:global:zfetch_max_distance']['proposed'] == str(256 * 1024 ** 2)
    assert changes['ZFS_PARAMETER:global:zfs_vdev_async_read_max_active']['proposed'] == '16'


def test_absent_parameters_are_never_proposed(nas):
    # l2arc_write_boost was removed after OpenZFS 2.4: a box without it must not get it proposed.
    ctx = make_ctx(dict(nas), {'pool': 'tank', 'cache_disks': ['sdh']}, missing={'l2arc_write_boost'})
    plan = build_plan('max-seq-read', ctx)
    keys = set(rows(plan)) | set(rows(plan, 'unchanged'))
    assert 'ZFS_PARAMETER:global:l2arc_write_max' in keys
    assert not any('l2arc_write_boost' in k for k in keys)
    assert 'Not on this box, so not proposed: Cache device extra fill (l2arc_write_boost).' in plan['warnings']
    with_it = build_plan('max-seq-read', make_ctx(nas, {'pool': 'tank', 'cache_disks': ['sdh']}))
    assert 'ZFS_PARAMETER:global:l2arc_write_boost' in rows(with_it)


def test_zvol_target_skips_filesystem_only_properties(nas):
    ctx = make_ctx(nas, {'pool': 'tank', 'dataset': 'tank/vm'}, volume=True)
    plan = build_plan('vm-block', ctx)
    settings = {r['setting'] for r in plan['changes'] + plan['unchanged']}
    assert 'recordsize' not in settings and 'atime' not in settings
    assert not any('Not on this box' in w for w in plan['warnings'])


def test_child_dataset_scope(nas):
    plan = build_plan('media-streaming', make_ctx(nas, {'pool': 'tank', 'dataset': 'tank/media'}))
    assert rows(plan)['DATASET_PROPERTY:tank/media:recordsize']['proposed'] == '1M'


def test_vm_block_turns_sync_always_only_with_a_slog(nas):
    without = build_plan('vm-block', make_ctx(nas))
    assert 'DATASET_PROPERTY:tank:sync' not in rows(without)
    assert any(w.startswith('The Sync setting stays Standard') for w in without['warnings'])
    with_slog = build_plan('vm-block', make_ctx(nas, {'pool': 'tank', 'log_disks': ['sdh']}))
    assert rows(with_slog)['DATASET_PROPERTY:tank:sync']['proposed'] == 'ALWAYS'
    assert rows(with_slog)['DATASET_PROPERTY:tank:sync']['risk'] == 'SAFE'


def test_multichannel_needs_several_links_or_a_fast_one(nas, small, nvme):
    assert 'SERVICE:smb:multichannel' in rows(build_plan('smb-files', make_ctx(nas)))
    assert 'SERVICE:smb:multichannel' in rows(build_plan('smb-files', make_ctx(nvme)))
    assert 'SERVICE:smb:multichannel' not in rows(build_plan('smb-files', make_ctx(small)))


def test_costs_are_warnings(nas):
    plan = build_plan('max-iops', make_ctx(nas))
    assert any(w.startswith('Trade-off:') and '16 KiB records' in w for w in plan['warnings'])


def test_bad_target_names_the_field(nas):
    from tuning.core.presets import PlanInputError
    with pytest.raises(PlanInputError) as e:
        build_plan('max-iops', make_ctx(nas, {'pool': 'nope'}) | {'target': {'pool': 'nope'}})
    assert e.value.errors[0][0] == 'target.pool'
    ctx = make_ctx(nas)
    ctx['target'] = {'pool': 'tank', 'dataset': 'other/x'}
    with pytest.raises(PlanInputError) as e:
        build_plan('max-iops', ctx)
    assert e.value.errors == [('target.dataset', "'other/x' is not in pool 'tank'")]
    with pytest.raises(PlanInputError) as e:
        build_plan('no-such-preset', make_ctx(nas))
    assert e.value.errors[0][0] == 'id'
