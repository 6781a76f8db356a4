"""The host's store of password and key hashes (server/store.py): an unknown user costs one scrypt of the stored
hashes' cost, as a wrong password does (its answer's timing does not tell which names exist); ids beyond SQLite are
no key, never an overflow; host.db is the owner's only, an old one too."""
import hashlib
import os
import stat

import pytest

from tuning_host.server import store as store_module
from tuning_host.server.store import MAX_ROW_ID, HostStore


@pytest.fixture
def store(tmp_path):
    s = HostStore(str(tmp_path / "host.db"))
    s.set_password("admin", "right")
    return s


def test_an_unknown_user_costs_one_scrypt_of_the_stored_cost_as_a_wrong_password(store, monkeypatch):
    calls = []
    real = hashlib.scrypt

    def counting(*args, **kwargs):
        calls.append({k: kwargs[k] for k in ("n", "r", "p")})
        return real(*args, **kwargs)

    monkeypatch.setattr(store_module.hashlib, "scrypt", counting)
    assert store.check_password("admin", "wrong") is False
    known, calls[:] = list(calls), []
    assert store.check_password("nobody", "wrong") is False
    assert calls == known == [{"n": 2 ** 14, "r": 8, "p": 1}]


def test_deleting_an_api_key_sqlite_cannot_hold_is_no_key(store):
    assert store.delete_api_key(MAX_ROW_ID + 1) is False
    assert store.delete_api_key(0) is False


def test_host_db_is_the_owners_only_and_an_old_one_is_fixed(tmp_path):
    path = tmp_path / "data" / "host.db"
    HostStore(str(path)).set_password("admin", "x")
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o600
    assert stat.S_IMODE(os.stat(path.parent).st_mode) == 0o700
    for name in ("host.db", "host.db-wal", "host.db-shm"):
        if (tmp_path / "data" / name).exists():
            os.chmod(tmp_path / "data" / name, 0o644)
    HostStore(str(path))
    for name in ("host.db", "host.db-wal", "host.db-shm"):
        if (tmp_path / "data" / name).exists():
            assert stat.S_IMODE(os.stat(tmp_path / "data" / name).st_mode) == 0o600, name
