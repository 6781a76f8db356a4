"""Authorization matrix (issue 12, defect 8): EVERY public method (as `core.get_methods` lists them) called as an
anonymous caller, the read-only administrator (READONLY_ADMIN) and the full administrator, each with one argument
too many so that nothing runs past validation. Expected, as middlewared's `authorize_method_call`:
- anonymous: refused (ENOTAUTHENTICATED) unless the method is `no_auth_required`;
- read-only: authorized for methods without roles (login only) and methods with a `*_READ` or READONLY_ADMIN role;
  refused with EACCES 'Not authorized' for every other (changes: *_WRITE, *_DELETE, FULL_ADMIN);
- admin: authorized everywhere.
"Authorized" means the call got past authorization: any answer other than those refusals (here: a validation
error). The matrix is printed and written to `authz-matrix.md` under the pytest tmp dir."""
import errno

import pytest

from client import RpcError
from hosting import LIVE_TIER, READ_ROLES_LISTED, REMOTE

if REMOTE and not LIVE_TIER:   # the live tier's TrueNAS has a read-only administrator
    pytest.skip('the host\'s read-only account', allow_module_level=True)

ENOTAUTHENTICATED = 207
READ_ONLY_ROLE = 'READONLY_ADMIN'


def outcome(client, method, nargs):
    """'authorized', 'not authenticated' or 'not authorized' for a call with one argument too many."""
    try:
        client.call(method, *([None] * (nargs + 1)))
    except RpcError as e:
        if e.errno == ENOTAUTHENTICATED:
            return 'not authenticated'
        if e.errno == errno.EACCES and e.reason == '[EACCES] Not authorized':
            return 'not authorized'
        return 'authorized'  # and then stopped (by validation, or a job's pipe check before it)
    raise AssertionError(f'{method} ran with an argument too many')


def readonly_may(info):
    roles = info['roles']
    return info['no_auth_required'] or not roles or any(r.endswith('_READ') or r == READ_ONLY_ROLE for r in roles)


def test_every_public_method_is_authorized_by_role(host, tmp_path_factory):
    # jobs answer when they end (a job's arguments are validated when it runs)
    with host.client(private_methods=True, legacy_jobs=False) as admin, \
            host.readonly_client(legacy_jobs=False) as readonly, host.client(login=False) as anonymous:
        anonymous.set_options(legacy_jobs=False)
        admin.call('rate.limit.cache_clear')
        methods = admin.call('core.get_methods')
        rows = []
        for name in sorted(methods):
            info = methods[name]
            nargs = len(info['accepts'])
            got = {who: outcome(c, name, nargs) for who, c in
                   (('anonymous', anonymous), ('read-only', readonly), ('admin', admin))}
            rows.append((name, ', '.join(info['roles']) or ('(no login)' if info['no_auth_required']
                                                             else '(login only)'), got))
        admin.call('rate.limit.cache_clear')
    table = ['| method | roles | anonymous | read-only | admin |', '|---|---|---|---|---|']
    table += [f'| {n} | {r} | {g["anonymous"]} | {g["read-only"]} | {g["admin"]} |' for n, r, g in rows]
    path = tmp_path_factory.mktemp('authz') / 'authz-matrix.md'
    path.write_text('\n'.join(table) + '\n')
    print('\n' + '\n'.join(table) + f'\n(written to {path})')

    wrong = []
    for name, _, got in rows:
        info = methods[name]
        expected = {
            'anonymous': 'authorized' if info['no_auth_required'] else 'not authenticated',
            'read-only': 'authorized' if readonly_may(info) else 'not authorized',
            'admin': 'authorized',
        }
        wrong += [(name, who, got[who], want) for who, want in expected.items() if got[who] != want]
    assert not wrong, wrong
    assert any(not readonly_may(methods[n]) for n, _, _ in rows)  # the matrix does test refusals


def test_client_sessions_methods_have_their_roles_and_the_kits_side_is_not_callable(host):
    """tuning.client.*: changes (create, revoke) for write roles, reads for read roles; the methods the kit's HTTP
    side uses by token (client_http) are private: no websocket caller reaches them, whoever logs in."""
    with host.client(private_methods=True) as admin:
        methods = admin.call('core.get_methods')
        assert methods['tuning.client.session.create']['roles'] == ['SYSTEM_ADVANCED_WRITE']
        assert methods['tuning.client.session.revoke']['roles'] == ['SYSTEM_ADVANCED_WRITE']
        for name in ('tuning.client.session.query', 'tuning.client.session.get', 'tuning.client.kit'):
            assert methods[name]['roles'] == READ_ROLES_LISTED, name   # the role and every role that includes it
        for name in ('of_token', 'submit', 'import_kit_output', 'network_start', 'network_status', 'next_step'):
            assert f'tuning.client.session.{name}' not in methods
    if host.truenas:   # middlewared runs a private method for a session without the option (a logged warning):
        # no role grants it, so only a full admin, who may do anything anyway
        with host.readonly_client() as c:
            with pytest.raises(RpcError) as e:
                c.call('tuning.client.session.of_token', 'x')
            assert e.value.reason == '[EACCES] Not authorized'
        return
    with host.client() as c:
        with pytest.raises(RpcError) as e:
            c.call('tuning.client.session.of_token', 'x')
        assert (e.value.code, e.value.message) == (-32601, 'Method does not exist')
