"""One limit of wrong passwords and API keys per address (server/rate_limit.py CredentialLimiter, server/auth.py
check_credential): checks under way count, the right password is not checked past the limit, memory stays bounded."""
import asyncio
from types import SimpleNamespace

import pytest

from tuning_host.server.auth import CredentialsRateLimited, check_credential
from tuning_host.server.rate_limit import MAX_CALLS, MAX_PERIOD, CredentialLimiter, credential_key


class Clock:
    def __init__(self):
        self.now = 1000.0

    def __call__(self):
        return self.now


def test_wrong_credentials_past_the_limit_stop_every_check_until_the_period_ends():
    clock = Clock()
    limiter = CredentialLimiter(clock)
    for _ in range(MAX_CALLS):
        ticket = limiter.begin("10.0.0.1")
        assert ticket is not None
        limiter.end(ticket, accepted=False)
    assert limiter.begin("10.0.0.1") is None            # the right password is not even checked
    assert limiter.retry_after("10.0.0.1") == MAX_PERIOD
    assert limiter.begin("10.0.0.2") is not None        # per address
    clock.now += MAX_PERIOD - 1
    assert limiter.begin("10.0.0.1") is None and limiter.retry_after("10.0.0.1") == 1
    clock.now += 1
    assert limiter.begin("10.0.0.1") is not None


def test_checks_under_way_count_so_parallel_guesses_cannot_outrun_the_limit():
    limiter = CredentialLimiter(Clock())
    tickets = [limiter.begin("10.0.0.1") for _ in range(MAX_CALLS + 5)]
    assert sum(t is not None for t in tickets) == MAX_CALLS
    for ticket in tickets[:MAX_CALLS]:
        limiter.end(ticket, accepted=True)              # right ones give their place back
    assert limiter.begin("10.0.0.1") is not None


def test_a_check_that_ends_in_the_next_window_counts_there():
    clock = Clock()
    limiter = CredentialLimiter(clock)
    slow = limiter.begin("10.0.0.1")
    clock.now += MAX_PERIOD + 1
    for _ in range(MAX_CALLS - 1):
        assert limiter.begin("10.0.0.1") is not None     # the slow check still holds one place
    assert limiter.begin("10.0.0.1") is None
    limiter.end(slow, accepted=False)
    assert limiter.windows["10.0.0.1"]["failures"] == 1


@pytest.mark.parametrize("address, key", [
    ("192.0.2.7", "192.0.2.7"),
    ("::ffff:192.0.2.7", "192.0.2.7"),
    ("2001:db8:1:2:aaaa:bbbb:cccc:dddd", "2001:db8:1:2::/64"),   # a host picks addresses from its whole /64
    ("2001:db8:1:2::1", "2001:db8:1:2::/64"),
    ("not-an-address", "not-an-address"),
    (None, None),
])
def test_the_count_an_address_goes_to(address, key):
    assert credential_key(address) == key


def test_internal_callers_are_not_counted_and_newcomers_past_the_table_share_a_count():
    limiter = CredentialLimiter(Clock(), max_addresses=2)
    for _ in range(MAX_CALLS * 2):
        limiter.end(limiter.begin(None), accepted=False)
    assert limiter.windows == {}
    limiter.begin("10.0.0.1")
    limiter.begin("10.0.0.2")
    for i in range(MAX_CALLS):
        limiter.end(limiter.begin(f"10.1.0.{i}"), accepted=False)
    assert set(limiter.windows) == {"10.0.0.1", "10.0.0.2", CredentialLimiter.OTHERS}
    assert limiter.begin("10.9.9.9") is None


class FakeMiddleware:
    def __init__(self, limiter):
        self.limiter = limiter

    def get_service(self, name):
        assert name == "rate.limit"
        return SimpleNamespace(credentials=self.limiter)

    async def run_in_thread(self, fn, *args):
        return fn(*args)


def test_check_credential_refuses_past_the_limit_without_checking(monkeypatch):
    monkeypatch.setattr("tuning_host.server.auth.refusal_delay", lambda: 0)
    mw = FakeMiddleware(CredentialLimiter(Clock()))
    checked = []

    def check(password):
        checked.append(password)
        return "roles" if password == "right" else None

    async def main():
        for _ in range(MAX_CALLS):
            assert await check_credential(mw, "10.0.0.1", check, "wrong") is None
        with pytest.raises(CredentialsRateLimited) as e:
            await check_credential(mw, "10.0.0.1", check, "right")
        return e.value.retry_after

    assert asyncio.run(main()) == MAX_PERIOD
    assert checked == ["wrong"] * MAX_CALLS
