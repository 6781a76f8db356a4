"""The host's own SQLite database (`<data>/host.db`): the accounts (each with its TrueNAS roles) and API keys
(hashed). The file is the owner's only (0600, as middlewared keeps /data/freenas-v1.db): SQLite gives its -wal and
-shm files the database's mode."""
import hashlib
import hmac
import json
import os
import secrets
import sqlite3
import threading
from datetime import datetime, timezone

from ..runtime.logfile import PRIVATE_DIR_MODE, make_private

ADMIN_USERNAME = "admin"
READONLY_USERNAME = "readonly"
SCHEMA_VERSION = 2
_SCRYPT = {"n": 2 ** 14, "r": 8, "p": 1}


def hash_password(password, salt=None):
    salt = salt or secrets.token_bytes(16)
    digest = hashlib.scrypt(password.encode(), salt=salt, dklen=32, **_SCRYPT)
    return f"scrypt${_SCRYPT['n']}${_SCRYPT['r']}${_SCRYPT['p']}${salt.hex()}${digest.hex()}"


def verify_password(password, stored):
    try:
        scheme, n, r, p, salt, digest = stored.split("$")
    except (AttributeError, ValueError):
        return False
    if scheme != "scrypt":
        return False
    actual = hashlib.scrypt(password.encode(), salt=bytes.fromhex(salt), dklen=32, n=int(n), r=int(r), p=int(p))
    return hmac.compare_digest(actual.hex(), digest)


# Checked for an unknown user: a wrong user name costs one scrypt of the stored hashes' cost, as a wrong password
# does, so the answer's timing does not tell which names exist. No password hashes to an all-zero digest.
DUMMY_HASH = f"scrypt${_SCRYPT['n']}${_SCRYPT['r']}${_SCRYPT['p']}${'00' * 16}${'00' * 32}"


MAX_ROW_ID = 2 ** 63 - 1   # SQLite's largest INTEGER


def api_key_id(key):
    """The id part of an API key (`<id>-<secret>`) as a number, or None when it cannot name a stored key (not ASCII
    digits, or beyond what SQLite holds)."""
    key_id = (key or "").partition("-")[0]
    if not (key_id.isascii() and key_id.isdigit()) or int(key_id) > MAX_ROW_ID:
        return None
    return int(key_id)


def _key_hash(secret):
    # API key secrets are 64 random characters: a plain SHA-256 is enough, and keeps key logins fast.
    return "sha256$" + hashlib.sha256(secret.encode()).hexdigest()


class HostStore:
    """Thread-safe access to host.db (each call opens its own short transaction)."""

    def __init__(self, path):
        self.path = path
        self._lock = threading.Lock()
        os.makedirs(os.path.dirname(os.path.abspath(path)), mode=PRIVATE_DIR_MODE, exist_ok=True)
        make_private(path)   # before SQLite creates it with the umask's mode
        for suffix in ("-wal", "-shm"):
            if os.path.exists(path + suffix):
                make_private(path + suffix)
        with self._connect() as db:
            db.execute("PRAGMA journal_mode=WAL")
            version = db.execute("PRAGMA user_version").fetchone()[0]
            if version < 1:
                db.executescript("""
                    CREATE TABLE IF NOT EXISTS users (
                        username TEXT PRIMARY KEY, password_hash TEXT NOT NULL, created_at TEXT NOT NULL);
                    CREATE TABLE IF NOT EXISTS api_keys (
                        id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT NOT NULL UNIQUE, username TEXT NOT NULL,
                        key_hash TEXT NOT NULL, created_at TEXT NOT NULL, revoked INTEGER NOT NULL DEFAULT 0);
                    PRAGMA user_version = 1;
                """)
            if version < 2:
                # accounts made before roles existed were the full administrator
                db.executescript("""
                    ALTER TABLE users ADD COLUMN roles TEXT NOT NULL DEFAULT '["FULL_ADMIN"]';
                    PRAGMA user_version = 2;
                """)

    def _connect(self):
        return sqlite3.connect(self.path, timeout=30, isolation_level=None)

    def _run(self, fn):
        with self._lock:
            db = self._connect()
            try:
                db.execute("BEGIN IMMEDIATE")
                result = fn(db)
                db.execute("COMMIT")
                return result
            except BaseException:
                db.execute("ROLLBACK")
                raise
            finally:
                db.close()

    # ---- users ----

    def has_user(self, username):
        return self._run(lambda db: db.execute("SELECT 1 FROM users WHERE username=?", (username,)).fetchone()
                         is not None)

    def set_password(self, username, password, roles=("FULL_ADMIN",)):
        """Create `username` with `roles` or set its password and roles."""
        hashed = hash_password(password)
        now = datetime.now(timezone.utc).isoformat()
        self._run(lambda db: db.execute(
            "INSERT INTO users(username, password_hash, created_at, roles) VALUES(?,?,?,?) "
            "ON CONFLICT(username) DO UPDATE SET password_hash=excluded.password_hash, roles=excluded.roles",
            (username, hashed, now, json.dumps(list(roles)))))

    def user_roles(self, username):
        """The roles of `username` (None when there is no such account)."""
        row = self._run(lambda db: db.execute("SELECT roles FROM users WHERE username=?", (username,)).fetchone())
        return None if row is None else json.loads(row[0])

    def check_password(self, username, password):
        row = self._run(lambda db: db.execute("SELECT password_hash FROM users WHERE username=?",
                                              (username,)).fetchone())
        if row is None:
            verify_password(password, DUMMY_HASH)  # one scrypt whether or not the user exists
            return False
        return verify_password(password, row[0])

    # ---- API keys ----

    def create_api_key(self, name, username):
        """Returns the row and the one-time key string `<id>-<secret>`."""
        secret = secrets.token_urlsafe(48)[:64]
        now = datetime.now(timezone.utc).isoformat()

        def insert(db):
            cur = db.execute("INSERT INTO api_keys(name, username, key_hash, created_at) VALUES(?,?,?,?)",
                             (name, username, _key_hash(secret), now))
            return cur.lastrowid

        key_id = self._run(insert)
        return self.get_api_key(key_id), f"{key_id}-{secret}"

    def get_api_key(self, key_id):
        row = self._run(lambda db: db.execute(
            "SELECT id, name, username, created_at, revoked FROM api_keys WHERE id=?", (key_id,)).fetchone())
        return None if row is None else _key_row(row)

    def api_keys(self):
        rows = self._run(lambda db: db.execute(
            "SELECT id, name, username, created_at, revoked FROM api_keys ORDER BY id").fetchall())
        return [_key_row(r) for r in rows]

    def api_key_name_exists(self, name):
        return self._run(lambda db: db.execute("SELECT 1 FROM api_keys WHERE name=?", (name,)).fetchone()
                         is not None)

    def delete_api_key(self, key_id):
        if not 0 < key_id <= MAX_ROW_ID:   # beyond what SQLite holds: no such key (the API refuses it first)
            return False
        return self._run(lambda db: db.execute("DELETE FROM api_keys WHERE id=?", (key_id,)).rowcount) > 0

    def check_api_key(self, username, key):
        """The key's row when `key` (`<id>-<secret>`) is a valid, unrevoked key of `username`; else None."""
        _, sep, secret = (key or "").partition("-")
        key_id = api_key_id(key)
        if not sep or key_id is None:
            return None
        row = self._run(lambda db: db.execute(
            "SELECT id, name, username, created_at, revoked, key_hash FROM api_keys WHERE id=?",
            (key_id,)).fetchone())
        if row is None or row[4] or (username is not None and row[2] != username):
            return None
        if not hmac.compare_digest(row[5], _key_hash(secret)):
            return None
        return _key_row(row[:5])


def _key_row(row):
    return {"id": row[0], "name": row[1], "username": row[2], "user_identifier": row[2],
            "created_at": row[3], "revoked": bool(row[4]), "local": True, "expires_at": None}


def users_from_env(store, environ):
    """The read-only administrator from TUNING_READONLY_PASSWORD (account `readonly`, role READONLY_ADMIN),
    created or updated at start-up; without it the account is left as it is."""
    password = environ.get("TUNING_READONLY_PASSWORD")
    if password:
        store.set_password(READONLY_USERNAME, password, ["READONLY_ADMIN"])
