"""Jobs between sessions of different roles, as middlewared's Job.credential_access_error rules them: a read-only
administrator follows the plugin's jobs (they declare read_roles) but not other jobs, and aborts none of them."""
import pytest

from client import JobFailed, RpcError
from hosting import LIVE_TIER, REMOTE

# the host's read-only account and the sample service: the sandbox's, or the live tier's TrueNAS
pytestmark = pytest.mark.skipif(REMOTE and not LIVE_TIER, reason="needs the host's read-only account")


def test_a_read_only_admin_cannot_abort_an_admins_job_and_sees_only_jobs_it_may_read(host, client):
    held = client.job_id("sample.hold", "authz-jobs")
    with pytest.raises(Exception):  # a refused apply still leaves a (failed) tuning job record
        client.job("tuning.preset.apply", "no-such-preset", {"pool": "tank", "dataset": "tank/media"},
                   {"acknowledge": []})
    ro = host.readonly_client()
    try:
        with pytest.raises(RpcError) as e:
            ro.call("core.job_abort", held)
        assert e.value.errname == "EPERM" and "not owned" in e.value.reason
        with pytest.raises(JobFailed) as e:
            ro.job("core.job_wait", held, timeout=600)
        assert "not owned" in str(e.value)
        methods = {j["method"] for j in ro.call("core.get_jobs")}
        assert "tuning.preset.apply" in methods and "sample.hold" not in methods
        assert client.call("core.get_jobs", [["id", "=", held]], {"get": True})["state"] == "RUNNING"
        with pytest.raises(RpcError) as e:
            ro.call("core.subscribe", "*")   # every event, unregistered ones included: full admins only
        assert e.value.errname == "EACCES"
    finally:
        ro.close()
        client.call("sample.release", "authz-jobs")


def test_job_events_reach_only_sessions_that_may_read_the_job(host, client):
    """A read-only administrator subscribed to core.get_jobs follows the plugin's jobs, but no event of a job it may
    not read reaches it (its arguments and progress stay with its owner and full admins)."""
    ro = host.readonly_client()
    try:
        ro.subscribe("core.get_jobs")
        client.subscribe("core.get_jobs")
        held = client.job_id("sample.hold", "authz-events")
        client.call("sample.release", "authz-events")
        client.wait_job(held, timeout=600)
        with pytest.raises(Exception):
            client.job("tuning.preset.apply", "no-such-preset", {"pool": "tank", "dataset": "tank/media"},
                       {"acknowledge": []})
        # events go out in order: once the read-only session has the apply's end, every event of the hold that was
        # meant for it would be here already
        ro.wait_event(lambda ev: ev.get("fields", {}).get("method") == "tuning.preset.apply"
                      and ev["fields"]["state"] == "FAILED", timeout=600)
        admin_seen = {ev["fields"]["method"] for ev in client.drain_events("core.get_jobs") if "fields" in ev}
        ro_seen = {ev["fields"]["method"] for ev in ro.drain_events("core.get_jobs") if "fields" in ev}
        assert "sample.hold" in admin_seen
        assert "sample.hold" not in ro_seen
    finally:
        ro.close()
        client.call("sample.release", "authz-events")


@pytest.mark.not_in_live_tier("the fake box has no disks for fio to read")
def test_a_read_only_admin_follows_a_disk_read_but_neither_starts_nor_aborts_one(host, client):
    """tuning.ladder.read_disks runs fio on the box: write roles to start it, read roles to follow it."""
    ro = host.readonly_client()
    try:
        with pytest.raises(RpcError) as e:
            ro.call("tuning.ladder.read_disks", {"pool": "tank", "seconds_per_disk": 3})
        assert e.value.errno == 13 and e.value.reason == "[EACCES] Not authorized"
        assert ro.call("tuning.ladder.get", {"pool": "tank"})["pool"] == "tank"
        running = client.job_id("tuning.ladder.read_disks", {"pool": "tank", "seconds_per_disk": 60})
        try:
            seen = ro.call("core.get_jobs", [["id", "=", running]])
            assert [j["method"] for j in seen] == ["tuning.ladder.read_disks"]
            with pytest.raises(RpcError) as e:
                ro.call("core.job_abort", running)
            assert e.value.errname == "EPERM"
        finally:
            client.call("core.job_abort", running)
            assert client.wait_job(running, timeout=600)["state"] == "ABORTED"
    finally:
        ro.close()
