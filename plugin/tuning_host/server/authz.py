"""Who may call what, by middlewared's rules (`Middleware.authorize_method_call`, the credential classes of
`auth.py`, `utils/privilege.py`), for websocket calls, `/_upload` and `core.download`.

A session is valid for SESSION_MAX_AGE_SECONDS after its login (authenticator assurance level 1) and only while the
API key it logged in with exists; a token's session inherits both from the login that generated the token. A
method with `roles=[...]` needs one of them granted (runtime/roles.granted_roles); a method without roles needs
FULL_ADMIN; `authorization_required=False` needs only a login.
"""
import asyncio
import errno
import time

from ..runtime.errors import CallError, ENOTAUTHENTICATED
from ..runtime.roles import granted_roles
from .rate_limit import refusal_delay

SESSION_MAX_AGE_SECONDS = 30 * 86400  # middlewared's AA_LEVEL1.max_session_age


def session_expiry(now=None):
    return (time.monotonic() if now is None else now) + SESSION_MAX_AGE_SECONDS


def credentials_valid(credentials, ended_api_keys, now=None):
    """Whether a login (or the login a token came from) still holds: not past its age, its API key not deleted.
    Credentials without `expires_at` have no age limit (as middlewared's without an assurance level: internal)."""
    now = time.monotonic() if now is None else now
    expires_at = credentials.get("expires_at")
    if expires_at is not None and now >= expires_at:
        return False
    key = credentials.get("api_key")
    return key is None or key["id"] not in ended_api_keys


def end_session(app):
    """Log `app` out (as middlewared's SessionManager.logout): no longer authenticated, no subscriptions."""
    app.subscriptions.clear()
    app.authenticated = False
    app.authenticated_credentials = None


def has_full_admin(credentials):
    return "FULL_ADMIN" in credentials["roles"]


def method_authorized(roles, methodobj):
    """Whether holding `roles` authorizes a call of `methodobj` (private methods have no roles: FULL_ADMIN)."""
    if "FULL_ADMIN" in roles:
        return True
    if hasattr(methodobj, "_no_authz_required"):
        return True
    return bool(set(getattr(methodobj, "roles", None) or []) & granted_roles(roles))


def event_authorized(roles, event):
    """Whether holding `roles` lets a session subscribe to `event` (its registration: roles, no_authz_required);
    `*` and unregistered names only with FULL_ADMIN, as an allowlist without '*' matches neither."""
    if "FULL_ADMIN" in roles:
        return True
    if event is None:
        return False
    if event.get("no_auth_required") or event.get("no_authz_required"):
        return True
    return bool(set(event.get("roles") or []) & granted_roles(roles))


def job_access_error(credentials, job, write):
    """Why `credentials` may not see (`write=False`) or act on (abort, `write=True`) `job`, or None, as
    middlewared's Job.credential_access_error: full admins reach every job, others their own, and may read a job
    whose `@job(read_roles=...)` they hold."""
    if credentials is None or has_full_admin(credentials):
        return None
    if not write and set(job.options.get("read_roles") or []) & granted_roles(credentials["roles"]):
        return None
    owner = getattr(job.app, "authenticated_credentials", None) if job.app is not None else None
    if owner is None:
        return "Only users with full administrative privileges can access internally ran jobs"
    if owner["username"] == credentials["username"]:
        return None
    return "Job is not owned by current session"


async def authorize_call(middleware, app, name, methodobj):
    """Raise CallError unless `app` may call `name` now: a session no longer valid is logged out first (as
    middlewared does on its next message); unauthenticated calls to methods without login are rate limited;
    EBUSY 'Rate Limit Exceeded', ENOTAUTHENTICATED 'Not authenticated' or EACCES 'Not authorized'."""
    auth = middleware.get_service("auth")
    if app.authenticated and not credentials_valid(app.authenticated_credentials, auth.ended_api_keys):
        end_session(app)
    if hasattr(methodobj, "_no_auth_required"):
        if app.authenticated or not getattr(methodobj, "rate_limit", True):
            return
        if middleware.get_service("rate.limit").limiter.exceeded(name, app.remote_addr):
            await asyncio.sleep(refusal_delay())
            raise CallError("Rate Limit Exceeded", errno.EBUSY)
        return
    if not app.authenticated:
        raise CallError("Not authenticated", ENOTAUTHENTICATED)
    if not method_authorized(app.authenticated_credentials["roles"], methodobj):
        raise CallError("Not authorized", errno.EACCES)
