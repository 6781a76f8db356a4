"""Custom presets: validation with field paths, plans of base + overrides, DANGEROUS classification."""
import pytest

from tuning.core.presets import BUILTIN_IDS, build_plan, normalise_custom_settings, validate_custom_preset

from .boxes import make_ctx


def validate(data, existing=(), for_update=False):
    return validate_custom_preset(data, builtin_ids=set(BUILTIN_IDS), existing_ids=set(existing),
                                  for_update=for_update)


def custom(settings, base=None):
    return {'id': 'mine', 'name': 'Mine', 'builtin': False, 'base': base, 'settings': settings}


def rows(plan):
    return {r['key']: r for r in plan['changes']}


def test_valid_preset_has_no_errors():
    assert validate({'id': 'backup-box', 'name': 'Backups', 'base': 'max-seq-write',
                     'settings': [{'kind': 'ZFS_PARAMETER', 'setting': 'zfs_txg_timeout', 'value': '10'},
                                  {'kind': 'DATASET_PROPERTY', 'setting': 'sync', 'value': 'disabled'}]}) == []


@pytest.mark.parametrize('data, field, words', [
    ({'name': 'x', 'id': 'max-iops', 'base': 'balanced'}, 'id', 'built-in'),
    ({'name': 'x', 'id': 'Bad Id!', 'base': 'balanced'}, 'id', 'lower-case'),
    ({'name': 'x', 'id': 'taken', 'base': 'balanced'}, 'id', 'already exists'),
    ({'name': '', 'base': 'balanced'}, 'name', 'required'),
    ({'name': 'x', 'base': 'turbo'}, 'base', 'not a built-in'),
    ({'name': 'x', 'settings': []}, 'settings', 'at least one'),
    ({'name': 'x', 'settings': [{'kind': 'ZFS_PARAMETER', 'setting': 'zfs_arc_max', 'value': '1G'},
                                {'kind': 'ZFS_PARAMETER', 'setting': 'zfs_turbo', 'value': '1'}]},
     'settings.1.setting', 'not a ZFS_PARAMETER'),
    ({'name': 'x', 'settings': [{'kind': 'DATASET_PROPERTY', 'setting': 'recordsize', 'value': '1M'},
                                {'kind': 'DATASET_PROPERTY', 'setting': 'sync', 'value': 'standard'},
                                {'kind': 'DATASET_PROPERTY', 'setting': 'recordsize', 'value': '3M'}]},
     'settings.2.setting', 'already set by settings.0'),
    ({'name': 'x', 'settings': [{'kind': 'DATASET_PROPERTY', 'setting': 'recordsize', 'value': '3M'}]},
     'settings.0.value', 'power of two'),
    ({'name': 'x', 'settings': [{'kind': 'NOPE', 'setting': 'recordsize', 'value': '1M'}]},
     'settings.0.kind', 'must be one of'),
    ({'name': 'x', 'settings': [{'kind': 'POOL_DEVICE', 'setting': 'cache', 'value': 'sdh'}]},
     'settings.0.kind', 'cache_disks'),
    ({'name': 'x', 'settings': [{'kind': 'SYSCTL', 'setting': 'net.core.rmem_max', 'value': 5}]},
     'settings.0.value', 'must be a string'),
    ({'name': 'x', 'settings': [{'kind': 'SERVICE', 'setting': 'multichannel', 'value': 'true', 'extra': 1}]},
     'settings.0.extra', 'unknown field'),
])
def test_errors_name_the_field(data, field, words):
    errors = validate(data, existing={'taken'})
    assert field in [f for f, _ in errors], errors
    assert any(words in message for f, message in errors if f == field)


def test_update_validates_only_given_fields():
    assert validate({'description': 'new words'}, for_update=True) == []
    assert validate({'settings': [{'kind': 'SYSCTL', 'setting': 'net.core.rmem_max', 'value': 'x'}]},
                    for_update=True)[0][0] == 'settings.0.value'


def test_settings_are_stored_canonical():
    assert normalise_custom_settings([
        {'kind': 'DATASET_PROPERTY', 'setting': 'recordsize', 'value': '1m'},
        {'kind': 'DATASET_PROPERTY', 'setting': 'sync', 'value': 'disabled'},
        {'kind': 'ZFS_PARAMETER', 'setting': 'zfs_dirty_data_max', 'value': '2G'},
        {'kind': 'DATASET_PROPERTY', 'setting': 'atime', 'value': 'inherit'},
    ]) == [
        {'kind': 'DATASET_PROPERTY', 'setting': 'recordsize', 'value': '1M'},
        {'kind': 'DATASET_PROPERTY', 'setting': 'sync', 'value': 'DISABLED'},
        {'kind': 'ZFS_PARAMETER', 'setting': 'zfs_dirty_data_max', 'value': str(2 * 1024 ** 3)},
        {'kind': 'DATASET_PROPERTY', 'setting': 'atime', 'value': 'INHERIT'},
    ]


def test_custom_dangerous_values_are_classified(nas):
    plan = build_plan(custom([{'kind': 'DATASET_PROPERTY', 'setting': 'sync', 'value': 'DISABLED'},
                              {'kind': 'ZFS_PARAMETER', 'setting': 'zil_nocacheflush', 'value': '1'}]),
                      make_ctx(nas))
    assert plan['dangerous'] == ['DATASET_PROPERTY:tank:sync', 'ZFS_PARAMETER:global:zil_nocacheflush']
    sync = rows(plan)['DATASET_PROPERTY:tank:sync']
    assert sync['risk'] == 'DANGEROUS' and 'power cut' in sync['risk_reason']


def test_overrides_win_over_the_base(nas):
    plan = build_plan(custom([{'kind': 'DATASET_PROPERTY', 'setting': 'recordsize', 'value': '512K'},
                              {'kind': 'ZFS_PARAMETER', 'setting': 'zfs_txg_timeout', 'value': '10'}],
                             base='max-seq-write'), make_ctx(nas))
    changes = rows(plan)
    assert changes['DATASET_PROPERTY:tank:recordsize']['proposed'] == '512K'
    assert changes['DATASET_PROPERTY:tank:recordsize']['rationale'].startswith('Set by this custom preset.')
    assert changes['DATASET_PROPERTY:tank:atime']['proposed'] == 'OFF'  # from the base
    assert changes['ZFS_PARAMETER:global:zfs_txg_timeout']['risk'] == 'CAUTION'
    assert any(w.startswith('Trade-off:') for w in plan['warnings'])  # the base's costs
    assert plan['preset'] == 'mine'


def test_custom_without_base_is_only_its_settings(nas):
    plan = build_plan(custom([{'kind': 'SERVICE', 'setting': 'servers', 'value': '16'}]), make_ctx(nas))
    assert [r['key'] for r in plan['changes']] == ['SERVICE:nfs:servers']
    assert plan['changes'][0]['apply_mode'] == 'SERVICE_RESTART'


def test_missing_parameter_is_an_unmet_prerequisite_not_a_crash(nas):
    # zfs_dio_enabled only exists from OpenZFS 2.3; the seeds' NAS runs 2.2.7.
    plan = build_plan(custom([{'kind': 'ZFS_PARAMETER', 'setting': 'zfs_dio_enabled', 'value': '0'},
                              {'kind': 'DATASET_PROPERTY', 'setting': 'atime', 'value': 'OFF'}]), make_ctx(nas))
    assert [r['key'] for r in plan['changes']] == ['DATASET_PROPERTY:tank:atime']
    unmet = [p for p in plan['prerequisites'] if not p['met']]
    assert len(unmet) == 1 and 'zfs_dio_enabled' in unmet[0]['message'] and '2.2.7' in unmet[0]['message']


def test_custom_inherit_value(nas):
    plan = build_plan(custom([{'kind': 'DATASET_PROPERTY', 'setting': 'atime', 'value': 'INHERIT'}]),
                      make_ctx(nas, {'pool': 'tank', 'dataset': 'tank/media'}, dataset={'atime': 'OFF'}))
    row = rows(plan)['DATASET_PROPERTY:tank/media:atime']
    assert row['proposed_source'] == 'INHERIT' and row['current'] == 'OFF'


def notes_about_sync(plan):
    return [w for w in plan['warnings'] if 'Sync set to Disabled' in w or w.startswith('Synchronous writes is')]


def test_a_custom_sync_disabled_on_max_seq_write_is_not_also_called_not_part_of_the_preset(nas):
    target = {'pool': 'tank', 'dataset': 'tank/media'}
    plan = build_plan(custom([{'kind': 'DATASET_PROPERTY', 'setting': 'sync', 'value': 'DISABLED'}],
                             base='max-seq-write'), make_ctx(nas, target))
    assert rows(plan)['DATASET_PROPERTY:tank/media:sync']['proposed'] == 'DISABLED'
    assert not any(w.startswith('Not part of this preset') for w in plan['warnings']), plan['warnings']


def test_max_seq_write_on_a_box_already_at_sync_disabled_says_it_is_in_effect(nas):
    target = {'pool': 'tank', 'dataset': 'tank/media'}
    plan = build_plan('max-seq-write', make_ctx(nas, target, dataset={'sync': 'DISABLED'}))
    (note,) = notes_about_sync(plan)
    assert note.startswith('Synchronous writes is Disabled on tank/media now') and '(Dangerous: ' in note
    assert 'leaves it as it is' in note and 'Not part of this preset' not in note


def test_max_seq_write_keeps_its_note_when_sync_is_standard(nas):
    plan = build_plan('max-seq-write', make_ctx(nas, {'pool': 'tank', 'dataset': 'tank/media'}))
    (note,) = notes_about_sync(plan)
    assert note.startswith('Not part of this preset: Sync set to Disabled would be faster')
