"""The ladder's pool figure (issue 21 item 6): the newest local result measured under the settings in effect now,
or the newest, saying what it was measured under."""
from tuning.core.ladder.measured_under import choose_local, differences, setting_keys, with_measured_under

SYNC = 'DATASET_PROPERTY:tank/media:sync'
DIRTY = 'ZFS_PARAMETER:global:zfs_dirty_data_max'


def result(id_, sync, dirty='4294967296'):
    return {'id': id_, 'label': f'r{id_}', 'context': {'settings': [
        {'kind': 'DATASET_PROPERTY', 'scope': 'tank/media', 'setting': 'sync', 'value': sync, 'exists': True},
        {'kind': 'ZFS_PARAMETER', 'scope': 'global', 'setting': 'zfs_dirty_data_max', 'value': dirty}]}}


NOW = {SYNC: {'value': 'STANDARD', 'exists': True}, DIRTY: {'value': '4294950912', 'exists': True}}


def test_a_kernel_default_a_few_pages_apart_after_a_boot_is_the_same_setting():
    assert differences(result(1, 'STANDARD'), NOW) == []
    assert differences(result(1, 'STANDARD', dirty='8589934592'), NOW)[0]['setting'] == 'zfs_dirty_data_max'


def test_the_newest_result_under_todays_settings_is_chosen_and_newer_ones_said():
    chosen, diffs, passed = choose_local([result(3, 'DISABLED'), result(2, 'STANDARD')], NOW)
    assert chosen['id'] == 2 and diffs == [] and [p['id'] for p in passed] == [3]
    assert setting_keys([result(3, 'DISABLED')]) == [SYNC, DIRTY]


def test_with_none_under_todays_settings_the_newest_says_what_it_was_measured_under():
    chosen, diffs, passed = choose_local([result(3, 'DISABLED')], NOW)
    assert chosen['id'] == 3 and passed == []
    ladder = {'verdict': 'Clients are limited by the network.', 'layers': [
        {'layer': 'POOL', 'source': {'kind': 'BENCHMARK', 'id': 3}, 'note': 'Benchmark #3.'}]}
    out = with_measured_under(ladder, chosen, diffs, passed)
    assert out['layers'][0]['current_settings'] is False
    assert out['verdict'].endswith("The pool's figure (benchmark #3) was measured under Synchronous writes Disabled "
                                   'on tank/media (now Standard), not the settings in effect now.')
    assert choose_local([], NOW) == (None, [], [])


def test_each_setting_then_carries_its_name_and_unit_for_the_panel():
    (dirty,) = differences(result(1, 'STANDARD', dirty='8589934592'), NOW)
    assert dirty == {'kind': 'ZFS_PARAMETER', 'scope': 'global', 'setting': 'zfs_dirty_data_max',
                     'name': 'Write buffer size', 'then': '8589934592', 'now': '4294950912', 'unit': 'BYTES',
                     'zero_is_default': False}
    (sync,) = differences(result(1, 'DISABLED'), NOW)
    assert (sync['unit'], sync['zero_is_default']) == (None, False)
    arc = {'id': 1, 'context': {'settings': [
        {'kind': 'ZFS_PARAMETER', 'scope': 'global', 'setting': 'zfs_arc_max', 'value': '0'}]}}
    (row,) = differences(arc, {'ZFS_PARAMETER:global:zfs_arc_max': {'value': str(24 * 2 ** 30)}})
    assert (row['unit'], row['zero_is_default']) == ('BYTES', True)
    ladder = {'verdict': 'v.', 'layers': [{'layer': 'POOL', 'source': {'kind': 'BENCHMARK', 'id': 1}, 'note': ''}]}
    assert 'Maximum ARC size 0 (OpenZFS default) (now 24 GiB)' in with_measured_under(ladder, arc, [row], [])['verdict']
