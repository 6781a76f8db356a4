"""A result's preset in words that say whether it was in effect yet (core.measured_preset), in the report too: a
result measured while the preset's settings waited for a reboot is not credited to the preset."""
from tuning.core.measured_preset import measured_preset_fields, no_preset_words, preset_words
from tuning.core.report import build_report, render

BOOT = {'id': 'boot-buffer', 'name': 'Boot buffer', 'restore_point_id': 3, 'target': {'pool': 'tank'}}
DIRTY = 'ZFS_PARAMETER:GLOBAL:zfs_dirty_data_max_max'


def state(pending_rp=3, changes=1):
    """``tuning.current_state``'s parts the record reads: restore point 3 changed ``changes`` settings."""
    in_effect = [{'key': f'K{i}', 'restore_point_id': 3, 'restore_point_changes': changes} for i in range(changes)]
    return {'in_effect': in_effect + [{'key': 'OTHER', 'restore_point_id': 2, 'restore_point_changes': 4}],
            'pending_reboot': [{'key': DIRTY, 'restore_point_id': pending_rp}]}


def test_the_record_counts_only_the_active_presets_settings_waiting_for_a_reboot():
    assert measured_preset_fields(3, state()) == {'changed': 1, 'pending_reboot': [DIRTY]}
    assert measured_preset_fields(3, state(changes=3)) == {'changed': 3, 'pending_reboot': [DIRTY]}
    # waiting since an earlier preset: not this one's
    assert measured_preset_fields(3, state(pending_rp=2)) == {'changed': 1, 'pending_reboot': []}
    assert measured_preset_fields(3, {'in_effect': [], 'pending_reboot': []}) == {'changed': 0, 'pending_reboot': []}


def test_a_preset_waiting_for_a_reboot_is_named_so():
    assert preset_words({'preset': {**BOOT, **measured_preset_fields(3, state())}}) == \
        'Boot buffer (not yet in effect: waiting for a reboot)'
    assert preset_words({'preset': {**BOOT, **measured_preset_fields(3, state(changes=3))}}) == \
        'Boot buffer (partly: 1 setting waiting for a reboot)'
    assert preset_words({'preset': {**BOOT, 'changed': 5, 'pending_reboot': ['A', 'B']}}) == \
        'Boot buffer (partly: 2 settings waiting for a reboot)'
    assert preset_words({'preset': {**BOOT, **measured_preset_fields(3, state(pending_rp=2))},
                         'pending_reboot': [DIRTY]}) == 'Boot buffer'
    assert preset_words({'preset': None, 'pending_reboot': [DIRTY]}) is None


def test_an_older_record_says_what_waited_without_crediting_or_blaming_the_preset():
    assert preset_words({'preset': BOOT, 'pending_reboot': [DIRTY]}) == 'Boot buffer (1 setting waiting for a reboot)'
    assert preset_words({'preset': BOOT, 'pending_reboot': []}) == 'Boot buffer'
    assert preset_words({'preset': {'id': 'max-iops'}}) == 'Max IOPS'   # a built-in's name from the catalogue


def test_the_report_names_a_pending_preset_as_not_yet_in_effect(results, comparison):
    results[1]['context']['preset'] = {**BOOT, 'changed': 1, 'pending_reboot': [DIRTY]}
    report = build_report(results, comparison, title='t', generated_at='2025-06-01T11:00:00Z')
    (configuration,) = [c for c in report['configurations'] if c['id'] == results[1]['id']]
    assert configuration['preset_name'] == 'Boot buffer'
    assert configuration['preset_words'] == 'Boot buffer (not yet in effect: waiting for a reboot)'
    for name in ('HTML', 'MARKDOWN'):
        text = render(report, name)[0].decode()
        assert 'Boot buffer (not yet in effect: waiting for a reboot)' in text, name


def test_a_label_made_up_for_a_result_names_the_preset_as_the_report_does():
    from tuning.flows.bench_run import default_label
    context = {'preset': {**BOOT, 'changed': 1, 'pending_reboot': [DIRTY]}}
    assert default_label({'dataset': 'tank', 'profile': 'QUICK'}, context) == \
        'Boot buffer (not yet in effect: waiting for a reboot) · tank · Quick test'
    assert default_label({'dataset': 'tank'}, {'preset': None}) == 'No preset · tank · Quick test'


def test_no_preset_with_settings_waiting_for_a_reboot_does_not_pass_for_a_plain_baseline(results, comparison):
    # a preset reverted but not rebooted away: the box still ran its values
    assert no_preset_words({'preset': None, 'pending_reboot': [DIRTY]}) == 'none (1 setting waiting for a reboot)'
    assert no_preset_words({'preset': None, 'pending_reboot': [DIRTY, 'X']}) == 'none (2 settings waiting for a reboot)'
    assert no_preset_words({'preset': None, 'pending_reboot': []}) is None
    assert no_preset_words({'preset': BOOT, 'pending_reboot': [DIRTY]}) is None   # preset_words says it then
    results[0]['context']['preset'] = None
    results[0]['context']['pending_reboot'] = [DIRTY]
    report = build_report(results, comparison, title='t', generated_at='2025-06-01T11:00:00Z')
    (configuration,) = [c for c in report['configurations'] if c['id'] == results[0]['id']]
    assert configuration['preset_words'] == 'none (1 setting waiting for a reboot)'
    for name in ('HTML', 'MARKDOWN'):
        assert 'none (1 setting waiting for a reboot)' in render(report, name)[0].decode(), name
