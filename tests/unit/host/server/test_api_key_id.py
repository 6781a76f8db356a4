"""An API key's id part names a stored key only as ASCII digits SQLite can hold: anything else is no key (a login
refused as any wrong key is), never an internal error (the fuzzer found `9` x 400 overflowing SQLite)."""
import pytest

from tuning_host.server.store import MAX_ROW_ID, api_key_id


@pytest.mark.parametrize("key, expected", [
    ("1-secret", 1),
    ("12", 12),
    (f"{MAX_ROW_ID}-s", MAX_ROW_ID),
    (f"{MAX_ROW_ID + 1}-s", None),
    ("9" * 400, None),
    ("\u00b2-s", None),          # a digit to str.isdigit, not to int()
    ("\u0663-s", None),          # Arabic-Indic three: not how ids are written
    ("", None),
    ("-s", None),
    ("x1-s", None),
    (None, None),
])
def test_api_key_id(key, expected):
    assert api_key_id(key) == expected
