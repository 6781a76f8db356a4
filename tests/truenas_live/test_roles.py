"""The role split of `tuning.advice.slog` through the REAL middlewared, with a real user who is not a full admin:
``sysadmin`` (fakebox/accounts.py), in a local group whose privilege holds the plugin's write role and not FULL_ADMIN,
logs in with its password over the TCP site (PASSWORD_PLAIN through TrueNAS's own auth.login_ex, privilege and role
code). Writing over an unused SSD (`ssd_disks`: it erases the disk) is refused to it under `options.ssd_disks`, naming
the Full admin role, before any disk is looked at; everything else of the write role stays open to it. The same call
by ``truenas_admin`` (FULL_ADMIN) gets past that check, which is what makes the refusal the role's doing."""
import ast
import contextlib
import errno
import os
from pathlib import Path

import pytest
from truenas_api_client import Client, ClientException
from truenas_api_client.exc import ValidationErrors

from .fakebox import accounts
from .server import ready_server

REPO = Path(__file__).resolve().parents[2]
SSD = 'sdg'   # the fake box's one unused SSD (fakebox/box.py disk_rows); no such device on the machine running it


def plugin_write_roles() -> list[str]:
    """WRITE_ROLES as middleware/tuning/framework.py defines it (read, not imported: it imports the framework)."""
    tree = ast.parse((REPO / 'middleware/tuning/framework.py').read_text())
    return next(ast.literal_eval(node.value) for node in tree.body if isinstance(node, ast.Assign)
                and any(getattr(t, 'id', None) == 'WRITE_ROLES' for t in node.targets))


@pytest.fixture(scope='module')
def server(tmp_path_factory):
    with ready_server(tmp_path_factory.mktemp('roles') / 'box') as srv:
        yield srv


@contextlib.contextmanager
def logged_in(server, username: str, password: str):
    with Client(f'ws://127.0.0.1:{server.port}/api/current') as c:
        answer = c.call('auth.login_ex', {'mechanism': 'PASSWORD_PLAIN', 'username': username, 'password': password})
        assert answer['response_type'] == 'SUCCESS', answer
        yield c


@pytest.fixture
def sysadmin(server):
    with logged_in(server, 'sysadmin', accounts.SYSADMIN_PASSWORD) as c:
        yield c


def last_slog_job(server) -> dict:
    with server.client() as root:
        return root.call('core.get_jobs', [['method', '=', 'tuning.advice.slog']],
                         {'order_by': ['-id'], 'get': True})


def test_the_privilege_reaches_middlewared_as_the_write_role_without_full_admin(sysadmin):
    assert plugin_write_roles() == [accounts.TUNING_WRITE_ROLE]
    me = sysadmin.call('auth.me')
    assert me['pw_name'] == 'sysadmin'
    # SYSTEM_ADVANCED_WRITE and what it includes (role.py), nothing more: no FULL_ADMIN, no READONLY_ADMIN
    assert set(me['privilege']['roles']) == {'SYSTEM_ADVANCED_WRITE', 'SYSTEM_ADVANCED_READ'}


def test_writing_over_an_unused_ssd_is_refused_naming_full_admin_and_no_disk_is_looked_at(server, sysadmin):
    assert (SSD, 'SSD') in [(d['name'], d['kind']) for d in sysadmin.call('tuning.profile')['unused_disks']]
    with pytest.raises(ValidationErrors) as e:
        sysadmin.call('tuning.advice.slog', {'ssd_disks': [SSD], 'runtime_seconds': 2}, job=True)
    [error] = e.value.errors
    assert (error.attribute, error.errcode) == ('options.ssd_disks', errno.EACCES)
    assert 'Full admin' in error.errmsg and 'erases' in error.errmsg
    job = last_slog_job(server)
    assert job['state'] == 'FAILED' and 'sysadmin' in str(job['credentials'])
    # refused before the job's first step ("Checking sdg: unused, ...") and before the box was held: no disk check,
    # no fio (the fake box has no device to write; /dev/sdg is absent here, so nothing else could be either)
    assert SSD not in ((job['progress'] or {}).get('description') or '')
    with server.client() as root:
        assert root.call('tuning.state')['busy'] is None


def test_full_admin_gets_past_the_role_check_to_the_disks_own_checks(server):
    if os.path.exists(f'/dev/{SSD}'):   # past the role check, a real block device of that name would be written
        pytest.skip(f'/dev/{SSD} exists on this machine')
    with logged_in(server, 'truenas_admin', accounts.ADMIN_PASSWORD) as admin:
        with pytest.raises(ValidationErrors) as e:
            admin.call('tuning.advice.slog', {'ssd_disks': [SSD], 'runtime_seconds': 2}, job=True)
    [error] = e.value.errors
    assert error.attribute == 'options.ssd_disks.0'
    assert error.errmsg.startswith(f'{SSD}: /dev/{SSD} cannot be read') and error.errmsg.endswith('nothing was written.')


def test_the_write_role_runs_what_needs_no_full_admin(server, sysadmin):
    # the slog method itself is the write role's: with no disk to write it gets to its own checks
    with pytest.raises(ValidationErrors) as e:
        sysadmin.call('tuning.advice.slog', {'window_seconds': 0}, job=True)
    assert [err.attribute for err in e.value.errors] == ['options.dataset']
    created = sysadmin.call('tuning.preset.create', {'name': 'By sysadmin', 'base': 'balanced', 'settings': []})
    assert created['id'] == 'by-sysadmin'
    sysadmin.call('tuning.preset.delete', 'by-sysadmin')
    assert sysadmin.call('tuning.preset.query', [['id', '=', 'by-sysadmin']]) == []
    # and it is a write: a read-only administrator is refused the same call
    with logged_in(server, 'readonly', accounts.READONLY_PASSWORD) as readonly:
        with pytest.raises(ClientException) as refused:
            readonly.call('tuning.preset.create', {'name': 'By readonly', 'base': 'balanced', 'settings': []})
    assert refused.value.errno == errno.EACCES
