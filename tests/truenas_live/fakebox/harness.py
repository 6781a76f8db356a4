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
    """PAM stand-in for AF_UNIX root sessions (PAM and NSS are native and box-bound): accepts root only, the way
    ``UnixPamAuthenticator.authenticate`` accepts a non-interactive root session on a box; everything after it
    (``auth.authenticate_root``, the session manager, roles) is TrueNAS's own code."""

    def authenticate(self, username, origin):
        import pam
        from types import SimpleNamespace
        ok = username == 'root' and origin.uid == 0
        return SimpleNamespace(code=pam.PAM_SUCCESS if ok else pam.PAM_AUTH_ERR, reason=None if ok else 'not root',
                               user_info={'pw_name': 'root', 'pw_uid': 0, 'pw_gid': 0})

    def logout(self):
        import pam
        from types import SimpleNamespace
        return SimpleNamespace(code=pam.PAM_SUCCESS, reason=None, user_info=None)

    def __getattr__(self, name):  # other PAM-handle housekeeping of the session manager (login, account...): succeed
        if name.startswith('__'):
            raise AttributeError(name)
        return lambda *a, **kw: self.logout()


def replace_pam() -> None:
    import middlewared.plugins.auth as auth
    auth.UnixPamAuthenticator = UnixSocketRootAuthenticator
