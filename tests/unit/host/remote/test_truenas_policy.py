"""The truenas backend's address and credential rules: wss:// everywhere, ws:// only on loopback (TrueNAS revokes a
plain API key sent without TLS), the key from the environment or a file read at every login."""
import pytest

from tuning_host.remote.policy import PolicyError, credentials, parse_box_url
from tuning_host.config import parse_settings, settings_to_argv


def test_a_wss_url_is_taken_with_its_port_and_path():
    a = parse_box_url('wss://nas.example/api/current')
    assert (a.url, a.host, a.port, a.tls, a.endpoint) == (
        'wss://nas.example:443/api/current', 'nas.example', 443, True, 'nas.example:443')
    assert parse_box_url('wss://10.0.0.2:8443').url == 'wss://10.0.0.2:8443/api/current'


@pytest.mark.parametrize('url', ['ws://127.0.0.1:6000/api/current', 'ws://localhost/api/current',
                                 'ws://[::1]:6000/api/current'])
def test_plain_ws_is_accepted_on_loopback_only(url):
    assert parse_box_url(url).tls is False


@pytest.mark.parametrize('url,words', [
    ('ws://nas.example/api/current', 'revokes an API key'),
    ('ws://192.168.1.10/api/current', 'use wss://'),
    ('https://nas.example/api/current', 'must start with wss://'),
    ('wss:///api/current', 'names no host'),
    ('wss://nas:99999/api', 'invalid port'),
    ('', 'required'),
])
def test_other_urls_are_refused_naming_the_setting(url, words):
    with pytest.raises(PolicyError, match='TUNING_TRUENAS_URL') as e:
        parse_box_url(url)
    assert words in str(e.value)


def test_the_key_comes_from_the_environment_and_is_sent_as_api_key_plain():
    creds = credentials('api_key', 'tuner', None, {'TUNING_TRUENAS_API_KEY': ' 3-secret\n'})
    assert creds.login_params(creds.secret()) == {
        'mechanism': 'API_KEY_PLAIN', 'username': 'tuner', 'api_key': '3-secret'}
    assert '3-secret' not in repr(creds), 'the key itself is never kept on the object'


def test_a_key_file_is_read_at_every_login(tmp_path):
    key = tmp_path / 'key'
    key.write_text('1-first\n')
    creds = credentials('api_key', 'tuner', str(key), {})
    assert creds.secret() == '1-first'
    key.write_text('2-rotated\n')
    assert creds.secret() == '2-rotated'
    key.write_text('')
    with pytest.raises(PolicyError, match='empty'):
        creds.secret()


def test_a_token_login_is_token_plain(tmp_path):
    key = tmp_path / 'token'
    key.write_text('abc')
    creds = credentials('token', '', str(key), {})
    assert creds.login_params(creds.secret()) == {'mechanism': 'TOKEN_PLAIN', 'token': 'abc'}


@pytest.mark.parametrize('args,env,words', [
    (('api_key', 'tuner', None), {}, 'TUNING_TRUENAS_API_KEY'),
    (('api_key', '', None), {'TUNING_TRUENAS_API_KEY': 'k'}, 'TUNING_TRUENAS_USER'),
    (('password', 'tuner', None), {'TUNING_TRUENAS_API_KEY': 'k'}, 'TUNING_TRUENAS_LOGIN'),
])
def test_missing_credentials_are_refused_naming_the_setting(args, env, words):
    with pytest.raises(PolicyError, match=words):
        credentials(*args, env)


def test_settings_carry_the_box_to_the_serving_process_but_never_the_key(tmp_path):
    env = {'TUNING_BACKEND': 'truenas', 'TUNING_TRUENAS_URL': 'wss://nas/api/current',
           'TUNING_TRUENAS_API_KEY': '1-secret', 'TUNING_TRUENAS_USER': 'tuner'}
    s = parse_settings(['--data', str(tmp_path)], env)
    argv = settings_to_argv(s)
    assert s.backend == 'truenas' and s.truenas_url == 'wss://nas/api/current'
    assert argv[argv.index('--truenas-url') + 1] == 'wss://nas/api/current'
    assert argv[argv.index('--truenas-user') + 1] == 'tuner'
    assert '1-secret' not in ' '.join(argv) and '1-secret' not in repr(s)
    assert parse_settings(argv, {'TUNING_TRUENAS_API_KEY': '1-secret'}).truenas_url == s.truenas_url


@pytest.mark.parametrize('env,words', [
    ({'TUNING_TRUENAS_URL': 'ws://nas.example/api/current', 'TUNING_TRUENAS_API_KEY': 'k'}, 'use wss://'),
    ({'TUNING_TRUENAS_URL': 'wss://nas/api/current'}, 'TUNING_TRUENAS_API_KEY'),
])
def test_a_truenas_backend_that_cannot_work_is_refused_at_the_command_line(tmp_path, capsys, env, words):
    with pytest.raises(SystemExit) as e:
        parse_settings(['--backend', 'truenas', '--data', str(tmp_path)], env)
    assert e.value.code == 2 and words in capsys.readouterr().err
