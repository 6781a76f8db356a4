"""What a plan and a preset say to people is in words (issue 21 item 5): no ``setting=VALUE``, no API enum value
(``ALWAYS``, ``THROUGHPUT``), no "link(s)"; values the way the TrueNAS web UI names them ("Sync set to Always").
Keys, setting ids and API values stay in their own fields, for scripts."""
import re

import pytest

from tuning.core.presets import BUILTIN_IDS, build_plan, builtin_presets
from tuning.core.presets.constants import KIND_RANK
from tuning.core.presets.registry import KNOBS

from .boxes import make_ctx

# every value a registry enum takes that is a word (LZ4 and GZIP are names, not words)
ENUM_WORDS = {c for knob in KNOBS for c in knob.normalise.domain.get('choices', ())
              if re.fullmatch(r'[A-Z]+(_[A-Z]+)*', c) and c not in ('LZ4', 'GZIP', 'ZSTD', 'ZLE', 'LZJB')}
SETTING_IS = re.compile(r'\b[a-z_][a-z0-9_.]*=[A-Za-z0-9]')                 # sync=ALWAYS, logbias=throughput
PLURAL_GUESS = re.compile(r'\w\(s\)')                                      # link(s)


def targets(profile):
    """The pool's root, its last dataset, and that dataset with each unused disk that fits as cache and as log."""
    pool = profile['pools'][0]
    dataset = {'pool': pool['name'], 'dataset': pool['datasets'][-1]}
    out = [{'pool': pool['name']}, dataset]
    faster = [d for d in profile['unused_disks'] if KIND_RANK[d['kind']] > KIND_RANK[pool['disk_kind']]]
    for disk in faster:
        out += [{**dataset, 'cache_disks': [disk['name']]}, {**dataset, 'log_disks': [disk['name']]}]
    return out


def texts_of(plan):
    rows = plan['changes'] + plan['unchanged']
    return (plan['warnings'] + [p['message'] for p in plan['prerequisites']] + [r['rationale'] for r in rows]
            + [r['risk_reason'] for r in rows if r.get('risk_reason')])


def problems(text):
    found = [w for w in re.findall(r'\b[A-Z][A-Z_]+\b', text) if w in ENUM_WORDS]
    return found + SETTING_IS.findall(text) + PLURAL_GUESS.findall(text)


def test_preset_descriptions_and_costs_are_words():
    for preset in builtin_presets():
        for text in [preset['name'], preset['description'], *preset['costs']]:
            assert problems(text) == [], (preset['id'], text)


@pytest.mark.parametrize('preset_id', BUILTIN_IDS)
def test_plans_say_values_in_words(any_box, preset_id):
    for target in targets(any_box):
        for dataset in ({}, {'sync': 'DISABLED'}, {'logbias': 'THROUGHPUT', 'primarycache': 'METADATA'}):
            plan = build_plan(preset_id, make_ctx(any_box, target, dataset=dataset))
            for text in texts_of(plan):
                assert problems(text) == [], (preset_id, target, text)


def test_sync_is_named_as_the_web_ui_names_it(nas):
    vm = build_plan('vm-block', make_ctx(nas, {'pool': 'tank', 'dataset': 'tank/vm'}))
    assert any(w.startswith('The Sync setting stays Standard: without a SLOG, Sync set to Always would make')
               for w in vm['warnings']), vm['warnings']
    held = build_plan('max-seq-write', make_ctx(nas, {'pool': 'tank', 'dataset': 'tank/media'},
                                                dataset={'sync': 'DISABLED'}))
    (note,) = [w for w in held['warnings'] if 'Disabled' in w]
    assert note.startswith('Synchronous writes is Disabled on tank/media now, set before this preset')
    assert '(Dangerous: ' in note and 'set "Synchronous writes" in a custom preset' in note


@pytest.mark.parametrize('nics, words', [(1, 'one such link is up'), (4, '4 such links are up')])
def test_links_are_counted_in_words(nas, nics, words):
    nas['nics'] = [{'name': f'eno{i}', 'link_up': True, 'speed_mbps': 1000} for i in range(nics)]
    plan = build_plan('max-seq-read', make_ctx(nas))
    (note,) = [w for w in plan['warnings'] if w.startswith('Network: ')]
    assert f'({words})' in note


def test_multichannel_restarts_smb_so_it_is_caution_and_says_it_cuts_smb_clients_off(nas):
    plan = build_plan('smb-files', make_ctx(nas))
    (row,) = [r for r in plan['changes'] if r['setting'] == 'multichannel']
    # the rule, not the row: a change that restarts a service cuts its clients off, never badged Safe
    assert (row['risk'], row['apply_mode']) == ('CAUTION', 'SERVICE_RESTART')
    assert not [r for r in plan['changes'] if r['apply_mode'] == 'SERVICE_RESTART' and r['risk'] == 'SAFE']
    assert row['risk_reason'].startswith('No risk to data, but applying it restarts the SMB service: connected SMB '
                                         'clients are cut off and reconnect')
    assert row['rationale'] == 'With 4 network links up, multichannel lets one SMB client use several connections ' \
                               'at once.'
    safe = [r for r in plan['changes'] if r['risk'] == 'SAFE' and r['apply_mode'] != 'SERVICE_RESTART']
    assert safe and not any(r.get('risk_reason') for r in safe)


def test_balanced_names_what_it_leaves_and_counts_it(nas):
    ctx = make_ctx(nas, first_seen={'POOL_DEVICE:tank:cache': '', 'ZFS_PARAMETER:global:zfs_txg_timeout': 'soon'},
                   pool_devices={'cache': 'sdh'})
    warnings = build_plan('balanced', ctx)['warnings']
    assert any(w.startswith('L2ARC cache device sdh was added') for w in warnings), warnings
    assert any(w.startswith("The recorded first-seen value of Transaction group interval (zfs_txg_timeout: 'soon')")
               for w in warnings), warnings
    assert all(problems(w) == [] for w in warnings)


def test_an_unacknowledged_dangerous_change_is_refused_in_words_with_the_key_to_send(nas):
    from tuning.framework import ValidationErrors
    from tuning.preset import check_acknowledged
    plan = build_plan({'id': 'loose', 'name': 'Loose', 'base': None, 'settings': [
        {'kind': 'DATASET_PROPERTY', 'setting': 'sync', 'value': 'DISABLED'}]},
        make_ctx(nas, {'pool': 'tank', 'dataset': 'tank/media'}))
    with pytest.raises(ValidationErrors) as e:
        check_acknowledged(plan, ['recordsize'], 'options.acknowledge')
    (stray, missing) = [(field, message) for field, message, _ in e.value]
    assert stray == ('options.acknowledge.0', "'recordsize' is not a dangerous change of this plan.")
    assert missing[0] == 'options.acknowledge'
    assert missing[1].startswith('Synchronous writes set to Disabled on tank/media is dangerous: ')
    assert missing[1].endswith("Acknowledge it by name ('DATASET_PROPERTY:tank/media:sync' or 'sync') to apply it.")


def test_disks_are_described_with_their_kind_as_people_write_it(nvme):
    from tuning.core.presets.devices import describe_disk
    assert describe_disk(nvme['disks'][0]) == 'nvme0n1 (3.5 TiB NVMe)'
    assert describe_disk(nvme['unused_disks'][0]) == 'sdx (894 GiB SSD)'
