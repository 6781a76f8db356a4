"""The fake box's local accounts, as a fresh TrueNAS has them plus one read-only administrator and one administrator
of the tuning plugin's write role only (not a service module: it defines no Service).

``root`` (uid 0) logs in over the unix socket only, as on a box where root's password is disabled; ``truenas_admin``
(uid 950, in builtin_administrators 544), ``readonly`` (in truenas_readonly_administrators 951) and ``sysadmin`` (in
a local group the admin made, 3100, given a privilege of SYSTEM_ADVANCED_WRITE, the role of the plugin's write
methods, and not FULL_ADMIN) also log in with a password over TCP. Their privileges come from the privilege rows
(``PRIVILEGES``: the built-in ones TrueNAS's migrations seed, and one as the Privileges screen saves it, with no
builtin_name) that harness.create_database writes into middlewared's database, so TrueNAS's own code
(auth.authenticate_user, privilege.compose_privilege, the role checks) makes their credentials.
"""
import hmac

BUILTIN_ADMINISTRATORS = 544          # LocalAdminGroups.BUILTIN_ADMINISTRATORS
TRUENAS_READONLY_ADMINISTRATORS = 951  # LocalAdminGroups.TRUENAS_READONLY_ADMINISTRATORS
ADMIN_PASSWORD = 'live-admin-password'
READONLY_PASSWORD = 'live-readonly-password'
SYSADMIN_PASSWORD = 'live-sysadmin-password'
TUNING_WRITERS = 3100                  # a local group the admin made (not a built-in one)
# The role of the plugin's write methods (middleware/tuning/framework.py WRITE_ROLES): sysadmin holds it, and
# nothing more, so what needs FULL_ADMIN on top of it (tuning.advice.slog writing over an SSD) is refused to it.
TUNING_WRITE_ROLE = 'SYSTEM_ADVANCED_WRITE'

# username -> passwd entry (what NSS gives) + the password pam_unix would check (None: no password login)
ACCOUNTS = {
    'root': {'uid': 0, 'gid': 0, 'groups': (0, BUILTIN_ADMINISTRATORS), 'gecos': 'root', 'home': '/root',
             'password': None, 'id': 1},
    'truenas_admin': {'uid': 950, 'gid': 950, 'groups': (950, BUILTIN_ADMINISTRATORS), 'gecos': 'Local Administrator',
                      'home': '/home/truenas_admin', 'password': ADMIN_PASSWORD, 'id': 2},
    'readonly': {'uid': 3000, 'gid': 3000, 'groups': (3000, TRUENAS_READONLY_ADMINISTRATORS),
                 'gecos': 'Read-only administrator', 'home': '/var/empty', 'password': READONLY_PASSWORD, 'id': 3},
    'sysadmin': {'uid': 3001, 'gid': 3001, 'groups': (3001, TUNING_WRITERS), 'gecos': 'System advanced administrator',
                 'home': '/var/empty', 'password': SYSADMIN_PASSWORD, 'id': 4},
}

# account_privilege rows as migrations 2022-08-17_13-37_privilege .. 2024-01-15_20-10_builtin_roles_groups leave them
PRIVILEGES = (
    {'builtin_name': 'ADMINISTRATOR', 'name': 'Local Administrator', 'local_groups': [BUILTIN_ADMINISTRATORS],
     'roles': ['FULL_ADMIN'], 'web_shell': True},
    {'builtin_name': 'READONLY_ADMINISTRATOR', 'name': 'Read-Only Administrator',
     'local_groups': [TRUENAS_READONLY_ADMINISTRATORS], 'roles': ['READONLY_ADMIN'], 'web_shell': False},
    # as privilege.create saves an admin's own privilege: no builtin_name
    {'builtin_name': None, 'name': 'System Advanced Writers', 'local_groups': [TUNING_WRITERS],
     'roles': [TUNING_WRITE_ROLE], 'web_shell': False},
)


def by_uid(uid: int) -> str | None:
    return next((name for name, a in ACCOUNTS.items() if a['uid'] == uid), None)


def passwd(username: str) -> dict:
    """user.get_user_obj's answer (getpwnam plus the grouplist); KeyError if unknown."""
    a = ACCOUNTS[username]
    return {'pw_name': username, 'pw_gecos': a['gecos'], 'pw_dir': a['home'], 'pw_shell': '/usr/bin/zsh',
            'pw_uid': a['uid'], 'pw_gid': a['gid'], 'grouplist': list(a['groups']), 'sid': None, 'source': 'LOCAL',
            'local': True}


def user_row(username: str) -> dict:
    """The user.query row of an account (the fields auth.authenticate_user and auth.me read)."""
    a = ACCOUNTS[username]
    roles = sorted({r for p in PRIVILEGES if set(p['local_groups']) & set(a['groups']) for r in p['roles']})
    return {'id': a['id'], 'uid': a['uid'], 'username': username, 'full_name': a['gecos'], 'local': True,
            'builtin': username == 'root', 'locked': False, 'password_disabled': a['password'] is None,
            'password_change_required': False, 'home': a['home'], 'shell': '/usr/bin/zsh',
            'group': {'id': a['id'], 'bsdgrp_gid': a['gid']}, 'roles': roles}


def password_matches(username: str, password: str) -> bool:
    """What pam_unix answers for a password login: only an account with a password, and only that password."""
    expected = ACCOUNTS.get(username, {}).get('password')
    return expected is not None and hmac.compare_digest(expected.encode(), password.encode())
