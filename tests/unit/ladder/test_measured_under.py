"""The ladder's pool figure (issue 21 item 6): the newest local result measured under the settings in effect now,
or the newest, saying what it was measured under."""
from tuning.core.ladder.measured_under import (
    choose_local, differences, safe_alternative, setting_keys, with_measured_under,
)

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
    assert ("The pool's figure (benchmark #3) was measured under Synchronous writes Disabled on tank/media (now "
            'Standard), not the settings in effect now.') in out['verdict']
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


def test_a_service_setting_is_said_without_repeating_its_service():
    smb = {'id': 1, 'context': {'settings': [
        {'kind': 'SERVICE', 'scope': 'smb', 'setting': 'multichannel', 'value': 'true', 'exists': True}]}}
    (row,) = differences(smb, {'SERVICE:smb:multichannel': {'value': 'false', 'exists': True}})
    ladder = {'verdict': 'v.', 'layers': [{'layer': 'POOL', 'source': {'kind': 'BENCHMARK', 'id': 1}, 'note': ''}]}
    verdict = with_measured_under(ladder, smb, [row], [])['verdict']
    assert 'SMB multichannel on (now off)' in verdict and ' on smb' not in verdict


def figures(stored, write, read=None):
    summary = {'SEQ_WRITE': {'write_bw_bytes': {'median': write}}}
    if read is not None:
        summary['SEQ_READ'] = {'read_bw_bytes': {'median': read}}
    return {**stored, 'summary': summary}


def pool_ladder(id_):
    return {'verdict': 'Writes: The pool moves 1,686 MB/s locally.', 'layers': [
        {'layer': 'POOL', 'source': {'kind': 'BENCHMARK', 'id': id_}, 'note': f'Benchmark #{id_}.'}]}


LOOSE_NOW = {**NOW, SYNC: {'value': 'DISABLED', 'exists': True}}


def test_a_figure_measured_with_sync_disabled_says_so_and_names_the_newest_one_measured_without_it():
    # the box holds sync=disabled now (an own preset applied): the figure measured under it is what the pool does
    # today, but never silently
    candidates = [figures(result(5, 'DISABLED'), 1_686e6), figures(result(3, 'STANDARD'), 412e6, 600e6)]
    chosen, diffs, passed = choose_local(candidates, LOOSE_NOW)
    assert chosen['id'] == 5 and diffs == [] and passed == []
    out = with_measured_under(pool_ladder(5), chosen, diffs, passed, safe_alternative(candidates, chosen))
    (layer,) = out['layers']
    assert layer['data_loss_settings'] == [{
        'kind': 'DATASET_PROPERTY', 'setting': 'sync', 'name': 'Synchronous writes', 'scope': 'tank/media',
        'value': 'DISABLED', 'words': 'Synchronous writes Disabled on tank/media: not safe on power loss'}]
    said = ('Measured with Synchronous writes Disabled on tank/media: not safe on power loss; without it writes may '
            'be slower. Benchmark #3 was measured without it: it wrote 412 MB/s and read 600 MB/s.')
    assert layer['note'] == f'Benchmark #5. {said}'
    assert out['verdict'] == f"Writes: The pool moves 1,686 MB/s locally. The pool's figure (benchmark #5) was " \
                             f'{said[:1].lower()}{said[1:]}'


def test_with_none_under_todays_settings_one_measured_with_safe_writes_is_preferred_to_newer_unsafe_ones():
    candidates = [result(7, 'DISABLED', dirty='8589934592'), result(6, 'STANDARD', dirty='8589934592')]
    chosen, diffs, passed = choose_local(candidates, NOW)
    assert chosen['id'] == 6 and [d['setting'] for d in diffs] == ['zfs_dirty_data_max']
    assert [p['id'] for p in passed] == [7]
    out = with_measured_under(pool_ladder(6), chosen, diffs, passed, safe_alternative(candidates, chosen))
    (layer,) = out['layers']
    assert layer['data_loss_settings'] == [] and layer['current_settings'] is False
    assert ('Newer results measured with settings that can lose data on power loss are left out: #7 (Synchronous '
            'writes Disabled on tank/media (now Standard), Write buffer size 8 GiB (now 4 GiB)).') in layer['note']
    assert 'not safe' not in out['verdict']
    # only unsafe ones: the newest stands, and says it
    unsafe = [result(7, 'DISABLED'), result(4, 'DISABLED')]
    chosen, diffs, passed = choose_local(unsafe, NOW)
    assert chosen['id'] == 7 and passed == [] and safe_alternative(unsafe, chosen) is None
    out = with_measured_under(pool_ladder(7), chosen, diffs, passed)
    assert out['verdict'].endswith('was measured with Synchronous writes Disabled on tank/media: not safe on power '
                                   'loss; without it writes may be slower.')


def test_a_result_that_recorded_no_settings_is_unknown_not_safe():
    bare = {'id': 2, 'label': 'r2', 'context': {}}
    chosen, _, _ = choose_local([bare], NOW)
    out = with_measured_under(pool_ladder(2), chosen, [], [])
    assert out['layers'][0]['data_loss_settings'] is None and 'power loss' not in out['verdict']


def test_a_reports_ladder_says_its_pool_figure_was_measured_with_writes_not_safe_on_power_loss(tmp_path):
    from tuning.ladder import report_ladders
    from tuning.store import Database, benchmarks, disk_reads
    db = Database(str(tmp_path / 'tuning.db'))
    try:
        context = {**result(1, 'DISABLED')['context'], 'target': {'dataset': 'tank/media', 'pool': 'tank'}}
        stored = benchmarks.insert_benchmark(
            db, label='loose', source='FIO', spec={}, context=context, runs={}, jobs=[], notes=[], raw={},
            summary={'SEQ_WRITE': {'write_bw_bytes': {'median': 1_686e6}}})
        disk_reads.insert_disk_read(db, pool='tank', stand_in=True, total_read_bytes_per_second=1e9,
                                    disks=[{'name': 'sda', 'device': '/d', 'read_bytes_per_second': 1e9,
                                            'seconds': 3.0, 'error': None}],
                                    options={'pool': 'tank', 'seconds_per_disk': 3})
        (ladder,) = report_ladders(db, [stored])
        assert ladder['verdict'].endswith(f"The pool's figure (benchmark #{stored['id']}) was measured with "
                                          'Synchronous writes Disabled on tank/media: not safe on power loss; '
                                          'without it writes may be slower.')
    finally:
        db.close()
