"""Launcher-side preparation of the fake box (not a service module: it defines no Service)."""
import enum
import json
import os
import stat
from pathlib import Path

from . import accounts, state

PAM_SERVICE_FILE = 'pam.d/middleware'   # the stand-in's PAM service file (checked to exist before a login)
OATH_USERS_FILE = 'users.oath'         # the box's OATH users: none


def prepare(home: Path) -> dict:
    """Play a boot of the fake box and put its OS stand-ins in place (sysfs dir, the ``zfs`` command on PATH)."""
    box = state.boot()
    bin_dir = home / 'bin'
    bin_dir.mkdir(exist_ok=True)
    zfs = bin_dir / 'zfs'
    zfs.write_text('#!/bin/sh\n[ "$1" = version ] && printf "zfs-2.3.4-1\\nzfs-kmod-2.3.4-1\\n"\n')
    zfs.chmod(zfs.stat().st_mode | stat.S_IXUSR)
    os.environ['PATH'] = f'{bin_dir}{os.pathsep}{os.environ.get("PATH", "")}'
    state.mnt_dir().mkdir(exist_ok=True)
    # The tuning plugin reads live module parameters from sysfs (its module constant; /sys/module/zfs on a box).
    import middlewared.plugins.tuning.box.appliance as appliance
    appliance.ZFS_PARAMETERS_DIR = str(state.sysfs_dir())
    try:  # 26.0: zfs.resource is a built-in typed service reading libzfs through query_impl
        import middlewared.plugins.zfs.resource_crud as resource_crud
    except ImportError:
        resource_crud = None
    if resource_crud is not None and hasattr(resource_crud, 'query_impl'):
        from .box import zfs_query_impl
        resource_crud.query_impl = zfs_query_impl
    return box


def create_database(db_file: Path) -> None:
    """middlewared's database: a scratch sqlite file with the tables of the real plugins that are loaded."""
    import importlib
    from sqlalchemy import create_engine
    import middlewared.sqlalchemy as sa
    for module in ('middlewared.plugins.alert', 'middlewared.plugins.auth', 'middlewared.plugins.auth_.2fa',
                   'middlewared.plugins.api_key', 'middlewared.plugins.account',
                   'middlewared.plugins.account_.privilege', 'middlewared.plugins.system_general'):
        try:
            importlib.import_module(module)
        except Exception:  # a model module that cannot import off a box simply has no table here
            pass
    engine = create_engine(f'sqlite:///{db_file}')
    sa.Model.metadata.create_all(engine)
    with engine.begin() as conn:  # the row TrueNAS's migrations seed (alertclasses is a ConfigService)
        if 'system_alertclasses' in sa.Model.metadata.tables and \
                not conn.exec_driver_sql('SELECT 1 FROM system_alertclasses').fetchall():
            conn.exec_driver_sql("INSERT INTO system_alertclasses (classes) VALUES ('{}')")
        if 'account_privilege' in sa.Model.metadata.tables:  # the box's privileges (accounts.PRIVILEGES)
            for row in accounts.PRIVILEGES:
                # by name: an admin's own privilege has no builtin_name, and a restart reuses the database
                if not conn.exec_driver_sql('SELECT 1 FROM account_privilege WHERE name = ?',
                                            (row['name'],)).fetchall():
                    conn.exec_driver_sql(
                        'INSERT INTO account_privilege (builtin_name, name, local_groups, ds_groups, roles, web_shell) '
                        'VALUES (?, ?, ?, ?, ?, ?)', (row['builtin_name'], row['name'], json.dumps(row['local_groups']),
                                                      '[]', json.dumps(row['roles']), int(row['web_shell'])))
    engine.dispose()


class PAMCode(enum.IntEnum):
    """Linux-PAM return codes (security/_pam_types.h), for the stubbed native PAM modules (``pam`` on 25.10,
    ``truenas_pypam`` on 26.0): real values, so that a code that reaches a message serializes like on a box."""
    PAM_SUCCESS = 0
    PAM_OPEN_ERR = 1
    PAM_SYMBOL_ERR = 2
    PAM_SERVICE_ERR = 3
    PAM_SYSTEM_ERR = 4
    PAM_BUF_ERR = 5
    PAM_PERM_DENIED = 6
    PAM_AUTH_ERR = 7
    PAM_CRED_INSUFFICIENT = 8
    PAM_AUTHINFO_UNAVAIL = 9
    PAM_USER_UNKNOWN = 10
    PAM_MAXTRIES = 11
    PAM_NEW_AUTHTOK_REQD = 12
    PAM_ACCT_EXPIRED = 13
    PAM_SESSION_ERR = 14
    PAM_CRED_UNAVAIL = 15
    PAM_CRED_EXPIRED = 16
    PAM_CRED_ERR = 17
    PAM_NO_MODULE_DATA = 18
    PAM_CONV_ERR = 19
    PAM_AUTHTOK_ERR = 20
    PAM_AUTHTOK_RECOVERY_ERR = 21
    PAM_AUTHTOK_LOCK_BUSY = 22
    PAM_AUTHTOK_DISABLE_AGING = 23
    PAM_TRY_AGAIN = 24
    PAM_IGNORE = 25
    PAM_ABORT = 26
    PAM_AUTHTOK_EXPIRED = 27
    PAM_MODULE_UNKNOWN = 28
    PAM_BAD_ITEM = 29
    PAM_CONV_AGAIN = 30
    PAM_INCOMPLETE = 31


class StandInAuthResponse:
    """The fields of TrueNAS's authenticator response (stage, code, reason, user_info)."""

    def __init__(self, stage, code, reason=None, user_info=None):
        self.stage, self.code, self.reason, self.user_info = stage, code, reason, user_info


class AccountAuthenticator:
    """PAM stand-in for middlewared's unix-socket / token authenticators (PAM, NSS, utmp and 26.0's
    ``truenas_authenticator`` are native and box-bound).

    It implements exactly the interface the session manager and ``auth.login_ex`` use, per release:
    25.10 ``UnixPamAuthenticator()`` with ``authenticate(username, origin)`` and ``login(session_id)``; 26.0
    ``UnixPamAuthenticator(username=, origin=)`` / ``TokenPamAuthenticator(username=, origin=)`` with
    ``authenticate(username)``, ``login()``, ``session_uuid``, ``session_error``; both ``login_at``, ``logout()``,
    ``end()``. It accepts what the real one accepts on a box for the fake box's accounts (accounts.py): a
    non-interactive session over the unix socket of the process's own uid, and a TOKEN_PLAIN login of a token that
    account generated (the real one runs the ``middleware-unix`` / ``truenas-unix`` PAM service: account checks only,
    no password; the token itself was already checked by TrueNAS's own token manager). Everything around it
    (``auth.authenticate_user``, the token manager, the session manager, roles, ``auth.me``) is TrueNAS's own code.

    (An earlier version answered every unknown attribute with a lambda: ``login_at`` became a function, the job's
    credentials in ``core.get_jobs`` events could not be JSON-serialized and middlewared dropped the connection.)
    """

    def __init__(self, *, username=None, origin=None):
        self._origin = origin
        self._login_at = None
        self._stage = 'START'
        self._session_uuid = None
        self.session_error = None

    def authenticate(self, username, origin=None):
        origin = origin or self._origin
        known = username in accounts.ACCOUNTS
        if known and (not origin.is_unix_family or accounts.by_uid(origin.uid) == username):
            return self._accepted(username)
        return StandInAuthResponse('AUTH', PAMCode.PAM_AUTH_ERR, f'{username}: not an account of the fake box')

    def _accepted(self, username):
        self._stage = 'LOGIN'
        # as authenticator.py _get_user_obj hands it on: the grouplist a tuple, the account's flags
        user_info = accounts.passwd(username)
        user_info.update(grouplist=tuple(user_info['grouplist']), account_attributes=self._attributes(username))
        return StandInAuthResponse('AUTH', PAMCode.PAM_SUCCESS, None, user_info)

    @staticmethod
    def _attributes(username):
        # authenticator.py _get_user_obj: a local account; root and truenas_admin (ADMIN_UID) are SYS_ADMIN
        return ['LOCAL'] + (['SYS_ADMIN'] if accounts.ACCOUNTS[username]['uid'] in (0, 950) else [])

    def login(self, session_id=None):
        import uuid
        from datetime import datetime, timezone
        if self._stage != 'LOGIN':
            raise RuntimeError(f'{self._stage}: unexpected authenticator run state. Expected: LOGIN')
        self._login_at = datetime.now(timezone.utc)
        self._session_uuid = uuid.uuid4()
        self._stage = 'LOGOUT'
        return StandInAuthResponse('LOGIN', PAMCode.PAM_SUCCESS)

    @property
    def login_at(self):
        return self._login_at

    @property
    def session_uuid(self):
        return self._session_uuid

    def logout(self):
        self._stage = 'START'
        return StandInAuthResponse('LOGOUT', PAMCode.PAM_SUCCESS)

    def end(self):
        self._stage = 'START'


class PamServiceState:
    """The authenticator state middlewared reads before a password login: the PAM service file it checks exists
    (25.10 ``truenas_state.service``, 26.0 ``state.service``; an absolute path here, under the fake box's home)."""

    def __init__(self, service):
        self.service = service


class PasswordAuthenticator(AccountAuthenticator):
    """PAM stand-in for the PASSWORD_PLAIN authenticator (``UserPamAuthenticator``: 25.10 ``authenticate(username,
    password, origin)``, 26.0 ``authenticate(username, password)``): pam_unix's answer for the fake box's accounts,
    the password of an account that has one (accounts.py), else PAM_AUTH_ERR (unknown users too, as the real one
    answers). No fail delay (pam_faildelay on a box), no faillock tally, no OATH second factor: no account has one."""

    def __init__(self, *, username=None, origin=None):
        super().__init__(username=username, origin=origin)
        self.truenas_state = self.state = PamServiceState(str(state.home() / PAM_SERVICE_FILE))
        self.otpw_possible = False

    def authenticate(self, username, password=None, origin=None):
        if password is not None and accounts.password_matches(username, password):
            return self._accepted(username)
        return StandInAuthResponse('AUTH', PAMCode.PAM_AUTH_ERR, 'Authentication failure')

    def account_management(self):
        return StandInAuthResponse('AUTH', PAMCode.PAM_SUCCESS)


# Back-compatible name (walk.py and older notes say it): the unix-socket / token stand-in.
RootOnlyAuthenticator = AccountAuthenticator


def give_pam_stubs_real_codes() -> None:
    """Before middlewared imports them: the stubbed PAM modules answer with real PAM codes."""
    import importlib
    for name, attr in (('pam', None), ('truenas_pypam', 'PAMCode')):
        module = importlib.import_module(name)
        if type(module).__name__ != 'StubModule':
            continue
        if attr:
            setattr(module, attr, PAMCode)
        else:
            for code in PAMCode:
                setattr(module, code.name, code)


class InetDiag:
    """One row of the kernel's TCP socket table (26.0 truenas_pynetif.diag's fields)."""

    def __init__(self, src, sport, dst, dport, uid):
        self.src, self.sport, self.dst, self.dport, self.uid = src, sport, dst, dport, uid


def _proc_net_tcp(family):
    """The kernel's TCP sockets from /proc/net/tcp{,6} (the data sock_diag gives, in its text form)."""
    import ipaddress
    import socket
    import struct
    path = '/proc/net/tcp6' if family == socket.AF_INET6 else '/proc/net/tcp'

    def addr(text):
        host, port = text.split(':')
        raw = bytes.fromhex(host)
        if len(raw) == 4:
            ip = ipaddress.IPv4Address(struct.pack('<I', int(host, 16)))
        else:
            ip = ipaddress.IPv6Address(b''.join(struct.pack('<I', int(host[i:i + 8], 16)) for i in range(0, 32, 8)))
        return str(ip), int(port, 16)
    with open(path) as f:
        next(f)
        for line in f:
            cols = line.split()
            (src, sport), (dst, dport) = addr(cols[1]), addr(cols[2])
            yield InetDiag(src, sport, dst, dport, int(cols[7]))


def give_inet_diag_the_kernel_table() -> None:
    """26.0's utils/origin.py identifies a TCP peer through truenas_pynetif.diag (native netlink, stubbed here):
    answer from the kernel's own table instead of the stub's empty one."""
    import contextlib
    import importlib
    diag = importlib.import_module('truenas_pynetif.diag')
    if type(diag).__name__ != 'StubModule':
        return

    @contextlib.contextmanager
    def netlink_diag():
        yield None

    def get_inet_diag(_sock, family):
        return list(_proc_net_tcp(family))
    diag.netlink_diag = netlink_diag
    diag.get_inet_diag = get_inet_diag


def replace_pam() -> None:
    """The PAM stand-ins in place of the release's authenticators, and the files middlewared checks before a password
    login (the PAM service file, the OATH users file) under the fake box's home."""
    import importlib
    for name in (PAM_SERVICE_FILE, OATH_USERS_FILE):
        path = state.home() / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.touch()
    stand_ins = {'UnixPamAuthenticator': AccountAuthenticator, 'TokenPamAuthenticator': AccountAuthenticator,
                 'UserPamAuthenticator': PasswordAuthenticator}
    # 25.10: plugins.auth (login_ex), restful (the file application); 26.0: plugins.auth, plugins.auth_.login_ex_impl
    for module_name in ('middlewared.plugins.auth', 'middlewared.restful', 'middlewared.plugins.auth_.login_ex_impl',
                        'middlewared.plugins.auth_.authenticate'):
        try:
            module = importlib.import_module(module_name)
        except ImportError:
            continue
        for attr, stand_in in stand_ins.items():
            if hasattr(module, attr):
                setattr(module, attr, stand_in)
        if hasattr(module, 'OATH_FILE'):
            module.OATH_FILE = str(state.home() / OATH_USERS_FILE)
