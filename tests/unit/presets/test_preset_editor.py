"""The preset editor's core: values typed with units, this box's limits (one check for save and plan), and the
settings list the editor picks from."""
import re

import pytest

from tuning.core.presets import BUILTIN_IDS, PlanInputError, build_plan, validate_custom_preset
from tuning.core.presets.custom import normalise_custom_settings, settings_errors, typed_value
from tuning.core.presets.limits import box_limit, limit_error
from tuning.core.presets.registry import KNOBS
from tuning.core.presets.setting_list import box_of, editable_knobs, editable_settings, setting_keys
from tuning.core.presets.setting_words import WORDS, value_words
from tuning.core.presets.units import parse_size

from .boxes import GiB, MiB, make_ctx, make_snapshot

ARC_MAX = ('ZFS_PARAMETER', 'zfs_arc_max')


def param(setting, value):
    return {'kind': 'ZFS_PARAMETER', 'setting': setting, 'value': value}


def custom(settings, base=None):
    return {'id': 'mine', 'name': 'Mine', 'builtin': False, 'base': base, 'settings': settings}


@pytest.mark.parametrize('kind, setting, typed, canonical', [
    ('ZFS_PARAMETER', 'zfs_arc_max', '8 GiB', str(8 * GiB)),
    ('ZFS_PARAMETER', 'zfs_arc_max', '1.5G', str(3 * GiB // 2)),
    ('ZFS_PARAMETER', 'zfetch_max_distance', '512K', str(512 * 1024)),
    ('ZFS_PARAMETER', 'zfs_dirty_data_max_percent', '20 %', '20'),
    ('ZFS_PARAMETER', 'zfs_txg_timeout', '10s', '10'),
    ('ZFS_PARAMETER', 'zfs_txg_timeout', '10 seconds', '10'),
    ('SYSCTL', 'net.ipv4.tcp_rmem', '4K 128K 16M', f'4096 131072 {16 * MiB}'),
    ('DATASET_PROPERTY', 'recordsize', '1m', '1M'),
    ('SERVICE', 'servers', 'auto', 'AUTO'),
])
def test_values_are_typed_with_their_unit(kind, setting, typed, canonical):
    assert typed_value(kind, setting, typed) == canonical


@pytest.mark.parametrize('kind, setting, typed, words', [
    ('ZFS_PARAMETER', 'zfs_arc_max', str(10 ** 21), 'out of range'),
    ('ZFS_PARAMETER', 'zfs_arc_max', '0.1K', 'whole number of bytes'),
    ('ZFS_PARAMETER', 'zfs_dirty_data_max_percent', '20G', 'whole number'),
    ('ZFS_PARAMETER', 'zfs_txg_timeout', '10%', 'whole number'),   # a unit of another setting is not taken
    ('SYSCTL', 'net.ipv4.tcp_rmem', '4K 1M 128K', 'min <= default <= max'),
])
def test_values_with_a_wrong_unit_or_out_of_range_are_refused(kind, setting, typed, words):
    with pytest.raises(ValueError, match=words):
        typed_value(kind, setting, typed)


def test_ram_sizes_may_be_a_share_of_this_boxs_ram(nas):
    box = box_of(nas, None)                       # 32 GiB
    assert typed_value('ZFS_PARAMETER', 'zfs_arc_max', '75%', box) == str(24 * GiB)
    assert typed_value('ZFS_PARAMETER', 'zfs_dirty_data_max', '12.5 %', box) == str(4 * GiB)
    assert normalise_custom_settings([param('zfs_arc_max', '50%')], box) == [param('zfs_arc_max', str(16 * GiB))]
    assert settings_errors([param('zfs_arc_max', '150%')], box) == [
        ('settings.0.value', "48 GiB exceeds this box's 32 GiB of RAM; the ARC must stay below it")]
    with pytest.raises(ValueError, match="RAM is not known"):
        typed_value('ZFS_PARAMETER', 'zfs_arc_max', '50%')
    with pytest.raises(ValueError, match='not a byte count'):
        typed_value('ZFS_PARAMETER', 'zfetch_max_distance', '50%', box)   # not a size held in RAM


def test_fractions_of_a_size_must_come_to_whole_bytes():
    assert parse_size('0.5K') == 512
    with pytest.raises(ValueError):
        parse_size('1.5')        # a fraction needs a unit


def test_arc_limits_follow_openzfs_and_this_boxs_ram(nas):
    box = box_of(nas, None)                       # 32 GiB of RAM, ARC maximum 16 GiB
    assert limit_error(*ARC_MAX, str(64 * GiB), box) == "64 GiB exceeds this box's 32 GiB of RAM; the ARC must " \
                                                         "stay below it"
    assert 'exceeds' in limit_error(*ARC_MAX, str(32 * GiB), box)      # all of RAM is too much too
    assert limit_error(*ARC_MAX, str(24 * GiB), box) is None
    assert limit_error(*ARC_MAX, '0', box) is None                     # 0: OpenZFS decides
    assert 'below 64 MiB' in limit_error(*ARC_MAX, str(32 * MiB), box)
    arc_min = ('ZFS_PARAMETER', 'zfs_arc_min')
    assert "this box's maximum ARC size (16 GiB)" in limit_error(*arc_min, str(20 * GiB), box)
    assert limit_error(*arc_min, str(20 * GiB), box, {'zfs_arc_max': 24 * GiB}) is None
    assert 'above the minimum ARC size' in limit_error(*ARC_MAX, str(4 * GiB), box, {'zfs_arc_min': 8 * GiB})
    dirty = ('ZFS_PARAMETER', 'zfs_dirty_data_max')
    assert 'held in RAM' in limit_error(*dirty, str(40 * GiB), box)
    assert box_limit('ZFS_PARAMETER', 'zfs_txg_timeout', box) is None
    assert limit_error(*ARC_MAX, str(64 * GiB), None) is None         # no box: only the knob's own range


def test_save_and_plan_refuse_the_same_value_with_the_same_field(nas):
    settings = [param('zfs_txg_timeout', '10'), param('zfs_arc_max', '64G')]
    box = box_of(nas, None)
    expected = [('settings.1.value', "64 GiB exceeds this box's 32 GiB of RAM; the ARC must stay below it")]
    assert settings_errors(settings, box) == expected
    assert validate_custom_preset({'name': 'x', 'settings': settings}, builtin_ids=set(BUILTIN_IDS),
                                  existing_ids=set(), box=box) == expected
    with pytest.raises(PlanInputError) as e:
        build_plan(custom(settings), make_ctx(nas))
    assert e.value.errors == expected
    # saved on a box with more RAM, then planned here: still refused, never a "Caution" that fails at apply
    assert settings_errors(settings) == []


def test_a_preset_within_the_limits_plans_its_typed_values(nas):
    plan = build_plan(custom(normalise_custom_settings([param('zfs_arc_max', '24G')])), make_ctx(nas))
    (row,) = [r for r in plan['changes'] if r['setting'] == 'zfs_arc_max']
    assert row['proposed'] == str(24 * GiB)


def test_every_setting_a_preset_may_change_has_words():
    assert {(k.kind, k.setting) for k in editable_knobs()} == set(WORDS)
    assert all(k.kind == 'POOL_DEVICE' for k in KNOBS if k not in editable_knobs())
    for name, does, _unit in WORDS.values():
        assert name and does.endswith('.') and len(does) < 160


def test_the_settings_list_shows_ranges_and_this_boxs_values(nas):
    target = {'pool': 'tank', 'dataset': 'tank/media'}
    snapshot = make_snapshot(nas, target)
    rows = {(r['kind'], r['setting']): r for r in editable_settings(box_of(nas, target), snapshot, target)}
    arc = rows[ARC_MAX]
    assert (arc['minimum'], arc['maximum'], arc['unit']) == (64 * MiB, 32 * GiB - 1, 'BYTES')
    assert arc['allowed'] == "0 (OpenZFS decides) or 64 MiB up to less than 32 GiB (this box's RAM)"
    assert arc['zero_is_default'] and not rows[('ZFS_PARAMETER', 'zfs_dirty_data_max')]['zero_is_default']
    record = rows[('DATASET_PROPERTY', 'recordsize')]
    assert record['allowed'] == 'a power of two from 512 B to 16 MiB' and record['scope'] == 'tank/media'
    assert record['current'] and record['default'] == '128K' and record['exists'] is True
    assert rows[('ZFS_PARAMETER', 'zfs_dirty_data_max_percent')]['allowed'] == '1 % to 100 %'
    assert rows[('ZFS_PARAMETER', 'zfs_txg_timeout')]['allowed'] == '1 s to 3,600 s'
    assert rows[('ZFS_PARAMETER', 'zfs_dirty_data_max')]['default'] == str(32 * GiB // 10)
    assert rows[('SERVICE', 'servers')]['allowed'] == 'Auto (from the CPU count), or 1 to 256'
    assert rows[('ZFS_PARAMETER', 'zfs_prefetch_disable')]['choices'] == ['0', '1']
    # a 0/1 switch is said off/on (its unit tells the panel so), a count with its thousands separated
    assert rows[('ZFS_PARAMETER', 'zfs_nocacheflush')]['unit'] == 'SWITCH'
    assert rows[('ZFS_PARAMETER', 'zfs_nocacheflush')]['allowed'] == 'off or on'
    assert rows[('SYSCTL', 'net.core.netdev_max_backlog')]['allowed'] == '1 to 10,000,000'
    assert rows[('SYSCTL', 'net.core.rmem_max')]['allowed'] == '0 B to 2 GiB'


def test_choices_are_said_in_words_and_the_api_values_stay_in_choices(nas):
    rows = {(r['kind'], r['setting']): r for r in editable_settings(box_of(nas, None), {}, None)}
    sync = rows[('DATASET_PROPERTY', 'sync')]
    assert sync['allowed'] == 'Standard, Always or Disabled'
    assert sync['choices'] == ['STANDARD', 'ALWAYS', 'DISABLED']            # what the API takes, for scripts
    assert rows[('DATASET_PROPERTY', 'primarycache')]['allowed'] == 'All, Metadata or None'
    assert rows[('SERVICE', 'multichannel')]['allowed'] == 'on (true) or off (false)'
    assert rows[('DATASET_PROPERTY', 'compression')]['allowed'].startswith('On, Off, LZ4, ZLE, LZJB, GZIP, GZIP-1 to')
    for row in rows.values():
        assert not re.search(r'\b[A-Z]{3,}\b or \b[A-Z]{3,}\b', row['allowed']), row


def test_each_choice_says_its_risk_on_this_box(nas, nvme):
    def risky(profile, target=None):
        rows = editable_settings(box_of(profile, target), make_snapshot(profile, target or {
            'pool': profile['pools'][0]['name']}), target)
        return {r['setting']: [(v['value'], v['label'], v['risk']) for v in r['risky_values']] for r in rows}
    on_nas = risky(nas, {'pool': 'tank', 'dataset': 'tank/media'})
    # the three values the panel marks "can lose data", and only them
    assert {s: v for s, vs in on_nas.items() for v in vs if v[2] == 'DANGEROUS'} == {
        'sync': ('DISABLED', 'Disabled', 'DANGEROUS'), 'zfs_nocacheflush': ('1', 'on', 'DANGEROUS'),
        'zil_nocacheflush': ('1', 'on', 'DANGEROUS')}
    assert on_nas['logbias'] == [('THROUGHPUT', 'Throughput', 'CAUTION')]
    assert on_nas['primarycache'] == [('METADATA', 'Metadata', 'CAUTION'), ('NONE', 'None', 'CAUTION')]
    assert on_nas['compression'] == [] and on_nas['zfs_arc_max'] == []   # a size is judged when planned
    # judged for this box, as the plan judges it: flash has no outer tracks to prefer
    assert on_nas['metaslab_lba_weighting_enabled'] == [('0', 'off', 'CAUTION')]
    assert risky(nvme)['metaslab_lba_weighting_enabled'] == []


def test_a_value_not_among_the_choices_is_refused_in_words():
    (error,) = settings_errors([{'kind': 'DATASET_PROPERTY', 'setting': 'sync', 'value': 'sometimes'}])
    assert error == ('settings.0.value', "'sometimes' is not one of Standard, Always or Disabled")
    assert settings_errors([{'kind': 'DATASET_PROPERTY', 'setting': 'sync', 'value': 'Disabled'}]) == []


def test_without_a_pool_the_list_still_knows_the_machine(nas):
    machine = {**nas, 'pools': []}
    assert not any(key.startswith('DATASET_PROPERTY') for key in setting_keys(None))
    rows = {(r['kind'], r['setting']): r for r in editable_settings(box_of(machine, None), {}, None)}
    assert rows[ARC_MAX]['maximum'] == 32 * GiB - 1
    record = rows[('DATASET_PROPERTY', 'recordsize')]
    assert (record['scope'], record['current'], record['exists'], record['default']) == (None, None, None, '128K')


def test_every_row_unit_is_the_settings_list_unit():
    """Plan, in-effect and drift rows say the unit the editor's settings list says, from the same table."""
    from tuning.core.presets.setting_list import editable_knobs
    from tuning.core.presets.setting_words import unit_fields, words_of
    for knob in editable_knobs():
        assert unit_fields(knob.kind, knob.setting)['unit'] == words_of(knob.kind, knob.setting)[2]
    assert unit_fields('POOL_DEVICE', 'cache') == {'unit': None, 'zero_is_default': False}
    assert unit_fields('ZFS_PARAMETER', 'zfs_arc_min') == {'unit': 'BYTES', 'zero_is_default': True}


def test_values_read_in_words_as_the_panel_says_them():
    # the panel's formatSettingValue (ui/src/app/shared/format.spec.ts) says the same
    assert value_words('ZFS_PARAMETER', 'zfs_nocacheflush', '1') == 'on'
    assert value_words('ZFS_PARAMETER', 'zfs_prefetch_disable', '0') == 'off'
    assert value_words('ZFS_PARAMETER', 'zfs_vdev_max_active', '1') == '1'   # a count stays a figure
    assert value_words('SERVICE', 'servers', 'AUTO') == 'automatic'
    assert value_words('SERVICE', 'multichannel', 'false') == 'off'
    assert value_words('SYSCTL', 'net.ipv4.tcp_rmem', '4096 131072 6291456') == \
        '4 KiB, 128 KiB, 6 MiB (min, default, max)'
