"""The host over HTTPS and WSS (TUNING_TLS=self-signed, as the App runs): the API and panel on TLS only, the
certificate kept across restarts, `system.general.config` giving it, client sessions pinning it, and the real kit
measuring against the host through that pin (a wrong pin stops it before anything is written)."""
import hashlib
import json
import os
import ssl
import subprocess
import urllib.request

import pytest
import websocket

from tuning.shared.tls import certificate_sha256

TLS = {'TUNING_TLS': 'self-signed'}


def get(host, path):
    context = ssl.create_default_context(cafile=host.certificate)
    with urllib.request.urlopen(host.http_url + path, timeout=30, context=context) as r:
        return r.status, r.headers, r.read()


@pytest.fixture
def tls_host(fresh_host):
    return fresh_host(env=TLS)


def test_api_and_panel_answer_over_tls_only(tls_host):
    host = tls_host
    with host.client() as c:
        assert c.call('system.ready') is True
        config = c.call('system.general.config')
    pem = open(host.certificate).read()
    assert config['ui_certificate'] == {'certificate': pem}
    assert (config['ui_port'], config['ui_httpsport']) == (None, host.port)
    status, headers, _ = get(host, '/_plugins/tuning/')   # the panel (or, before `make ui`, the page saying so)
    assert status == 200 and headers['Content-Type'].startswith('text/html')
    # plain websocket and plain HTTP on the same port get no answer
    with pytest.raises((websocket.WebSocketException, ConnectionError, OSError)):
        websocket.create_connection(host.url.replace('wss://', 'ws://'), timeout=10)
    with pytest.raises(OSError):
        urllib.request.urlopen(host.http_url.replace('https://', 'http://') + '/api/boot_id', timeout=10)


def test_the_certificate_is_kept_across_restarts(tls_host):
    host = tls_host
    before = certificate_sha256(open(host.certificate).read())
    host.restart()
    assert certificate_sha256(open(host.certificate).read()) == before
    with host.client() as c:
        assert certificate_sha256(c.call('system.general.config')['ui_certificate']['certificate']) == before


@pytest.mark.sandbox_only
def test_the_kit_pins_the_hosts_certificate_and_measures_through_it(tls_host, tmp_path):
    host = tls_host
    pin = certificate_sha256(open(host.certificate).read())
    with host.client() as c:
        created = c.call('tuning.client.session.create', {
            'protocol': 'NFS', 'tests': ['SEQ_WRITE'], 'runs': 1, 'runtime_seconds': 5, 'box_url': host.http_url})
        assert created['tls_sha256'] == pin
        assert f'--tls-sha256 {pin}' in created['commands']['linux']
        _, headers, kit_text = get(host, '/_plugins/tuning/client/kit/tuning_client.py')
        assert hashlib.sha256(kit_text).hexdigest() == headers['X-Content-SHA256']
        kit = tmp_path / 'tuning_client.py'
        kit.write_bytes(kit_text)
        share = tmp_path / 'share'
        share.mkdir()
        env = {**os.environ, 'TUNING_TOKEN': created['token']}
        argv = ['python3', str(kit), 'run', '--box', host.http_url, '--path', str(share)]
        wrong = subprocess.run(argv + ['--tls-sha256', '0' * 64], env=env, capture_output=True, text=True,
                               timeout=300)
        assert wrong.returncode == 5, wrong.stderr[-3000:]   # EXIT_UNREACHABLE: the certificate is not the pinned one
        assert os.listdir(share) == [] and c.call('tuning.client.session.get', created['id'])['results'] == []
        done = subprocess.run(argv + ['--tls-sha256', pin], env=env, capture_output=True, text=True, timeout=600)
        assert done.returncode == 0, done.stderr[-4000:]
        (result_id,) = c.call('tuning.client.session.get', created['id'])['results']
        entry = c.call('tuning.benchmark.get', result_id)
        assert entry['source'] == 'CLIENT' and entry['runs']['SEQ_WRITE'][0]['metrics']['write_bw_bytes'] > 0
        assert os.listdir(share) == []


def test_the_log_names_the_certificate_and_its_fingerprint(tls_host):
    log = open(os.path.join(tls_host.data_dir, 'host-stderr.log')).read()
    digest = certificate_sha256(open(tls_host.certificate).read())
    colons = ':'.join(digest[i:i + 2].upper() for i in range(0, 64, 2))
    assert f'TLS certificate {tls_host.certificate}, SHA-256 {colons}' in log
    assert json.loads(get(tls_host, '/api/boot_id')[2])
