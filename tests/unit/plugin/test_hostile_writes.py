"""The plugin's own refusals (issue 12, defects 2 and 5): a value or a name it must not send never reaches an
appliance call, and benchmark targets and scratch datasets are ZFS names."""
import asyncio

import pytest

from tuning.box.bench_target import destroy_scratch_dataset, read_target, scratch_dataset_name
from tuning.box.settings import check_writes, write_setting
from tuning.framework import ValidationErrors

INJECTION = "1\ninstall zfs /bin/sh -c 'touch /tmp/pwned'"


class RecordingMiddleware:
    """Answers every call with nothing and remembers it: a refused write makes no call at all."""

    def __init__(self):
        self.calls = []

    async def call(self, method, *args):
        self.calls.append((method, args))
        return []


def fields(excinfo):
    return [error.attribute for error in excinfo.value.errors]


def test_an_injected_module_parameter_value_makes_no_appliance_call():
    mw = RecordingMiddleware()
    desired = {'key': 'ZFS_PARAMETER:global:zfs_dirty_data_max_max', 'kind': 'ZFS_PARAMETER', 'scope': 'global',
               'setting': 'zfs_dirty_data_max_max', 'value': INJECTION, 'source': 'LOCAL'}
    with pytest.raises(ValidationErrors) as e:
        asyncio.run(write_setting(mw, desired, 'tuning: revert'))
    assert fields(e) == ['setting.0.value'] and mw.calls == []


def test_a_restore_point_entry_with_an_injected_tunable_makes_no_appliance_call():
    mw = RecordingMiddleware()
    entry = {'key': 'SYSCTL:global:net.core.rmem_max', 'kind': 'SYSCTL', 'scope': 'global',
             'setting': 'net.core.rmem_max', 'value': '212992', 'exists': True, 'source': None, 'writable': True,
             'tunable': {'id': 1, 'value': '212992\nkernel.core_pattern=|/bin/sh', 'enabled': True}}
    with pytest.raises(ValidationErrors) as e:
        asyncio.run(write_setting(mw, entry, 'tuning: rollback'))
    assert fields(e) == ['setting.0.tunable.value'] and mw.calls == []


def test_a_dataset_property_for_an_escaping_name_makes_no_appliance_call():
    mw = RecordingMiddleware()
    desired = {'key': 'DATASET_PROPERTY:tank/../../victim:atime', 'kind': 'DATASET_PROPERTY',
               'scope': 'tank/../../victim', 'setting': 'atime', 'value': 'OFF', 'source': 'LOCAL'}
    with pytest.raises(ValidationErrors) as e:
        asyncio.run(write_setting(mw, desired, 'c'))
    assert fields(e) == ['setting.0.scope'] and mw.calls == []


def test_check_writes_names_every_bad_row_and_passes_good_ones():
    good = {'kind': 'ZFS_PARAMETER', 'scope': 'global', 'setting': 'zfs_txg_timeout', 'value': '10'}
    bad = dict(good, value='10 zfs_arc_max=1')
    check_writes([good])
    with pytest.raises(ValidationErrors) as e:
        check_writes([good, bad, bad], 'changes')
    assert fields(e) == ['changes.1.value', 'changes.2.value']


def test_a_benchmark_target_that_is_not_a_zfs_name_is_refused_before_any_call():
    mw = RecordingMiddleware()
    with pytest.raises(ValidationErrors) as e:
        asyncio.run(read_target(mw, 'tank/../../../../victim', 'spec.dataset'))
    assert fields(e) == ['spec.dataset'] and mw.calls == []


def test_scratch_dataset_names_are_zfs_names():
    with pytest.raises(ValueError):
        scratch_dataset_name('tank/media', '../../x')
    with pytest.raises(ValueError):
        asyncio.run(destroy_scratch_dataset(RecordingMiddleware(), 'tank/../.tuning-bench-1'))


def test_a_transaction_with_a_value_it_may_not_send_writes_not_even_its_restore_point():
    """A bad row in an imported restore point or preset is refused before the restore point row exists."""
    from tuning.transaction.engine import Step, Transaction
    mw = RecordingMiddleware()
    desired = {'key': 'ZFS_PARAMETER:global:zfs_dirty_data_max_max', 'kind': 'ZFS_PARAMETER', 'scope': 'global',
               'setting': 'zfs_dirty_data_max_max', 'value': INJECTION, 'source': 'LOCAL'}
    step = Step(change={'key': desired['key'], 'scope': 'global', 'setting': desired['setting'],
                        'proposed': INJECTION, 'apply_mode': 'REBOOT'}, desired=desired)
    with pytest.raises(ValidationErrors) as e:
        asyncio.run(Transaction(mw, 'boot', lambda *a: None).run(
            kind='APPLY', preset='x', target=None, steps=[step], entries={desired['key']: desired}))
    assert fields(e) == ['changes.0.value'] and mw.calls == []
