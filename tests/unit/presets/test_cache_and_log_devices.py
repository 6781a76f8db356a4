"""L2ARC / SLOG: only fitting unused disks, prerequisites that name the disk, field-named errors."""
import pytest

from tuning.core.presets import PlanInputError, build_plan

from .boxes import make_ctx


def rows(plan):
    return {r['key']: r for r in plan['changes']}


def prerequisite(plan, id_):
    return next(p for p in plan['prerequisites'] if p['id'] == id_)


def test_fitting_unused_disk_is_named_when_not_selected(nas):
    plan = build_plan('max-seq-read', make_ctx(nas))
    cache = prerequisite(plan, 'cache')
    assert cache['met'] is False
    # one capitalised sentence naming each disk once (it once read "select sdh … (fitting unused disks: sdh …)")
    assert cache['message'] == ('Select sdh (477 GiB SSD) as the cache disk to add L2ARC; the rest of the preset '
                                'applies without it.')
    assert not any(r['kind'] == 'POOL_DEVICE' for r in plan['changes'])
    assert 'DATASET_PROPERTY:tank:recordsize' in rows(plan)  # the rest of the preset still applies


def test_selected_cache_disk_adds_l2arc_with_header_ram_warning(nas):
    plan = build_plan('max-seq-read', make_ctx(nas, {'pool': 'tank', 'cache_disks': ['sdh']}))
    cache = rows(plan)['POOL_DEVICE:tank:cache']
    assert (cache['current'], cache['proposed'], cache['apply_mode'], cache['risk']) == ('', 'sdh', 'LIVE', 'SAFE')
    assert prerequisite(plan, 'cache')['met'] is True
    # 512,110,190,592 B of 128K blocks (existing data keeps 128K although 1M is proposed) -> 500,107,648 B = 477 MiB
    assert any('477 MiB' in w and '128 KiB blocks' in w for w in plan['warnings'])
    changes = rows(plan)
    assert changes['ZFS_PARAMETER:global:l2arc_noprefetch']['proposed'] == '0'
    assert changes['ZFS_PARAMETER:global:l2arc_write_max']['risk'] == 'CAUTION'


def test_no_fitting_disk_says_what_is_needed(small):
    plan = build_plan('max-iops', make_ctx(small))
    cache, log = prerequisite(plan, 'cache'), prerequisite(plan, 'log')
    assert not cache['met'] and 'SSD or NVMe' in cache['message'] and 'none is available' in cache['message']
    assert cache['message'].endswith('the rest of the preset applies without it.')   # a sentence, full stop
    assert not log['met'] and 'SLOG' in log['message']
    assert 'DATASET_PROPERTY:data:recordsize' in rows(plan)


def test_sata_ssd_does_not_fit_an_nvme_pool(nvme):
    plan = build_plan('max-iops', make_ctx(nvme))
    assert not any(p['id'] in ('cache', 'log') for p in plan['prerequisites'])
    with pytest.raises(PlanInputError) as e:
        build_plan('max-iops', make_ctx(nvme, {'pool': 'fast', 'cache_disks': ['sdx']}))
    assert e.value.errors == [('target.cache_disks.0',
                               "sdx (894 GiB SSD) is an SSD, not faster than pool fast's NVMe disks: as a cache "
                               "device it would not speed the pool up; choose another disk as cache disk (L2ARC)")]


@pytest.mark.parametrize('target, field, words', [
    ({'cache_disks': ['sdz']}, 'target.cache_disks.0', "no disk named 'sdz'"),
    ({'cache_disks': ['sda']}, 'target.cache_disks.0', 'in use by pool tank'),
    ({'log_disks': ['sdh', 'sdh']}, 'target.log_disks.1', 'already chosen'),
    ({'cache_disks': ['sdh'], 'log_disks': ['sdh']}, 'target.log_disks.0', 'already chosen as the cache device'),
])
def test_selection_errors_name_the_field(nas, target, field, words):
    with pytest.raises(PlanInputError) as e:
        build_plan('max-iops', make_ctx(nas, {'pool': 'tank', **target}))
    assert [f for f, _ in e.value.errors] == [field]
    assert words in e.value.errors[0][1]


def test_unused_hdd_is_never_a_cache(nas):
    nas['unused_disks'].append({'name': 'sdi', 'kind': 'HDD', 'size_bytes': 4_000_787_030_016, 'pool': None})
    nas['disks'].append(nas['unused_disks'][-1])
    plan = build_plan('max-seq-read', make_ctx(nas))
    assert 'sdi' not in prerequisite(plan, 'cache')['message']
    with pytest.raises(PlanInputError) as e:
        build_plan('max-seq-read', make_ctx(nas, {'pool': 'tank', 'cache_disks': ['sdi']}))
    assert 'is a hard disk: a cache device needs flash' in e.value.errors[0][1]


def test_slog_selection_warns_about_plp_and_sizes_from_dirty_data(nas):
    plan = build_plan('max-iops', make_ctx(nas, {'pool': 'tank', 'log_disks': ['sdh']}))
    log = rows(plan)['POOL_DEVICE:tank:log']
    assert log['proposed'] == 'sdh' and log['risk'] == 'CAUTION' and 'power' in log['risk_reason']
    # 4 x 1 GbE ~ 471 MB/s x 5 s x 3 txgs = 7.06 GB, capped by the 3.2 GiB default write buffer.
    assert any('power-loss protection' in w and 'about 3.2 GiB' in w for w in plan['warnings'])
    # The one SSD went to the log: the L2ARC prerequisite says so instead of "none is available".
    cache = prerequisite(plan, 'cache')['message']
    assert 'sdh (477 GiB SSD) is already chosen as the log device' in cache and 'none is available' not in cache


def test_existing_cache_device_counts_as_met(nas):
    nas['pools'][0]['cache'] = ['sdh']
    nas['unused_disks'] = []
    plan = build_plan('max-seq-read', make_ctx(nas, pool_devices={'cache': 'sdh'}))
    assert prerequisite(plan, 'cache')['met'] is True
    assert 'POOL_DEVICE:tank:cache' not in rows(plan)


def test_disks_for_a_preset_without_devices_are_ignored_with_a_warning(nas):
    plan = build_plan('smb-files', make_ctx(nas, {'pool': 'tank', 'cache_disks': ['sdh']}))
    assert not any(r['kind'] == 'POOL_DEVICE' for r in plan['changes'])
    assert any('The chosen cache disks are not used: this preset does not add a cache device (L2ARC).' == w
               for w in plan['warnings'])
    assert not any('target.' in w for w in plan['warnings'])
