"""Authentication as TrueNAS 25.10 has it (issue 12, defect 8): methods callable without a login are rate limited per
method and address (20 a minute, then EBUSY 'Rate Limit Exceeded' whatever the password), `rate.limit.cache_clear`
for administrators; logout ends the token the session logged in with and the tokens it generated; deleting an API
key ends the sessions logged in with it and their tokens; a read-only administrator (READONLY_ADMIN) reads and
changes nothing: every change is refused with EACCES 'Not authorized', also through `/_upload`."""
import errno

import pytest

from client import RpcError
from hosting import LIVE_TIER, REMOTE, rate_limited, roles_of
from tuning_helpers import basic_auth, upload

if REMOTE and not LIVE_TIER:   # the live tier's TrueNAS has its accounts: an administrator and a read-only one
    pytest.skip('the host\'s accounts and rate limit cache', allow_module_level=True)

ENOTAUTHENTICATED = 207  # middlewared's ErrnoMixin.ENOTAUTHENTICATED
LIMIT = 20
# the live tier's TrueNAS does not load its api_key plugin (keys need its PAM module)
API_KEYS_READ = () if LIVE_TIER else ('api_key.query',)
API_KEYS_CHANGE = () if LIVE_TIER else (('api_key.create', [{'name': 'ro'}]),)


def refused(call, *args):
    with pytest.raises(RpcError) as e:
        call(*args)
    return e.value


@pytest.fixture
def admin(host):
    c = host.client(private_methods=True)
    c.call('rate.limit.cache_clear')
    try:
        yield c
    finally:
        c.call('rate.limit.cache_clear')  # leave the rate limit as the other tests expect it
        c.close()


@pytest.fixture
def readonly(host):
    c = host.readonly_client()
    try:
        yield c
    finally:
        c.close()


# ---- throttling ----

def test_logins_past_the_limit_are_refused_even_with_the_right_password_until_cleared(host, admin):
    with host.client(login=False) as c:
        for _ in range(LIMIT):  # refused by validation, counted all the same (the limit comes first)
            assert refused(c.call, 'auth.login_ex', {}).code == -32602
        e = refused(c.login, host.username, host.password)
        assert rate_limited(e), e
    with host.client(login=False) as other:  # per address, not per connection
        assert rate_limited(refused(other.login, host.username, host.password))
        admin.call('rate.limit.cache_clear')
        assert other.login(host.username, host.password)['response_type'] == 'SUCCESS'
        for _ in range(LIMIT + 5):  # a logged-in session is not limited
            assert other.call('core.ping') == 'pong'


def test_every_method_callable_without_login_is_limited_per_method(host, admin):
    with host.client(login=False) as c:
        for _ in range(LIMIT):
            assert c.call('core.ping') == 'pong'
        assert rate_limited(refused(c.call, 'core.ping'))
        if host.truenas_release == '25.10':   # another method has its own count; 25.10 then fails this one for an
            # anonymous caller (its credentials are None: 'NoneType' ... 'may_create_auth_token'; 26.0 answers)
            assert 'may_create_auth_token' in str(refused(c.call, 'auth.mechanism_choices'))
        else:
            assert c.call('auth.mechanism_choices')  # another method has its own count
        admin.call('rate.limit.cache_pop', 'core.ping', '127.0.0.1')
        assert c.call('core.ping') == 'pong'


def test_the_rate_limit_cache_is_for_administrators_only(host, admin, readonly):
    with host.client(login=False) as c:
        c.set_options(private_methods=True)
        assert refused(c.call, 'rate.limit.cache_clear').errno == ENOTAUTHENTICATED
    readonly.set_options(private_methods=True)
    assert refused(readonly.call, 'rate.limit.cache_clear').errno == errno.EACCES
    with host.client() as plain:  # private methods stay hidden without the option
        if host.truenas:   # middlewared only logs a warning and runs it ('FIXME: Eventually, prohibit this')
            assert plain.call('rate.limit.cache_clear') is None
        else:
            assert refused(plain.call, 'rate.limit.cache_clear').code == -32601
    assert isinstance(admin.call('rate.limit.cache_get'), dict)


# ---- tokens, logout, API keys ----

def test_logout_ends_the_token_it_logged_in_with_and_the_tokens_it_generated(host):
    with host.client() as c:
        kept = c.call('auth.generate_token', 600, {}, False)
        with host.client(login=False) as t:
            assert t.login_token(kept)['response_type'] == 'SUCCESS'
            generated = t.call('auth.generate_token', 600, {}, False)
            assert t.call('auth.logout') is True
            assert refused(t.call, 'auth.me').errno == ENOTAUTHENTICATED
    with host.client(login=False) as c:
        assert c.login_token(kept)['response_type'] == 'AUTH_ERR'
    with host.client(login=False) as c:
        # middlewared ends the tokens a session generated only when an administrator terminates that session
        # (auth.terminate_session); the host also ends them at its logout
        assert c.login_token(generated)['response_type'] == ('SUCCESS' if host.truenas else 'AUTH_ERR')


def test_a_closed_connection_ends_the_token_it_logged_in_with_not_those_it_generated(host):
    # as middlewared: a closing connection logs its session out, and a token session's logout destroys its token
    with host.client() as c:
        token = c.call('auth.generate_token', 600, {}, False)
    with host.client(login=False) as c:  # a password session's close leaves the tokens it generated
        assert c.login_token(token)['response_type'] == 'SUCCESS'
        renewed = c.call('auth.generate_token', 600, {}, False)
    with host.client(login=False) as c:  # the panel logs in again with the token it generated last
        assert c.login_token(renewed)['response_type'] == 'SUCCESS'
    with host.client(login=False) as c:
        assert c.login_token(token)['response_type'] == 'AUTH_ERR'


def test_a_huge_ttl_is_accepted_as_on_truenas(host, client):
    # the token still ends with the login it comes from (30 days, or logout, or key deletion): tests/unit
    assert client.call('auth.generate_token', 10 ** 12, {}, False)


@pytest.mark.not_in_live_tier("API keys: TrueNAS checks them with its PAM module (pam_tdb), no stand-in there")
def test_deleting_an_api_key_ends_its_sessions_and_their_tokens(host, client):
    key = client.call('api_key.create', {'name': 'doomed'})
    with host.client(login=False) as k:
        assert k.login_api_key(host.username, key['key'])['response_type'] == 'SUCCESS'
        token = k.call('auth.generate_token', 600, {}, False)
        k.subscribe('core.get_jobs')
        assert client.call('api_key.delete', key['id']) is True
        assert refused(k.call, 'auth.me').errno == ENOTAUTHENTICATED
        assert refused(k.call, 'tuning.state').errno == ENOTAUTHENTICATED
    with host.client(login=False) as t:
        assert t.login_token(token)['response_type'] == 'AUTH_ERR'
    assert client.call('auth.me')['pw_name'] == host.username  # other sessions go on


# ---- read-only administrator ----

def test_read_only_user_has_its_real_roles(host, readonly):
    me = readonly.call('auth.me')
    assert me['pw_name'] == host.readonly_username
    roles = roles_of(me)   # expanded, as middlewared's RoleManager grants them
    assert 'READONLY_ADMIN' in roles and 'SYSTEM_ADVANCED_READ' in roles and 'FULL_ADMIN' not in roles
    assert not {r for r in roles if r.endswith(('_WRITE', '_DELETE'))}
    with host.client() as c:
        assert {'FULL_ADMIN', 'SYSTEM_ADVANCED_WRITE'} <= roles_of(c.call('auth.me'))


def test_read_only_user_reads_everything_tuning(readonly):
    for method in ('tuning.profile', 'tuning.state', 'tuning.preset.query', 'tuning.restore_point.query',
                   'tuning.benchmark.query', 'tuning.campaign.query', 'tunable.query', 'pool.query',
                   'pool.dataset.query', 'system.info') + API_KEYS_READ:
        readonly.call(method)


def test_read_only_user_changes_nothing(host, client, readonly):
    jobs = len(client.call('core.get_jobs'))
    presets = client.call('tuning.preset.query')
    tunables = client.call('tunable.query')
    for method, args in [
        ('tuning.preset.create', [{'name': 'ro'}]),
        ('tuning.preset.apply', [{'id': 1}]),                # a job: not started
        ('tuning.restore_point.revert', [1]),
        ('tuning.benchmark.run', [{}]),
        ('tuning.database.import', [{}]),
        ('tunable.create', [{'type': 'SYSCTL', 'var': 'vm.swappiness', 'value': '1'}]),
        *API_KEYS_CHANGE,
        ('system.reboot', ['ro']),
    ]:
        e = refused(readonly.call, method, *args)
        assert (e.errno, e.reason) == (errno.EACCES, '[EACCES] Not authorized'), (method, e)
    assert len(client.call('core.get_jobs')) == jobs
    assert client.call('tuning.preset.query') == presets
    assert client.call('tunable.query') == tunables


def test_read_only_user_cannot_upload_into_a_job_that_changes_things(host, client):
    jobs = len(client.call('core.get_jobs'))
    status, body = upload(host.http_url, 'tuning.database.import', [], b'x',
                          basic_auth(host.readonly_username, host.readonly_password))
    assert status == 403, body
    assert len(client.call('core.get_jobs')) == jobs


@pytest.mark.not_in_live_tier("API keys: TrueNAS checks them with its PAM module (pam_tdb), no stand-in there")
def test_api_key_of_the_read_only_user_is_read_only(host, client):
    key = client.call('api_key.create', {'name': 'ro-key', 'username': host.readonly_username})
    try:
        with host.client(login=False) as k:
            assert k.login_api_key(host.readonly_username, key['key'])['response_type'] == 'SUCCESS'
            k.call('tuning.state')
            assert refused(k.call, 'tuning.preset.create', {'name': 'x'}).errno == errno.EACCES
    finally:
        client.call('api_key.delete', key['id'])

