"""Hosts for the API tests: a real standalone host on a free loopback port with a fresh data dir, or a host already
running elsewhere: a real TrueNAS (TRUENAS_URL + TRUENAS_API_KEY) or a standalone host on a real box, such as the VM
tier's (TUNING_API_URL + TUNING_API_PASSWORD). Kept out of conftest.py so tests can import it."""
import contextlib
import errno
import importlib.util
import json
import os
import re
import signal
import socket
import ssl
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request

import pytest

from client import Client, ConnectionLost, RpcError

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
API_TESTS = os.path.dirname(os.path.abspath(__file__))
ADMIN = "admin"
PASSWORD = "test-admin-password"
READONLY = "readonly"
READONLY_PASSWORD = "test-readonly-password"
START_TIMEOUT = 600.0
# What core.get_methods lists for a method declared with SYSTEM_ADVANCED_READ (the plugin's reads), as middlewared's
# RoleManager.roles_for_method: the role and every role that includes it
READ_ROLES_LISTED = ["READONLY_ADMIN", "SHARING_ADMIN", "SYSTEM_ADVANCED_READ", "SYSTEM_ADVANCED_WRITE"]
CLEAR_EVERY = 10   # logins between two clears of the host's login rate limit (it allows 20 a minute)

TRUENAS = bool(os.environ.get("TRUENAS_URL"))   # the host under test is TrueNAS's own middlewared
# ... started by the live tier (tests/truenas_live/api_suite.py): the fake box, its accounts, the sample service
LIVE_TIER = TRUENAS and os.environ.get("TRUENAS_LIVE_TIER") == "1"
# its release ("25.10", "26.0"; scripts/truenas-env.sh says it), where the releases answer differently
TRUENAS_RELEASE = os.environ.get("TRUENAS_RELEASE") if TRUENAS else None
REMOTE_URL = os.environ.get("TRUENAS_URL") or os.environ.get("TUNING_API_URL")
REMOTE_API_KEY = os.environ.get("TRUENAS_API_KEY")
REMOTE_PASSWORD = os.environ.get("TRUENAS_PASSWORD") or os.environ.get("TUNING_API_PASSWORD")
REMOTE = bool(REMOTE_URL and (REMOTE_API_KEY or REMOTE_PASSWORD))
REMOTE_READONLY_PASSWORD = (os.environ.get("TRUENAS_READONLY_PASSWORD")
                            or os.environ.get("TUNING_API_READONLY_PASSWORD"))
# Where the box's live ZFS module parameters are, when the suite runs beside a TrueNAS box (see BoxReadsClient)
TRUENAS_ZFS_PARAMETERS_DIR = os.environ.get("TRUENAS_ZFS_PARAMETERS_DIR")


def roles_of(user_info):
    """The roles of an `auth.me` answer (or a login's user_info): middlewared sends the privilege's roles, expanded,
    as its JSON form of a Python set, `{"$set": [...]}`."""
    roles = user_info["privilege"]["roles"]
    return set(roles["$set"] if isinstance(roles, dict) else roles)


def rate_limited(error):
    return (isinstance(error, RpcError) and error.errno == errno.EBUSY
            and (error.reason or "").endswith("Rate Limit Exceeded"))


class LoginThrottle:
    """The suite opens a session per test, more than the 20 logins a minute from one address that TrueNAS (and the
    host, as it) allows. As TrueNAS's own integration client, clear the limit with `rate.limit.cache_clear` from
    an administrator's session with private methods: every CLEAR_EVERY logins, so no test waits for a refusal, and
    after a refusal before trying again. The clearing session is kept; it logs in with the legacy `auth.login`
    (or `auth.login_with_api_key`), which the limit counts apart from the `auth.login_ex` of the tests."""

    def __init__(self, host):
        self.host = host
        self.lock = threading.Lock()
        self.admin = None
        self.logins = 0

    def login(self, client, login):
        """`login(client)`, counted; once more after clearing if it was refused by the rate limit."""
        with self.lock:
            self.logins += 1
            # the clearing session logs in before any test's wrong passwords can fill the address's count
            due = self.logins % CLEAR_EVERY == 0 or self.admin is None
        if due:
            self.clear()
        try:
            return login(client)
        except RpcError as e:
            if not rate_limited(e):
                raise
        self.clear()
        return login(client)

    def clear(self):
        with self.lock:
            for attempt in range(2):
                try:
                    if self.admin is None:
                        self.admin = self.host.admin_client()
                        self.admin.set_options(private_methods=True)
                    self.admin.call("rate.limit.cache_clear")
                    return
                except (ConnectionLost, OSError):  # the host restarted since: a new session
                    self.admin = None
                    if attempt:
                        raise

    def close(self):
        if self.admin is not None:
            self.admin.close()
            self.admin = None



def rss_mb(pid):
    """Resident memory of process `pid` in MB (the one reader of /proc/<pid>/status for tests and bench scripts)."""
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    raise LookupError(f"no VmRSS for process {pid}")


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _backend():
    sys.path.insert(0, os.path.join(REPO, "plugin"))
    try:
        return "sandbox" if importlib.util.find_spec("tuning_host.backends") else "none"
    finally:
        sys.path.pop(0)


class LocalHost:
    """A host process (supervisor + serving child) started for the tests."""

    username = ADMIN
    readonly_username = READONLY
    remote = False
    truenas = False
    truenas_release = None

    def __init__(self, data_dir, port=None, plugins="tuning,sample_plugin", backend=None, extra_env=None):
        self.data_dir = data_dir
        self.port = port or free_port()
        self.password = PASSWORD
        self.readonly_password = READONLY_PASSWORD
        self.throttle = LoginThrottle(self)
        self.plugins = plugins
        self.backend = backend or _backend()
        self.extra_env = extra_env or {}
        self.proc = None
        # TUNING_TLS=self-signed: the host's own certificate (in its data directory) is the one trusted
        self.tls = self.extra_env.get("TUNING_TLS", "off") != "off"
        self.url = f"{'wss' if self.tls else 'ws'}://127.0.0.1:{self.port}/api/current"
        self.http_url = f"{'https' if self.tls else 'http'}://127.0.0.1:{self.port}"

    @property
    def certificate(self):
        return os.path.join(self.data_dir, "tls", "cert.pem") if self.tls else None

    def new_client(self, timeout=600.0):
        return Client(self.url, timeout=timeout, sslopt={"ca_certs": self.certificate} if self.tls else None)

    # ---- process ----

    def start(self):
        env = dict(os.environ)
        env.update({
            "PYTHONPATH": os.pathsep.join([os.path.join(REPO, "middleware"), os.path.join(REPO, "plugin"), API_TESTS]),
            "TUNING_ADMIN_PASSWORD": self.password,
            "TUNING_READONLY_PASSWORD": self.readonly_password,
            "TUNING_STRICT_RESULTS": "1",
            "TUNING_LOG_LEVEL": "INFO",
        })
        env.update(self.extra_env)
        os.makedirs(self.data_dir, exist_ok=True)
        self._stderr = open(os.path.join(self.data_dir, "host-stderr.log"), "ab")
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "tuning_host", "--host", "127.0.0.1", "--port", str(self.port),
             "--data", self.data_dir, "--backend", self.backend, "--plugins", self.plugins],
            env=env, stdout=self._stderr, stderr=self._stderr, start_new_session=True)
        self.wait_ready()
        return self

    def _log_tail(self):
        try:
            with open(os.path.join(self.data_dir, "host-stderr.log"), "rb") as f:
                return f.read()[-4000:].decode(errors="replace")
        except OSError:
            return ""

    def wait_ready(self, timeout=START_TIMEOUT, not_boot_id=None):
        """Poll until the API answers (with a boot id other than `not_boot_id`)."""
        deadline = time.monotonic() + timeout
        while True:
            if self.proc is not None and self.proc.poll() is not None:
                raise RuntimeError(f"host exited with {self.proc.returncode}:\n{self._log_tail()}")
            boot = self.boot_id(quiet=True)
            if boot is not None and boot != not_boot_id:
                return boot
            if time.monotonic() > deadline:
                raise TimeoutError(f"host not ready after {timeout}s:\n{self._log_tail()}")
            time.sleep(0.05)  # polling interval

    def boot_id(self, quiet=False):
        try:
            context = ssl.create_default_context(cafile=self.certificate) if self.tls else None
            with urllib.request.urlopen(self.http_url + "/api/boot_id", timeout=30, context=context) as r:
                return json.loads(r.read())
        except OSError:   # ssl.SSLError too; FileNotFoundError: the certificate is not made yet
            if quiet:
                return None
            raise

    def pids(self):
        with open(os.path.join(self.data_dir, "host.pid")) as f:
            return json.load(f)

    def wait_until_back(self, old_boot_id, timeout=START_TIMEOUT):
        """After a reboot: wait for a serving process whose id (`boot_id()`, not the box's `system.boot_id`) is not
        `old_boot_id`; returns the new one."""
        return self.wait_ready(timeout, not_boot_id=old_boot_id)

    def stop(self):
        self.throttle.close()
        if self.proc is None:
            return
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(600)
            except subprocess.TimeoutExpired:
                self.kill9()
        self.proc = None
        self._stderr.close()

    def kill9(self):
        """SIGKILL the supervisor and the serving process at once (a crash / power loss)."""
        if self.proc is None:
            return
        try:
            os.killpg(self.proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        self.proc.wait()
        self.proc = None
        self._stderr.close()

    def wait_dead(self, timeout=START_TIMEOUT):
        """Wait until the host has died on its own (a test fault hook, TUNING_FAULT, kills the supervisor and the
        serving process at once, as a power loss would). Returns the supervisor's exit code."""
        if self.proc is None:
            return None
        try:
            rc = self.proc.wait(timeout)
        except subprocess.TimeoutExpired:
            raise TimeoutError(f"host still alive after {timeout}s:\n{self._log_tail()}") from None
        # reap anything left of the process group (nothing should be)
        try:
            os.killpg(self.proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        self.proc = None
        self._stderr.close()
        return rc

    def restart(self, env=None):
        """Start again on the same port and data dir (after stop(), kill9() or wait_dead()); `env` replaces the
        extra environment given at creation (e.g. `{}` to drop a fault hook)."""
        if self.proc is not None:
            self.stop()
        if env is not None:
            self.extra_env = dict(env)
        return self.start()

    # ---- clients ----

    def client(self, login=True, **options):
        """A session of the full administrator (or none with `login=False`)."""
        return _session(self, self.new_client(), login and (lambda c: c.login(self.username, self.password)),
                        options)

    def readonly_client(self, **options):
        """A session of the read-only administrator (role READONLY_ADMIN)."""
        return _session(self, self.new_client(),
                        lambda c: c.login(self.readonly_username, self.readonly_password), options)

    def admin_client(self):
        """An administrator's session outside the login count (LoginThrottle's own), by the legacy login."""
        c = self.new_client()
        _check_legacy_login(c, c.call("auth.login", self.username, self.password))
        return c


def _check_legacy_login(client, ok):
    if ok is not True:
        client.close()
        raise AssertionError("legacy login refused")


def _check_login(client, resp):
    if resp["response_type"] != "SUCCESS":
        client.close()
        raise AssertionError(resp)


def _session(host, client, login, options):
    """`client` logged in with `login` through the host's LoginThrottle, with `options` set."""
    try:
        if login:
            _check_login(client, host.throttle.login(client, login))
        if options:
            client.set_options(**options)
    except BaseException:
        client.close()
        raise
    return client


class BoxReadsClient(Client):
    """A client of TrueNAS's own middlewared that answers the one read of the box the suite makes that TrueNAS has no
    call for, as the standalone host serving a TrueNAS box answers it itself (tuning_host/remote/local_services.py):
    `tunable.get_zfs_parameters` (the sandbox's appliance offers it; on TrueNAS the plugin reads sysfs), from
    TRUENAS_ZFS_PARAMETERS_DIR (/sys/module/zfs/parameters on the box; the live tier's fake box's stand-in)."""

    def call(self, method, *params, timeout=None):
        if method == "tunable.get_zfs_parameters" and TRUENAS_ZFS_PARAMETERS_DIR:
            from tuning.shared.zfs_module import read_zfs_parameters_dir
            return read_zfs_parameters_dir(TRUENAS_ZFS_PARAMETERS_DIR)
        return super().call(method, *params, timeout=timeout)


class RemoteHost:
    """A host already running: a real TrueNAS (TRUENAS_URL, e.g. wss://nas/api/current; TRUENAS_API_KEY or
    TRUENAS_PASSWORD; TRUENAS_USERNAME, default truenas_admin; a read-only administrator's TRUENAS_READONLY_USERNAME
    and TRUENAS_READONLY_PASSWORD) or a standalone host on a real box (TUNING_API_URL, e.g.
    ws://127.0.0.1:6000/api/current; TUNING_API_PASSWORD; TUNING_API_USERNAME, default admin;
    TUNING_API_READONLY_USERNAME / TUNING_API_READONLY_PASSWORD). The live tier's runner
    (tests/truenas_live/api_suite.sh) points the suite at TrueNAS's own middlewared with the fake box's accounts."""

    remote = True
    truenas = TRUENAS
    truenas_release = TRUENAS_RELEASE

    def __init__(self):
        self.url = REMOTE_URL
        self.http_url = re.sub(r"^ws", "http", REMOTE_URL.split("/api/")[0])
        self.api_key = REMOTE_API_KEY
        self.password = None if REMOTE_API_KEY else REMOTE_PASSWORD
        self.username = (os.environ.get("TRUENAS_USERNAME", "truenas_admin") if TRUENAS
                         else os.environ.get("TUNING_API_USERNAME", ADMIN))
        self.readonly_username = (os.environ.get("TRUENAS_READONLY_USERNAME")
                                  or os.environ.get("TUNING_API_READONLY_USERNAME", READONLY))
        self.readonly_password = REMOTE_READONLY_PASSWORD
        self.data_dir = None
        self.throttle = LoginThrottle(self)

    def _login(self, c):
        return c.login_api_key(self.username, self.api_key) if self.api_key else c.login(self.username, self.password)

    def _client(self):
        # a real box (or a VM under emulation) is slower than the sandbox
        return (BoxReadsClient if TRUENAS else Client)(self.url, timeout=120.0)

    def client(self, login=True, **options):
        return _session(self, self._client(), login and self._login, options)

    def readonly_client(self, **options):
        if not self.readonly_password:
            pytest.skip("no read-only account given (TUNING_API_READONLY_USERNAME / TUNING_API_READONLY_PASSWORD)")
        return _session(self, self._client(),
                        lambda c: c.login(self.readonly_username, self.readonly_password), options)

    def admin_client(self):
        c = self._client()
        _check_legacy_login(c, c.call("auth.login_with_api_key", self.api_key) if self.api_key
                            else c.call("auth.login", self.username, self.password))
        return c

    def _no(self, *a, **k):
        pytest.skip("not possible against a host that is already running")

    restart = kill9 = stop = wait_until_back = _no


@contextlib.contextmanager
def local_host(**kwargs):
    """Start a LocalHost on a fresh temporary data dir; stop it afterwards."""
    with tempfile.TemporaryDirectory(prefix="tuning-api-") as data_dir:
        h = LocalHost(data_dir, **kwargs).start()
        try:
            yield h
        finally:
            if h.proc is not None:
                h.stop()
