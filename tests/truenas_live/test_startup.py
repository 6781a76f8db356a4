"""Start-up of the real middlewared with the plugin: order, system.ready, database placement, failures."""
import json
import urllib.request

import pytest
from truenas_api_client import ClientException

from .server import LiveServer, wait_for


@pytest.fixture
def server(tmp_path):
    srv = LiveServer(tmp_path / 'box')
    yield srv
    srv.stop()


def ready_state(c):
    return wait_for(lambda: c.call('tuning.state'), 60, 'tuning.state answering after system.ready')


def test_middlewared_starts_with_the_plugin_installed_by_our_installer(server):
    server.start()
    assert 'LIVE-INSTALL-FAILED' not in server.log(), server.log()[-2000:]
    record = server.home / 'root/usr/lib/python3/dist-packages/middlewared/plugins/tuning/INSTALLED_FILES.json'
    assert json.loads(record.read_text())['name'] == 'tuning'
    with server.client() as c:
        assert c.call('core.ping') == 'pong'
        methods = c.call('core.get_methods')
        assert {'tuning.profile', 'tuning.state', 'tuning.preset.apply'} <= set(methods)
    assert 'tuning: setup failed' not in server.log()


def test_panel_is_served_by_middlewared_under_plugins_route(server):
    server.start()
    with urllib.request.urlopen(f'{server.url}/_plugins/tuning/', timeout=30) as r:
        assert r.status == 200
        assert r.headers['Content-Type'].startswith('text/html')
        assert b'<html' in r.read().lower()


def test_before_system_ready_tuning_answers_a_clear_error_and_creates_no_database(server):
    server.start()
    with server.client() as c:
        assert c.call('system.state') == 'BOOTING'
        with pytest.raises(ClientException) as e:
            c.call('tuning.state')
        assert 'system.ready' in str(e.value) or 'boot' in str(e.value).lower()
        assert c.call('systemdataset.config')['path'] is None
    assert not list(server.home.rglob('tuning.db'))


def test_after_system_ready_recovery_runs_and_the_database_lives_on_the_system_dataset(server):
    server.start()
    with server.client() as c:
        c.call('fakebox.import_pools')
        state = ready_state(c)
        assert state['backend'] == 'truenas'
        assert state['boot_id'] == c.call('system.boot_id')
        sysds = c.call('systemdataset.config')['path']
    dbs = list(server.home.rglob('tuning.db'))
    assert [str(p) for p in dbs] == [f'{sysds}/tuning/tuning.db']


def test_plugin_start_up_failure_keeps_middlewared_up_raises_an_alert_and_tuning_says_why(server):
    # an unreadable database on the system dataset
    db = server.home / 'var-db-system' / 'tuning' / 'tuning.db'
    db.parent.mkdir(parents=True)
    db.write_bytes(b'this is not a sqlite database' * 100)
    server.start()
    with server.client() as c:
        c.call('fakebox.import_pools')
        assert c.call('core.ping') == 'pong'

        def failed():
            try:
                c.call('tuning.state')
            except ClientException as e:
                return 'could not start' in str(e).lower() and str(e)
            return False
        message = wait_for(failed, 60, 'tuning.state reporting the start-up failure')
        assert 'tuning.db' in message or 'database' in message.lower()
        alerts = wait_for(lambda: [a for a in c.call('alert.list') if a['klass'] == 'TuningStartupFailed'],
                          30, 'the TuningStartupFailed alert')
        assert alerts[0]['level'] in ('ERROR', 'CRITICAL', 'WARNING')
        assert c.call('system.state') == 'READY'


def test_appliance_call_failing_at_start_up_is_survived_and_reported(server):
    server.home.mkdir(parents=True)
    from .fakebox import state as box_state
    import os
    os.environ['FAKEBOX_HOME'] = str(server.home)
    st = box_state.initial()
    st['fail_calls'] = {'pool.query': 'injected: pool.query failed'}
    box_state.save(st)
    server.start()
    with server.client() as c:
        c.call('fakebox.import_pools')
        assert c.call('core.ping') == 'pong'
        with pytest.raises(ClientException) as e:
            c.call('tuning.profile')
        assert 'injected: pool.query failed' in str(e.value)
        c.call('fakebox.inject', {'fail_calls': {}})
        assert c.call('tuning.profile')['pools'][0]['name'] == 'tank'
