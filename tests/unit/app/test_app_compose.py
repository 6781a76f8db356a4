"""plugin/app/compose.yaml (Install via YAML) agrees with the image it runs and with what TrueNAS reads from it:
the image tag is the project's version, ports, data directory and health check are the image's, the pools are
mounted with the propagation a scratch dataset needs, the environment is what the truenas backend reads, and the
Web UI portal has the fields TrueNAS's portal code uses."""
import json
import re
from pathlib import Path

import pytest
import yaml

from tuning_host.config import parse_settings

REPO = Path(__file__).resolve().parents[3]
APP = REPO / 'plugin' / 'app'


@pytest.fixture(scope='module')
def compose():
    return yaml.safe_load((APP / 'compose.yaml').read_text())


@pytest.fixture(scope='module')
def service(compose):
    (name,) = compose['services']
    return compose['services'][name]


@pytest.fixture(scope='module')
def image_env():
    config = json.loads((APP / 'image_config.json').read_text())
    return dict(e.split('=', 1) for e in config['Env']), config


def test_image_is_the_projects_version_and_is_not_pulled(service):
    version = json.loads((REPO / 'manifest.json').read_text())['version']
    assert service['image'] == f'truenas-tuning:{version}'
    assert service['pull_policy'] == 'never'
    assert service['restart'] == 'unless-stopped'


def test_box_network_and_the_portal_on_the_apps_port(compose, service):
    assert service['network_mode'] == 'host' and 'ports' not in service   # the box's own net.* sysctls
    port = int(service['environment']['PORT'])
    (portal,) = compose['x-portals']
    assert set(portal) <= {'name', 'scheme', 'host', 'port', 'path'}
    assert (portal['scheme'], portal['host'], portal['port'], portal['path']) == \
        ('https', '0.0.0.0', port, '/_plugins/tuning/')


def test_pools_propagate_and_state_has_its_own_dataset(service, image_env):
    env, config = image_env
    mounts = [v.split(':') for v in service['volumes']]
    assert ['/mnt', '/mnt', 'rslave'] in mounts          # datasets created after the start appear inside
    data = [m for m in mounts if m[1] == env['TUNING_DATA']]
    assert len(data) == 1 and data[0][0].startswith('/mnt/') and data[0][0] != '/mnt'
    assert env['TUNING_DATA'] in config['Volumes']


def test_environment_is_what_the_truenas_backend_reads(service, image_env):
    env, _ = image_env
    settings = parse_settings([], {**env, **service['environment']})
    assert settings.backend == 'truenas'
    assert settings.truenas_url.startswith('wss://') and settings.truenas_url.endswith('/api/current')
    assert settings.truenas_user == service['environment']['TUNING_TRUENAS_USER']
    assert settings.admin_password == service['environment']['TUNING_ADMIN_PASSWORD']
    assert (settings.host, settings.port, settings.data_dir) == ('0.0.0.0', 31080, '/data')
    assert settings.tls == 'self-signed' and settings.panel_url.startswith('https://')   # no password in clear
    assert 'TUNING_TRUENAS_API_KEY' in service['environment']
    # every value the admin must fill says so; nothing else does
    placeholders = {k for k, v in service['environment'].items() if 'CHANGE-ME' in v}
    assert placeholders == {'TUNING_TRUENAS_URL', 'TUNING_TRUENAS_API_KEY', 'TUNING_ADMIN_PASSWORD'}


def test_health_check_asks_the_boot_id_on_the_apps_port(service, image_env):
    env, _ = image_env
    test = service['healthcheck']['test']
    assert test[0] == 'CMD' and test[1] == 'python'
    assert '/opt/tuning/venv/bin' in env['PATH'].split(':')[0]   # `python` is the venv's
    assert re.search(rf"https://127\.0\.0\.1:{service['environment']['PORT']}/api/boot_id", test[-1])
    compile(test[-1], 'healthcheck', 'exec')


def test_container_keeps_no_capability_but_dac_override(service):
    assert service['cap_drop'] == ['ALL'] and service['cap_add'] == ['DAC_OVERRIDE']
    assert service['read_only'] is True and service['tmpfs'] == ['/tmp']
    assert 'no-new-privileges:true' in service['security_opt']
