"""The serving process (the supervisor's child): builds the Middleware, loads services, serves, reboots.

Run by the supervisor as `python -m tuning_host.server.host <options>`; exits with REBOOT_EXIT_CODE when the
appliance asks for a reboot.
"""
import asyncio
import ctypes
import importlib
import importlib.util
import logging
import os
import signal
import sys

from aiohttp import WSCloseCode

from ..config import REBOOT_EXIT_CODE, parse_settings
from ..runtime import Middleware
from ..runtime.jobs import State
from ..runtime.loader import load_services, run_setups
from .app import make_app
from .auth import ApiKeyService, AuthService
from .core import CoreService
from .downloads import Downloads
from .http_guard import GuardedTCPSite, Settings as HttpGuardSettings, make_runner
from .logsetup import setup_logging
from .rate_limit import RateLimitService
from .store import HostStore, users_from_env
from .tls import ensure_certificate, fingerprint, server_context

logger = logging.getLogger("tuning_host")

REBOOT_GRACE_SECONDS = 5.0  # running jobs and in-flight calls get this long to finish before a reboot

M_TRIM_THRESHOLD = -1            # glibc mallopt() parameters
M_MMAP_THRESHOLD = -3
# Above asyncio's 256 KiB read buffer (one for each read of a socket), far below a login's 16 MiB scrypt buffer.
MMAP_THRESHOLD_BYTES = 1024 * 1024
TRIM_THRESHOLD_BYTES = 2 * MMAP_THRESHOLD_BYTES   # glibc's own ratio when it moves the threshold itself


def pin_mmap_threshold():
    """Pin glibc's mmap threshold at 1 MiB, so large short-lived buffers (a login's scrypt needs 16 MiB) are mapped
    and handed back to the system when freed. Left dynamic, glibc raises the threshold after the first such free
    and serves the next ones from the arena of the worker thread that asked; each of the 20 threads then keeps its
    own 16 MiB for good (+320 MB after a few rounds of logins). Not lower: at glibc's starting 128 KiB every read
    of a socket (asyncio asks for 256 KiB, then shrinks the buffer) was an mmap, mremap and munmap. The trim
    threshold follows (pinning one stops glibc moving the other). Returns whether it was set (glibc only;
    elsewhere the allocator's own behaviour stays)."""
    try:
        mallopt = ctypes.CDLL(None).mallopt
    except (OSError, AttributeError):
        return False
    return mallopt(M_MMAP_THRESHOLD, MMAP_THRESHOLD_BYTES) == 1 and mallopt(M_TRIM_THRESHOLD, TRIM_THRESHOLD_BYTES) == 1


class HostStartError(Exception):
    pass


def backends_registry():
    """tuning_host.backends, the registry of backends (imported when a backend is chosen: without it the host serves
    the protocol only, --backend none)."""
    try:
        return importlib.import_module("tuning_host.backends")
    except ModuleNotFoundError as e:
        if e.name in ("tuning_host.backends",):
            raise HostStartError("tuning_host.backends is not installed (the appliance backends are missing); "
                                 "start with --backend none to serve the protocol only") from None
        raise


def create_backend(settings):
    """The appliance backend `settings.backend` names, built by the registry; None for `none`. A setting the backend
    cannot work with stops the start, named."""
    if settings.backend == "none":
        return None
    try:
        return backends_registry().create_backend(settings.backend, settings.data_dir, settings.box_file,
                                                  settings=settings)
    except ValueError as e:
        raise HostStartError(str(e)) from None


def packages_to_load(settings):
    """(package, strict) pairs: the appliance services the backend sits under, if it does not register its own (plain
    methods allowed), and the plugins (TrueNAS load-time rules). A package that is not installed at all is skipped
    with a warning."""
    out = []
    if settings.backend != "none":
        appliance = backends_registry().appliance_package(settings.backend)
        if appliance:
            out.append((appliance, False))
    out += [(name, True) for name in settings.plugins]
    present = []
    for name, strict in out:
        try:
            found = importlib.util.find_spec(name) is not None
        except ModuleNotFoundError:
            found = False
        if found:
            present.append((name, strict))
        else:
            logger.warning("package %s not found: its services are not loaded", name)
    return present


class Host:
    def __init__(self, settings):
        self.settings = settings
        self.middleware = None
        self.runner = None
        self.exit_code = 0
        self._stop = None

    async def start(self):
        s = self.settings
        self._stop = asyncio.Event()
        # first: a certificate that cannot be served stops the start before anything else happens
        ssl_context = await asyncio.get_running_loop().run_in_executor(None, self.tls_context)
        mw = self.middleware = Middleware(s.data_dir, logger=logger, strict_results=s.strict_results)
        mw.attach_loop()
        mw.host_store = HostStore(s.db_path)
        users_from_env(mw.host_store, os.environ)
        mw.settings = s
        mw.backend = create_backend(s)
        mw.downloads = Downloads(mw)
        for cls in (CoreService, AuthService, ApiKeyService, RateLimitService):
            mw.add_service(cls(mw))
        if hasattr(mw.backend, "add_services"):  # a backend serving the appliance itself (the remote appliance)
            mw.backend.add_services(mw)
        setups = load_services(mw, packages_to_load(s))
        await run_setups(mw, setups)
        mw.set_reboot_handler(self.reboot)
        # TrueNAS imports the pools and then says `system.ready`; the host's box needs no import, so it is ready as
        # soon as every plugin is set up (plugins start their own work on this event, as on TrueNAS). A backend with
        # a box of its own to wait for (the remote appliance) is ready once the box is reached and says so itself.
        if hasattr(mw.backend, "until_ready"):
            mw.create_task(self.ready_after(mw.backend.until_ready()))
        else:
            self.ready()

        guard = HttpGuardSettings()
        self.runner = make_runner(make_app(mw, s), guard, access_log=None, handle_signals=False)
        await self.runner.setup()
        site = GuardedTCPSite(self.runner, s.host, s.port, reuse_address=True, ssl_context=ssl_context,
                              ssl_handshake_timeout=guard.header_timeout)
        await site.start()
        logger.info("serving %s (boot id %s, pid %d)", s.url, mw.boot_id, os.getpid())

    def tls_context(self):
        """The server's TLS context (the certificate made first when self-signed and missing), None without TLS."""
        paths = ensure_certificate(self.settings)
        if paths is None:
            return None
        context = server_context(*paths)
        logger.info("TLS certificate %s, SHA-256 %s", paths[0], fingerprint(paths[0]))
        return context

    def ready(self):
        self.middleware.system_state = 'READY'
        self.middleware.send_event('system.ready', 'ADDED')

    async def ready_after(self, until_ready):
        await until_ready
        self.ready()

    def stop(self, code=0):
        self.exit_code = code
        self._stop.set()

    async def reboot(self):
        """Let the job that asked (and others) finish, answer in-flight calls, then exit for a restart."""
        mw = self.middleware
        logger.info("reboot requested")
        loop = asyncio.get_running_loop()
        deadline = loop.time() + REBOOT_GRACE_SECONDS
        running = [j for j in mw.jobs.all().values() if j.state == State.RUNNING]
        if running:
            await asyncio.wait([asyncio.ensure_future(j._finished.wait()) for j in running],
                               timeout=max(0.0, deadline - loop.time()))
        busy = [c.slots.idle.wait() for c in mw.wsclients() if not c.slots.idle.is_set()]
        if busy:
            await asyncio.wait([asyncio.ensure_future(b) for b in busy], timeout=max(0.0, deadline - loop.time()))
        self.stop(REBOOT_EXIT_CODE)

    async def close(self):
        mw = self.middleware
        if mw is not None:
            for conn in mw.wsclients():
                try:
                    await asyncio.wait_for(conn.flush_and_close(WSCloseCode.SERVICE_RESTART, b"going away"), 2)
                except Exception:
                    pass
        if self.runner is not None:
            await self.runner.cleanup()
        if mw is not None:
            backend_close = getattr(mw.backend, "close", None)
            if callable(backend_close):
                try:
                    closing = backend_close()
                    if asyncio.iscoroutine(closing):
                        await closing
                except Exception:
                    logger.warning("backend close failed", exc_info=True)
            mw.shutdown()

    async def run(self):
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGTERM, signal.SIGINT):
            loop.add_signal_handler(sig, self.stop, 0)
        try:
            await self.start()
            await self._stop.wait()
        finally:
            await self.close()
        return self.exit_code


def main(argv=None):
    settings = parse_settings(argv)
    setup_logging(settings, "host")
    if not pin_mmap_threshold():
        logger.info("mallopt not available: memory of large transient buffers may stay with worker threads")
    try:
        code = asyncio.run(Host(settings).run())
    except HostStartError as e:
        logger.error("cannot start: %s", e)
        code = 2
    except Exception:
        logger.exception("host failed")
        code = 1
    logging.shutdown()
    sys.exit(code)


if __name__ == "__main__":
    main()
