"""The host chooses every backend through one registry (tuning_host.backends): the remote appliance (`truenas`, the
TrueNAS App) as the others, by name, with the appliance services loaded only under a backend that does not register
its own; manifest.json lists the same backends."""
import json
import os

import pytest

from tuning_host.backends import APPLIANCE_PACKAGE, BACKENDS, appliance_package, create_backend as registry_create
from tuning_host.backends.sandbox import SandboxBackend
from tuning_host.config import parse_settings
from tuning_host.remote import RemoteAppliance
from tuning_host.server.host import HostStartError, create_backend, packages_to_load

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))))
KEY_ENV = {'TUNING_TRUENAS_API_KEY': 'a-key'}


def settings(tmp_path, backend, *options):
    return parse_settings(['--backend', backend, '--data', str(tmp_path), *options], KEY_ENV)


def test_the_manifest_lists_the_registrys_backends():
    with open(os.path.join(REPO, 'manifest.json')) as f:
        assert json.load(f)['standalone_host']['backends'] == list(BACKENDS) == ['sandbox', 'openzfs', 'truenas']


def test_every_backend_is_a_choice_of_the_command_line(tmp_path):
    for name in BACKENDS:
        options = ['--truenas-url', 'wss://nas.example/api/current'] if name == 'truenas' else []
        assert settings(tmp_path, name, *options).backend == name


def test_the_remote_appliance_is_built_by_the_registry_from_the_hosts_settings(tmp_path, monkeypatch):
    monkeypatch.setenv('TUNING_TRUENAS_API_KEY', 'a-key')   # read from the process's environment, as in the App
    s = settings(tmp_path, 'truenas', '--truenas-url', 'wss://nas.example/api/current', '--zfs-module-dir',
                 str(tmp_path / 'zfs'))
    backend = create_backend(s)
    assert type(backend) is RemoteAppliance and backend.name == 'truenas'
    assert backend.activation is None, 'the box applies its own settings at its boot'
    assert backend.address.url == 'wss://nas.example:443/api/current'
    assert backend.module_dir == str(tmp_path / 'zfs') and backend.pins.path.startswith(str(tmp_path))
    assert not backend.box.connected.is_set(), 'connecting waits for the serving loop (add_services)'


def test_the_appliance_services_are_loaded_under_a_local_backend_only(tmp_path):
    assert appliance_package('sandbox') == appliance_package('openzfs') == APPLIANCE_PACKAGE
    assert appliance_package('truenas') is None
    assert packages_to_load(settings(tmp_path, 'sandbox')) == [(APPLIANCE_PACKAGE, False), ('tuning', True)]
    truenas = settings(tmp_path, 'truenas', '--truenas-url', 'wss://nas.example/api/current')
    assert packages_to_load(truenas) == [('tuning', True)], 'the remote appliance registers its own'
    assert packages_to_load(settings(tmp_path, 'none')) == [('tuning', True)]


def test_a_local_backend_is_built_as_before(tmp_path):
    backend = create_backend(settings(tmp_path, 'sandbox'))
    try:
        assert type(backend) is SandboxBackend and backend.activation['boot_id']
    finally:
        backend.close()
    assert create_backend(settings(tmp_path, 'none')) is None


def test_a_truenas_setting_that_cannot_work_stops_the_start_naming_it(tmp_path):
    s = settings(tmp_path, 'truenas', '--truenas-url', 'wss://nas.example/api/current')
    s.truenas_url = 'ws://nas.example/api/current'   # past the command line's own check (a settings object)
    with pytest.raises(HostStartError, match='TUNING_TRUENAS_URL'):
        create_backend(s)
    with pytest.raises(ValueError, match='truenas needs the host'):
        registry_create('truenas', str(tmp_path))
    with pytest.raises(ValueError, match='choose one of sandbox, openzfs, truenas'):
        registry_create('zfs', str(tmp_path))
