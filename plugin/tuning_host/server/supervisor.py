"""The supervisor: prepares the admin account, runs the serving process as a child and restarts it whenever it
exits: at once for a (simulated) reboot, after a growing back-off when it crashed (it never gives up, so the box's
API comes back by itself). SIGTERM/SIGINT stop both, promptly even during a back-off."""
import json
import logging
import os
import secrets
import select
import signal
import subprocess
import sys
import time

from ..config import REBOOT_EXIT_CODE, settings_to_argv
from .logsetup import setup_logging
from .store import ADMIN_USERNAME, HostStore

logger = logging.getLogger("tuning_host.supervisor")


def ensure_admin(store, password):
    """Set the admin password from `password`, or generate one when there is no admin yet.
    Returns the generated password (to print once), else None."""
    if password:
        store.set_password(ADMIN_USERNAME, password)
        return None
    if store.has_user(ADMIN_USERNAME):
        return None
    generated = secrets.token_urlsafe(12)
    store.set_password(ADMIN_USERNAME, generated)
    return generated


def banner(settings, generated_password):
    lines = [
        "",
        "tuning host",
        f"  API (JSON-RPC 2.0 over websocket): {settings.url}",
        f"  panel:                             {settings.panel_url}",
        f"  backend: {settings.backend}    data: {settings.data_dir}",
    ]
    if settings.tls == "self-signed":
        lines.append("  TLS: a self-signed certificate kept in the data directory (its SHA-256 is logged at start; "
                     "a browser asks once whether to trust it)")
    if generated_password:
        lines.append(f"  login: {ADMIN_USERNAME} / {generated_password}   (generated now, shown once; "
                     "set TUNING_ADMIN_PASSWORD to choose it)")
    else:
        lines.append(f"  login: {ADMIN_USERNAME} (password from TUNING_ADMIN_PASSWORD or the one printed "
                     "at first start)")
    lines += [
        "  from a script (websocket-client):",
        f"    ws = websocket.create_connection('{settings.url}')",
        "    ws.send(json.dumps({'jsonrpc': '2.0', 'id': 1, 'method': 'auth.login_ex', 'params': "
        f"[{{'mechanism': 'PASSWORD_PLAIN', 'username': '{ADMIN_USERNAME}', 'password': '...'}}]}}))",
        "  midclt equivalent on TrueNAS: midclt call tuning.profile",
        "",
    ]
    return "\n".join(lines)


def write_pid_file(path, supervisor_pid, child_pid):
    tmp = path + ".tmp"
    with open(tmp, "w") as f:
        json.dump({"supervisor": supervisor_pid, "child": child_pid}, f)
    os.replace(tmp, path)


# ---- restart policy (pure) ----

BACKOFF_FIRST = 0.5    # seconds before the first restart after a crash
BACKOFF_MAX = 30.0     # a child that keeps crashing at start is retried this often, forever
STABLE_AFTER = 60.0    # a child up this long was healthy: its crash starts the back-off again


def backoff_delay(crashes):
    """Seconds to wait before restarting after the `crashes`-th quick crash in a row (1-based):
    0.5, 1, 2, 4 … capped at 30."""
    doublings = min(max(crashes - 1, 0), 16)  # capped so a long crash loop cannot overflow the float
    return min(BACKOFF_FIRST * 2 ** doublings, BACKOFF_MAX)


def next_restart(returncode, uptime, crashes):
    """(delay, crashes) after a child exited with `returncode` (None: it could not be started) having run `uptime`
    seconds, `crashes` being the quick crashes in a row so far. A simulated reboot restarts at once."""
    if returncode == REBOOT_EXIT_CODE:
        return 0.0, 0
    crashes = 1 if uptime >= STABLE_AFTER else crashes + 1
    return backoff_delay(crashes), crashes


def describe_exit(returncode):
    """'code 1', 'signal SIGKILL' (Popen reports a death by signal as a negative code), or 'no start'."""
    if returncode is None:
        return "no start"
    if returncode < 0:
        try:
            return f"signal {signal.Signals(-returncode).name}"
        except ValueError:
            return f"signal {-returncode}"
    return f"code {returncode}"


# ---- the loop ----

class Waiter:
    """A wait that a signal handler can cut short: `interrupt()` writes to a pipe that `wait()` selects on, so a stop
    that arrives just before the wait still ends it (an Event set from a handler could deadlock on its own lock)."""

    def __init__(self):
        self._r, self._w = os.pipe()
        os.set_blocking(self._w, False)

    def wait(self, seconds):
        """Returns True when interrupted, False after `seconds`."""
        ready, _, _ = select.select([self._r], [], [], seconds)
        return bool(ready)

    def interrupt(self):
        try:
            os.write(self._w, b"x")
        except BlockingIOError:
            pass  # already interrupted

    def close(self):
        os.close(self._r)
        os.close(self._w)


class Supervisor:
    """Runs `spawn()` (a Popen-like child) until `stop()`: restarts a child that exits, at once for a simulated
    reboot, else after the back-off. `on_start(child)` records each new child (the pid file)."""

    def __init__(self, spawn, on_start, clock=time.monotonic, waiter=None):
        self.spawn = spawn
        self.on_start = on_start
        self.clock = clock
        self.waiter = waiter or Waiter()
        self.child = None
        self.stopping = False

    def stop(self):
        """Safe from a signal handler: ends the back-off wait and asks the child to exit."""
        self.stopping = True
        self.waiter.interrupt()
        child = self.child
        if child is not None and child.poll() is None:
            child.send_signal(signal.SIGTERM)

    def run(self):
        crashes = 0
        boots = 0
        while not self.stopping:
            boots += 1
            started = self.clock()
            returncode, pid = self._run_child(boots)
            if self.stopping:
                break
            uptime = self.clock() - started
            delay, crashes = next_restart(returncode, uptime, crashes)
            if returncode == REBOOT_EXIT_CODE:
                logger.info("host process %d exited for a reboot; starting a new one", pid)
                continue
            logger.error("host process %s ended (%s) after %.1f s; restarting in %.1f s (%d quick crash(es) in a row)",
                         pid, describe_exit(returncode), uptime, delay, crashes)
            self.waiter.wait(delay)
        logger.info("stopped")
        return 0

    def _run_child(self, boots):
        """Start a child and wait for it: (returncode, pid); (None, None) when it could not be started."""
        try:
            child = self.spawn()
        except OSError as e:
            logger.error("cannot start the host process: %s", e)
            return None, None
        self.child = child
        if self.stopping:  # a stop that arrived while spawning did not see this child
            child.send_signal(signal.SIGTERM)
        self.on_start(child)
        logger.info("started host process %d (boot %d)", child.pid, boots)
        returncode = child.wait()
        self.child = None
        return returncode, child.pid


def run(settings):
    setup_logging(settings, "supervisor")
    store = HostStore(settings.db_path)
    generated = ensure_admin(store, settings.admin_password)
    print(banner(settings, generated), file=sys.stderr, flush=True)

    pid_path = os.path.join(settings.data_dir, "host.pid")
    child_env = {k: v for k, v in os.environ.items() if k != "TUNING_ADMIN_PASSWORD"}
    if settings.strict_results:
        child_env["TUNING_STRICT_RESULTS"] = "1"
    argv = [sys.executable, "-m", "tuning_host.server", *settings_to_argv(settings)]
    supervisor = Supervisor(spawn=lambda: subprocess.Popen(argv, env=child_env),
                            on_start=lambda child: write_pid_file(pid_path, os.getpid(), child.pid))
    for signum in (signal.SIGTERM, signal.SIGINT):
        signal.signal(signum, lambda signum, frame: supervisor.stop())
    try:
        return supervisor.run()
    finally:
        supervisor.waiter.close()
        try:
            os.unlink(pid_path)
        except FileNotFoundError:
            pass
