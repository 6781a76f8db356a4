"""HTTPS/WSS for the host: the self-signed certificate made once and kept, what it is for, the key's mode, the
fingerprint the kit pins, the settings, and `system.general.config`'s certificate."""
import hashlib
import os
import ssl
import stat

import pytest
from cryptography import x509

from tuning.shared.tls import certificate_sha256
from tuning_host.appliance.system_general import general_config
from tuning_host.config import parse_settings, settings_to_argv
from tuning_host.server import tls


def test_a_self_signed_certificate_is_made_once_for_this_host_and_kept(tmp_path):
    s = parse_settings(['--tls', 'self-signed', '--data', str(tmp_path), '--host', '192.0.2.7'], {})
    cert_path, key_path = tls.ensure_certificate(s)
    assert (cert_path, key_path) == tls.self_signed_paths(str(tmp_path))
    assert stat.S_IMODE(os.stat(key_path).st_mode) == 0o600
    first = tls.fingerprint(cert_path)
    assert tls.ensure_certificate(s) == (cert_path, key_path) and tls.fingerprint(cert_path) == first   # kept
    cert = x509.load_pem_x509_certificate(open(cert_path, 'rb').read())
    alt = cert.extensions.get_extension_for_class(x509.SubjectAlternativeName).value
    assert 'localhost' in alt.get_values_for_type(x509.DNSName)
    assert {'127.0.0.1', '::1', '192.0.2.7'} <= {str(a) for a in alt.get_values_for_type(x509.IPAddress)}
    assert cert.extensions.get_extension_for_class(x509.BasicConstraints).value.ca is False   # Firefox refuses CA leaves
    assert (cert.not_valid_after_utc - cert.not_valid_before_utc).days >= tls.VALID_DAYS
    tls.server_context(cert_path, key_path)   # the key fits


def test_the_fingerprint_is_the_kits_pin_as_browsers_show_it(tmp_path):
    cert_path, key_path = tls.self_signed_paths(str(tmp_path))
    tls.make_self_signed(cert_path, key_path, ['box'], ['127.0.0.1'])
    der = ssl.PEM_cert_to_DER_cert(open(cert_path).read())
    assert tls.fingerprint(cert_path).replace(':', '').lower() == hashlib.sha256(der).hexdigest() == \
        certificate_sha256(open(cert_path).read())


def test_a_key_that_does_not_fit_the_certificate_stops_the_start(tmp_path):
    a, b = tmp_path / 'a', tmp_path / 'b'
    tls.make_self_signed(str(a / 'cert.pem'), str(a / 'key.pem'), ['a'], [])
    tls.make_self_signed(str(b / 'cert.pem'), str(b / 'key.pem'), ['b'], [])
    with pytest.raises(ssl.SSLError):
        tls.server_context(str(a / 'cert.pem'), str(b / 'key.pem'))


def test_settings_schemes_and_round_trip(tmp_path):
    off = parse_settings(['--data', str(tmp_path)], {})
    assert off.tls == 'off' and off.url.startswith('ws://') and off.panel_url.startswith('http://')
    assert tls.certificate_paths(off) is None and general_config(off)['ui_certificate'] is None
    signed = parse_settings(['--data', str(tmp_path)], {'TUNING_TLS': 'self-signed'})
    assert signed.url.startswith('wss://') and signed.panel_url.startswith('https://')
    assert parse_settings(settings_to_argv(signed), {}) == signed
    cert, key = tls.ensure_certificate(signed)
    files = parse_settings(['--tls', 'files', '--tls-cert', cert, '--tls-key', key], {})
    assert parse_settings(settings_to_argv(files), {}) == files
    config = general_config(files)
    assert certificate_sha256(config['ui_certificate']['certificate']) == certificate_sha256(open(cert).read())
    assert (config['ui_port'], config['ui_httpsport']) == (None, files.port)


@pytest.mark.parametrize('argv, env', [
    (['--tls', 'files'], {}),                                      # no files
    (['--tls', 'files', '--tls-cert', '/nonexistent', '--tls-key', '/nonexistent'], {}),
    ([], {'TUNING_TLS': 'yes'}),                                   # argparse does not check an environment default
    (['--tls', 'on'], {}),
])
def test_bad_tls_settings_are_refused(argv, env, capsys):
    with pytest.raises(SystemExit):
        parse_settings(argv, env)
    assert '--tls' in capsys.readouterr().err
