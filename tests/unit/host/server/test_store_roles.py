"""Accounts with roles in host.db: a database from before roles keeps its admin a full admin; the read-only
administrator comes from TUNING_READONLY_PASSWORD."""
import sqlite3

from tuning_host.server.store import ADMIN_USERNAME, READONLY_USERNAME, HostStore, hash_password, users_from_env


def test_an_account_made_before_roles_stays_full_admin(tmp_path):
    path = str(tmp_path / "host.db")
    db = sqlite3.connect(path)
    db.executescript("""
        CREATE TABLE users (username TEXT PRIMARY KEY, password_hash TEXT NOT NULL, created_at TEXT NOT NULL);
        CREATE TABLE api_keys (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT NOT NULL UNIQUE, username TEXT NOT NULL,
            key_hash TEXT NOT NULL, created_at TEXT NOT NULL, revoked INTEGER NOT NULL DEFAULT 0);
        PRAGMA user_version = 1;""")
    db.execute("INSERT INTO users VALUES(?,?,?)", (ADMIN_USERNAME, hash_password("pw"), "2025-01-01"))
    db.commit()
    db.close()
    store = HostStore(path)
    assert store.user_roles(ADMIN_USERNAME) == ["FULL_ADMIN"] and store.check_password(ADMIN_USERNAME, "pw")


def test_the_read_only_account_comes_from_the_environment(tmp_path):
    store = HostStore(str(tmp_path / "host.db"))
    users_from_env(store, {})
    assert store.user_roles(READONLY_USERNAME) is None
    users_from_env(store, {"TUNING_READONLY_PASSWORD": "ro"})
    assert store.user_roles(READONLY_USERNAME) == ["READONLY_ADMIN"] and store.check_password(READONLY_USERNAME, "ro")
    store.set_password(ADMIN_USERNAME, "admin")
    assert store.user_roles(ADMIN_USERNAME) == ["FULL_ADMIN"]
