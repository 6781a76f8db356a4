"""The TrueNAS wire protocol as the host speaks it: login, errors, jobs in both modes, subscriptions, limits,
reboot. Uses the host's own services and the test-only `sample` service (tests/api/sample_plugin), which the live
tier also loads into TrueNAS's own middlewared (tests/truenas_live/sample_on_truenas.py): there the same tests say
what TrueNAS does."""
import json
import os
import threading
import urllib.error
import urllib.request

import pytest

from client import Client, ConnectionLost, JobFailed, RpcError

from hosting import LIVE_TIER, REMOTE, RemoteHost, local_host, roles_of

# The protocol is tested on a host with only the sample service (no appliance, no plugin), so that it does
# not depend on the rest of the product.
PROTOCOL_HOST = {"plugins": "sample_plugin", "backend": "none"}


@pytest.fixture(scope="module")
def host():
    if LIVE_TIER:   # TrueNAS's own middlewared with the sample service loaded
        yield RemoteHost()
        return
    if REMOTE:
        pytest.skip("the sample service: on a host of its own, or the live tier's TrueNAS")
    with local_host(**PROTOCOL_HOST, extra_env={"TUNING_UI_DIR": "/nonexistent/ui"}) as h:
        yield h



# ---- endpoints and login ----

def test_versions_and_boot_id_endpoints(host):
    with urllib.request.urlopen(host.http_url + "/api/versions") as r:
        versions = json.loads(r.read())
    if host.truenas:   # middlewared lists every version it still serves (26.0 beta: up to v25.10.4, then v26.0.0)
        assert "v25.10.0" in versions and all(v.startswith("v2") for v in versions)
        return
    assert versions == ["v25.10.5"]   # the host serves the one version it implements
    assert isinstance(host.boot_id(), str) and host.boot_id()   # the host's own endpoint


def test_pinned_version_endpoint_speaks_the_same_protocol(host):
    # the host serves the one version it implements; a TrueNAS release, the 25.10 ones it still serves
    version = "v25.10.5" if host.truenas_release in (None, "25.10") else "v25.10.4"
    with Client(host.url.replace("/api/current", f"/api/{version}")) as c:
        assert c.call("core.ping") == "pong"


def test_calls_without_login_are_refused_but_ping_and_set_options_work(host):
    with host.client(login=False) as c:
        assert c.call("core.ping") == "pong"
        assert c.call("core.set_options", {"legacy_jobs": False})["legacy_jobs"] is False
        with pytest.raises(RpcError) as e:
            c.call("core.get_jobs")
        assert e.value.code == -32001
        assert e.value.errno == 207 and e.value.errname == "ENOTAUTHENTICATED"
        assert e.value.reason == "[ENOTAUTHENTICATED] Not authenticated"
        with pytest.raises(RpcError) as e:
            c.call("sample.echo", {"pool": "tank"})
        assert e.value.errname == "ENOTAUTHENTICATED"


def test_wrong_password_is_auth_err_and_session_stays_unauthenticated(host):
    with host.client(login=False) as c:
        resp = c.login(host.username, "wrong")
        assert resp == {"response_type": "AUTH_ERR"}
        resp = c.login("nobody", host.password)
        assert resp["response_type"] == "AUTH_ERR"
        with pytest.raises(RpcError) as e:
            c.call("auth.me")
        assert e.value.errname == "ENOTAUTHENTICATED"


def test_password_login_returns_user_info(host):
    with host.client(login=False) as c:
        resp = c.login(host.username, host.password)
        assert resp["response_type"] == "SUCCESS"
        assert resp["authenticator"] == "LEVEL_1"
        assert resp["user_info"]["pw_name"] == host.username
        assert "FULL_ADMIN" in roles_of(resp["user_info"])
        assert c.call("auth.me")["pw_name"] == host.username


def test_login_ex_without_user_info(host):
    with host.client(login=False) as c:
        resp = c.call("auth.login_ex", {"mechanism": "PASSWORD_PLAIN", "username": host.username,
                                        "password": host.password, "login_options": {"user_info": False}})
        assert resp["response_type"] == "SUCCESS" and resp["user_info"] is None


@pytest.mark.not_in_live_tier("API keys: TrueNAS checks them with its PAM module (pam_tdb), no stand-in there")
def test_api_key_login(host, client):
    created = client.call("api_key.create", {"name": "test-key-login", "username": host.username})
    key_id, _, secret = created["key"].partition("-")
    assert int(key_id) == created["id"] and len(secret) >= 32
    listed = client.call("api_key.query", [["id", "=", created["id"]]], {"get": True})
    assert "key" not in listed and listed["name"] == "test-key-login"
    with host.client(login=False) as c:
        assert c.login_api_key(host.username, created["key"])["response_type"] == "SUCCESS"
        assert c.call("auth.me")["pw_name"] == host.username
    with host.client(login=False) as c:
        assert c.login_api_key(host.username, created["key"] + "x")["response_type"] == "AUTH_ERR"
        assert c.login_api_key(host.username, f"{key_id}-{'0' * len(secret)}")["response_type"] == "AUTH_ERR"
    with host.client(login=False) as c:
        assert c.call("auth.login_with_api_key", created["key"]) is True
    # the database keeps only a hash of the secret
    with open(f"{host.data_dir}/host.db", "rb") as f:
        assert secret.encode() not in f.read()
    assert client.call("api_key.delete", created["id"]) is True
    with host.client(login=False) as c:
        assert c.login_api_key(host.username, created["key"])["response_type"] == "AUTH_ERR"


@pytest.mark.not_in_live_tier("API keys: the tier does not load TrueNAS's api_key plugin")
def test_api_key_name_must_be_unique(client):
    client.call("api_key.create", {"name": "dup-key"})
    with pytest.raises(RpcError) as e:
        client.call("api_key.create", {"name": "dup-key"})
    assert e.value.code == -32602 and e.value.attributes() == ["api_key_create.name"]


def test_token_login_and_single_use(host, client):
    token = client.call("auth.generate_token", 600, {}, True, True)
    with host.client(login=False) as c:
        assert c.login_token(token)["response_type"] == "SUCCESS"
        assert c.call("core.ping") == "pong"
        assert c.call("auth.me")["pw_name"] == host.username
    with host.client(login=False) as c:
        assert c.login_token(token)["response_type"] == "AUTH_ERR"  # single use
    reusable = client.call("auth.generate_token")
    with host.client(login=False) as c, host.client(login=False) as d:  # until a session using it closes
        assert c.login_token(reusable)["response_type"] == "SUCCESS"
        assert d.login_token(reusable)["response_type"] == "SUCCESS"
    with host.client(login=False) as c:
        assert c.login_token("not-a-token")["response_type"] == "AUTH_ERR"


def test_logout_ends_the_session(host):
    with host.client() as c:
        assert c.call("auth.logout") is True
        with pytest.raises(RpcError) as e:
            c.call("sample.echo", {"pool": "tank"})
        assert e.value.errname == "ENOTAUTHENTICATED"


# ---- error formats ----

def test_validation_error_names_the_field(client):
    with pytest.raises(RpcError) as e:
        client.call("sample.echo", {"pool": ""})
    err = e.value
    assert err.code == -32602 and err.message == "Invalid params"
    assert err.errno == 22 and err.errname == "EINVAL"
    assert err.extra == [["target.pool", "String should have at least 1 character", 22]]
    assert err.reason == "[EINVAL] target.pool: String should have at least 1 character\n"
    assert err.data["trace"]["class"] == "ValidationErrors"


def test_validation_is_strict_and_closed(client):
    with pytest.raises(RpcError) as e:
        client.call("sample.echo", {"pool": "tank"}, "3")
    assert e.value.attributes() == ["count"]
    with pytest.raises(RpcError) as e:
        client.call("sample.echo", {"pool": "tank", "colour": "red"})
    assert e.value.extra[0][:2] == ["target.colour", "Extra inputs are not permitted"]
    with pytest.raises(RpcError) as e:
        client.call("sample.echo", {"pool": "tank"}, 1, 2)
    assert e.value.extra == [["", "Too many arguments (expected 2, found 3)", 22]]
    with pytest.raises(RpcError) as e:
        client.call("sample.echo")
    assert e.value.attributes() == ["target"]


def test_valid_call_gets_defaults(client):
    assert client.call("sample.echo", {"pool": "tank"}) == {"target": {"pool": "tank", "dataset": None}, "count": 1}


def test_call_error_format(client):
    with pytest.raises(RpcError) as e:
        client.call("sample.fail", "tank/ds: not mounted", 2)
    err = e.value
    assert err.code == -32001 and err.message == "Method call error"
    assert (err.errno, err.errname) == (2, "ENOENT")
    assert err.reason == "[ENOENT] tank/ds: not mounted"
    assert err.extra == {"hint": "sample"}
    assert err.data["trace"]["class"] == "CallError"


def test_unexpected_exception_is_a_call_error_with_einval(client):
    with pytest.raises(RpcError) as e:
        client.call("sample.crash")
    assert e.value.code == -32001 and e.value.errname == "EINVAL" and e.value.reason == "sample crash"


def test_unknown_method(client):
    with pytest.raises(RpcError) as e:
        client.call("sample.nope")
    assert (e.value.code, e.value.message) == (-32601, "Method does not exist")
    with pytest.raises(RpcError) as e:
        client.call("nosuchservice")
    assert e.value.code == -32601


def test_invalid_json_and_invalid_requests(client):
    client.send_raw("{not json")
    msg = client.reply(None)
    assert msg["error"]["code"] == -32700
    client.send_raw(json.dumps({"jsonrpc": "1.0", "id": 77, "method": "core.ping"}))
    msg = client.reply(77)
    assert msg["error"]["code"] == -32600 and "2.0" in msg["error"]["message"]
    client.send_raw(json.dumps({"jsonrpc": "2.0", "id": 78, "method": "core.ping", "params": {"a": 1}}))
    assert client.reply(78)["error"]["code"] == -32600
    client.send_raw(json.dumps({"jsonrpc": "2.0", "id": 79}))
    assert client.reply(79)["error"]["code"] == -32600
    # a notification (no id) gets no reply; the next call still works
    client.send_raw(json.dumps({"jsonrpc": "2.0", "method": "core.ping"}))
    assert client.call("core.ping") == "pong"


def test_result_not_matching_its_model_is_an_error_in_strict_mode(host, client):
    if host.truenas:   # middlewared logs the serialization error and sends the result as it is
        assert client.call("sample.bad_result") == "not an int"
        return
    with pytest.raises(RpcError) as e:   # the tests' hosts run with TUNING_STRICT_RESULTS=1
        client.call("sample.bad_result")
    assert e.value.code == -32001 and "SampleBadResultResult" in e.value.reason


def test_private_methods_need_the_option(host, client):
    if host.truenas:   # middlewared only logs a warning and runs it ('FIXME: Eventually, prohibit this')
        assert client.call("sample.secret") == "private"
    else:
        with pytest.raises(RpcError) as e:
            client.call("sample.secret")
        assert e.value.code == -32601
    client.set_options(private_methods=True)
    assert client.call("sample.secret") == "private"


def test_query_filters_and_options_over_the_wire(client):
    assert [r["id"] for r in client.call("sample.query", [["size", ">=", 30]], {"order_by": ["-size"]})] == [5, 4, 3]
    assert client.call("sample.query", [["tags", "rin", "even"]], {"count": True}) == 2
    assert client.call("sample.query", [], {"get": True, "select": ["name"]}) == {"name": "row1"}
    with pytest.raises(RpcError) as e:
        client.call("sample.query", [["size", "===", 1]])
    assert e.value.code == -32602 and e.value.attributes() == ["filters"]


# ---- jobs ----

def test_legacy_job_returns_id_and_events_carry_progress(client):
    client.subscribe("core.get_jobs")
    job_id = client.call("sample.progress", 3)
    assert isinstance(job_id, int)
    # the job's last event, waited for as an event (wait_job may answer from core.get_jobs before the event has
    # come, or take the event out of the list when the job was still running: under load, both happened)
    last = client.wait_event(lambda e: e.get("collection") == "core.get_jobs" and e.get("id") == job_id
                             and e["fields"].get("state") in ("SUCCESS", "FAILED", "ABORTED"))
    fields = last["fields"]
    assert fields["state"] == "SUCCESS" and fields["result"] == 3
    assert fields["progress"]["percent"] == 100
    events = [e for e in client.drain_events("core.get_jobs") if e["id"] == job_id] + [last]
    assert events[0]["msg"] == "added" and events[0]["fields"]["state"] == "WAITING"
    descriptions = [e["fields"]["progress"]["description"] for e in events
                    if e["msg"] == "changed" and e["fields"]["state"] == "RUNNING"]
    assert ["step 1", "step 2", "step 3"] == [d for d in descriptions if d.startswith("step")]
    # the end: 100 %, the last words kept (middlewared's set_progress(100, '') changes only the percent)
    assert events[-1]["fields"]["state"] == "SUCCESS"
    assert events[-1]["fields"]["progress"] == {"percent": 100, "description": "step 3", "extra": {"step": 3}}
    assert events[0]["fields"]["description"] == "3 steps"
    assert events[0]["fields"]["method"] == "sample.progress" and events[0]["fields"]["arguments"] == [3]
    assert isinstance(events[0]["fields"]["time_started"]["$date"], int)


def test_job_with_callback_in_both_modes(host):
    for legacy in (True, False):
        with host.client(legacy_jobs=legacy) as c:
            seen = []
            assert c.job("sample.progress", 2, callback=lambda j: seen.append(j["progress"]["description"])) == 2
            assert "step 1" in seen and "step 2" in seen


def test_non_legacy_job_reply_comes_at_the_end_with_message_ids(client):
    client.set_options(legacy_jobs=False)
    client.subscribe("core.get_jobs")
    call_id = client.send("sample.hold", ["nonlegacy"])
    added = client.wait_event(lambda e: e["collection"] == "core.get_jobs" and e["msg"] == "added"
                              and call_id in e["fields"]["message_ids"])
    assert call_id not in client._replies  # no reply while the job runs
    with Client(client.url) as other:
        other.login(client.credentials.data["username"], client.credentials.data["password"])
        other.call("sample.release", "nonlegacy")
    assert client.result(call_id) == "nonlegacy"
    assert client.call("core.get_jobs", [["id", "=", added["id"]]], {"get": True})["state"] == "SUCCESS"


def test_job_failure_in_both_modes(host):
    with host.client() as c:
        job_id = c.call("sample.job_fail", "tank")
        fields = c.wait_job(job_id)
        assert fields["state"] == "FAILED"
        assert fields["exc_info"]["type"] == "VALIDATION"
        assert fields["exc_info"]["extra"] == [["sample_job_fail.pool", "tank: no such pool", 2]]
        assert "no such pool" in fields["error"]
    with host.client(legacy_jobs=False) as c:
        with pytest.raises(RpcError) as e:
            c.call("sample.job_fail", "tank")
        assert e.value.code == -32602 and e.value.attributes() == ["sample_job_fail.pool"]


def test_job_argument_validation_fails_the_job(host):
    with host.client() as c:
        fields = c.wait_job(c.call("sample.progress", "many"))
        assert fields["state"] == "FAILED" and fields["exc_info"]["type"] == "VALIDATION"
        assert fields["exc_info"]["extra"][0][0] == "steps"
    with host.client(legacy_jobs=False) as c:
        with pytest.raises(RpcError) as e:
            c.call("sample.progress", "many")
        assert e.value.code == -32602 and e.value.attributes() == ["steps"]


def test_abort_async_job(client):
    client.subscribe("core.get_jobs")
    job_id = client.call("sample.hold", "abort-async")
    client.wait_event(lambda e: e["id"] == job_id and e["fields"]["progress"]["description"] == "holding abort-async")
    assert client.call("core.job_abort", job_id) is None
    fields = client.wait_job(job_id)
    assert fields["state"] == "ABORTED" and fields["result"] is None


def test_abort_sync_job_runs_check_aborted(host, client):
    client.subscribe("core.get_jobs")
    job_id = client.call("sample.sync_hold", "abort-sync")
    client.wait_event(lambda e: e["id"] == job_id and e["fields"]["progress"]["description"] == "holding abort-sync")
    client.call("core.job_abort", job_id)
    fields = client.wait_job(job_id)
    if host.truenas_release == "26.0":
        # job.check_aborted() is the host's own: 25.10 aborts a thread's job by cancelling what awaits the thread
        # (the thread runs on), 26.0 sets job.aborted_event and awaits the method's JobCancelledException
        assert fields["state"] == "FAILED" and "check_aborted" in fields["error"]
        return
    assert fields["state"] == "ABORTED"


def test_abort_unknown_job(client):
    with pytest.raises(RpcError) as e:
        client.call("core.job_abort", 999999)
    assert e.value.code == -32602 and e.value.extra == [[None, "Job with id 999999 does not exist", 2]]


def test_job_wait_is_a_job_that_ends_with_the_target(host):
    with host.client() as c:
        target = c.call("sample.hold", "wait-target")
        c.set_options(legacy_jobs=False)
        waiter = c.send("core.job_wait", [target])
        c.call("sample.release", "wait-target")
        assert c.result(waiter) == "wait-target"


def test_lock_queue_size_zero_refuses_a_second_job(client):
    first = client.call("sample.locked", "lk1")
    with pytest.raises(RpcError) as e:
        client.call("sample.locked", "lk2")
    assert e.value.errname == "EBUSY" and "already being performed" in e.value.reason
    client.call("sample.release", "lk1")
    assert client.wait_job(first)["state"] == "SUCCESS"
    second = client.call("sample.locked", "lk3")
    client.call("sample.release", "lk3")
    assert client.wait_job(second)["result"] == "lk3"


def test_get_jobs_filters(client):
    job_id = client.call("sample.progress", 1)
    client.wait_job(job_id)
    rows = client.call("core.get_jobs", [["method", "=", "sample.progress"], ["id", "=", job_id]])
    assert [r["id"] for r in rows] == [job_id]
    assert client.call("core.get_jobs", [["id", "=", job_id]], {"select": ["state"], "get": True}) == {
        "state": "SUCCESS"}


# ---- subscriptions ----

def test_subscribe_named_event_and_unsubscribe(client):
    client.subscribe("sample.event")
    client.call("sample.emit", {"name": "sample.event", "event_type": "ADDED", "id": 5, "fields": {"a": 1}})
    ev = client.wait_event(lambda e: e["collection"] == "sample.event")
    assert ev == {"msg": "added", "collection": "sample.event", "id": 5, "fields": {"a": 1}}
    client.call("sample.emit", {"name": "other.event", "fields": {"b": 2}})
    client.unsubscribe("sample.event")
    client.call("sample.emit", {"name": "sample.event", "fields": {"c": 3}})
    client.subscribe("other.event")
    client.call("sample.emit", {"name": "other.event", "fields": {"d": 4}})
    ev = client.wait_event(lambda e: e["collection"] in ("sample.event", "other.event"))
    assert ev["fields"] == {"d": 4}  # neither the unsubscribed nor the not-yet-subscribed events arrived


def test_subscribe_star_gets_everything(client):
    client.subscribe("*")
    client.call("sample.emit", {"name": "anything.at.all", "event_type": "REMOVED", "id": "x"})
    ev = client.wait_event(lambda e: e["collection"] == "anything.at.all")
    assert ev == {"msg": "removed", "collection": "anything.at.all", "id": "x"}


def test_get_methods_lists_public_methods_with_schemas(client):
    methods = client.call("core.get_methods")
    echo = methods["sample.echo"]
    assert [p["_name_"] for p in echo["accepts"]] == ["target", "count"]
    assert echo["accepts"][0]["properties"]["pool"]["minLength"] == 1
    assert echo["roles"] == ["READONLY_ADMIN", "SHARING_ADMIN", "SYSTEM_ADVANCED_READ", "SYSTEM_ADVANCED_WRITE"]
    assert methods["sample.progress"]["job"] is True
    assert "sample.secret" not in methods
    assert methods["core.ping"]["no_auth_required"] is True


# ---- limits ----

def test_concurrency_limit_per_connection(host):
    with host.client() as busy, host.client() as helper:
        ids = [busy.send("sample.wait", ["gate-conc"]) for _ in range(20)]
        over = busy.send("sample.wait", ["gate-conc"])
        err = busy.reply(over)["error"]
        assert err["code"] == -32000 and "Maximum number of concurrent calls (20)" in err["message"]
        helper.call("sample.release", "gate-conc")
        assert [busy.result(i) for i in ids] == ["gate-conc"] * 20
        assert busy.call("core.ping") == "pong"


def test_one_connection_does_not_block_another(host):
    with host.client() as a, host.client() as b:
        pending = a.send("sample.wait", ["gate-iso"])
        assert b.call("core.ping") == "pong"
        b.call("sample.release", "gate-iso")
        assert a.result(pending) == "gate-iso"


def test_concurrent_clients(host):
    errors = []

    def worker():
        try:
            with host.client() as c:
                for _ in range(5):
                    assert len(c.call("sample.query")) == 5
        except Exception as e:  # collected: a thread's assertion must fail the test
            errors.append(e)

    threads = [threading.Thread(target=worker) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []


# ---- panel ----

@pytest.mark.sandbox_only   # a host of its own with a made-up panel
def test_panel_is_served_with_spa_fallback(tmp_path):
    ui = tmp_path / "ui"
    (ui / "assets").mkdir(parents=True)
    (ui / "index.html").write_text("<app-root></app-root>")
    (ui / "assets" / "main.js").write_text("console.log(1)")
    (tmp_path / "secret.txt").write_text("outside")
    with local_host(**PROTOCOL_HOST, extra_env={"TUNING_UI_DIR": str(ui)}) as h:
        def get(path):
            with urllib.request.urlopen(h.http_url + path) as r:
                return r.read().decode()
        assert get("/_plugins/tuning/") == "<app-root></app-root>"
        assert get("/_plugins/tuning/assets/main.js") == "console.log(1)"
        assert get("/_plugins/tuning/presets/max-iops") == "<app-root></app-root>"  # client-side route
        with pytest.raises(urllib.error.HTTPError) as refused:  # the raw `..` reaches the handler: refused, never read
            get("/_plugins/tuning/../secret.txt")
        assert refused.value.code == 400
        assert get("/") == "<app-root></app-root>"  # redirected to the panel


@pytest.mark.standalone_only("the host's panel directory; on TrueNAS the plugin serves its panel")
def test_panel_not_built_page(host):
    with urllib.request.urlopen(host.http_url + "/_plugins/tuning/some/route") as r:
        assert r.status == 200 and "Panel not built" in r.read().decode()


# ---- reboot ----

def test_reboot_round_trip(fresh_host):
    fresh_host = fresh_host(**PROTOCOL_HOST)
    with fresh_host.client(legacy_jobs=False) as c:
        c.subscribe("core.get_jobs")
        old_boot = fresh_host.boot_id()
        old_child = fresh_host.pids()["child"]
        assert c.job("sample.reboot") is None  # the reply arrives before the process goes away
        with pytest.raises(ConnectionLost):
            while True:
                c._receive(30)
        new_boot = fresh_host.wait_until_back(old_boot)
        assert new_boot != old_boot
        pids = fresh_host.pids()
        assert pids["child"] != old_child and pids["supervisor"] == fresh_host.proc.pid
        c.reconnect()
        assert c.call("auth.me")["pw_name"] == fresh_host.username  # login restored
        assert c.job("sample.progress", 1) == 1  # options and subscription restored


def test_kill9_and_restart(fresh_host):
    fresh_host = fresh_host(**PROTOCOL_HOST)
    old = fresh_host.boot_id()
    fresh_host.kill9()
    fresh_host.restart()
    assert fresh_host.boot_id() != old
    with fresh_host.client() as c:
        assert c.call("core.ping") == "pong"


def test_sigterm_stops_supervisor_and_child(fresh_host):
    fresh_host = fresh_host(**PROTOCOL_HOST)
    pids = fresh_host.pids()
    proc = fresh_host.proc
    fresh_host.stop()
    assert proc.returncode == 0
    with pytest.raises(ProcessLookupError):
        os.kill(pids["child"], 0)


def test_crashed_serving_process_is_restarted_by_the_supervisor(fresh_host):
    h = fresh_host(env={"SAMPLE_ALLOW_DIE": "1"}, **PROTOCOL_HOST)
    old_boot, old_child = h.boot_id(), h.pids()["child"]
    with h.client() as c:
        c.send("sample.die")
    assert h.wait_until_back(old_boot) != old_boot  # the API comes back by itself
    assert h.pids()["child"] != old_child and h.proc.poll() is None
    with h.client() as c:
        assert c.call("core.ping") == "pong"


@pytest.mark.standalone_only("the host's audit.log; TrueNAS audits into its audit database")
def test_audit_log_records_mutating_calls_and_logins(host, client):
    client.call("api_key.create", {"name": "audited-key"})
    with host.client(login=False) as c:
        c.login("audit-nobody", "wrong")
    with open(f"{host.data_dir}/audit.log") as f:
        lines = [json.loads(line) for line in f]
    created = [x for x in lines if x["event"] == "METHOD_CALL" and x["event_data"]["method"] == "api_key.create"
               and x["event_data"]["params"][0]["name"] == "audited-key"]
    assert created and created[-1]["success"] is True and created[-1]["user"] == host.username
    failed = [x for x in lines if x["event"] == "AUTHENTICATION" and x["success"] is False
              and x["event_data"]["credentials"]["credentials_data"]["username"] == "audit-nobody"]
    assert failed and "wrong" not in json.dumps(failed)
