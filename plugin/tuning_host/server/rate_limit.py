"""Rate limit of the methods callable without a login, as middlewared's RateLimitCache: per method and origin IP
address, at most MAX_CALLS calls in MAX_PERIOD seconds; past that (or when the cache is full, which only many
addresses can do) the call waits a random 1-10 s and fails with EBUSY 'Rate Limit Exceeded'."""
import random
import time

from ..runtime import Service

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

    async def cache_clear(self):
        """Clear the entire cache."""
        self.limiter.clear()

    async def cache_get(self):
        """The cache, keyed `<method>_##_<address>` as middlewared's."""
        return {f"{method}_##_{address}": dict(entry) for (method, address), entry in self.limiter.entries.items()}

    async def cache_pop(self, method_name, ip):
        """Drop one method's entry for one address."""
        self.limiter.pop(method_name, ip)
