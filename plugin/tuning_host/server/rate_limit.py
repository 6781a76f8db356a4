"""Rate limits.

`RateLimiter`: the methods callable without a login, as middlewared's RateLimitCache: per method and origin IP
address, at most MAX_CALLS calls in MAX_PERIOD seconds; past that (or when the cache is full, which only many
addresses can do) the call waits a random 1-10 s and fails with EBUSY 'Rate Limit Exceeded'.

`CredentialLimiter`: every way to present a password or an API key (the websocket's logins, `/_upload`'s Basic and
Bearer) shares one count per address: at most MAX_CALLS wrong ones in MAX_PERIOD seconds, checks still running
counted as wrong until they end, so parallel requests cannot outrun it. Past it nothing is checked, the right
password neither, until the period ends. On TrueNAS the websocket's logins have the first limit and every password
check PAM's failure delay; pam_faillock (3 failures lock the user for 15 min) only under STIG. The host counts by
address, not by user: a guesser cannot lock the administrator out from elsewhere."""
import math
import random
import time
from collections import OrderedDict

from ..runtime import Service
from .limits import address_key

MAX_CALLS = 20
MAX_PERIOD = 60
MAX_ENTRIES = 100
SLEEP_RANGE = (1.0, 10.0)
CLEAR_INTERVAL = 600  # middlewared clears the whole cache this often (a periodic task there)


class RateLimiter:
    def __init__(self, clock=time.monotonic):
        self.clock = clock
        self.entries = {}   # (method, address) -> {"num_times_called", "last_reset"}
        self.cleared_at = clock()

    def exceeded(self, method, address):
        """Count one call of `method` from `address`; true when it is over the limit. Calls with no address
        (internal ones) are not counted."""
        if address is None:
            return False
        now = self.clock()
        if now - self.cleared_at >= CLEAR_INTERVAL:
            self.clear()
        entry = self.entries.setdefault((method, address), {"num_times_called": 0, "last_reset": now})
        if now - entry["last_reset"] >= MAX_PERIOD:
            entry.update(num_times_called=0, last_reset=now)
        entry["num_times_called"] += 1
        return len(self.entries) >= MAX_ENTRIES or entry["num_times_called"] > MAX_CALLS

    def clear(self):
        self.entries.clear()
        self.cleared_at = self.clock()

    def pop(self, method, address):
        self.entries.pop((method, address), None)


CREDENTIALS = "credentials"    # the credential limiter's name in `rate.limit.cache_get`
CREDENTIAL_ADDRESSES = 1024   # addresses counted apart; past that the newcomers share one count


def credential_key(address):
    """Whose count a check from `address` goes to: the address's, as for connections (an IPv6 address by its /64:
    one host commonly has the whole /64 to pick from). None for no address (internal callers: not counted)."""
    return None if address is None else address_key(address)


class CredentialLimiter:
    """At most MAX_CALLS wrong credentials per address in MAX_PERIOD seconds, with checks in flight counted until
    they end (`begin` before checking, `end` after). Memory stays bounded: a window is forgotten when it ends, and
    past CREDENTIAL_ADDRESSES live windows new addresses share one."""

    OTHERS = "*"
    UNCOUNTED = object()

    def __init__(self, clock=time.monotonic, max_failures=MAX_CALLS, period=MAX_PERIOD,
                 max_addresses=CREDENTIAL_ADDRESSES):
        self.clock = clock
        self.max_failures = max_failures
        self.period = period
        self.max_addresses = max_addresses
        self.windows = OrderedDict()   # key -> {"started", "failures", "checking"}, oldest window first

    def _forget_ended(self, now):
        while self.windows:
            key, window = next(iter(self.windows.items()))
            if now - window["started"] < self.period or window["checking"]:
                break
            del self.windows[key]

    def _window(self, address, now):
        key = credential_key(address)
        self._forget_ended(now)
        if key not in self.windows and len(self.windows) >= self.max_addresses:
            key = self.OTHERS
        window = self.windows.get(key)
        if window is not None and now - window["started"] >= self.period:
            # ended, kept while checks ran: a new window, moved to the back, inherits the checks still running
            del self.windows[key]
            window = {"started": now, "failures": 0, "checking": window["checking"]}
            self.windows[key] = window
        if window is None:
            window = self.windows[key] = {"started": now, "failures": 0, "checking": 0}
        return key, window

    def begin(self, address):
        """Ask to check one credential from `address`: a ticket for `end`, or None when the address is over its
        limit (nothing may be checked then). Callers with no address get a ticket that counts nothing."""
        if address is None:
            return self.UNCOUNTED
        key, window = self._window(address, self.clock())
        if window["failures"] + window["checking"] >= self.max_failures:
            return None
        window["checking"] += 1
        return key

    def end(self, ticket, accepted):
        """The check of `ticket` ended: a wrong credential counts against its address's current window."""
        window = self.windows.get(ticket) if ticket is not self.UNCOUNTED else None
        if window is None:   # uncounted, or the counts were cleared meanwhile
            return
        window["checking"] = max(0, window["checking"] - 1)
        if not accepted:
            window["failures"] += 1

    def retry_after(self, address):
        """Whole seconds until `address` may present credentials again (at least 1)."""
        key = credential_key(address)
        window = self.windows.get(key if key in self.windows else self.OTHERS)
        if window is None:
            return 1
        return max(1, math.ceil(self.period - (self.clock() - window["started"])))

    def clear(self):
        self.windows.clear()

    def pop(self, address):
        self.windows.pop(credential_key(address), None)


def refusal_delay():
    """Seconds a refused caller waits before its error (random, as middlewared's)."""
    return round(random.uniform(*SLEEP_RANGE), 2)


class RateLimitService(Service):
    """`rate.limit.*` (private, as on TrueNAS): an administrator's way to clear the cache, e.g. a test suite
    that logs in more often than the limit allows."""

    class Config:
        namespace = "rate.limit"
        private = True
        cli_private = True

    def __init__(self, middleware):
        super().__init__(middleware)
        self.limiter = RateLimiter()
        self.credentials = CredentialLimiter()

    async def cache_clear(self):
        """Clear the entire cache (the credentials' counts too)."""
        self.limiter.clear()
        self.credentials.clear()

    async def cache_get(self):
        """The cache, keyed `<method>_##_<address>` as middlewared's; the credentials' counts under
        `credentials_##_<address or /64>`."""
        cache = {f"{method}_##_{address}": dict(entry) for (method, address), entry in self.limiter.entries.items()}
        cache.update({f"{CREDENTIALS}_##_{key}": dict(window) for key, window in self.credentials.windows.items()})
        return cache

    async def cache_pop(self, method_name, ip):
        """Drop one method's entry for one address (`credentials`: that address's count of wrong credentials)."""
        if method_name == CREDENTIALS:
            self.credentials.pop(ip)
        else:
            self.limiter.pop(method_name, ip)
