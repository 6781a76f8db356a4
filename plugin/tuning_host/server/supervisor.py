"""The supervisor: prepares the admin account, runs the serving process as a child and restarts it when it
exits for a (simulated) reboot. SIGTERM/SIGINT stop both."""
import json
import logging
import os
import secrets
import signal
import subprocess
import sys

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


def run(settings):
    setup_logging(settings, "supervisor")
    store = HostStore(settings.db_path)
    generated = ensure_admin(store, settings.admin_password)
    print(banner(settings, generated), file=sys.stderr, flush=True)

    pid_path = os.path.join(settings.data_dir, "host.pid")
    child_env = {k: v for k, v in os.environ.items() if k != "TUNING_ADMIN_PASSWORD"}
    if settings.strict_results:
        child_env["TUNING_STRICT_RESULTS"] = "1"
    state = {"child": None, "stopping": False}

    def forward(signum, frame):
        state["stopping"] = True
        if state["child"] is not None and state["child"].poll() is None:
            state["child"].send_signal(signal.SIGTERM)

    signal.signal(signal.SIGTERM, forward)
    signal.signal(signal.SIGINT, forward)
    boots = 0
    try:
        while True:
            boots += 1
            child = subprocess.Popen([sys.executable, "-m", "tuning_host.server.host", *settings_to_argv(settings)],
                                     env=child_env)
            state["child"] = child
            write_pid_file(pid_path, os.getpid(), child.pid)
            logger.info("started host process %d (boot %d)", child.pid, boots)
            rc = child.wait()
            if state["stopping"]:
                logger.info("stopped")
                return 0
            if rc == REBOOT_EXIT_CODE:
                logger.info("host process %d exited for a reboot; starting a new one", child.pid)
                continue
            logger.error("host process %d exited with code %d", child.pid, rc)
            return rc if rc > 0 else 1
    finally:
        try:
            os.unlink(pid_path)
        except FileNotFoundError:
            pass
