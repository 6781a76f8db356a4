"""Host settings from command-line options and environment variables."""
import argparse
import os
from dataclasses import dataclass, field

REBOOT_EXIT_CODE = 75  # the child exits with this to ask the supervisor for a restart (a simulated reboot)
REPO_ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DEFAULT_UI_DIR = os.path.join(REPO_ROOT, "ui", "dist", "tuning", "browser")
PANEL_PATH = "/_plugins/tuning/"


@dataclass
class HostSettings:
    host: str = "127.0.0.1"
    port: int = 8080
    data_dir: str = "./var"
    backend: str = "sandbox"
    box_file: str | None = None
    admin_password: str | None = None
    plugins: list[str] = field(default_factory=lambda: ["tuning"])
    ui_dir: str = DEFAULT_UI_DIR
    strict_results: bool = False
    log_level: str = "INFO"
    # --backend truenas: the box's API, the login and where the ZFS module's sysfs is (the key itself stays in the
    # environment or its file, never in options, logs or this object's repr)
    truenas_url: str | None = None
    truenas_user: str = "truenas_admin"
    truenas_login: str = "api_key"
    truenas_api_key_file: str | None = None
    zfs_module_dir: str | None = None
    proc_dir: str | None = None
    # HTTPS/WSS: off, self-signed (made on first start, kept in data_dir/tls) or files (tls_cert, tls_key)
    tls: str = "off"
    tls_cert: str | None = None
    tls_key: str | None = None

    @property
    def db_path(self):
        return os.path.join(self.data_dir, "host.db")

    @property
    def url(self):
        return f"{'ws' if self.tls == 'off' else 'wss'}://{self.host}:{self.port}/api/current"

    @property
    def panel_url(self):
        return f"{'http' if self.tls == 'off' else 'https'}://{self.host}:{self.port}{PANEL_PATH}"


def _bool(value):
    return str(value).strip().lower() in ("1", "true", "yes", "on")


def parse_settings(argv=None, environ=None):
    """Options override environment variables, which override defaults.

    Environment: PORT, TUNING_HOST, TUNING_DATA, TUNING_BACKEND (sandbox|openzfs|truenas|none), TUNING_BOX,
    TUNING_ADMIN_PASSWORD, TUNING_PLUGINS (comma-separated packages loaded under the TrueNAS rules; default
    `tuning`), TUNING_UI_DIR, TUNING_STRICT_RESULTS (1: a result its model refuses is an error, for tests),
    TUNING_LOG_LEVEL; for the truenas backend TUNING_TRUENAS_URL (wss://box/api/current), TUNING_TRUENAS_USER,
    TUNING_TRUENAS_API_KEY or TUNING_TRUENAS_API_KEY_FILE, TUNING_TRUENAS_LOGIN (api_key|token),
    TUNING_ZFS_MODULE_DIR (default /sys/module/zfs); TUNING_TLS (off|self-signed|files), TUNING_TLS_CERT and
    TUNING_TLS_KEY (PEM files, for `files`).
    """
    env = os.environ if environ is None else environ
    d = HostSettings()
    p = argparse.ArgumentParser(prog="python -m tuning_host", description="Standalone host for the tuning plugin.")
    p.add_argument("--host", default=env.get("TUNING_HOST", d.host), help="listen address (default 127.0.0.1)")
    p.add_argument("--port", type=int, default=int(env.get("PORT", d.port)), help="listen port (env PORT, 8080)")
    p.add_argument("--data", default=env.get("TUNING_DATA", d.data_dir), help="data directory (env TUNING_DATA)")
    p.add_argument("--backend", default=env.get("TUNING_BACKEND", d.backend),
                   choices=["sandbox", "openzfs", "truenas", "none"], help="appliance backend (env TUNING_BACKEND)")
    p.add_argument("--box", default=env.get("TUNING_BOX"), help="sandbox box file (env TUNING_BOX)")
    p.add_argument("--truenas-url", default=env.get("TUNING_TRUENAS_URL"),
                   help="truenas backend: the box's API, wss://box/api/current (env TUNING_TRUENAS_URL)")
    p.add_argument("--truenas-user", default=env.get("TUNING_TRUENAS_USER", d.truenas_user),
                   help="truenas backend: the user the API key belongs to (env TUNING_TRUENAS_USER)")
    p.add_argument("--truenas-login", default=env.get("TUNING_TRUENAS_LOGIN", d.truenas_login),
                   choices=["api_key", "token"], help="truenas backend: API key (default) or auth token login")
    p.add_argument("--truenas-api-key-file", default=env.get("TUNING_TRUENAS_API_KEY_FILE"),
                   help="truenas backend: file holding the API key (else env TUNING_TRUENAS_API_KEY)")
    p.add_argument("--zfs-module-dir", default=env.get("TUNING_ZFS_MODULE_DIR"),
                   help="truenas backend: the ZFS module's sysfs directory (default /sys/module/zfs)")
    p.add_argument("--proc-dir", default=env.get("TUNING_PROC_DIR"),
                   help="truenas backend: the box's /proc, for the ARC statistics and sysctls (default /proc)")
    p.add_argument("--plugins", default=env.get("TUNING_PLUGINS", ",".join(d.plugins)),
                   help="comma-separated plugin packages (env TUNING_PLUGINS)")
    p.add_argument("--ui-dir", default=env.get("TUNING_UI_DIR", d.ui_dir), help="built panel directory")
    p.add_argument("--log-level", default=env.get("TUNING_LOG_LEVEL", d.log_level))
    p.add_argument("--tls", default=env.get("TUNING_TLS", d.tls), choices=["off", "self-signed", "files"],
                   help="HTTPS and WSS: off, a self-signed certificate made on first start and kept in the data "
                        "directory, or --tls-cert and --tls-key (env TUNING_TLS)")
    p.add_argument("--tls-cert", default=env.get("TUNING_TLS_CERT"), help="PEM certificate (chain) for --tls files")
    p.add_argument("--tls-key", default=env.get("TUNING_TLS_KEY"), help="PEM private key for --tls files")
    args = p.parse_args(argv)
    if not 0 < args.port < 65536:
        p.error(f"--port: {args.port} is not a TCP port")
    if args.tls not in ("off", "self-signed", "files"):   # argparse checks choices on the command line only
        p.error(f"--tls: {args.tls!r} is not one of off, self-signed, files")
    if args.tls == "files":
        for option, path in (("--tls-cert", args.tls_cert), ("--tls-key", args.tls_key)):
            if not path or not os.path.isfile(path):
                p.error(f"{option}: {'no file given' if not path else repr(path) + ' is not a file'} (--tls files)")
    if args.backend == "truenas":  # refused here, before the supervisor starts a process that cannot work
        from .remote.policy import PolicyError, credentials, parse_box_url
        try:
            parse_box_url(args.truenas_url or "")
            credentials(args.truenas_login, args.truenas_user, args.truenas_api_key_file, env)
        except PolicyError as e:
            p.error(str(e))
    return HostSettings(
        host=args.host, port=args.port, data_dir=os.path.abspath(args.data), backend=args.backend,
        box_file=os.path.abspath(args.box) if args.box else None,
        admin_password=env.get("TUNING_ADMIN_PASSWORD") or None,
        plugins=[x.strip() for x in args.plugins.split(",") if x.strip()],
        ui_dir=os.path.abspath(args.ui_dir), strict_results=_bool(env.get("TUNING_STRICT_RESULTS", "")),
        log_level=args.log_level.upper(), truenas_url=args.truenas_url, truenas_user=args.truenas_user,
        truenas_login=args.truenas_login,
        truenas_api_key_file=os.path.abspath(args.truenas_api_key_file) if args.truenas_api_key_file else None,
        zfs_module_dir=os.path.abspath(args.zfs_module_dir) if args.zfs_module_dir else None,
        proc_dir=os.path.abspath(args.proc_dir) if args.proc_dir else None,
        tls=args.tls, tls_cert=os.path.abspath(args.tls_cert) if args.tls == "files" else None,
        tls_key=os.path.abspath(args.tls_key) if args.tls == "files" else None,
    )


def settings_to_argv(s):
    """Command-line options reproducing `s` (the supervisor passes them to the child)."""
    argv = ["--host", s.host, "--port", str(s.port), "--data", s.data_dir, "--backend", s.backend,
            "--plugins", ",".join(s.plugins), "--ui-dir", s.ui_dir, "--log-level", s.log_level]
    if s.box_file:
        argv += ["--box", s.box_file]
    argv += ["--tls", s.tls] + (["--tls-cert", s.tls_cert, "--tls-key", s.tls_key] if s.tls == "files" else [])
    if s.backend == "truenas":
        argv += ["--truenas-user", s.truenas_user, "--truenas-login", s.truenas_login]
        for option, value in (("--truenas-url", s.truenas_url), ("--truenas-api-key-file", s.truenas_api_key_file),
                              ("--zfs-module-dir", s.zfs_module_dir), ("--proc-dir", s.proc_dir)):
            if value:
                argv += [option, value]
    return argv
