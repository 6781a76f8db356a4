"""Launcher-side preparation of the fake box (not a service module: it defines no Service)."""
import os
import stat
from pathlib import Path

from . import state


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
    return box


def create_database(db_file: Path) -> None:
    """middlewared's database: a scratch sqlite file with the tables of the real plugins that are loaded."""
    import importlib
    from sqlalchemy import create_engine
    import middlewared.sqlalchemy as sa
    for module in ('middlewared.plugins.alert', 'middlewared.plugins.auth', 'middlewared.plugins.api_key',
                   'middlewared.plugins.account', 'middlewared.plugins.account_.privilege', 'middlewared.plugins.system_general'):
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
    engine.dispose()


class UnixSocketRootAuthenticator:
    """PAM stand-in for middlewared 25.10's ``UnixPamAuthenticator`` (PAM, NSS and utmp are native and box-bound).

    It implements exactly the interface the session manager and ``auth.login_ex`` use (``authenticate(username,
    origin)``, ``login(session_id)``, ``login_at``, ``logout()``, ``end()``) and accepts what the real one accepts on
    a box for the accounts the tier has: ``root`` over the unix socket (a non-interactive root session) and ``root``
    for a TOKEN_PLAIN login over TCP (the real one runs the ``middleware-unix`` PAM service: account checks only, no
    password: the token was already checked by ``auth.login_ex``). Everything around it (``auth.authenticate_root``,
    the token manager, the session manager, roles) is TrueNAS's own code.

    (An earlier version answered every unknown attribute with a lambda: ``login_at`` became a function, the job's
    credentials in ``core.get_jobs`` events could not be JSON-serialized and middlewared dropped the connection.)
    """

    def __init__(self, *args, **kwargs):
        from datetime import datetime
        self._login_at: datetime | None = None
        self._stage = 'START'

    def _response(self, ok: bool, reason=None, user_info=None):
        import pam
        from types import SimpleNamespace
        return SimpleNamespace(code=pam.PAM_SUCCESS if ok else pam.PAM_AUTH_ERR, reason=None if ok else reason,
                               user_info=user_info)

    def authenticate(self, username, origin):
        ok = username == 'root' and (origin.uid == 0 if origin.is_unix_family else True)
        if ok:
            self._stage = 'LOGIN'
        return self._response(ok, f'{username}: not an account of the fake box',
                              {'pw_name': 'root', 'pw_uid': 0, 'pw_gid': 0} if ok else None)

    def login(self, session_id):
        from datetime import datetime, UTC
        if self._stage != 'LOGIN':
            raise RuntimeError(f'{self._stage}: unexpected authenticator run state. Expected: LOGIN')
        self._login_at = datetime.now(UTC)
        self._stage = 'LOGOUT'
        return self._response(True)

    @property
    def login_at(self):
        return self._login_at

    def logout(self):
        self._stage = 'START'
        return self._response(True)

    def end(self):
        self._stage = 'START'


def replace_pam() -> None:
    import middlewared.plugins.auth as auth
    auth.UnixPamAuthenticator = UnixSocketRootAuthenticator
