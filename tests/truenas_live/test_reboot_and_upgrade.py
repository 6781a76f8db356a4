"""A reboot round trip through the real middlewared, played in the real order: a setting that needs a reboot is
applied, the box reboots (middlewared stops; the launcher starts it again with a new boot id, the kernel back to its
defaults plus the enabled tunables, as a boot does), plugin setup runs while the pools are still exported, then pool
import and system.ready; start-up verifies the pending item.

Every start of the launcher also builds /usr afresh and installs the plugin with the installer, which is what a
TrueNAS upgrade followed by the documented reinstall does: the database on the system dataset must come back whole
(presets, restore points, pending items, history)."""
import os

import pytest
from truenas_api_client import ClientException

from .fakebox import state as box_state
from .server import LiveServer, wait_for

TARGET = {'pool': 'tank', 'dataset': 'tank/media'}
BIG_DIRTY = {'name': 'Big dirty', 'settings': [
    {'kind': 'ZFS_PARAMETER', 'setting': 'zfs_dirty_data_max_max', 'value': '6442450944'}]}
LOAD_TIME = 'zfs_dirty_data_max_max'


def sysfs(server, name):
    return (server.home / 'sys-module-zfs-parameters' / name).read_text().strip()


def boots(server):
    os.environ['FAKEBOX_HOME'] = str(server.home)
    return box_state.load()['boots']


def ready(c):
    c.call('fakebox.import_pools')
    return wait_for(lambda: c.call('tuning.state'), 60, 'tuning ready after system.ready')


@pytest.fixture
def server(tmp_path):
    srv = LiveServer(tmp_path / 'box')
    yield srv
    srv.stop()


def test_a_reboot_round_trip_verifies_the_pending_item_and_an_upgrade_keeps_the_database(server):
    server.start()
    with server.client() as c:
        ready(c)
        default = sysfs(server, LOAD_TIME)
        c.call('tuning.preset.create', BIG_DIRTY)
        result = c.call('tuning.preset.apply', 'big-dirty', TARGET, {'acknowledge': []}, job=True)
        state = c.call('tuning.state')
        assert [p['setting'] for p in state['pending_reboot']] == [LOAD_TIME]
        assert sysfs(server, LOAD_TIME) == default  # load-time only: the kernel keeps it until the reboot
        assert c.call('system.reboot.list_reasons'), 'the reboot reason was registered with TrueNAS'
        before = {
            'presets': c.call('tuning.preset.query', [['builtin', '=', False]]),
            'restore_points': c.call('tuning.restore_point.query'),
            'boot_id': c.call('system.boot_id'),
        }
    first_boot = boots(server)

    server.stop()   # the reboot: middlewared goes down with the box ...
    server.start()  # ... and comes back on a new boot, with /usr rebuilt and the plugin installed again

    assert boots(server) != first_boot and len(boots(server)) == len(first_boot) + 1
    assert sysfs(server, LOAD_TIME) == '6442450944'  # the boot applied the enabled tunable
    with server.client() as c:
        # plugin setup ran while the pools were exported: nothing verified yet, and nothing created elsewhere
        with pytest.raises(ClientException, match='boot'):
            c.call('tuning.state')
        state = ready(c)
        assert state['boot_id'] == c.call('system.boot_id') != before['boot_id']
        assert state['pending_reboot'] == [], 'start-up verified the setting against the new boot'
        assert 'Write buffer limit 6 GiB verified after reboot.' in state['recovered']   # zfs_dirty_data_max_max
        assert state['active']['preset'] == 'big-dirty' and state['drift'] == []
        # nothing lost across the reinstall of /usr
        assert c.call('tuning.preset.query', [['builtin', '=', False]]) == before['presets']
        assert c.call('tuning.restore_point.query') == before['restore_points']
        assert c.call('tuning.restore_point.query', [['id', '=', result['restore_point_id']]], {'get': True})[
            'state'] == 'APPLIED'
        # and the box goes back: reverting needs a reboot again, which is pending now
        c.call('tuning.restore_point.revert', result['restore_point_id'], [], job=True)
        assert [p['setting'] for p in c.call('tuning.state')['pending_reboot']] == [LOAD_TIME]
    assert list(server.home.rglob('tuning.db')) == [server.home / 'var-db-system' / 'tuning' / 'tuning.db']
