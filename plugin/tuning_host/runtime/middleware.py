"""The Middleware object services see as `self.middleware`: registry, calls, jobs, events, audit."""
import asyncio
import concurrent.futures
import errno
import json
import functools
import logging
import multiprocessing
import os
import threading
import uuid
from datetime import datetime, timezone

from .audit_trail import audit_files, refusal_bound, refused_caller, summary
from .errors import ENOMETHOD, CallError
from .jobs import Job, JobsQueue
from .logfile import append_rotating
from .pipes import Pipe

__all__ = ["Middleware", "MethodNotFound"]

IO_THREADS = 20
# middlewared 25.10's process pool (main.py): CPU-heavy pure work runs there, off the GIL the event loop needs
PROC_WORKERS = 5
PROC_TASKS_PER_CHILD = 100


class MethodNotFound(CallError, KeyError):
    """No service or method of that name: a CallError with ENOMETHOD, as middlewared's own (so plugin code that
    probes for an optional service behaves alike in both hosts), and a KeyError for the host's lookups."""

    def __init__(self, name):
        CallError.__init__(self, f"Method {name!r} does not exist", ENOMETHOD)
        self.name = name


class Middleware:
    """Service registry and call dispatcher with middlewared's calling conventions.

    Sync methods run in a thread pool, coroutines on the loop; calling a @job method returns a `Job`.
    Internal calls pass no `app` (no authentication); arguments of `api_method`s are still validated by the
    method's own wrapper, exactly as in middlewared.
    """

    def __init__(self, data_dir, *, logger=None, strict_results=False):
        self.data_dir = os.path.abspath(data_dir)
        self.system_state = 'BOOTING'  # `system.state`; READY once every plugin is set up (server/host.py)
        self.logger = logger or logging.getLogger("tuning_host")
        self.strict_results = strict_results
        self.backend = None
        self.boot_id = str(uuid.uuid4())
        self.loop = None
        self._loop_thread = None
        self.executor = concurrent.futures.ThreadPoolExecutor(IO_THREADS, thread_name_prefix="IoThread")
        self._procpool = None   # created at the first run_in_proc; its workers start on demand
        self._services = {}  # namespace -> [service objects]; several parts merge like a CompoundService
        self._methods = {}   # "ns.method" -> (service, bound method)
        self.events = {}
        self._event_subs = {}
        self._wsclients = {}
        self._hooks = {}
        self._audit_lock = threading.Lock()
        self._refusals = refusal_bound()   # refused calls written whole per caller; the rest summarised
        self._audit_timer = None
        self.jobs = None
        self.downloads = None  # the host's server sets its job-output downloads (core.download, /_download)
        self.reboot_requested = False
        self._reboot_handler = None
        self._tasks = set()
        self.event_register("core.get_jobs", "Updates on job changes.", no_authz_required=True)

    # ---- loop ----

    def attach_loop(self, loop=None):
        """Bind to the running event loop (call from it before serving)."""
        self.loop = loop or asyncio.get_running_loop()
        self._loop_thread = threading.get_ident()
        self.jobs = JobsQueue(self)

    def in_loop_thread(self):
        return threading.get_ident() == self._loop_thread

    # ---- registry ----

    def add_service(self, service):
        ns = service._config.namespace
        parts = self._services.setdefault(ns, [])
        for name in _callable_names(service):
            key = f"{ns}.{name}"
            if key in self._methods:
                raise ValueError(f"{key}: defined by both {type(self._methods[key][0]).__name__} and "
                                 f"{type(service).__name__}")
            self._methods[key] = (service, getattr(service, name))
        parts.append(service)

    def get_service(self, namespace):
        """The service of `namespace` (the first part, when several classes share it)."""
        try:
            return self._services[namespace][0]
        except KeyError:
            raise KeyError(f"Service {namespace!r} not found") from None

    def get_services(self):
        return {ns: parts[0] for ns, parts in self._services.items()}

    def service_parts(self):
        return dict(self._services)

    def get_method(self, name):
        try:
            return self._methods[name]
        except KeyError:
            raise MethodNotFound(name) from None

    def has_method(self, name):
        return name in self._methods

    def method_names(self):
        return list(self._methods)

    # ---- calls ----

    def _prepare(self, name, serviceobj, methodobj, params, app, message_id, pipes=None):
        """Build the positional args, or a Job for @job methods (event-loop thread only for jobs)."""
        args = []
        pass_app = getattr(methodobj, "_pass_app", None)
        if pass_app is not None:
            if pass_app["require"] and app is None:
                raise CallError("`app` is required")
            args.append(app)
        if getattr(methodobj, "audit_callback", None):
            args.append(lambda message: None)
        if pass_app is not None and pass_app["message_id"]:
            args.append(message_id)
        options = getattr(methodobj, "_job", None)
        if options is not None:
            job = Job(self, name, serviceobj, methodobj, params, options, app, message_id, pipes)
            queued = self.jobs.add(job)
            if pipes is not None and queued is not job:
                # The lock queue was full and handed back an earlier job: it cannot use the caller's pipes.
                raise CallError(f"{name}: too many jobs queued; try again when one has finished", errno.EBUSY)
            return queued, None
        args.extend(params)
        return None, args

    async def call_method(self, name, serviceobj, methodobj, params, *, app=None, message_id=None, pipes=None):
        job, args = self._prepare(name, serviceobj, methodobj, params, app, message_id, pipes)
        if job is not None:
            return job
        if asyncio.iscoroutinefunction(methodobj):
            return await methodobj(*args)
        return await self.loop.run_in_executor(self.executor, lambda: methodobj(*args))

    async def call(self, name, *params, app=None, message_id=None, pipes=None):
        """Call `name` with positional `params`. A @job method returns its Job (await `job.wait()`); `pipes`
        (a `Pipes`, see `pipe()`) are the pipes opened for it."""
        serviceobj, methodobj = self.get_method(name)
        return await self.call_method(name, serviceobj, methodobj, params, app=app, message_id=message_id,
                                      pipes=pipes)

    def pipe(self, buffered=False):
        """A new `Pipe` to hand to a piped job: `Pipes(output=middleware.pipe())`."""
        return Pipe(self, buffered)

    def call_sync(self, name, *params, app=None, pipes=None):
        """`call` for threads (never from the event-loop thread). A sync method runs in the calling thread."""
        if self.in_loop_thread():
            raise RuntimeError("You cannot use call_sync from main thread")
        serviceobj, methodobj = self.get_method(name)
        if getattr(methodobj, "_job", None) is None and not asyncio.iscoroutinefunction(methodobj):
            _, args = self._prepare(name, serviceobj, methodobj, params, app, None)
            return methodobj(*args)
        return self.run_coroutine(self.call(name, *params, app=app, pipes=pipes))

    def run_coroutine(self, coro, wait=True):
        """Run `coro` on the loop from another thread; wait for its result unless `wait=False`."""
        if self.in_loop_thread():
            raise RuntimeError("You cannot use run_coroutine from main thread")
        fut = asyncio.run_coroutine_threadsafe(coro, self.loop)
        return fut.result() if wait else fut

    async def run_in_thread(self, fn, *args, **kwargs):
        if kwargs:
            return await self.loop.run_in_executor(self.executor, lambda: fn(*args, **kwargs))
        return await self.loop.run_in_executor(self.executor, fn, *args)

    async def run_in_executor(self, executor, fn, *args, **kwargs):
        return await self.loop.run_in_executor(executor, lambda: fn(*args, **kwargs))

    async def run_in_proc(self, fn, *args, **kwargs):
        """`fn(*args, **kwargs)` in a worker process, as middlewared's run_in_proc: for CPU-heavy pure work, which in
        a thread would hold the GIL the event loop needs. `fn` must be a module-level function (pickled by name; the
        worker imports its module and no more) and its arguments and result picklable. A pool broken by a worker
        that died is replaced and the call tried once more; a second break raises BrokenProcessPool."""
        call = functools.partial(fn, *args, **kwargs)
        for attempt in range(2):
            pool = self._procpool or self._new_procpool()
            try:
                return await self.loop.run_in_executor(pool, call)
            except concurrent.futures.process.BrokenProcessPool:
                if attempt:
                    raise
                self.logger.warning("A worker process died (%s): starting a new process pool",
                                    getattr(fn, "__qualname__", fn))
                if self._procpool is pool:   # calls failing together replace it once
                    pool.shutdown(wait=False, cancel_futures=True)
                    self._procpool = None

    def _new_procpool(self):
        # spawn, not fork: a forked child would inherit the loop, its sockets and locks held by other threads
        self._procpool = concurrent.futures.ProcessPoolExecutor(
            PROC_WORKERS, mp_context=multiprocessing.get_context("spawn"), max_tasks_per_child=PROC_TASKS_PER_CHILD)
        return self._procpool

    def create_task(self, coro):
        """Start `coro` on the loop and keep a reference until it ends (from any thread)."""
        if not self.in_loop_thread():
            return asyncio.run_coroutine_threadsafe(coro, self.loop)
        task = self.loop.create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._task_done)
        return task

    def _task_done(self, task):
        self._tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            self.logger.error("Task failed", exc_info=task.exception())

    # ---- events ----

    def event_register(self, name, description, *, private=False, returns=None, models=None, roles=None,
                       no_auth_required=False, no_authz_required=False):
        self.events[name] = {"description": description, "private": private, "models": models,
                             "roles": list(roles or []), "no_auth_required": no_auth_required,
                             "no_authz_required": no_authz_required}

    def event_subscribe(self, name, handler):
        """Internal subscription: `await handler(middleware, event_type, kwargs)` for each event `name`."""
        self._event_subs.setdefault(name, []).append(handler)

    def send_event(self, name, event_type, **kwargs):
        """Send `collection_update` to subscribed connections and run internal handlers (any thread)."""
        if event_type not in ("ADDED", "CHANGED", "REMOVED"):
            raise ValueError(f"Invalid event type {event_type!r}")
        if name not in self.events:
            self.logger.warning("Event %r not registered.", name)
        if self.loop is None:
            return
        if self.in_loop_thread():
            self._dispatch_event(name, event_type, kwargs)
        else:
            self.loop.call_soon_threadsafe(self._dispatch_event, name, event_type, kwargs)

    def _dispatch_event(self, name, event_type, kwargs):
        # `should_send_event(client)` picks the connections an event is for (a job's events: those who may read it)
        should_send_event = kwargs.pop("should_send_event", None)
        for client in list(self._wsclients.values()):
            try:
                if should_send_event is None or should_send_event(client):
                    client.send_event(name, event_type, **kwargs)
            except Exception:
                self.logger.warning("Failed to send event %s", name, exc_info=True)
        for handler in self._event_subs.get(name, []):
            self.create_task(self._run_handler(name, handler, event_type, kwargs))

    async def _run_handler(self, name, handler, event_type, kwargs):
        try:
            await handler(self, event_type, kwargs)
        except Exception:
            self.logger.error("%s: Unhandled exception in event handler", name, exc_info=True)

    def has_listeners(self, name):
        """Whether anyone would receive event `name` (lets hot paths skip building the payload)."""
        if name in self._event_subs:
            return True
        return any(c.authenticated and c.wants(name) for c in list(self._wsclients.values()))

    def register_wsclient(self, client):
        self._wsclients[client.session_id] = client

    def unregister_wsclient(self, client):
        self._wsclients.pop(client.session_id, None)

    def wsclients(self):
        return list(self._wsclients.values())

    # ---- hooks ----

    def register_hook(self, name, method, *, sync=True, **kwargs):
        self._hooks.setdefault(name, []).append((method, sync))

    async def call_hook(self, name, *args, **kwargs):
        for method, sync in self._hooks.get(name, []):
            try:
                coro = method(self, *args, **kwargs)
                if sync:
                    await coro
                else:
                    self.create_task(coro)
            except Exception:
                self.logger.error("Failed to run hook %s", name, exc_info=True)

    # ---- audit ----

    async def log_audit_message(self, app, event, event_data, success):
        """Append one JSON line to `<data_dir>/audit.log` (logins to `audit-auth.log` too); a caller's refused calls
        past its share are counted and summarised instead (runtime/audit_trail.py)."""
        creds = getattr(app, "authenticated_credentials", None) if app is not None else None
        user = creds["username"] if creds else None
        addr = getattr(app, "remote_addr", None) or "127.0.0.1"
        records = [self._summary_record(s) for s in self._refusals.take_ended(self.loop.time())]
        caller = refused_caller(event, event_data, user, addr)
        if caller is None or self._refusals.admit(caller, self.loop.time(), event_data.get("method"), (user, addr)):
            records.append(self._audit_record(event, event_data, success, user, addr,
                                              getattr(app, "session_id", None)))
        else:
            self._summarise_later()
        if records:
            await self.run_in_thread(self._append_audit, records)

    @staticmethod
    def _audit_record(event, event_data, success, user, addr, session_id):
        """(file names, JSON line) of one audit record."""
        return audit_files(event), json.dumps({
            "aid": str(uuid.uuid4()),
            "time": datetime.now(timezone.utc).isoformat(),
            "addr": addr,
            "user": user,
            "sess": session_id,
            "svc": "MIDDLEWARE",
            "event": event,
            "event_data": event_data,
            "success": bool(success),
        }, default=str)

    def _summary_record(self, repeats):
        user, addr, event_data = summary(repeats)
        return self._audit_record("METHOD_CALL", event_data, False, user, addr, None)

    def _summarise_later(self):
        """Write the summaries when their windows end, even if the caller says nothing more."""
        if self._audit_timer is not None or (end := self._refusals.next_end()) is None:
            return
        # a little after the end: the loop may run a timer up to its clock's resolution early
        self._audit_timer = self.loop.call_at(end + 0.01, self._write_ended_summaries)

    def _write_ended_summaries(self):
        self._audit_timer = None
        records = [self._summary_record(s) for s in self._refusals.take_ended(self.loop.time())]
        if records:
            self.create_task(self.run_in_thread(self._append_audit, records))
        self._summarise_later()

    def _append_audit(self, records):
        with self._audit_lock:
            for names, line in records:
                for name in names:
                    append_rotating(os.path.join(self.data_dir, name), line)

    # ---- lifecycle ----

    def set_reboot_handler(self, handler):
        """The host installs `handler()` (a coroutine function) that stops the process for a restart."""
        self._reboot_handler = handler

    def request_reboot(self):
        """Ask the host to restart (simulated reboot): running jobs get to finish their bookkeeping, connections
        close, the process exits with the reboot code and the supervisor starts a new one (new boot id).
        Callable from any thread; returns at once."""
        if self.reboot_requested:
            return
        self.reboot_requested = True
        if self._reboot_handler is None:
            raise CallError("This host cannot reboot (no supervisor)", errno.EOPNOTSUPP)
        if self.in_loop_thread():
            self.create_task(self._reboot_handler())
        else:
            self.loop.call_soon_threadsafe(lambda: self.create_task(self._reboot_handler()))

    def shutdown(self):
        if self._audit_timer is not None:
            self._audit_timer.cancel()
            self._audit_timer = None
        if pending := self._refusals.take_all():   # counts so far: a stop does not lose them
            self._append_audit([self._summary_record(s) for s in pending])
        self.executor.shutdown(wait=False, cancel_futures=True)
        if self._procpool is not None:
            self._procpool.shutdown(wait=False, cancel_futures=True)
            self._procpool = None


def _callable_names(service):
    names = []
    for name in dir(type(service)):
        if name.startswith("_") or name in ("middleware", "logger"):
            continue
        attr = getattr(type(service), name, None)
        if callable(attr) and not isinstance(attr, type):
            names.append(name)
    return names
