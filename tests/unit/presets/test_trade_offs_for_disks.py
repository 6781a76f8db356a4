"""A plan's trade-offs are the ones it brings about on this box: no flash-pool costs on a pool of hard disks, no
L2ARC wear without an L2ARC, no SMB restart when multichannel is already on (issue 13 item 7)."""
import re

import pytest

from tuning.core.presets import BUILTIN_IDS, build_plan
from tuning.core.presets.catalog import costs_of

from .boxes import make_ctx


def trade_offs(plan):
    return [w.removeprefix('Trade-off: ') for w in plan['warnings'] if w.startswith('Trade-off: ')]


@pytest.mark.parametrize('preset', BUILTIN_IDS)
def test_a_pool_of_hard_disks_gets_no_flash_trade_offs(nas, small, preset):
    for profile in (nas, small):
        assert not any('flash' in cost for cost in trade_offs(build_plan(preset, make_ctx(profile))))


def test_deeper_queues_cost_is_told_on_a_flash_pool_only(nas, nvme):
    deeper = 'Deeper per-disk queues on flash pools raise tail latency under heavy load.'
    assert deeper in trade_offs(build_plan('max-iops', make_ctx(nvme)))
    on_hdd = build_plan('max-iops', make_ctx(nas))
    assert deeper not in trade_offs(on_hdd) and any('16 KiB records' in c for c in trade_offs(on_hdd))


def test_l2arc_wear_is_told_only_when_an_l2arc_is_fed_prefetched_data(nas):
    wear = 'An L2ARC fed with prefetched data wears the cache SSD faster.'
    assert wear not in trade_offs(build_plan('max-seq-read', make_ctx(nas)))
    assert wear in trade_offs(build_plan('max-seq-read', make_ctx(nas, {'pool': 'tank', 'cache_disks': ['sdh']})))


def test_logbias_cost_only_without_a_slog(nas):
    cost = 'Without a SLOG, Sync write logging set to Throughput makes small synchronous writes slower.'
    assert cost in trade_offs(build_plan('max-seq-write', make_ctx(nas)))
    assert cost not in trade_offs(build_plan('max-seq-write', make_ctx(nas, {'pool': 'tank', 'log_disks': ['sdh']})))


def test_smb_restart_is_a_cost_only_when_multichannel_changes(nas):
    restart = 'Turning multichannel on restarts the SMB service: connected clients are cut off and reconnect.'
    assert restart in trade_offs(build_plan('smb-files', make_ctx(nas)))
    assert restart not in trade_offs(build_plan('smb-files', make_ctx(nas, services={'multichannel': 'true'})))


def test_a_custom_override_drops_the_cost_of_what_it_overrides(nas):
    preset = {'id': 'mine', 'name': 'Mine', 'builtin': False, 'base': 'max-seq-write',
              'settings': [{'kind': 'DATASET_PROPERTY', 'setting': 'recordsize', 'value': '128K'}]}
    costs = trade_offs(build_plan(preset, make_ctx(nas)))
    assert not any('1 MiB records' in c for c in costs)
    assert any('bigger write buffer' in c for c in costs)   # the base's buffer is still raised


def test_the_preset_cards_still_list_every_cost():
    from tuning.core.presets import get_builtin
    assert len(get_builtin('max-iops')['costs']) == 2 and len(get_builtin('max-seq-write')['costs']) == 3


def test_costs_say_sizes_in_words_as_the_rest_of_the_panel():
    # "16 KiB records", never the ZFS value "16K" beside rows that say 16 KiB
    for preset_id in BUILTIN_IDS:
        for cost in costs_of(preset_id):
            assert not re.search(r'\b\d+[KMG]\b', cost), (preset_id, cost)
