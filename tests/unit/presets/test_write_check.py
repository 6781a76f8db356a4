"""The plugin's last check before it sends a value (issue 12, defect 2): registry knob, type and range, plain text,
valid dataset/pool names; whatever built the write (a plan, a restore point, an imported database)."""
import pytest

from tuning.core.presets import PlanInputError, build_plan, desired_errors, value_error

from .boxes import make_ctx

INJECTION = "1\ninstall zfs /bin/sh -c 'touch /tmp/pwned'"


@pytest.mark.parametrize('kind, setting, value', [
    ('ZFS_PARAMETER', 'zfs_dirty_data_max_max', INJECTION),
    ('ZFS_PARAMETER', 'zfs_dirty_data_max_max', '1 zfs_arc_max=1'),
    ('ZFS_PARAMETER', 'zfs_dirty_data_max_max', '1\n'),
    ('ZFS_PARAMETER', 'zfs_dirty_data_max_max', '4G'),
    ('ZFS_PARAMETER', 'zfs_txg_timeout', '5000'),
    ('ZFS_PARAMETER', 'zfs_txg_timeout', '1_0'),
    ('ZFS_PARAMETER', 'zfs_txg_timeout', '\u0661\u0660'),
    ('ZFS_PARAMETER', 'zfs_arc_max', str(2 ** 64)),
    ('ZFS_PARAMETER', 'zfs_nocacheflush', 'yes please'),
    ('SYSCTL', 'net.core.rmem_max', '16777216\nkernel.core_pattern=|/bin/sh'),
    ('SYSCTL', 'net.core.rmem_max', str(2 ** 31)),
    ('SYSCTL', 'net.ipv4.tcp_rmem', '4096 131072 99999999999'),
    ('SYSCTL', 'net.ipv4.tcp_rmem', '4096 131072\r6291456'),
    ('DATASET_PROPERTY', 'sync', 'DISABLED\n'),
    ('DATASET_PROPERTY', 'recordsize', '3M'),
    ('ZFS_PARAMETER', 'no_such_knob', '1'),
    ('ZFS_PARAMETER', 'zfs_arc_max', 5),
])
def test_values_that_must_not_be_sent(kind, setting, value):
    assert value_error(kind, setting, value) is not None


@pytest.mark.parametrize('kind, setting, value', [
    ('ZFS_PARAMETER', 'zfs_dirty_data_max_max', '8589934592'),
    ('ZFS_PARAMETER', 'zfs_txg_timeout', '10'),
    ('SYSCTL', 'net.ipv4.tcp_rmem', '4096\t131072\t6291456'),  # as the kernel prints it
    ('SYSCTL', 'net.core.rmem_max', '67108864'),
    ('DATASET_PROPERTY', 'recordsize', '1M'),
    ('DATASET_PROPERTY', 'sync', 'INHERIT'),
    ('SERVICE', 'servers', 'AUTO'),
])
def test_values_that_may_be_sent(kind, setting, value):
    assert value_error(kind, setting, value) is None


def test_a_restore_point_entry_is_checked_where_it_would_be_written():
    entry = {'kind': 'ZFS_PARAMETER', 'scope': 'global', 'setting': 'zfs_dirty_data_max_max', 'value': '4294967296',
             'tunable': {'id': 3, 'value': INJECTION, 'enabled': True}}
    assert [f for f, _ in desired_errors(entry)] == ['tunable.value']
    assert desired_errors(dict(entry, tunable=None)) == []  # the row is deleted: no value is sent
    plain = {'kind': 'ZFS_PARAMETER', 'scope': 'global', 'setting': 'zfs_dirty_data_max_max', 'value': INJECTION}
    assert [f for f, _ in desired_errors(plain)] == ['value']


def test_dataset_and_pool_names_are_checked():
    row = {'kind': 'DATASET_PROPERTY', 'scope': 'tank/../../victim', 'setting': 'atime', 'value': 'OFF',
           'source': 'LOCAL'}
    assert [f for f, _ in desired_errors(row)] == ['scope']
    assert desired_errors(dict(row, scope='tank/share')) == []
    inherit = dict(row, scope='tank/share', value=None, source='INHERIT')
    assert desired_errors(inherit) == []
    device = {'kind': 'POOL_DEVICE', 'scope': '../tank', 'setting': 'cache', 'value': 'sdb'}
    assert [f for f, _ in desired_errors(device)] == ['scope']


def test_a_stored_custom_preset_with_a_bad_value_is_refused_by_field_before_planning(nas):
    # e.g. from an imported database: validation at create time never saw it
    stored = {'id': 'evil', 'name': 'Evil', 'builtin': False, 'base': None,
              'settings': [{'kind': 'ZFS_PARAMETER', 'setting': 'zfs_dirty_data_max_max', 'value': INJECTION}]}
    with pytest.raises(PlanInputError) as e:
        build_plan(stored, make_ctx(nas))
    assert [f for f, _ in e.value.errors] == ['settings.0.value']


def test_balanced_does_not_propose_a_recorded_first_seen_value_it_may_not_write(nas):
    first_seen = {'ZFS_PARAMETER:global:zfs_txg_timeout': INJECTION}
    plan = build_plan('balanced', make_ctx(nas, first_seen=first_seen, params={'zfs_txg_timeout': '10'}))
    change = {r['key']: r for r in plan['changes']}['ZFS_PARAMETER:global:zfs_txg_timeout']
    assert change['proposed'] == '5'  # the box's default instead
    assert any('zfs_txg_timeout' in w and 'not a value tuning writes' in w for w in plan['warnings'])
