"""Knob registry: value normalisation, risk and apply-mode classification."""
import pytest

from tuning.core.presets import KNOBS, get_knob
from tuning.core.presets.constants import (
    CAUTION, DANGEROUS, DATASET_PROPERTY, LIVE, NEW_DATA, POOL_DEVICE, REBOOT, SAFE, SERVICE, SERVICE_RESTART,
    SYSCTL, ZFS_PARAMETER,
)


def knob(kind, setting):
    found = get_knob(kind, setting)
    assert found is not None, setting
    return found


@pytest.mark.parametrize('raw, canonical', [('1M', '1M'), ('1m', '1M'), ('1048576', '1M'), ('128k', '128K'),
                                            ('512', '512'), ('16M', '16M'), ('4KiB', '4K')])
def test_recordsize_normalises(raw, canonical):
    assert knob(DATASET_PROPERTY, 'recordsize').normalise(raw) == canonical


@pytest.mark.parametrize('raw', ['256', '32M', '100K', 'big', '0'])
def test_recordsize_rejects_non_powers_and_out_of_range(raw):
    with pytest.raises(ValueError, match='power of two'if raw not in ('big',) else 'not a size'):
        knob(DATASET_PROPERTY, 'recordsize').normalise(raw)


def test_enums_are_upper_case_and_checked():
    assert knob(DATASET_PROPERTY, 'compression').normalise('lz4') == 'LZ4'
    assert knob(DATASET_PROPERTY, 'compression').normalise('zstd-19') == 'ZSTD-19'
    assert knob(DATASET_PROPERTY, 'sync').normalise('disabled') == 'DISABLED'
    assert knob(DATASET_PROPERTY, 'logbias').normalise('throughput') == 'THROUGHPUT'
    with pytest.raises(ValueError, match='is not one of Standard, Always or Disabled'):
        knob(DATASET_PROPERTY, 'sync').normalise('sometimes')
    with pytest.raises(ValueError):
        knob(DATASET_PROPERTY, 'compression').normalise('zstd-20')


def test_module_parameter_values():
    dirty = knob(ZFS_PARAMETER, 'zfs_dirty_data_max')
    assert dirty.normalise('4G') == str(4 * 1024 ** 3)
    assert dirty.normalise(' 1234 ') == '1234'
    with pytest.raises(ValueError):
        dirty.normalise('-1')
    assert knob(ZFS_PARAMETER, 'zfs_prefetch_disable').normalise('true') == '1'
    with pytest.raises(ValueError, match='0 or 1'):
        knob(ZFS_PARAMETER, 'zfs_prefetch_disable').normalise('2')
    with pytest.raises(ValueError, match='out of range'):
        knob(ZFS_PARAMETER, 'zfs_vdev_async_read_max_active').normalise('0')


def test_sysctl_and_service_values():
    assert knob(SYSCTL, 'net.ipv4.tcp_rmem').normalise('4096\t131072\t6291456') == '4096 131072 6291456'
    with pytest.raises(ValueError):
        knob(SYSCTL, 'net.ipv4.tcp_rmem').normalise('4096 131072')
    assert knob(SERVICE, 'multichannel').normalise('ON') == 'true'
    assert knob(SERVICE, 'servers').normalise('') == 'AUTO'
    assert knob(SERVICE, 'servers').normalise('16') == '16'
    with pytest.raises(ValueError):
        knob(SERVICE, 'servers').normalise('300')


@pytest.mark.parametrize('kind, setting, value', [
    (DATASET_PROPERTY, 'sync', 'DISABLED'), (ZFS_PARAMETER, 'zfs_nocacheflush', '1'),
    (ZFS_PARAMETER, 'zil_nocacheflush', '1'),
])
def test_dangerous_values_say_why_in_plain_words(kind, setting, value):
    risk, reason = knob(kind, setting).risk(value)
    assert risk == DANGEROUS
    assert 'power' in reason


@pytest.mark.parametrize('kind, setting, value', [
    (DATASET_PROPERTY, 'sync', 'STANDARD'), (DATASET_PROPERTY, 'sync', 'ALWAYS'),
    (ZFS_PARAMETER, 'zfs_nocacheflush', '0'), (DATASET_PROPERTY, 'recordsize', '1M'),
    (DATASET_PROPERTY, 'logbias', 'LATENCY'), (DATASET_PROPERTY, 'primarycache', 'ALL'),
    (ZFS_PARAMETER, 'zfs_txg_timeout', '5'), (ZFS_PARAMETER, 'zfs_vdev_async_write_max_active', '10'),
    (SYSCTL, 'net.core.rmem_max', '212992'),
])
def test_safe_values(kind, setting, value):
    assert knob(kind, setting).risk(value)[0] == SAFE


@pytest.mark.parametrize('kind, setting, value', [
    (DATASET_PROPERTY, 'logbias', 'THROUGHPUT'), (DATASET_PROPERTY, 'primarycache', 'METADATA'),
    (ZFS_PARAMETER, 'zfs_txg_timeout', '10'), (ZFS_PARAMETER, 'zfs_vdev_async_write_max_active', '32'),
    (ZFS_PARAMETER, 'l2arc_write_max', str(64 * 1024 ** 2)), (SYSCTL, 'net.core.rmem_max', str(64 * 1024 ** 2)),
    (SYSCTL, 'net.ipv4.tcp_wmem', '4096 16384 67108864'),
])
def test_caution_values(kind, setting, value):
    risk, reason = knob(kind, setting).risk(value)
    assert risk == CAUTION and reason


def test_dirty_data_risk_is_judged_against_the_box_default(nas):
    from tuning.core.presets.box_facts import box_from
    box, _ = box_from(nas, {'pool': 'tank'})
    dirty = knob(ZFS_PARAMETER, 'zfs_dirty_data_max')
    assert dirty.risk(str(3_435_973_836), box)[0] == SAFE  # the 32 GiB box's own default
    assert dirty.risk(str(4 * 1024 ** 3), box)[0] == CAUTION


def test_apply_modes():
    assert knob(DATASET_PROPERTY, 'recordsize').apply_mode() == NEW_DATA
    assert knob(DATASET_PROPERTY, 'compression').apply_mode() == NEW_DATA
    assert knob(DATASET_PROPERTY, 'special_small_blocks').apply_mode() == NEW_DATA
    assert knob(DATASET_PROPERTY, 'atime').apply_mode() == LIVE
    assert knob(ZFS_PARAMETER, 'zfs_dirty_data_max').apply_mode(True) == LIVE
    assert knob(ZFS_PARAMETER, 'zfs_dirty_data_max').apply_mode(False) == REBOOT  # snapshot says read-only
    assert knob(ZFS_PARAMETER, 'zfs_dirty_data_max_max').apply_mode(True) == REBOOT  # load-time only
    assert knob(ZFS_PARAMETER, 'zfs_dirty_data_max_percent').apply_mode(None) == REBOOT
    assert knob(SYSCTL, 'net.core.rmem_max').apply_mode() == LIVE
    assert knob(SERVICE, 'multichannel').apply_mode() == SERVICE_RESTART
    assert knob(POOL_DEVICE, 'cache').apply_mode() == LIVE


def test_every_knob_has_words_and_a_source_and_accepts_its_own_default():
    for k in KNOBS:
        assert k.summary and k.rationale and k.source, k.setting
        default = k.default_for(None)
        if default is not None:
            assert k.normalise(default) == default, k.setting
