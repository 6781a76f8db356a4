"""The third host: the standalone host with `--backend truenas` against the REAL middlewared of the release.

The standalone host (tests/api/hosting.py starts it as `python -m tuning_host`) reaches the live middlewared over
loopback ws:// (the only plain transport the backend accepts) and forwards its appliance calls there: the release's
real server, protocol, argument models and role checks answer them, the fake box holds the state. Everything is
driven through the standalone host's own API.

What cannot run off a box: API-key login (TrueNAS checks keys through its PAM module, which the tier replaces with a
root-only stand-in), so the host logs in with `auth.login_ex TOKEN_PLAIN` and a token root generated; the token file
is read again at every login, which is how the host picks up a new credential: TrueNAS destroys a token when the
session that logged in with it ends, so the test hands the host a new one after each restart (an API key, the real
credential, stays valid across sessions and restarts).
"""
import errno
import os
import sys

import pytest

from .fakebox import state as box_state
from .server import ready_server, wait_for

sys.path.insert(0, str(os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), 'api')))
from hosting import LocalHost  # noqa: E402  (tests/api: the host process the API tests start)

TARGET = {'pool': 'tank', 'dataset': 'tank/media'}


def box(server):
    os.environ['FAKEBOX_HOME'] = str(server.home)
    return box_state.load()


def give_token(server, key_file):
    """A token of root's (the tier's one account) for the host's login, usable from another connection."""
    with server.client() as c:
        key_file.write_text(c.call('auth.generate_token', 3600, {}, False))


def zfs_module(server, tmp):
    """The box's ZFS module as sysfs shows it: the fake box's parameters and its version (zfs-2.3.4)."""
    module = tmp / 'sys-module-zfs'
    module.mkdir(exist_ok=True)
    if not (module / 'parameters').exists():
        (module / 'parameters').symlink_to(server.home / 'sys-module-zfs-parameters')
    (module / 'version').write_text('2.3.4-1\n')
    return module


@pytest.fixture(scope='module')
def stack(tmp_path_factory):
    tmp = tmp_path_factory.mktemp('third-host')
    with ready_server(tmp / 'box') as server:
        key_file = tmp / 'truenas.key'
        give_token(server, key_file)
        host = LocalHost(str(tmp / 'host'), plugins='tuning', backend='truenas', extra_env={
            'TUNING_TRUENAS_URL': f'ws://127.0.0.1:{server.port}/api/current',
            'TUNING_TRUENAS_LOGIN': 'token', 'TUNING_TRUENAS_USER': 'root',
            'TUNING_TRUENAS_API_KEY_FILE': str(key_file),
            'TUNING_ZFS_MODULE_DIR': str(zfs_module(server, tmp)),
            'TUNING_PROC_DIR': str(server.home / 'proc'),   # the fake box's /proc (fakebox/state.py)
        })
        host.start()
        try:
            yield server, host, key_file
        finally:
            host.stop()
            host.wait_dead()


@pytest.fixture
def c(stack):
    _, host, _ = stack
    client = host.client()
    try:
        wait_for(lambda: client.call('tuning.state'), 90, 'tuning ready on the standalone host')
        yield client
    finally:
        client.close()


def test_the_profile_is_the_boxs(c):
    profile = c.call('tuning.profile')
    assert profile['backend'] == 'truenas'
    assert profile['pools'][0]['layout'] == 'RAIDZ2 6×HDD'
    assert [d['name'] for d in profile['unused_disks']] == ['sdg']
    assert profile['openzfs_version'] == '2.3.4'


def test_the_keys_roles_are_known_and_a_full_admin_plan_has_no_role_warning(c):
    """The tier's user is root, which holds FULL_ADMIN: this cannot prove that a key without it suffices (the unit
    tests check the routing: tests/unit/host/remote/test_truenas_without_full_admin.py)."""
    assert c.call('truenas.status')['full_admin'] is True
    plan = c.call('tuning.preset.preview', 'max-seq-write', TARGET)
    assert 'logbias' in [ch['setting'] for ch in plan['changes']]
    assert not [w for w in plan['warnings'] if 'FULL_ADMIN' in w]


def test_a_preset_is_applied_on_the_box_and_reverted(c, stack):
    server, _, _ = stack
    before = box(server)
    plan = c.call('tuning.preset.preview', 'max-seq-write', TARGET)
    assert plan['changes']
    dangerous = [ch['setting'] for ch in plan['changes'] if ch['risk'] == 'DANGEROUS']
    result = c.job('tuning.preset.apply', 'max-seq-write', TARGET, {'acknowledge': dangerous})
    after = box(server)
    assert after['datasets'] != before['datasets'] or after['tunables'] != before['tunables']
    assert c.call('tuning.state')['active']['preset'] == 'max-seq-write'
    c.job('tuning.restore_point.revert', result['restore_point_id'], dangerous)
    reverted = box(server)
    assert reverted['datasets'] == before['datasets']
    assert {(t['var'], t['value'], t['enabled']) for t in reverted['tunables']} <= \
        {(t['var'], t['value'], t['enabled']) for t in before['tunables']}
    assert c.call('tuning.state')['drift'] == []


def test_the_boxs_validation_errors_reach_the_caller_with_their_field(c):
    from client import RpcError
    with pytest.raises(RpcError) as e:
        c.call('pool.dataset.create', {'name': 'tank/x', 'sync': 'SOMETIMES'})
    assert e.value.errno == errno.EINVAL and 'sync' in str(e.value), e.value
    assert e.value.extra and e.value.extra[0][0].endswith('sync'), 'the field the box named, passed on'


def test_a_benchmark_runs_in_a_scratch_dataset_the_box_creates(c, stack):
    server, _, _ = stack
    with server.client() as admin:  # small box: the ARC-sized working set fits this machine's disk
        admin.call('fakebox.inject', {'memory': {'physmem': 2 * 1024 ** 3, 'arc_max': 256 * 1024 ** 2}})
    spec = {'dataset': 'tank/media', 'tests': ['SEQ_WRITE'], 'profile': 'QUICK', 'runs': 1, 'adaptive': False,
            'runtime_seconds': 1, 'ramp_seconds': 0}
    entry = c.job('tuning.benchmark.run', spec)
    assert entry['summary']['SEQ_WRITE']['write_bw_bytes']['median'] > 0
    assert sorted(box(server)['datasets']) == ['tank', 'tank/media'], 'the scratch dataset was removed on the box'
    assert list((server.home / 'mnt' / 'tank' / 'media').iterdir()) == []


def test_a_campaign_stops_for_the_boxs_reboot_and_resumes_when_the_box_is_back(stack):
    """A preset that needs a reboot: the campaign asks the box (system.reboot, FULL_ADMIN: the tier's root may) and
    its job ends REBOOTING; the admin's restart of the box (middlewared stopped and started: a new boot id) makes the
    host restart its serving process, whose start-up verifies the setting and resumes the campaign to its end."""
    from tuning_helpers import follow_to_the_end
    server, host, key_file = stack
    c = host.client()
    wait_for(lambda: c.call('tuning.state'), 90, 'tuning ready on the standalone host')
    value = c.call('tuning.profile')['memory']['physical_bytes'] // 2 // 2 ** 20 * 2 ** 20
    c.call('tuning.preset.create', {'id': 'big-dirty', 'name': 'Big dirty', 'settings': [
        {'kind': 'ZFS_PARAMETER', 'setting': 'zfs_dirty_data_max_max', 'value': str(value)}]})
    first_boot = c.call('system.boot_id')
    row = c.job('tuning.campaign.run', {
        'dataset': 'tank/media', 'presets': ['big-dirty'], 'rounds': 1, 'allow_reboot': True,
        'benchmark': {'tests': ['SEQ_WRITE'], 'profile': 'QUICK', 'runs': 1, 'runtime_seconds': 1, 'ramp_seconds': 0},
        'finish': {'mode': 'PRESET', 'preset': 'big-dirty'}}, timeout=600)
    c.close()
    assert row['state'] == 'REBOOTING', row['message']
    assert box(server)['reboots_requested'][-1].startswith(f'tuning campaign {row["id"]}')
    host_process = host.boot_id()

    server.stop()    # the box restarts ...
    server.start(same_port=True)   # ... at its address, with a new boot id (the host's old token died with it:
    # the admin's new one is in the file)
    give_token(server, key_file)
    with server.client() as admin:
        admin.call('fakebox.import_pools')

    host.wait_until_back(host_process, timeout=120)   # the host followed the box's boot: a new serving process
    give_token(server, key_file)  # a token's session ends with the process that used it (TrueNAS destroys it)
    c = host.client()
    state = wait_for(lambda: c.call('tuning.state'), 90, 'tuning ready again once the box is')
    c.close()
    assert any('verified after reboot' in note for note in state['recovered']), state['recovered']
    done = follow_to_the_end(host, row['id'])
    assert done['state'] == 'DONE', done['message']
    assert 'rebooted' in [line['message'] for line in done['log']]
    c = host.client(private_methods=True)
    try:
        assert c.call('system.boot_id') != first_boot
        assert c.call('tuning.state')['pending_reboot'] == []
        assert c.call('tunable.get_zfs_parameters')['zfs_dirty_data_max_max']['value'] == str(value)
    finally:
        c.close()
