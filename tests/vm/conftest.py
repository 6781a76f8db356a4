"""VM tier fixtures: one VM for the session (built if needed), a NAS-like pool in it, the host running there.

Guest layout (guest_layout.py): tank = raidz2 of zfsd1..4 (4 GiB virtio disks, rotational: "HDD"), zfsd5 and zfsd6
unused and marked non-rotational (the "SSD"s a preset may use as cache/log), zfsd7 unused HDD; the ARC capped at
512 MiB by the box's own modprobe file. Datasets tank/share, tank/media.
"""
from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import sharing  # noqa: E402
from availability import probe  # noqa: E402
from guest_layout import DATA_DISKS, DISK_SIZE, build_nas  # noqa: E402

TIMINGS: dict[str, float] = {}
FIGURES: dict[str, str] = {}   # measured figures a test reports for the run's summary (e.g. MB/s per protocol)


SHARE = sharing.Share(os.environ['TUNING_VM_SHARE']) if os.environ.get('TUNING_VM_SHARE') else None


def pytest_configure(config):
    config.addinivalue_line('markers', 'vm: needs the QEMU VM with real OpenZFS (tests/vm; TUNING_VM=0 skips)')


def pytest_collection_modifyitems(items):
    sharing.order(items)


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_protocol(item, nextitem):
    """A file the other run claimed is passed over here, unreported (sharing.py)."""
    if SHARE is not None and not SHARE.is_mine(item):
        return True
    return None


def pytest_terminal_summary(terminalreporter):
    if SHARE is not None and SHARE.left_to_the_other():
        terminalreporter.write_line('run by the other VM: ' + ', '.join(SHARE.left_to_the_other()))
    if TIMINGS:
        terminalreporter.write_sep('-', 'VM tier timings')
        for name, secs in TIMINGS.items():
            terminalreporter.write_line(f'{name:40s} {secs:8.1f} s')
    if FIGURES:
        terminalreporter.write_sep('-', 'VM tier figures')
        for name, value in FIGURES.items():
            terminalreporter.write_line(f'{name:40s} {value}')


class timed:
    """Record how long a block took into the end-of-run timing table."""

    def __init__(self, name):
        self.name = name

    def __enter__(self):
        self.t0 = time.monotonic()

    def __exit__(self, *exc):
        TIMINGS[self.name] = time.monotonic() - self.t0


@pytest.fixture(scope='session')
def vm_image():
    reason = probe()
    if reason:
        pytest.skip(f'VM tier skipped: {reason}')
    with timed('image build (or cache check)'):
        r = subprocess.run(['bash', str(HERE / 'build-image.sh')], capture_output=True, text=True)
    if r.returncode != 0:
        pytest.fail(f'building the VM image failed:\n{r.stdout[-3000:]}\n{r.stderr[-3000:]}')
    from vm import image_dir
    return image_dir()


@pytest.fixture(scope='session')
def vm(vm_image):
    from guest_host import GUEST_PORT
    from vm import VM
    machine = VM(vm_image, data_disks=DATA_DISKS, disk_size=DISK_SIZE, forwards={'api': GUEST_PORT})
    try:
        with timed('boot to ssh'):
            machine.start()
        with timed('guest pool setup'):
            build_nas(machine)
        yield machine
        with timed('power off'):
            machine.poweroff()
    finally:
        machine.close()


@pytest.fixture(scope='session')
def guest_host(vm):
    from guest_host import GuestHost
    h = GuestHost(vm)
    with timed('install project + start host'):
        h.install()
        h.start()
    return h


@pytest.fixture
def client(guest_host):
    c = guest_host.client()
    try:
        yield c
    finally:
        c.close()


@pytest.fixture
def private_client(guest_host):
    """A client allowed to call private appliance methods (as the API tier's tests do)."""
    c = guest_host.client(private_methods=True)
    try:
        yield c
    finally:
        c.close()



@pytest.fixture(scope='session')
def truth(vm):
    from guest_truth import GuestTruth
    return GuestTruth(vm)


@pytest.fixture(scope='session')
def figures():
    """{name: words} a test fills with what it measured; printed at the end of the run."""
    return FIGURES
