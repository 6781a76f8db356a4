"""The audit trail whoever floods it (runtime/repeats.py, runtime/audit_trail.py, Middleware.log_audit_message): a
caller's refused calls written whole up to its share of a window, then one summary record; logins kept in a file
of their own as well; every file the owner's only."""
import asyncio
import json
import os
import stat
from types import SimpleNamespace

from tuning_host.runtime import Middleware
from tuning_host.runtime.audit_trail import REFUSALS_PER_WINDOW, refused_caller
from tuning_host.runtime.repeats import RepeatBound


def test_a_key_passes_its_share_of_a_window_and_the_rest_is_summarised_when_it_ends():
    bound = RepeatBound(per_window=2, seconds=60, max_keys=2)
    assert [bound.admit("a", 0, note="m1") for _ in range(3)] == [True, True, False]
    assert bound.admit("a", 1, note="m2", last="x") is False
    assert bound.admit("b", 1) is True
    assert bound.next_end() == 60
    assert bound.take_ended(59) == []
    ended, = bound.take_ended(60)
    assert (ended.key, ended.count, ended.notes, ended.last) == ("a", 2, {"m1": 1, "m2": 1}, "x")
    assert bound.admit("a", 60) is True        # a new window
    assert bound.take_ended(61) == []          # b's window held nothing back


def test_keys_past_the_table_share_one_window():
    bound = RepeatBound(per_window=1, seconds=60, max_keys=2, others="others")
    assert bound.admit("a", 0) and bound.admit("b", 0)
    assert bound.admit("c", 0) is True and bound.admit("d", 0) is False
    assert list(bound.windows) == ["a", "b", "others"]
    held, = bound.take_all()
    assert (held.key, held.count) == ("others", 1) and bound.windows == {}


def test_only_refused_method_calls_are_bounded():
    refused = {"method": "x.y", "authenticated": False, "authorized": False}
    assert refused_caller("METHOD_CALL", refused, None, "192.0.2.1") == ("address", "192.0.2.1")
    assert refused_caller("METHOD_CALL", refused, "readonly", "192.0.2.1") == ("user", "readonly")
    assert refused_caller("METHOD_CALL", {**refused, "authorized": True}, "admin", "192.0.2.1") is None
    assert refused_caller("AUTHENTICATION", {"error": "Bad username or password"}, None, "192.0.2.1") is None


def anonymous(addr):
    return SimpleNamespace(authenticated_credentials=None, remote_addr=addr, session_id="s")


def run(tmp_path, body):
    async def main():
        mw = Middleware(str(tmp_path))
        mw.attach_loop()
        try:
            await body(mw)
        finally:
            mw.shutdown()
    asyncio.run(main())


def records(path):
    return [json.loads(line) for line in path.read_text().splitlines()] if path.exists() else []


def refusal(method="tuning.preset.create"):
    return {"method": method, "params": None, "description": "Create", "authenticated": False, "authorized": False}


def test_a_flood_of_refused_calls_keeps_the_failed_login_and_ends_in_one_summary(tmp_path):
    async def body(mw):
        await mw.log_audit_message(anonymous("192.0.2.1"), "AUTHENTICATION", {
            "credentials": {"credentials": "LOGIN_PASSWORD", "credentials_data": {"username": "x"}},
            "error": "Bad username or password"}, False)
        for _ in range(1000):
            await mw.log_audit_message(anonymous("192.0.2.1"), "METHOD_CALL", refusal(), False)
        await mw.log_audit_message(anonymous("192.0.2.2"), "METHOD_CALL", refusal("api_key.create"), False)
        await mw.log_audit_message(None, "METHOD_CALL", {"method": "x.y", "authorized": True}, True)
    run(tmp_path, body)   # the counts are written at shutdown
    lines = records(tmp_path / "audit.log")
    assert len(lines) == 1 + REFUSALS_PER_WINDOW + 1 + 1 + 1
    assert lines[0]["event"] == "AUTHENTICATION"
    summary, = [x for x in lines if x["event_data"].get("refused_calls")]
    assert summary["addr"] == "192.0.2.1" and summary["user"] is None and summary["success"] is False
    assert summary["event_data"]["description"] == "980 more refused calls from 192.0.2.1 in the last minute"
    assert summary["event_data"]["refused_calls"]["methods"] == {"tuning.preset.create": 980}
    assert [x["event"] for x in records(tmp_path / "audit-auth.log")] == ["AUTHENTICATION"]


def test_the_summary_is_written_when_the_window_ends_without_another_call(tmp_path, monkeypatch):
    monkeypatch.setattr("tuning_host.runtime.audit_trail.WINDOW_SECONDS", 0.2)

    async def body(mw):
        for _ in range(REFUSALS_PER_WINDOW + 3):
            await mw.log_audit_message(anonymous("192.0.2.1"), "METHOD_CALL", refusal(), False)
        for _ in range(100):
            await asyncio.sleep(0.05)
            if any(x["event_data"].get("refused_calls") for x in records(tmp_path / "audit.log")):
                break
        summary, = [x for x in records(tmp_path / "audit.log") if x["event_data"].get("refused_calls")]
        assert summary["event_data"]["description"] == "3 more refused calls from 192.0.2.1 in the last 0.2 s"
    run(tmp_path, body)
    assert len(records(tmp_path / "audit.log")) == REFUSALS_PER_WINDOW + 1   # nothing more at shutdown


def test_audit_files_are_the_owners_only_an_old_one_too(tmp_path):
    (tmp_path / "audit.log").write_text("")
    os.chmod(tmp_path / "audit.log", 0o644)

    async def body(mw):
        await mw.log_audit_message(anonymous("192.0.2.1"), "AUTHENTICATION", {"error": None}, True)
    run(tmp_path, body)
    for name in ("audit.log", "audit-auth.log"):
        assert stat.S_IMODE(os.stat(tmp_path / name).st_mode) == 0o600, name
