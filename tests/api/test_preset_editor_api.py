"""The preset editor's server side over the wire: the settings list, save-time limits against this box (the ones the
preview uses), values with units, and updates that change only what they name (a base can be cleared)."""
import re

import pytest

from client import JobFailed, RpcError
from tuning_helpers import error_fields

MEDIA = {'pool': 'tank', 'dataset': 'tank/media'}
GiB = 2 ** 30


@pytest.fixture
def c(host):
    client = host.client()
    yield client
    for preset in client.call('tuning.preset.query', [['builtin', '=', False], ['id', '^', 'editor-']]):
        client.call('tuning.preset.delete', preset['id'])
    client.close()


def refused(c, method, *args):
    with pytest.raises((RpcError, JobFailed)) as e:
        c.call(method, *args)
    return e.value


def param(setting, value):
    return {'kind': 'ZFS_PARAMETER', 'setting': setting, 'value': value}


def test_the_settings_list_describes_every_setting_with_this_boxs_values(c):
    ram = c.call('tuning.profile')['memory']['physical_bytes']
    rows = {(r['kind'], r['setting']): r for r in c.call('tuning.preset.settings', MEDIA)}
    assert ('POOL_DEVICE', 'cache') not in rows
    arc = rows[('ZFS_PARAMETER', 'zfs_arc_max')]
    assert arc['name'] == 'Maximum ARC size' and arc['unit'] == 'BYTES' and arc['description'].endswith('.')
    assert (arc['minimum'], arc['maximum']) == (64 * 2 ** 20, ram - 1) and 'RAM' in arc['allowed']
    assert arc['exists'] is True and arc['current'] is not None and arc['scope'] == 'global'
    record = rows[('DATASET_PROPERTY', 'recordsize')]
    assert record['scope'] == 'tank/media' and record['current'] and record['default'] == '128K'
    sync = rows[('DATASET_PROPERTY', 'sync')]
    assert sync['choices'] == ['STANDARD', 'ALWAYS', 'DISABLED'] and sync['unit'] is None
    assert sync['allowed'] == 'Standard, Always or Disabled'
    # the risk of each choice, as the plan would judge it here: Disabled can lose data, the others are safe
    (disabled,) = sync['risky_values']
    assert (disabled['value'], disabled['label'], disabled['risk']) == ('DISABLED', 'Disabled', 'DANGEROUS')
    assert 'power cut' in disabled['reason'] and disabled['reason'].endswith('.')
    flush = rows[('ZFS_PARAMETER', 'zfs_nocacheflush')]['risky_values']
    assert [(v['value'], v['risk']) for v in flush] == [('1', 'DANGEROUS')]
    assert rows[('DATASET_PROPERTY', 'compression')]['risky_values'] == []
    assert rows[('ZFS_PARAMETER', 'zfs_dirty_data_max_percent')]['unit'] == 'PERCENT'
    # without a target: the first pool's root dataset
    default = {(r['kind'], r['setting']): r for r in c.call('tuning.preset.settings')}
    assert default[('DATASET_PROPERTY', 'recordsize')]['scope'] == 'tank'
    assert error_fields(refused(c, 'tuning.preset.settings', {'pool': 'nope'})) == ['target.pool']


def test_an_arc_maximum_above_ram_is_refused_at_save_and_absurd_values_by_range(c):
    ram = c.call('tuning.profile')['memory']['physical_bytes']
    too_big = refused(c, 'tuning.preset.create', {'name': 'editor-arc', 'settings': [param('zfs_arc_max', '64G')]})
    assert error_fields(too_big) == ['data.settings.0.value']
    assert re.search(r"exceeds this box's [\d.]+ GiB of RAM", str(too_big)) and 64 * GiB > ram
    absurd = refused(c, 'tuning.preset.create', {'name': 'editor-arc', 'settings': [
        param('zfs_arc_max', str(10 ** 21))]})
    assert error_fields(absurd) == ['data.settings.0.value'] and 'out of range' in str(absurd)
    assert c.call('tuning.preset.query', [['id', '=', 'editor-arc']]) == []


def test_values_with_units_are_stored_canonical(c):
    ram = c.call('tuning.profile')['memory']['physical_bytes']
    created = c.call('tuning.preset.create', {'name': 'editor-units', 'settings': [
        param('zfs_arc_max', '1 GiB'), param('zfs_dirty_data_max_percent', '20%'), param('zfs_txg_timeout', '10s'),
        {'kind': 'DATASET_PROPERTY', 'setting': 'recordsize', 'value': '1m'}, param('zfs_dirty_data_max', '12.5%')]})
    assert [s['value'] for s in created['settings']] == [str(GiB), '20', '10', '1M', str(ram // 8)]
    plan = c.call('tuning.preset.preview', 'editor-units', MEDIA)
    proposed = {ch['setting']: ch['proposed'] for ch in plan['changes'] + plan['unchanged']}
    assert proposed['zfs_arc_max'] == str(GiB)


def test_an_update_changes_only_what_it_names_and_can_clear_the_base(c):
    c.call('tuning.preset.create', {'name': 'editor-base', 'description': 'kept', 'base': 'max-seq-write',
                                    'settings': [param('zfs_txg_timeout', '10')]})
    renamed = c.call('tuning.preset.update', 'editor-base', {'name': 'editor-base renamed'})
    assert (renamed['description'], renamed['base'], renamed['settings']) == ('kept', 'max-seq-write',
                                                                              [param('zfs_txg_timeout', '10')])
    cleared = c.call('tuning.preset.update', 'editor-base', {'base': None})
    assert cleared['base'] is None and cleared['name'] == 'editor-base renamed'
    empty = refused(c, 'tuning.preset.update', 'editor-base', {'settings': []})
    assert error_fields(empty) == ['data.settings']   # no base and no settings: nothing left to apply
    assert error_fields(refused(c, 'tuning.preset.update', 'editor-base', {'name': None})) == ['data.name']
    limited = refused(c, 'tuning.preset.update', 'editor-base', {'settings': [param('zfs_arc_max', '1T')]})
    assert error_fields(limited) == ['data.settings.0.value']
    assert c.call('tuning.preset.query', [['id', '=', 'editor-base']], {'get': True})['settings'] == [
        param('zfs_txg_timeout', '10')]
