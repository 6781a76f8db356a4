"""Risk and words of a plan row follow the direction of the change (raise, lower, on, off) and the pool's disks, in
previews, balanced plans and revert previews alike (issue 13 item 7)."""
import pytest

from tuning.core.presets import build_plan, get_knob
from tuning.core.presets.box_facts import box_from
from tuning.core.presets.registry import KNOBS
from tuning.core.presets.rules.effect_words import EFFECTS, assess
from tuning.core.presets.rules.effects import LOWER, RAISE, TO
from tuning.restore_point import plan_revert, revert_box

from .boxes import make_ctx

GiB = 1024 ** 3
P, D, S = 'ZFS_PARAMETER', 'DATASET_PROPERTY', 'SYSCTL'


def box_of(profile):
    return box_from(profile, {'pool': profile['pools'][0]['name']})[0]


def custom(*settings):
    return {'id': 'mine', 'name': 'Mine', 'builtin': False, 'base': None,
            'settings': [{'kind': k, 'setting': s, 'value': v} for k, s, v in settings]}


def row(plan, setting):
    return next(r for r in plan['changes'] if r['setting'] == setting)


def test_every_registry_setting_has_words():
    assert {k.setting for k in KNOBS} == set(EFFECTS)


# (kind, setting, low, high, words when raised, words when lowered)
QUANTITIES = [
    (P, 'zfs_dirty_data_max', str(4 * GiB), str(8 * GiB), 'more written data waits in RAM',
     'less written data waits in RAM'),
    (P, 'zfs_dirty_data_max_max', str(4 * GiB), str(8 * GiB), 'may grow larger after the next boot',
     'capped lower from the next boot'),
    (P, 'zfs_txg_timeout', '5', '20', 'loses more async writes', 'commit more often'),
    (P, 'l2arc_write_max', str(32 * 2 ** 20), str(64 * 2 ** 20), 'wears the cache SSD faster', 'less SSD wear'),
    (S, 'net.core.rmem_max', '212992', '16777216', 'more kernel memory', 'less kernel memory'),
    (S, 'net.ipv4.tcp_rmem', '4096 131072 6291456', '4096 131072 16777216', 'more kernel memory',
     'less kernel memory'),
    (D, 'recordsize', '128K', '1M', 'larger records', 'smaller records'),
    (D, 'special_small_blocks', '0', '16K', 'more small blocks', 'fewer small blocks'),
    (P, 'zfs_arc_max', str(8 * GiB), str(16 * GiB), 'a larger ARC', 'a smaller ARC'),
]


@pytest.mark.parametrize('kind, setting, low, high, up, down', QUANTITIES)
def test_raising_and_lowering_say_opposite_things(nas, kind, setting, low, high, up, down):
    knob, box = get_knob(kind, setting), box_of(nas)
    raised, lowered = assess(knob, low, high, box), assess(knob, high, low, box)
    assert raised.direction == RAISE and up in raised.effect and down not in raised.effect
    assert lowered.direction == LOWER and down in lowered.effect and up not in lowered.effect


@pytest.mark.parametrize('setting', ['zfs_dirty_data_max', 'zfs_dirty_data_max_max', 'zfs_txg_timeout',
                                     'zfs_vdev_async_write_max_active', 'l2arc_write_max'])
def test_lowering_what_is_only_risky_when_raised_is_safe_even_above_the_default(nas, setting):
    knob, box = get_knob(P, setting), box_of(nas)
    default = int(knob.default_for(box))
    high, higher = str(default * 4), str(default * 8)
    assert assess(knob, high, higher, box).risk == 'CAUTION'
    lowered = assess(knob, higher, high, box)
    assert (lowered.risk, lowered.reason) == ('SAFE', None)
    assert knob.risk(high, box)[0] == 'CAUTION'   # the value alone would have said CAUTION


def test_a_smaller_fixed_arc_is_a_caution_for_what_lowering_costs(nas):
    knob, box = get_knob(P, 'zfs_arc_max'), box_of(nas)
    lowered = assess(knob, str(16 * GiB), str(8 * GiB), box)
    assert (lowered.direction, lowered.risk) == (LOWER, 'CAUTION')
    assert lowered.reason == 'a smaller ARC leaves more RAM to apps and VMs and caches fewer reads'
    fixed = assess(knob, '0', str(8 * GiB), box)   # from "OpenZFS decides" to a fixed size: not more or less
    assert (fixed.direction, fixed.risk) == (TO, 'CAUTION') and 'fixed ARC size' in fixed.reason
    back = assess(knob, str(8 * GiB), '0', box)
    assert (back.risk, back.effect) == ('SAFE', 'OpenZFS sizes the ARC itself again (0 = its default for this RAM)')


def test_without_a_box_the_direction_still_decides(nas):
    knob = get_knob(P, 'zfs_dirty_data_max')   # its default depends on RAM: unknown without a box
    assert assess(knob, str(8 * GiB), str(4 * GiB)).risk == 'SAFE'
    assert assess(knob, str(4 * GiB), str(8 * GiB)).risk == 'CAUTION'


@pytest.mark.parametrize('current, proposed, risk, words', [
    ('STANDARD', 'DISABLED', 'DANGEROUS', 'acknowledged before they reach the disks'),
    ('DISABLED', 'STANDARD', 'SAFE', 'reach stable storage before they are acknowledged again'),
    ('ALWAYS', 'DISABLED', 'DANGEROUS', 'acknowledged before they reach the disks'),
    ('DISABLED', 'ALWAYS', 'SAFE', 'every write waits for stable storage'),
])
def test_sync_off_is_dangerous_and_back_on_is_safe(nas, current, proposed, risk, words):
    found = assess(get_knob(D, 'sync'), current, proposed, box_of(nas))
    assert (found.direction, found.risk) == (TO, risk) and words in found.effect
    assert (found.reason is None) == (risk == 'SAFE')


@pytest.mark.parametrize('setting', ['zfs_nocacheflush', 'zil_nocacheflush'])
def test_cache_flushes_off_is_dangerous_and_back_on_is_safe(nas, setting):
    knob, box = get_knob(P, setting), box_of(nas)
    off, on = assess(knob, '0', '1', box), assess(knob, '1', '0', box)
    assert off.risk == 'DANGEROUS' and 'no longer flushed' in off.effect
    assert (on.risk, on.reason) == ('SAFE', None) and 'flushed again' in on.effect


def test_disabling_sync_in_a_preview_still_needs_its_acknowledgement(nas):
    plan = build_plan(custom((D, 'sync', 'DISABLED')), make_ctx(nas))
    sync = row(plan, 'sync')
    assert sync['risk'] == 'DANGEROUS' and sync['key'] in plan['dangerous'] and 'power cut' in sync['risk_reason']


def test_custom_rows_say_what_their_direction_does(nas):
    plan = build_plan(custom((P, 'zfs_dirty_data_max', str(2 * GiB)), (P, 'zfs_txg_timeout', '30')),
                      make_ctx(nas))
    buffer, txg = row(plan, 'zfs_dirty_data_max'), row(plan, 'zfs_txg_timeout')
    assert buffer['risk'] == 'SAFE' and 'risk_reason' not in buffer
    assert buffer['rationale'] == ('Set by this custom preset. Lowering it: less written data waits in RAM before it '
                                   'reaches the disks: a crash loses less, and writers are throttled sooner during '
                                   'a burst.')
    # a risky row's reason already says what raising does: the rationale does not repeat it
    assert txg['risk'] == 'CAUTION' and txg['risk_reason'].startswith('a longer interval loses more async writes')
    assert txg['rationale'] == 'Set by this custom preset.'


def test_disabling_sync_says_what_it_does_and_the_risk_says_what_a_power_cut_does(nas):
    sync = row(build_plan(custom((D, 'sync', 'DISABLED')), make_ctx(nas)), 'sync')
    assert sync['rationale'] == ('Set by this custom preset. Synchronous writes are acknowledged before they reach the '
                                 'disks: fastest, and not safe on a power cut.')
    assert sync['risk_reason'].startswith('on a power cut or crash, writes the clients were told are safe can be lost')


def test_balanced_going_back_down_says_it_lowers(nas):
    plan = build_plan('balanced', make_ctx(nas, params={'zfs_dirty_data_max': str(8 * GiB)}))
    buffer = row(plan, 'zfs_dirty_data_max')
    assert buffer['risk'] == 'SAFE'
    assert buffer['rationale'].startswith('Back to the OpenZFS/kernel default')
    assert 'Lowering it: less written data waits in RAM' in buffer['rationale']
    assert 'more written data' not in buffer['rationale']


def test_queue_depth_words_follow_the_pool_disks(nas, nvme):
    knob = get_knob(P, 'zfs_vdev_sync_read_max_active')
    on_hdd, on_nvme = assess(knob, '10', '32', box_of(nas)), assess(knob, '10', '32', box_of(nvme))
    assert on_hdd.risk == 'CAUTION' and "this pool's hard disks gain little" in on_hdd.reason
    assert on_nvme.risk == 'CAUTION' and "this pool's NVMe disks reach more of their throughput" in on_nvme.effect
    assert 'hard disks' not in on_nvme.effect
    assert "lower latency on this pool's hard disks" in assess(knob, '32', '10', box_of(nas)).effect
    assert "NVMe disks reach less of their throughput" in assess(knob, '32', '10', box_of(nvme)).effect


def test_outer_track_weighting_means_nothing_to_flash(nas, nvme):
    knob = get_knob(P, 'metaslab_lba_weighting_enabled')
    assert assess(knob, '1', '0', box_of(nas)).risk == 'CAUTION'
    on_flash = assess(knob, '1', '0', box_of(nvme))
    assert (on_flash.risk, on_flash.reason) == ('SAFE', None) and 'no loss on this pool' in on_flash.effect


def _restore_point(entries, changes=()):
    return {'id': 3, 'kind': 'APPLY', 'preset': 'mine', 'target': {'pool': 'tank', 'dataset': 'tank'},
            'entries': entries, 'changes': list(changes)}


def _entry(kind, scope, setting, value, source=None):
    return {'key': f'{kind}:{scope}:{setting}', 'kind': kind, 'scope': scope, 'setting': setting, 'value': value,
            'exists': True, 'source': source, 'writable': True}


def test_revert_rows_tell_the_way_back(nas):
    entries = [_entry(P, 'global', 'zfs_dirty_data_max', str(4 * GiB)),
               _entry(D, 'tank', 'sync', 'STANDARD', 'DEFAULT')]
    actual = {entries[0]['key']: dict(entries[0], value=str(8 * GiB)),
              entries[1]['key']: dict(entries[1], value='DISABLED', source='LOCAL')}
    plan = plan_revert(_restore_point(entries), [], actual, revert_box(nas, {'pool': 'tank'}))
    buffer, sync = row(plan, 'zfs_dirty_data_max'), row(plan, 'sync')
    assert (buffer['risk'], buffer['risk_reason']) == ('SAFE', None)
    assert buffer['rationale'].startswith('Puts back the value this setting had before restore point 3. '
                                          'Lowering it: less written data waits in RAM')
    assert (sync['risk'], plan['dangerous']) == ('SAFE', [])
    assert 'acknowledged again' in sync['rationale']


def test_reverting_a_revert_that_disables_sync_again_is_dangerous():
    entry = _entry(D, 'tank', 'sync', 'DISABLED', 'LOCAL')
    plan = plan_revert(_restore_point([entry]), [], {entry['key']: dict(entry, value='STANDARD')})  # pool gone
    sync = row(plan, 'sync')
    assert sync['risk'] == 'DANGEROUS' and plan['dangerous'] == [entry['key']] and 'power cut' in sync['risk_reason']


def test_reverting_an_added_cache_device_says_it_removes_it(nas):
    entry = _entry('POOL_DEVICE', 'tank', 'cache', '')
    plan = plan_revert(_restore_point([entry]), [], {entry['key']: dict(entry, value='sdh')},
                       revert_box(nas, {'pool': 'tank'}))
    cache = row(plan, 'cache')
    assert cache['risk'] == 'SAFE' and cache['rationale'] == (
        "Puts back the value this setting had before restore point 3. Removes sdh from the pool's L2ARC (cache) "
        'devices.')   # a device removal in its own words, never "Lowering it"
    added = plan_revert(_restore_point([dict(entry, value='sdh')]), [], {entry['key']: dict(entry, value='')},
                        revert_box(nas, {'pool': 'tank'}))
    assert row(added, 'cache')['rationale'].endswith("Adds sdh to the pool as its L2ARC (cache) device.")


def test_revert_box_is_none_when_the_pool_is_gone(nas):
    assert revert_box(nas, {'pool': 'gone'}) is None and revert_box(nas, None) is None


def test_a_revert_row_whose_value_does_not_change_needs_no_reboot():
    # only its tunable goes back (the value in effect is already the one put back): nothing waits for a reboot
    entry = dict(_entry(P, 'global', 'zfs_dirty_data_max_percent', '10'), tunable=None, writable=False)
    actual = {entry['key']: dict(entry, tunable={'value': '10', 'enabled': True})}
    plan = plan_revert(_restore_point([entry]), [], actual)
    percent = row(plan, 'zfs_dirty_data_max_percent')
    # its change waited for a reboot: the revert cancels it, and nothing changes now
    assert percent['rationale'] == ('Cancels the change waiting for a reboot: the next boot keeps 10 %, as before '
                                    'restore point 3; nothing changes now.')
    assert percent['apply_mode'] == 'LIVE' and plan['needs_reboot'] is False
    assert (percent['risk'], percent['risk_reason']) == ('SAFE', None)   # no warning about the running value
    changed = {**actual[entry['key']], 'value': '20'}   # a value that does change still waits for the reboot
    plan = plan_revert(_restore_point([entry]), [], {entry['key']: changed})
    assert row(plan, 'zfs_dirty_data_max_percent')['apply_mode'] == 'REBOOT' and plan['needs_reboot'] is True
