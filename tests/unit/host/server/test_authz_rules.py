"""Authorization rules of the standalone host (server/authz.py, server/rate_limit.py, runtime/roles.py), as
middlewared 25.10 has them: the rate limit of methods callable without login, role grants, session age (which also
bounds every token, whatever its ttl), job access."""
from types import SimpleNamespace

from tuning_host.runtime import api_method, BaseModel
from tuning_host.runtime.roles import granted_roles
from tuning_host.server import authz
from tuning_host.server.auth import TokenManager, _credentials, _token_credentials
from tuning_host.server.rate_limit import CLEAR_INTERVAL, MAX_CALLS, MAX_ENTRIES, MAX_PERIOD, RateLimiter


class Clock:
    def __init__(self):
        self.now = 1000.0

    def __call__(self):
        return self.now


class Args(BaseModel):
    pass


class Result(BaseModel):
    result: None


def method(**kwargs):
    return api_method(Args, Result, **kwargs)(lambda self: None)


# ---- rate limit ----

def test_the_twenty_first_call_in_a_minute_from_one_address_is_refused_and_the_next_minute_counts_anew():
    clock = Clock()
    limiter = RateLimiter(clock)
    assert not any(limiter.exceeded("auth.login_ex", "10.0.0.1") for _ in range(MAX_CALLS))
    assert limiter.exceeded("auth.login_ex", "10.0.0.1")
    assert not limiter.exceeded("auth.login_ex", "10.0.0.2")    # per address
    assert not limiter.exceeded("core.ping", "10.0.0.1")        # per method
    assert not limiter.exceeded("auth.login_ex", None)          # internal calls are not counted
    clock.now += MAX_PERIOD
    assert not limiter.exceeded("auth.login_ex", "10.0.0.1")


def test_a_full_cache_refuses_everyone_until_it_is_cleared():
    clock = Clock()
    limiter = RateLimiter(clock)
    for i in range(MAX_ENTRIES - 1):
        assert not limiter.exceeded("core.ping", f"10.0.{i // 256}.{i % 256}")
    assert limiter.exceeded("core.ping", "192.168.0.1")
    assert limiter.exceeded("core.ping", "10.0.0.0")
    clock.now += CLEAR_INTERVAL  # middlewared's periodic cache_clear
    assert not limiter.exceeded("core.ping", "192.168.0.1")


# ---- roles ----

def test_read_only_admin_is_granted_every_read_role_and_no_write_role():
    granted = granted_roles(["READONLY_ADMIN"])
    assert {"SYSTEM_ADVANCED_READ", "SYSTEM_TUNABLE_READ", "DATASET_READ", "READONLY_ADMIN"} <= granted
    assert not {r for r in granted if r.endswith(("_WRITE", "_DELETE"))} and "FULL_ADMIN" not in granted
    assert "SYSTEM_ADVANCED_READ" in granted_roles(["SYSTEM_ADVANCED_WRITE"])


def test_methods_are_authorized_by_role():
    read, write = method(roles=["SYSTEM_ADVANCED_READ"]), method(roles=["SYSTEM_ADVANCED_WRITE"])
    login_only, no_roles = method(authorization_required=False), method()
    ro, admin = ["READONLY_ADMIN"], ["FULL_ADMIN"]
    assert authz.method_authorized(ro, read) and not authz.method_authorized(ro, write)
    assert authz.method_authorized(ro, login_only) and not authz.method_authorized(ro, no_roles)
    assert all(authz.method_authorized(admin, m) for m in (read, write, login_only, no_roles))
    assert authz.method_authorized(ro, method(roles=["READONLY_ADMIN", "API_KEY_READ"]))


def test_events_are_authorized_by_role():
    ro = ["READONLY_ADMIN"]
    assert authz.event_authorized(ro, {"roles": ["SYSTEM_ADVANCED_READ"]})
    assert not authz.event_authorized(ro, {"roles": ["FULL_ADMIN"]})
    assert authz.event_authorized(ro, {"roles": [], "no_authz_required": True})
    assert not authz.event_authorized(ro, None) and authz.event_authorized(["FULL_ADMIN"], None)


# ---- sessions and tokens ----

def test_a_session_ends_thirty_days_after_its_login_or_when_its_api_key_is_deleted():
    login = _credentials("LOGIN_PASSWORD", "admin", ["FULL_ADMIN"], authz.session_expiry(now=0))
    assert authz.credentials_valid(login, set(), now=30 * 86400 - 1)
    assert not authz.credentials_valid(login, set(), now=30 * 86400)
    keyed = _credentials("API_KEY", "admin", ["FULL_ADMIN"], authz.session_expiry(now=0), api_key={"id": 7, "name": "k"})
    assert authz.credentials_valid(keyed, {6}, now=1) and not authz.credentials_valid(keyed, {7}, now=1)


def test_a_token_whatever_its_ttl_is_only_as_good_as_the_login_it_came_from():
    clock = Clock()
    tokens = TokenManager(clock)
    root = _credentials("API_KEY", "admin", ["FULL_ADMIN"], clock.now + 10, api_key={"id": 3, "name": "k"})
    token = tokens.create(10 ** 12, {}, None, root, False, "session-1")
    assert tokens.get(token, None) is not None            # the ttl alone keeps it
    derived = _token_credentials(tokens.get(token, None)["credentials"])
    assert derived["roles"] == ["FULL_ADMIN"] and derived["expires_at"] == root["expires_at"]
    assert not authz.credentials_valid(derived, {3}, now=clock.now)      # its key deleted
    assert not authz.credentials_valid(derived, set(), now=clock.now + 10)  # its login aged out
    tokens.destroy_by_session_id("session-1")
    assert tokens.get(token, None) is None


# ---- jobs ----

def _job(owner, read_roles=()):
    app = None if owner is None else SimpleNamespace(authenticated_credentials={"username": owner})
    return SimpleNamespace(app=app, options={"read_roles": list(read_roles)})


def test_a_read_only_user_reaches_its_own_jobs_and_reads_others_only_with_their_read_roles():
    ro = {"username": "readonly", "roles": ["READONLY_ADMIN"]}
    admin = {"username": "admin", "roles": ["FULL_ADMIN"]}
    assert authz.job_access_error(admin, _job("readonly"), write=True) is None
    assert authz.job_access_error(ro, _job("readonly"), write=True) is None
    assert authz.job_access_error(ro, _job("admin"), write=True) == "Job is not owned by current session"
    assert authz.job_access_error(ro, _job("admin"), write=False) == "Job is not owned by current session"
    assert authz.job_access_error(ro, _job("admin", ["SYSTEM_ADVANCED_READ"]), write=False) is None
    assert authz.job_access_error(ro, _job("admin", ["SYSTEM_ADVANCED_READ"]), write=True) is not None
    assert authz.job_access_error(ro, _job(None), write=False) is not None  # internal jobs: full admins only
