"""Hostile callers against passwords, the audit trail and the logs (issue 20): one limit of wrong passwords and API keys
per address for every way to present them (the websocket's logins, `/_upload` Basic and Bearer), past which nothing
is checked, the right password neither; an unknown user answered as a wrong password; refused calls bounded per
caller in the audit trail, failed logins kept apart; the logs bounded per call site and one line per record; ids
beyond SQLite's refused by field; data files the owner's only. Each test here is one of the probe's attacks."""
import concurrent.futures
import errno
import json
import os
import stat
import tempfile
import urllib.error
import urllib.request

import pytest

from client import RpcError
from hosting import REMOTE, LocalHost, rate_limited
from tuning_helpers import basic_auth, multipart

pytestmark = pytest.mark.sandbox_only  # the standalone host's accounts, audit trail, logs and data directory
if REMOTE:
    pytest.skip("the standalone host's own files and limits", allow_module_level=True)

LIMIT = 20   # wrong credentials a minute per address (rate_limit.MAX_CALLS)
IMPORT = "tuning.database.import"


def post_upload(host, authorization):
    """POST /_upload of a database import: (status, headers, body)."""
    body, content_type = multipart([("data", json.dumps({"method": IMPORT, "params": []}).encode(), None),
                                    ("file", b"x", "f.db")])
    request = urllib.request.Request(host.http_url + "/_upload", data=body, method="POST",
                                     headers={"Content-Type": content_type, "Authorization": authorization})
    try:
        with urllib.request.urlopen(request, timeout=600) as r:
            return r.status, r.headers, r.read()
    except urllib.error.HTTPError as e:
        return e.code, e.headers, e.read()


def in_parallel(n, fn):
    with concurrent.futures.ThreadPoolExecutor(n) as pool:
        return list(pool.map(lambda _: fn(), range(n)))


def read(path):
    try:
        with open(path, encoding="utf-8") as f:
            return f.read()
    except FileNotFoundError:
        return ""


def audit_records(data_dir, name="audit.log"):
    return [json.loads(line) for line in read(os.path.join(data_dir, name)).splitlines()]


# ---- one limit of wrong passwords and keys ----

def test_wrong_basic_passwords_are_limited_even_in_parallel_and_then_the_right_one_is_refused(fresh_host):
    h = fresh_host()
    wrong = basic_auth(h.username, "wrong")
    statuses = [status for status, _, _ in in_parallel(LIMIT + 10, lambda: post_upload(h, wrong))]
    # checks under way count: exactly LIMIT guesses were checked, however many arrived at once
    assert sorted(statuses) == [401] * LIMIT + [429] * 10
    status, headers, body = post_upload(h, basic_auth(h.username, h.password))
    assert status == 429 and 1 <= int(headers["Retry-After"]) <= 60, body
    # the same count for the websocket's logins and API keys from this address
    with h.new_client() as c:
        with pytest.raises(RpcError) as e:
            c.login(h.username, h.password)
        assert rate_limited(e.value)
    assert post_upload(h, "Bearer 1-" + "k" * 64)[0] == 429
    failed = [r for r in audit_records(h.data_dir, "audit-auth.log") if not r["success"]]
    assert len(failed) == LIMIT   # every checked guess audited; the refused ones were not guesses


def test_wrong_websocket_logins_use_up_the_uploads_count(fresh_host):
    h = fresh_host()
    admin = h.admin_client()   # logged in before (by auth.login, counted apart): the administrator's way back
    admin.set_options(private_methods=True)

    def wrong_login():
        with h.new_client() as c:
            try:
                return c.login(h.username, "wrong")["response_type"]
            except RpcError as e:
                return "EBUSY" if e.errno == errno.EBUSY else e

    assert sorted(in_parallel(LIMIT + 5, wrong_login)) == ["AUTH_ERR"] * LIMIT + ["EBUSY"] * 5
    assert post_upload(h, basic_auth(h.username, h.password))[0] == 429
    with admin:
        admin.call("rate.limit.cache_clear")
    assert post_upload(h, basic_auth(h.username, h.password))[0] == 200


def test_an_unknown_user_is_answered_as_a_wrong_password(host):
    known = post_upload(host, basic_auth(host.username, "wrong"))
    unknown = post_upload(host, basic_auth("nobody-" + "x" * 8, "wrong"))
    assert (known[0], known[2]) == (unknown[0], unknown[2]) == (401, known[2])


def test_the_legacy_api_key_login_is_delayed_limited_and_audited(fresh_host):
    h = fresh_host()
    with h.new_client() as c:
        assert c.call("auth.login_with_api_key", "999-" + "k" * 64) is False
    failed = [r for r in audit_records(h.data_dir, "audit-auth.log") if r["event_data"]["error"] == "Invalid API key"]
    assert len(failed) == 1


# ---- the audit trail ----

def test_a_flood_of_refused_calls_is_summarised_and_the_failed_login_kept(fresh_host):
    h = fresh_host()
    with h.new_client() as c:
        assert c.login("flood-victim", "wrong")["response_type"] == "AUTH_ERR"
    calls = 500
    with h.new_client() as c:
        for _ in range(calls // 20):   # 20 at once: a connection's bound of concurrent calls
            for id_ in [c.send("tuning.preset.create", [{"name": "p"}]) for _ in range(20)]:
                with pytest.raises(RpcError) as e:
                    c.result(id_)
                assert e.value.errname == "ENOTAUTHENTICATED"
    h.stop()   # what the window still counts is written at shutdown
    records = audit_records(h.data_dir)
    refused = [r for r in records if r["event_data"].get("method") == "tuning.preset.create"]
    assert len(refused) == 20 and all(r["event_data"]["authorized"] is False for r in refused)
    summary, = [r for r in records if r["event_data"].get("refused_calls")]
    assert summary["event_data"]["description"] == f"{calls - 20} more refused calls from 127.0.0.1 in the last minute"
    assert summary["event_data"]["refused_calls"]["methods"] == {"tuning.preset.create": calls - 20}
    for name in ("audit.log", "audit-auth.log"):
        assert any(r["event"] == "AUTHENTICATION" and not r["success"]
                   and r["event_data"]["credentials"]["credentials_data"]["username"] == "flood-victim"
                   for r in audit_records(h.data_dir, name)), name
    assert {r["event"] for r in audit_records(h.data_dir, "audit-auth.log")} == {"AUTHENTICATION"}


def test_a_read_only_users_refusals_are_bounded_as_not_authorized(fresh_host):
    h = fresh_host()
    with h.readonly_client() as c:
        for _ in range(25):
            with pytest.raises(RpcError) as e:
                c.call("api_key.create", {"name": "ro-refused"})
            assert e.value.errno == errno.EACCES
    h.stop()
    records = audit_records(h.data_dir)
    refused = [r for r in records if r["event_data"].get("method") == "api_key.create"]
    assert {(r["user"], r["event_data"]["authenticated"], r["event_data"]["authorized"]) for r in refused} == {
        (h.readonly_username, True, False)}
    assert len(refused) == 20
    summary, = [r for r in records if r["event_data"].get("refused_calls")]
    assert summary["user"] == h.readonly_username
    assert summary["event_data"]["description"] == (
        f"5 more refused calls from user {h.readonly_username} in the last minute")


# ---- host.log ----

def test_read_only_queries_with_select_log_nothing_and_get_their_fields(fresh_host):
    h = fresh_host(env={"TUNING_STRICT_RESULTS": "0"})   # as served: a result that does not fit is logged
    log = os.path.join(h.data_dir, "host.log")
    before = os.path.getsize(log)
    with h.readonly_client() as c:
        for _ in range(300):
            rows = c.call("tuning.preset.query", [], {"select": ["id", "name"]})
        assert rows and all(set(row) == {"id", "name"} for row in rows)
        one = c.call("tuning.preset.query", [], {"select": ["name"], "get": True})
    assert set(one) == {"name"}
    assert os.path.getsize(log) - before < 256 * 1024
    assert "Serialization error" not in read(log)[before:]


def test_a_job_called_with_bad_arguments_logs_no_traceback(host, client):
    log = os.path.join(host.data_dir, "host.log")
    before = os.path.getsize(log)
    for args in (["not a spec"], [], [{"dataset": 5}]):
        with pytest.raises(Exception):
            client.job("tuning.benchmark.run", *args)
    text = read(log)[before:]
    assert "Traceback" not in text and "Error setting" not in text


def test_a_newline_from_a_caller_cannot_forge_a_log_line(host, client):
    log = os.path.join(host.data_dir, "host.log")
    before = os.path.getsize(log)
    forged = "2099-01-01 00:00:00,000 [host 1] ERROR forged: admin logged in"
    with pytest.raises(Exception):
        client.job("sample.job_fail", f"tank\n{forged}\r\x1b[2J")
    lines = read(log)[before:].splitlines()
    assert not any(line.startswith("2099-01-01") for line in lines)
    assert any("tank\\n2099-01-01" in line and "\\x1b[2J" in line for line in lines)


def test_a_crash_repeated_is_logged_a_few_times_then_summarised(fresh_host):
    h = fresh_host()
    with h.client() as c:
        for _ in range(40):
            with pytest.raises(RpcError):
                c.call("sample.crash")
    h.stop()
    text = read(os.path.join(h.data_dir, "host.log"))
    assert text.count("Exception while calling sample.crash") == 10
    assert "30 more like this in the last minute, not written: Exception while calling" in text
    # a traceback's lines are indented under its record: every line at the margin starts a record
    assert all(line.startswith(("    ", "20")) for line in text.splitlines())


# ---- ids beyond SQLite ----

@pytest.mark.parametrize("key_id", [2 ** 63, 2 ** 64 - 1, 0, -1])
def test_an_api_key_id_sqlite_cannot_hold_is_a_field_error(client, key_id):
    with pytest.raises(RpcError) as e:
        client.call("api_key.delete", key_id)
    assert e.value.code == -32602 and e.value.attributes() == ["id"], e.value


# ---- file modes ----

def mode(path):
    return stat.S_IMODE(os.stat(path).st_mode)


def test_data_files_are_the_owners_only_and_an_upgrade_is_fixed_at_start():
    with tempfile.TemporaryDirectory(prefix="tuning-modes-") as data_dir:
        os.chmod(data_dir, 0o755)
        for name in ("host.log", "audit.log", "supervisor.log"):   # as a version before this left them
            with open(os.path.join(data_dir, name), "w") as f:
                f.write("old\n")
            os.chmod(os.path.join(data_dir, name), 0o644)
        h = LocalHost(data_dir).start()
        try:
            with h.client() as c:
                c.call("tuning.preset.query")
                c.login("nobody", "wrong")   # writes both audit files
        finally:
            h.stop()
        assert mode(data_dir) == 0o700
        for name in ("host.db", "host.log", "supervisor.log", "audit.log", "audit-auth.log",
                     os.path.join("tuning", "tuning.db")):
            assert mode(os.path.join(data_dir, name)) == 0o600, name
