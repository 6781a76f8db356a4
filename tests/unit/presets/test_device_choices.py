"""Cache and log device choices: every disk of the box, whether it can serve the pool and, if not, why in words;
the same words refuse a bad choice (issue 13 item 7)."""
import pytest

from tuning.core.presets import PlanInputError, build_plan
from tuning.core.presets.box_facts import box_from
from tuning.core.presets.devices import device_choices

from .boxes import make_ctx

GiB = 1024 ** 3


def choices(profile, target=None):
    target = {'pool': profile['pools'][0]['name'], **(target or {})}
    box, _ = box_from(profile, target)
    return {role: {d['name']: d for d in rows} for role, rows in device_choices(box, target).items()}


def add_unused(profile, name, kind, size):
    disk = {'name': name, 'kind': kind, 'size_bytes': size, 'model': f'{kind} model', 'serial': 'S', 'pool': None}
    profile['disks'].append(disk)
    profile['unused_disks'].append(disk)


def test_every_disk_is_listed_with_a_reason_when_not_offered(nas):
    got = choices(nas)
    for role in ('cache', 'log'):
        assert list(got[role]) == ['sdh', 'sda', 'sdb', 'sdc', 'sdd', 'sde', 'sdf', 'sdg']  # unused first
        assert (got[role]['sdh']['eligible'], got[role]['sdh']['reason']) == (True, None)
        assert got[role]['sda'] == {'name': 'sda', 'kind': 'HDD', 'size_bytes': 4_000_787_030_016,
                                    'model': 'HDD model', 'eligible': False, 'reason': 'is in use by pool tank'}


def test_a_disk_chosen_as_log_is_not_offered_as_cache_and_says_so(nas):
    got = choices(nas, {'log_disks': ['sdh']})
    assert (got['cache']['sdh']['eligible'], got['cache']['sdh']['reason']) == (
        False, 'is already chosen as the log device')
    assert got['log']['sdh']['eligible'] is True
    got = choices(nas, {'cache_disks': ['sdh']})
    assert got['log']['sdh']['reason'] == 'is already chosen as the cache device'


def test_a_hard_disk_needs_flash(nas):
    add_unused(nas, 'sdi', 'HDD', 4_000_787_030_016)
    got = choices(nas)
    assert got['log']['sdi']['reason'] == 'is a hard disk: a log device needs flash (an SSD or NVMe disk)'
    assert got['cache']['sdi']['reason'] == 'is a hard disk: a cache device needs flash (an SSD or NVMe disk)'


def test_an_ssd_does_not_speed_up_an_nvme_pool(nvme):
    got = choices(nvme)
    assert got['cache']['sdx']['reason'] == ("is an SSD, not faster than pool fast's NVMe disks: as a cache device "
                                             "it would not speed the pool up")


def test_a_cache_smaller_than_the_arc_is_not_offered_but_can_be_a_log(nas):
    add_unused(nas, 'sdi', 'SSD', 8 * GiB)   # the ARC maximum is 16 GiB
    got = choices(nas)
    assert got['cache']['sdi']['reason'] == ('is smaller than the 16 GiB ARC in RAM: as a cache device it would hold '
                                             'less than RAM already caches')
    assert got['log']['sdi']['eligible'] is True


def test_a_pool_device_already_there_says_which(nas):
    nas['pools'][0]['cache'] = ['sdh']
    nas['unused_disks'] = []
    nas['disks'][-1]['pool'] = 'tank'
    got = choices(nas)
    assert got['cache']['sdh']['reason'] == 'is already the cache device of pool tank'
    assert got['log']['sdh']['reason'] == 'is already the cache device of pool tank'


def test_the_plan_carries_the_choices_and_its_prerequisite_says_why(nas):
    plan = build_plan('max-iops', make_ctx(nas, {'pool': 'tank', 'log_disks': ['sdh']}))
    assert plan['devices']['cache'][0]['reason'] == 'is already chosen as the log device'
    cache = next(p for p in plan['prerequisites'] if p['id'] == 'cache')
    assert 'no unused disk fits: sdh (477 GiB SSD) is already chosen as the log device' in cache['message']
    assert cache['message'].endswith('The rest of the preset applies without it.')


def test_a_refused_choice_uses_the_same_words(nas):
    with pytest.raises(PlanInputError) as e:
        build_plan('max-iops', make_ctx(nas, {'pool': 'tank', 'log_disks': ['sda']}))
    assert e.value.errors == [('target.log_disks.0', 'sda (3.6 TiB HDD) is in use by pool tank; choose another disk as '
                                                     'log disk (SLOG)')]
