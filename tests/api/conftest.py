"""API test fixtures: a real host on a free loopback port with a fresh data dir, or a host already running on a real
box (a TrueNAS, or the VM tier's standalone host: see hosting.py); tests marked `sandbox_only` then skip."""
import contextlib

import pytest

from hosting import REMOTE, RemoteHost, local_host


def pytest_configure(config):
    config.addinivalue_line("markers", "sandbox_only: needs the sandbox host of its own (skipped against a real box)")


def pytest_collection_modifyitems(config, items):
    if not REMOTE:
        return
    skip = pytest.mark.skip(reason="sandbox-only test (running against a real box)")
    for item in items:
        if "sandbox_only" in item.keywords:
            item.add_marker(skip)


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
