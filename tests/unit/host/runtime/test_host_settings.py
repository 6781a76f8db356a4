"""Host settings (options/env) and the supervisor's admin-account preparation."""
import pytest

from tuning_host.config import parse_settings, settings_to_argv
from tuning_host.server.store import ADMIN_USERNAME, HostStore, hash_password, verify_password
from tuning_host.server.supervisor import banner, ensure_admin


def test_defaults_and_environment(tmp_path):
    s = parse_settings([], {})
    assert (s.host, s.port, s.backend, s.plugins) == ("127.0.0.1", 8080, "sandbox", ["tuning"])
    assert s.data_dir.endswith("/var") and s.admin_password is None
    s = parse_settings([], {"PORT": "9000", "TUNING_DATA": str(tmp_path), "TUNING_BACKEND": "openzfs",
                            "TUNING_ADMIN_PASSWORD": "pw", "TUNING_PLUGINS": "tuning, extra",
                            "TUNING_STRICT_RESULTS": "1"})
    assert (s.port, s.data_dir, s.backend, s.admin_password, s.plugins, s.strict_results) == (
        9000, str(tmp_path), "openzfs", "pw", ["tuning", "extra"], True)


def test_options_override_environment_and_round_trip(tmp_path):
    s = parse_settings(["--port", "9100", "--data", str(tmp_path), "--backend", "none"], {"PORT": "9000"})
    assert (s.port, s.backend) == (9100, "none")
    assert parse_settings(settings_to_argv(s), {}) == s


@pytest.mark.parametrize("argv", [["--port", "0"], ["--backend", "zfs"], ["--port", "x"]])
def test_bad_options_are_refused(argv):
    with pytest.raises(SystemExit):
        parse_settings(argv, {})


def test_password_hashing():
    stored = hash_password("secret")
    assert "secret" not in stored
    assert verify_password("secret", stored) and not verify_password("Secret", stored)
    assert not verify_password("secret", "garbage")


def test_ensure_admin_generates_once_then_keeps_or_sets(tmp_path):
    store = HostStore(str(tmp_path / "host.db"))
    generated = ensure_admin(store, None)
    assert generated and store.check_password(ADMIN_USERNAME, generated)
    assert ensure_admin(store, None) is None  # not printed again
    assert store.check_password(ADMIN_USERNAME, generated)
    assert ensure_admin(store, "chosen") is None
    assert store.check_password(ADMIN_USERNAME, "chosen") and not store.check_password(ADMIN_USERNAME, generated)


def test_banner_says_how_to_connect(tmp_path):
    s = parse_settings(["--port", "8123", "--data", str(tmp_path)], {})
    text = banner(s, "pw123")
    assert "ws://127.0.0.1:8123/api/current" in text and "http://127.0.0.1:8123/_plugins/tuning/" in text
    assert "pw123" in text and "auth.login_ex" in text
    assert "pw123" not in banner(s, None)


def test_api_keys_are_checked_by_hash_and_owner(tmp_path):
    store = HostStore(str(tmp_path / "host.db"))
    store.set_password(ADMIN_USERNAME, "x")
    row, key = store.create_api_key("k", ADMIN_USERNAME)
    assert store.check_api_key(ADMIN_USERNAME, key)["id"] == row["id"]
    assert store.check_api_key("someone", key) is None
    assert store.check_api_key(ADMIN_USERNAME, key[:-1]) is None
    assert store.check_api_key(ADMIN_USERNAME, "nonsense") is None
