"""The standalone host running inside the VM (openzfs backend), seen from the test machine.

Installs the project into the guest (/opt/tuning/src; the venv with the pinned wheels is baked into the image),
runs it as the systemd unit `tuning-host` (so it comes back after a real reboot) listening on the guest's port
GUEST_PORT, which QEMU forwards to a loopback port here. Mirrors the API tier's LocalHost: url, client(),
wait_ready(), boot_id(), kill9(), restart().
"""
from __future__ import annotations

import json
import shlex
import sys
import time
import urllib.request
from pathlib import Path

from vm import VM

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / 'tests' / 'api'))
from client import Client  # noqa: E402  (the shared API test client)
from hosting import LoginThrottle  # noqa: E402  (the host limits logins to 20 a minute per address)

GUEST_PORT = 6000
ADMIN = 'admin'
PASSWORD = 'vm-test-admin-password'
SRC = '/opt/tuning/src'
DATA = '/var/lib/tuning'
UNIT = 'tuning-host'
PROJECT_PARTS = ['middleware', 'plugin', 'requirements']

UNIT_FILE = f"""[Unit]
Description=tuning standalone host (openzfs backend)
After=zfs.target zfs-mount.service network.target
Wants=zfs.target

[Service]
Environment=PYTHONPATH={SRC}/middleware:{SRC}/plugin
Environment=TUNING_ADMIN_PASSWORD={PASSWORD}
Environment=TUNING_STRICT_RESULTS=1
Environment=TUNING_LOG_LEVEL=INFO
EnvironmentFile=-/etc/default/{UNIT}
ExecStart=/opt/tuning/venv/bin/python -m tuning_host --host 0.0.0.0 --port {GUEST_PORT} --data {DATA} \\
    --backend openzfs --plugins tuning
KillMode=control-group

[Install]
WantedBy=multi-user.target
"""


class GuestHost:
    username = ADMIN
    password = PASSWORD
    remote = False

    def __init__(self, vm: VM):
        self.vm = vm
        self.port = vm.ports['api']
        self.url = f'ws://127.0.0.1:{self.port}/api/current'
        self.http_url = f'http://127.0.0.1:{self.port}'
        self.throttle = LoginThrottle(self)

    def install(self) -> None:
        """Copy the project in and enable the unit (does not start it)."""
        self.vm.put_tree(REPO, PROJECT_PARTS, SRC)
        self.vm.write_file(f'/etc/systemd/system/{UNIT}.service', UNIT_FILE)
        self.vm.run(f'systemctl daemon-reload && systemctl enable {UNIT} 2>/dev/null')

    def set_env(self, env: dict[str, str]) -> None:
        """Extra environment for the next starts (e.g. TUNING_FAULT); {} clears it."""
        content = ''.join(f'{k}={v}\n' for k, v in env.items())
        self.vm.write_file(f'/etc/default/{UNIT}', content)

    def start(self, timeout: float = 300) -> str:
        self.vm.run(f'systemctl reset-failed {UNIT} 2>/dev/null; systemctl start {UNIT}')
        return self.wait_ready(timeout)

    def stop(self) -> None:
        self.vm.run(f'systemctl stop {UNIT}')

    def kill9(self) -> None:
        """SIGKILL every process of the host at once (a crash)."""
        self.vm.run(f'systemctl kill -s KILL {UNIT}; '
                    f'while systemctl is-active -q {UNIT}; do sleep 0.2; done')  # poll until systemd saw it die

    def restart(self, timeout: float = 300) -> str:
        self.vm.run(f'systemctl reset-failed {UNIT} 2>/dev/null; systemctl restart {UNIT}')
        return self.wait_ready(timeout)

    def log_tail(self, lines: int = 60) -> str:
        return self.vm.ssh(f'journalctl -u {UNIT} -n {lines} --no-pager', check=False).stdout

    def boot_id(self, quiet: bool = False):
        try:
            with urllib.request.urlopen(self.http_url + '/api/boot_id', timeout=5) as r:
                return json.loads(r.read())
        except (OSError, ValueError):
            if quiet:
                return None
            raise

    def wait_ready(self, timeout: float = 300, not_boot_id: str | None = None) -> str:
        """Poll until the API answers (with a boot id other than `not_boot_id`)."""
        deadline = time.monotonic() + timeout
        while True:
            boot = self.boot_id(quiet=True)
            if boot is not None and boot != not_boot_id:
                return boot
            if time.monotonic() > deadline:
                raise TimeoutError(f'host in the VM not ready after {timeout}s:\n{self.log_tail()}')
            time.sleep(0.5)  # polling interval

    def wait_until_back(self, old_boot_id: str | None, timeout: float = 600) -> str:
        """After a reboot: wait for the host to answer with a new boot id (the API tier's LocalHost has the same)."""
        return self.wait_ready(timeout, not_boot_id=old_boot_id)

    def admin_client(self) -> Client:
        """The session LoginThrottle clears the login rate limit from (legacy login: counted apart)."""
        c = Client(self.url, timeout=120)
        assert c.call('auth.login', self.username, self.password) is True
        return c

    def client(self, login: bool = True, **options) -> Client:
        c = Client(self.url, timeout=120)
        if login:
            resp = self.throttle.login(c, lambda c: c.login(self.username, self.password))
            assert resp['response_type'] == 'SUCCESS', resp
        if options:
            c.set_options(**options)
        return c


def sh(*words: str) -> str:
    return ' '.join(shlex.quote(w) for w in words)
