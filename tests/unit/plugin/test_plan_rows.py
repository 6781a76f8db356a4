"""Plan rows as the API returns them (flows.preview.public_change): only the public fields, with the setting in words."""
from tuning.flows.preview import CHANGE_FIELDS, public_change


def row(**over):
    base = {'key': 'DATASET_PROPERTY:tank/db:sync', 'setting': 'sync', 'kind': 'DATASET_PROPERTY', 'scope': 'tank/db',
            'current': 'STANDARD', 'proposed': 'DISABLED', 'apply_mode': 'LIVE', 'risk': 'DANGEROUS',
            'risk_reason': 'r', 'rationale': 'why', 'source': 'src', 'internal': 'not for the API'}
    return base | over


def test_a_row_names_its_setting_as_the_preset_editor_does():
    public = public_change(row())
    assert public['summary'] == 'Synchronous writes'   # one name: not "handling of synchronous writes" here
    assert set(public) == set(CHANGE_FIELDS)
    assert 'internal' not in public


def test_a_setting_the_editor_does_not_name_keeps_the_registry_words():
    assert public_change(row(kind='POOL_DEVICE', setting='cache', scope='tank'))['summary'] == 'L2ARC cache devices of the pool'


def test_a_setting_outside_the_registry_is_named_as_itself():
    assert public_change(row(kind='SYSCTL', setting='net.not.a.knob'))['summary'] == 'net.not.a.knob'


def test_a_row_carries_the_unit_of_the_settings_list_and_whether_zero_is_the_default():
    arc = public_change(row(key='ZFS_PARAMETER:global:zfs_arc_max', kind='ZFS_PARAMETER', setting='zfs_arc_max',
                            scope='global', current='0', proposed='25769803776', risk='CAUTION'))
    assert (arc['unit'], arc['zero_is_default']) == ('BYTES', True)
    dirty = public_change(row(kind='ZFS_PARAMETER', setting='zfs_dirty_data_max', scope='global'))
    assert (dirty['unit'], dirty['zero_is_default']) == ('BYTES', False)
    assert public_change(row(kind='ZFS_PARAMETER', setting='zfs_txg_timeout', scope='global'))['unit'] == 'SECONDS'
    assert public_change(row(kind='ZFS_PARAMETER', setting='l2arc_write_max', scope='global'))['unit'] == \
        'BYTES_PER_SECOND'


def test_a_setting_without_a_unit_says_null_not_a_guess():
    for kind, setting in (('DATASET_PROPERTY', 'sync'), ('SERVICE', 'multichannel'), ('POOL_DEVICE', 'cache'),
                          ('SYSCTL', 'net.not.a.knob')):
        public = public_change(row(kind=kind, setting=setting))
        assert (public['unit'], public['zero_is_default']) == (None, False), setting
