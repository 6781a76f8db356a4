"""API test fixtures: a real host on a free loopback port with a fresh data dir, or a host already running on a real
box (a TrueNAS, or the VM tier's standalone host: see hosting.py); tests marked `sandbox_only` then skip, against
TrueNAS's own middlewared (TRUENAS_URL) so do tests marked `standalone_only`, and in the live tier's run
(tests/truenas_live/api_suite.py) tests marked `not_in_live_tier`."""
import contextlib

import pytest

from hosting import LIVE_TIER, REMOTE, TRUENAS, RemoteHost, local_host


def pytest_configure(config):
    config.addinivalue_line("markers", "sandbox_only: needs the sandbox host of its own (skipped against a real box)")
    config.addinivalue_line(
        "markers", "standalone_only(reason): tests the standalone host's own services or files, which TrueNAS's "
                   "middlewared does not have (its appliance services stand in for TrueNAS's own); skipped against "
                   "TrueNAS, with the reason saying what TrueNAS has instead")
    config.addinivalue_line(
        "markers", "not_in_live_tier(reason): needs what a real TrueNAS box has and the live tier's harness does not "
                   "(tests/truenas_live: a fake box, PAM stand-ins); skipped there, with the reason")


def pytest_collection_modifyitems(config, items):
    if not REMOTE:
        return
    skip = pytest.mark.skip(reason="sandbox-only test (running against a real box)")
    for item in items:
        if "sandbox_only" in item.keywords:
            item.add_marker(skip)
        elif TRUENAS and (mark := item.get_closest_marker("standalone_only")) is not None:
            item.add_marker(pytest.mark.skip(reason=f"the standalone host's own: {mark.args[0]}"))
        elif LIVE_TIER and (mark := item.get_closest_marker("not_in_live_tier")) is not None:
            item.add_marker(pytest.mark.skip(reason=f"not in the live tier: {mark.args[0]}"))


@pytest.fixture(scope="session")
def host():
    """The host under test for the whole session (the plugin over the sandbox, plus the sample service)."""
    if REMOTE:
        yield RemoteHost()
        return
    with local_host() as h:
        yield h


@pytest.fixture
def fresh_host():
    """A factory of hosts of their own (for tests that reboot, kill or restart them):
    `h = fresh_host(env={"TUNING_FAULT": ...}, plugins=..., backend=...)`. All are stopped afterwards."""
    if REMOTE:
        pytest.skip("needs a host of its own")
    with contextlib.ExitStack() as stack:
        def start(env=None, **kwargs):
            return stack.enter_context(local_host(extra_env=env, **kwargs))
        yield start


@pytest.fixture
def c(host):
    """An admin's client that may call private methods (the appliance services tests read the box with)."""
    client = host.client(private_methods=True)
    yield client
    client.close()


@pytest.fixture
def client(host):
    c = host.client()
    try:
        yield c
    finally:
        c.close()
