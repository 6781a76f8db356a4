"""The plugin over the wire: profile, presets, preview, apply/revert transactions, acknowledgements, concurrency,
reboot tracking. Runs against the sandbox host the fixtures start (or a real TrueNAS: sandbox-only tests skip)."""
import os
import sqlite3
import threading

import pytest

from client import JobFailed, RpcError
from tuning_helpers import diff, error_fields, full_snapshot

MEDIA = {'pool': 'tank', 'dataset': 'tank/media'}


def apply(c, preset, target=MEDIA, acknowledge=()):
    return c.job('tuning.preset.apply', preset, target, {'acknowledge': list(acknowledge)})


def revert(c, rp_id, acknowledge=()):
    return c.job('tuning.restore_point.revert', rp_id, list(acknowledge))


def validation_fields(error) -> list[str]:
    return error_fields(error)


@pytest.mark.sandbox_only
def test_profile_describes_the_seeds_nas(c):
    profile = c.call('tuning.profile')
    assert profile['backend'] == 'sandbox'
    assert profile['memory']['physical_bytes'] == 32 * 2**30
    assert profile['cpu']['cores'] == 8
    (pool,) = profile['pools']
    assert (pool['name'], pool['layout'], pool['disk_kind']) == ('tank', 'RAIDZ2 7×HDD', 'HDD')
    assert [(d['name'], d['kind']) for d in profile['unused_disks']] == [('sdh', 'SSD')]
    assert len(profile['nics']) == 4
    assert {n['speed_mbps'] for n in profile['nics'] if n['link_up']} == {1000}
    assert profile['openzfs_version'].startswith('2.2')


def test_builtin_presets_are_queryable_with_truenas_filters(c):
    ids = {p['id'] for p in c.call('tuning.preset.query', [['builtin', '=', True]])}
    assert ids >= {'balanced', 'max-seq-write', 'max-seq-read', 'max-iops', 'vm-block', 'smb-files',
                   'media-streaming'}
    one = c.call('tuning.preset.query', [['id', '=', 'max-iops']], {'get': True})
    assert one['builtin'] is True and one['optimizes']


def test_preview_is_computed_for_the_box_and_changes_nothing(c):
    before = full_snapshot(c)
    plan = c.call('tuning.preset.preview', 'max-seq-write', MEDIA)
    assert plan['target']['dataset'] == 'tank/media'
    rows = {ch['setting']: ch for ch in plan['changes']}
    assert rows['recordsize']['proposed'] == '1M' and rows['recordsize']['apply_mode'] == 'NEW_DATA'
    assert all(ch['risk'] != 'DANGEROUS' for ch in plan['changes'])
    assert all(ch['rationale'] and ch['source'] for ch in plan['changes'])
    assert not diff(before, full_snapshot(c))


def _data_files(data_dir):
    """Every file of the host's data directory but its logs, with size and modification time."""
    found = {}
    for root, _, names in os.walk(data_dir):
        for name in names:
            if '.log' not in name:
                path = os.path.join(root, name)
                st = os.stat(path)
                found[os.path.relpath(path, data_dir)] = (st.st_size, st.st_mtime_ns)
    return found


@pytest.mark.sandbox_only
def test_a_preview_writes_only_the_first_time_it_reads_a_setting(fresh_host):
    # a preview records the first-seen value of each setting it reads (what Balanced returns to); once they are
    # recorded, a preview is a read and writes nothing: no transaction, no fsync, no file touched
    host = fresh_host()
    with host.client() as c:
        c.call('tuning.preset.preview', 'max-seq-write', MEDIA)
        before = _data_files(host.data_dir)
        for preset in ('max-seq-write', 'balanced', 'max-seq-write'):
            c.call('tuning.preset.preview', preset, MEDIA)
        c.call('tuning.profile')
        c.call('tuning.state')
    assert _data_files(host.data_dir) == before


@pytest.mark.sandbox_only
def test_a_preview_answers_while_another_writer_holds_the_database(fresh_host):
    # once the first-seen values are recorded, a preview only reads: a long write elsewhere (here another
    # connection holding SQLite's write lock) does not make it wait, let alone fail with "database is locked"
    host = fresh_host()
    with host.client() as c:
        c.call('tuning.preset.preview', 'max-seq-write', MEDIA)
        [path] = [os.path.join(root, 'tuning.db') for root, _, names in os.walk(host.data_dir) if 'tuning.db' in names]
        writer = sqlite3.connect(path, isolation_level=None)
        try:
            writer.execute('BEGIN IMMEDIATE')
            plan = c.call('tuning.preset.preview', 'max-seq-write', MEDIA)
        finally:
            writer.execute('ROLLBACK')
            writer.close()
    assert plan['changes']


@pytest.mark.sandbox_only
def test_a_preview_row_carries_its_unit_and_which_child_datasets_inherit(c):
    c.call('pool.dataset.update', 'tank/vm', {'recordsize': '16K'})
    try:
        plan = c.call('tuning.preset.preview', 'max-seq-write', {'pool': 'tank', 'dataset': 'tank'})
    finally:
        c.call('pool.dataset.update', 'tank/vm', {'recordsize': 'INHERIT'})
    rows = {ch['setting']: ch for ch in plan['changes']}
    record = rows['recordsize']
    assert (record['unit'], record['zero_is_default']) == ('BYTES', False)
    assert (record['children_inheriting'], record['children_inheriting_count']) == (['tank/media'], 1)
    assert (record['children_overriding'], record['children_overriding_count']) == (['tank/vm'], 1)
    assert 'tank/vm holds its own value' in record['rationale']
    dirty = rows['zfs_dirty_data_max']
    assert (dirty['unit'], dirty['children_inheriting']) == ('BYTES', None)


def test_preview_names_the_bad_field(c):
    with pytest.raises((RpcError, JobFailed)) as e:
        c.call('tuning.preset.preview', 'max-seq-write', {'pool': 'nope'})
    assert validation_fields(e.value) == ['target.pool']
    with pytest.raises((RpcError, JobFailed)) as e:
        c.call('tuning.preset.preview', 'max-seq-write', {'pool': 'tank', 'dataset': 'tank/none'})
    assert validation_fields(e.value) == ['target.dataset']
    with pytest.raises((RpcError, JobFailed)) as e:
        c.call('tuning.preset.preview', 'no-such', MEDIA)
    assert validation_fields(e.value) == ['id']
    with pytest.raises((RpcError, JobFailed)) as e:
        c.call('tuning.preset.preview', 'max-iops', {'pool': 5})
    assert validation_fields(e.value) == ['target.pool']


def test_own_presets_crud_and_builtins_are_read_only(c):
    created = c.call('tuning.preset.create', {'name': 'My Backups', 'base': 'max-seq-write',
                                              'settings': [{'kind': 'DATASET_PROPERTY', 'setting': 'atime',
                                                            'value': 'OFF'}]})
    assert created['id'] == 'my-backups' and created['builtin'] is False
    updated = c.call('tuning.preset.update', 'my-backups', {'description': 'nightly'})
    assert updated['description'] == 'nightly' and updated['base'] == 'max-seq-write'
    with pytest.raises((RpcError, JobFailed)) as e:
        c.call('tuning.preset.update', 'max-iops', {'description': 'x'})
    assert validation_fields(e.value) == ['id'] and 'read-only' in str(e.value)
    with pytest.raises((RpcError, JobFailed)) as e:
        c.call('tuning.preset.create', {'name': 'Bad', 'settings': [
            {'kind': 'ZFS_PARAMETER', 'setting': 'no_such_knob', 'value': '1'}]})
    assert e.value.code == -32602 and any(f.startswith('data.settings.0') for f in validation_fields(e.value))
    assert c.call('tuning.preset.delete', 'my-backups') is True
    assert c.call('tuning.preset.query', [['id', '=', 'my-backups']]) == []


def test_apply_then_revert_leaves_the_box_exactly_as_before(c):
    before = full_snapshot(c)
    result = apply(c, 'max-seq-write')
    assert result['applied'] and result['restore_point_id']
    state = c.call('tuning.state')
    assert state['active']['preset'] == 'max-seq-write' and state['drift'] == []
    after = full_snapshot(c)
    assert after['datasets']['tank/media']['recordsize'][0] == '1M'

    back = revert(c, result['restore_point_id'])
    assert {ch['key'] for ch in back['applied']} == {ch['key'] for ch in result['applied']}
    assert not diff(before, full_snapshot(c))
    assert c.call('tuning.state')['active'] is None
    rp = c.call('tuning.restore_point.query', [['id', '=', result['restore_point_id']]], {'get': True})
    assert rp['state'] == 'REVERTED' and rp['reverted_by'] == back['restore_point_id']
    with pytest.raises((RpcError, JobFailed)) as e:   # refused in words, naming the one to revert instead
        revert(c, result['restore_point_id'])
    assert f'Restore point {rp["id"]} is reverted; only applied ones can be reverted. It was reverted by restore ' \
           f'point {back["restore_point_id"]}' in str(e.value)

    # Reverting the revert re-applies the preset's values, and that is reversible too.
    again = revert(c, back['restore_point_id'])
    assert full_snapshot(c)['datasets']['tank/media']['recordsize'][0] == '1M'
    assert c.call('tuning.state')['active']['preset'] == 'max-seq-write'
    revert(c, again['restore_point_id'])
    assert not diff(before, full_snapshot(c))
    state = c.call('tuning.state')
    assert state['active'] is None and state['drift'] == []   # the record agrees with the box


def test_drift_reports_a_setting_changed_behind_tunings_back(c):
    result = apply(c, 'max-seq-write')
    c.call('pool.dataset.update', 'tank/media', {'recordsize': '64K'})
    drift = c.call('tuning.state')['drift']
    assert [(d['setting'], d['expected'], d['actual']) for d in drift] == [('recordsize', '1M', '64K')]
    c.call('pool.dataset.update', 'tank/media', {'recordsize': '1M'})
    revert(c, result['restore_point_id'])


def test_dangerous_changes_need_a_per_setting_acknowledgement(c):
    c.call('tuning.preset.create', {'name': 'Unsafe', 'settings': [
        {'kind': 'DATASET_PROPERTY', 'setting': 'sync', 'value': 'DISABLED'}]})
    plan = c.call('tuning.preset.preview', 'unsafe', MEDIA)
    (row,) = [ch for ch in plan['changes'] if ch['setting'] == 'sync']
    assert row['risk'] == 'DANGEROUS' and row['key'] in plan['dangerous'] and row['risk_reason']
    before = full_snapshot(c)
    with pytest.raises((RpcError, JobFailed)) as e:
        apply(c, 'unsafe')
    assert 'options.acknowledge' in validation_fields(e.value)
    assert not diff(before, full_snapshot(c))
    assert c.call('tuning.restore_point.query', [['preset', '=', 'unsafe']]) == []

    result = apply(c, 'unsafe', acknowledge=[row['key']])
    assert full_snapshot(c)['datasets']['tank/media']['sync'][0] == 'DISABLED'
    revert(c, result['restore_point_id'])
    assert not diff(before, full_snapshot(c))
    c.call('tuning.preset.delete', 'unsafe')


def test_state_lists_a_dangerous_setting_of_an_earlier_preset_first_with_its_restore_point(c):
    before = full_snapshot(c)
    c.call('tuning.preset.create', {'name': 'Loose', 'settings': [
        {'kind': 'DATASET_PROPERTY', 'setting': 'sync', 'value': 'DISABLED'}]})
    loose = apply(c, 'loose', acknowledge=['sync'])
    # The next preset leaves sync alone, and its plan says sync is Disabled now instead of "not part of this preset".
    plan = c.call('tuning.preset.preview', 'max-seq-write', MEDIA)
    notes = [w for w in plan['warnings'] if 'Disabled' in w]
    assert len(notes) == 1 and notes[0].startswith('Synchronous writes is Disabled on tank/media now'), notes
    seq = apply(c, 'max-seq-write')

    state = c.call('tuning.state')
    assert state['active']['preset'] == 'max-seq-write'
    first, *rest = state['in_effect']
    assert (first['setting'], first['value'], first['risk'], first['preset'], first['restore_point_id']) == (
        'sync', 'DISABLED', 'DANGEROUS', 'loose', loose['restore_point_id'])
    assert first['risk_reason'] and first['summary'] == 'Synchronous writes'   # as the preset editor names it
    assert {r['key'] for r in rest} == {ch['key'] for ch in seq['applied']}
    assert all(r['restore_point_id'] == seq['restore_point_id'] for r in rest)
    assert [r['risk'] for r in state['in_effect']] == sorted(
        (r['risk'] for r in state['in_effect']), key=['DANGEROUS', 'CAUTION', 'SAFE'].index)

    revert(c, loose['restore_point_id'], acknowledge=[])
    assert [r['preset'] for r in c.call('tuning.state')['in_effect']] == ['max-seq-write'] * len(rest)
    revert(c, seq['restore_point_id'])
    assert c.call('tuning.state')['in_effect'] == []
    assert not diff(before, full_snapshot(c))
    c.call('tuning.preset.delete', 'loose')


def test_two_applies_at_once_run_one_and_refuse_the_other(host):
    clients = [host.client(private_methods=True) for _ in range(2)]
    before = full_snapshot(clients[0])
    outcomes = [None, None]

    def run(i, preset):
        try:
            outcomes[i] = ('ok', apply(clients[i], preset))
        except (RpcError, JobFailed) as e:
            outcomes[i] = ('error', e)

    threads = [threading.Thread(target=run, args=(0, 'max-seq-write')),
               threading.Thread(target=run, args=(1, 'max-iops'))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    oks = [o for o in outcomes if o[0] == 'ok']
    errors = [o for o in outcomes if o[0] == 'error']
    if len(oks) == 2:
        # Started far enough apart not to overlap: both are recorded and both are reversible.
        for _, r in reversed(oks):
            revert(clients[0], r['restore_point_id'])
    else:
        assert len(oks) == 1 and len(errors) == 1
        assert 'is running' in str(errors[0][1])
        revert(clients[0], oks[0][1]['restore_point_id'])
    assert not diff(before, full_snapshot(clients[0]))
    for cl in clients:
        cl.close()


@pytest.mark.sandbox_only
def test_l2arc_goes_only_on_an_unused_fitting_disk_and_reverts(c):
    plan = c.call('tuning.preset.preview', 'max-seq-read', MEDIA)
    assert any(not p['met'] and 'sdh' in p['message'] for p in plan['prerequisites'])
    with pytest.raises((RpcError, JobFailed)) as e:
        c.call('tuning.preset.preview', 'max-seq-read', {**MEDIA, 'cache_disks': ['sda']})
    assert any(f.startswith('target.cache_disks') for f in validation_fields(e.value))
    before = full_snapshot(c)
    result = apply(c, 'max-seq-read', {**MEDIA, 'cache_disks': ['sdh']})
    assert 'POOL_DEVICE:tank:cache' in {ch['key'] for ch in result['applied']}
    assert c.call('tuning.profile')['pools'][0]['cache'] == ['sdh']
    revert(c, result['restore_point_id'])
    assert not diff(before, full_snapshot(c))
    assert [d['name'] for d in c.call('tuning.profile')['unused_disks']] == ['sdh']


@pytest.mark.sandbox_only
def test_reboot_setting_is_pending_until_the_box_reboots_then_verified(host):
    c = host.client(private_methods=True)
    c.call('tuning.preset.create', {'name': 'Big dirty', 'settings': [
        {'kind': 'ZFS_PARAMETER', 'setting': 'zfs_dirty_data_max_max', 'value': '6442450944'}]})
    plan = c.call('tuning.preset.preview', 'big-dirty', MEDIA)
    (row,) = plan['changes']
    assert row['apply_mode'] == 'REBOOT' and plan['needs_reboot'] is True
    result = apply(c, 'big-dirty')
    assert result['pending_reboot'] == [row['key']]
    state = c.call('tuning.state')
    assert [p['setting'] for p in state['pending_reboot']] == ['zfs_dirty_data_max_max']
    # named and with its unit, so the panel's banner says "Write buffer limit 6 GiB", not a byte count
    assert {k: state['pending_reboot'][0][k] for k in ('name', 'unit', 'zero_is_default')} == \
        {'name': 'Write buffer limit', 'unit': 'BYTES', 'zero_is_default': False}
    assert state['drift'] == []
    reasons = c.call('system.reboot.info')['reboot_required_reasons']
    assert {'code': 'TUNING_PRESET', 'reason': 'Tuning: 1 setting takes effect after a reboot: Write buffer limit'} in \
        reasons
    old_boot = state['boot_id']
    live = c.call('tunable.get_zfs_parameters')['zfs_dirty_data_max_max']['value']
    assert live != '6442450944'

    serving = host.boot_id()   # the serving process's id (the box's is another): waited on across the reboot
    c.job('system.reboot', 'apply tuning', {'delay': None})
    c.close()
    host.wait_until_back(serving)
    c = host.client(private_methods=True)
    state = c.call('tuning.state')
    assert state['boot_id'] != old_boot
    assert state['pending_reboot'] == []
    assert 'Write buffer limit 6 GiB verified after reboot.' in state['recovered']
    assert c.call('tunable.get_zfs_parameters')['zfs_dirty_data_max_max']['value'] == '6442450944'
    assert not any(r['code'] == 'TUNING_PRESET' for r in c.call('system.reboot.info')['reboot_required_reasons'])

    # Reverting needs a reboot again (the parameter is load-time only), and says so.
    back = revert(c, result['restore_point_id'])
    assert back['pending_reboot'] == [row['key']]
    serving = host.boot_id()
    c.job('system.reboot', 'revert tuning', {'delay': None})
    c.close()
    host.wait_until_back(serving)
    c = host.client(private_methods=True)
    assert c.call('tuning.state')['pending_reboot'] == []
    assert c.call('tunable.get_zfs_parameters')['zfs_dirty_data_max_max']['value'] == live
    c.call('tuning.preset.delete', 'big-dirty')
    c.close()


@pytest.mark.sandbox_only
def test_a_reverted_knob_follows_the_box_default_after_a_reboot(fresh_host):
    """A revert hands a RAM-derived knob (no tunable row before tuning) back to the box: after a reboot the kernel
    computes its own default again, a few pages off the old live value, and that is neither drift nor pending."""
    host = fresh_host()
    c = host.client(private_methods=True)
    before = c.call('tunable.get_zfs_parameters')['zfs_dirty_data_max']['value']
    result = apply(c, 'max-seq-write')
    (rp,) = c.call('tuning.restore_point.query', [['id', '=', result['restore_point_id']]])
    assert 'zfs_dirty_data_max' in {ch['setting'] for ch in rp['changes']}
    revert(c, result['restore_point_id'])
    assert c.call('tuning.state')['drift'] == []
    boot = host.boot_id()   # the serving process's id (system.boot_id is the box's)
    c.job('system.reboot', 'after a revert', {'delay': None})
    c.close()
    host.wait_until_back(boot)
    c = host.client(private_methods=True)
    after = c.call('tunable.get_zfs_parameters')['zfs_dirty_data_max']['value']
    assert after != before and abs(int(after) - int(before)) < 2**20   # the kernel's own default at this boot
    state = c.call('tuning.state')
    assert state['drift'] == [] and state['pending_reboot'] == []
    c.close()


def test_reverting_an_earlier_apply_names_the_later_one_and_its_settings_in_words(c):
    before = full_snapshot(c)
    first = apply(c, 'max-seq-write')
    c.call('tuning.preset.create', {'name': 'Small records', 'settings': [
        {'kind': 'DATASET_PROPERTY', 'setting': 'recordsize', 'value': '64K'}]})
    try:
        second = apply(c, 'small-records')
        later = c.call('tuning.restore_point.preview', first['restore_point_id'])['warnings']
        undone = revert(c, second['restore_point_id'])
        later_revert = c.call('tuning.restore_point.preview', first['restore_point_id'])['warnings']
        again = revert(c, undone['restore_point_id'])    # Small records applied again
        third = revert(c, again['restore_point_id'])     # and taken off again
        titles = {rp['id']: rp['title'] for rp in c.call('tuning.restore_point.query')}
    finally:
        revert(c, first['restore_point_id'])
        c.call('tuning.preset.delete', 'small-records')
    assert not diff(before, full_snapshot(c))
    first_id = first['restore_point_id']
    tail = f'came later and also changed Record size; reverting {first_id} sets them back to the values from ' \
           f'before {first_id}.'
    assert [w for w in later if 'came later' in w] == [
        f'Restore point {second["restore_point_id"]} (Small records applied) {tail}']
    # a later revert is said to be one, and of what (the walk-through read "(max-iops), applied later")
    assert [w for w in later_revert if 'came later' in w] == [
        f'Restore point {undone["restore_point_id"]} (Small records reverted, undoing restore point '
        f'{second["restore_point_id"]}) {tail}']
    assert titles[first_id] == 'Max sequential write applied'
    assert titles[again['restore_point_id']] == (f'Small records applied again, undoing restore point '
                                                 f'{undone["restore_point_id"]}')
    assert titles[third['restore_point_id']] == (f'Small records reverted, undoing restore point '
                                                 f'{again["restore_point_id"]}')
