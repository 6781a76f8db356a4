"""What the apply/revert transaction says: progress, a failure and its rollback, the reboot reason it registers and
start-up's notes, by the settings' names in words and their values in units, with proper plurals (the panel's
change-failure note leaves these words to the job's message)."""
import errno
import inspect

import pytest

from test_startup import replace_method
from tuning.transaction.engine import change_words, done_words, reboot_reason, rollback_summary
from tuning.transaction.recovery import after_boot_words, interrupted_words
from tuning_host.runtime import CallError

MEDIA = {'pool': 'tank', 'dataset': 'tank/media'}
DIRTY_MAX = 'ZFS_PARAMETER:global:zfs_dirty_data_max_max'


def test_a_change_is_said_by_the_settings_name_with_its_value_in_units():
    record = {'key': 'DATASET_PROPERTY:tank/media:recordsize', 'kind': 'DATASET_PROPERTY', 'scope': 'tank/media',
              'setting': 'recordsize', 'proposed': '1M'}
    assert change_words(record) == 'Record size to 1 MiB on tank/media'
    assert change_words({**record, 'proposed_source': 'INHERIT'}) == 'Record size to its inherited value on tank/media'
    sync = {**record, 'setting': 'sync', 'proposed': 'DISABLED'}
    assert change_words(sync) == 'Synchronous writes to Disabled on tank/media'
    arc = {'kind': 'ZFS_PARAMETER', 'scope': 'global', 'setting': 'zfs_arc_max', 'proposed': str(24 * 2 ** 30)}
    assert change_words(arc) == 'Maximum ARC size to 24 GiB'


def test_counts_have_proper_plurals():
    assert done_words('APPLY', 1, 0) == 'Apply done: 1 change'
    assert done_words('REVERT', 3, 1) == 'Revert done: 3 changes, 1 waiting for a reboot'
    assert rollback_summary(['Record size'], []) == 'Rolled back 1 change (Record size).'
    assert rollback_summary(['Record size', 'Synchronous writes'], [('Compression', 'busy')]) == (
        'Rolled back 2 changes (Record size, Synchronous writes). Could not put back: Compression (busy).')
    assert rollback_summary([], []) == 'Nothing had been changed yet.'
    assert interrupted_words(1, 1) == 'Interrupted by a host stop after 1 of 1 change.'
    assert interrupted_words(0, 3) == 'Interrupted by a host stop after 0 of 3 changes.'
    one = [{'key': DIRTY_MAX, 'setting': 'zfs_dirty_data_max_max'}]
    assert reboot_reason(one) == 'Tuning: 1 setting takes effect after a reboot: Write buffer limit'
    two = one + [{'key': 'ZFS_PARAMETER:global:zfs_arc_max', 'setting': 'zfs_arc_max'}]
    assert reboot_reason(two) == ('Tuning: 2 settings take effect after a reboot: Write buffer limit, '
                                  'Maximum ARC size')


def test_start_up_says_a_checked_setting_by_name_and_in_units():
    item = {'key': DIRTY_MAX, 'setting': 'zfs_dirty_data_max_max', 'proposed': str(6 * 2 ** 30)}
    assert after_boot_words(item, str(6 * 2 ** 30), 'VERIFIED') == 'Write buffer limit 6 GiB verified after reboot.'
    assert after_boot_words(item, str(4 * 2 ** 30), 'DEFAULT') == (
        "Write buffer limit is back to the box's own default (4 GiB) after reboot.")
    assert after_boot_words(item, str(4 * 2 ** 30), 'PENDING') == (
        'Write buffer limit is 4 GiB after reboot, expected 6 GiB; it stays listed as waiting for a reboot.')


def test_a_failed_apply_says_what_failed_and_what_it_put_back_in_words(box, monkeypatch):
    box.call('tuning.preset.create', {'name': 'Two', 'settings': [
        {'kind': 'DATASET_PROPERTY', 'setting': 'recordsize', 'value': '1M'},
        {'kind': 'DATASET_PROPERTY', 'setting': 'sync', 'value': 'ALWAYS'}]})
    plan = box.call('tuning.preset.preview', 'two', MEDIA)
    assert [c['setting'] for c in plan['changes']] == ['recordsize', 'sync']
    _, update = box.mw.get_method('pool.dataset.update')
    writes = []

    async def refuse_the_second(*args):
        writes.append(args)
        if len(writes) == 2:
            raise CallError('the dataset is busy', errno.EBUSY)
        done = update(*args)
        return await done if inspect.isawaitable(done) else done

    replace_method(monkeypatch, box.mw, 'pool.dataset.update', refuse_the_second)
    with pytest.raises(CallError) as e:
        box.call('tuning.preset.apply', 'two', MEDIA, {'acknowledge': []})
    assert e.value.errmsg == ('Setting Synchronous writes to Always on tank/media failed: the dataset is busy. '
                              'Rolled back 2 changes (Synchronous writes, Record size).')   # newest first
    (rp,) = box.call('tuning.restore_point.query')
    assert rp['state'] == 'ROLLED_BACK' and rp['message'] == e.value.errmsg
