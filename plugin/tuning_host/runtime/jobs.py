"""Jobs: long-running calls with state, progress, locks, abort and waiting (middlewared's Job semantics)."""
import asyncio
import copy
import enum
import errno
import logging
import os
import subprocess
import threading
import traceback
from collections import OrderedDict
from datetime import datetime, timezone

from .errors import CallError, ValidationError, ValidationErrors
from .pipes import Pipes
from .validation import accept_params, rejected_arguments

logger = logging.getLogger("tuning_host.jobs")

MAX_JOBS_KEPT = 1000  # finished jobs beyond this many are dropped, oldest first (middlewared's JobsDeque maxlen)


class State(enum.Enum):
    WAITING = 1
    RUNNING = 2
    SUCCESS = 3
    FAILED = 4
    ABORTED = 5


FINISHED = (State.SUCCESS, State.FAILED, State.ABORTED)


def utc_now():
    return datetime.now(timezone.utc).replace(tzinfo=None)


def adapt_exception(exc):
    """A failed subprocess becomes a CallError carrying its command and output (as middlewared does)."""
    if isinstance(exc, subprocess.CalledProcessError):
        cmd = " ".join(exc.cmd) if isinstance(exc.cmd, (list, tuple)) else exc.cmd
        out = []
        for stream in (exc.stdout, exc.stderr):
            if isinstance(stream, bytes):
                stream = stream.decode("utf-8", "ignore")
            out.append(stream or "")
        return CallError(f"Command {cmd} failed (code {exc.returncode}):\n{''.join(out).rstrip()}")
    return None


class JobLock:
    """Jobs sharing a lock name run one at a time, in arrival order."""

    def __init__(self, name):
        self.name = name
        self.lock = asyncio.Lock()
        self.jobs = []  # unfinished jobs holding or waiting for the lock, in arrival order

    def waiting(self):
        return [j for j in self.jobs if j.state == State.WAITING]


class Job:
    """One run of a @job method. Created by the Middleware; the method receives it as `job`."""

    def __init__(self, middleware, method_name, serviceobj, method, args, options, app=None, message_id=None,
                 pipes=None):
        self.middleware = middleware
        self.method_name = method_name
        self.serviceobj = serviceobj
        self.method = method
        self.args = list(args)
        self.options = options
        self.app = app
        self.message_ids = [message_id] if message_id is not None else []
        self.pipes = pipes or Pipes()

        self.id = None
        self.lock = None
        self.state = State.WAITING
        self.result = None
        self.error = None
        self.exception = None
        self.exc_info = None
        self.aborted = False
        self.abort_event = threading.Event()
        self.description = None
        self.progress = {"percent": 0, "description": "", "extra": None}
        self.time_started = utc_now()
        self.time_finished = None
        self.logs_path = None
        self.logs_fd = None
        self.logs_excerpt = None
        self.wrapped = []
        self.internal_data = {}
        self.on_finish_cb = None

        self._finished = asyncio.Event()
        self._finished_sync = threading.Event()
        self._task = None
        self._body = None
        self._sync_body = not asyncio.iscoroutinefunction(method)

        if options.get("check_pipes", True):
            for name in options.get("pipes") or []:
                self.check_pipe(name)

        if options.get("description"):
            self.description = self._describe(options["description"])

    def _describe(self, description):
        """The job's description from its arguments once they are valid (with their defaults), as the method will
        see them; None when they are not (the job then fails on them, and a description built from what a caller
        sent would only fail or say something false). A description that fails on valid arguments is a bug."""
        accepts = getattr(self.method, "new_style_accepts", None)
        try:
            args = self.args if accepts is None else accept_params(accepts, self.args)
        except ValidationErrors as e:
            clear_frames(e)   # its frames hold the arguments, which a refused job keeps nothing of
            return None
        try:
            return description(*args)
        except Exception:
            logger.error("Error setting the description of %s", self.method_name, exc_info=True)
            return None

    # ---- inside the job ----

    def check_pipe(self, name):
        """Raise CallError (EINVAL) unless the caller opened pipe `name` (a job declared with `check_pipes=False`
        calls this itself, or tests `job.pipes.<name>`, when it can also run without the pipe). A caller's mistake
        (calling a download job without core.download), not an internal error."""
        if getattr(self.pipes, name, None) is None:
            raise CallError(f"Pipe {name!r} is not open", errno.EINVAL)

    def set_progress(self, percent=None, description=None, extra=None):
        """Update progress; only fields passed change. Sends `core.get_jobs` CHANGED when something changed."""
        changed = False
        if percent is not None:
            percent = int(percent)
            if self.progress["percent"] != percent:
                self.progress["percent"] = percent
                changed = True
        if description and self.progress["description"] != description:
            self.progress["description"] = description
            changed = True
        if extra and self.progress["extra"] != extra:
            self.progress["extra"] = extra
            changed = True
        if changed:
            self.send_changed_event()
        for outer in self.wrapped:
            outer.set_progress(**self.progress)

    def set_description(self, description):
        if self.description != description:
            self.description = description
            self.send_changed_event()

    def check_aborted(self):
        """For sync jobs (in a thread): raise `asyncio.CancelledError` once an abort was requested."""
        if self.aborted:
            raise asyncio.CancelledError()

    async def wrap(self, subjob, raise_error_forward_classes=(CallError,)):
        """Run `subjob` as part of this job: proxy its progress, return its result or raise its error."""
        self.set_progress(**subjob.progress)
        subjob.wrapped.append(self)
        return await subjob.wait(raise_error=True, raise_error_forward_classes=raise_error_forward_classes)

    def wrap_sync(self, subjob, raise_error_forward_classes=(CallError,)):
        self.set_progress(**subjob.progress)
        subjob.wrapped.append(self)
        return subjob.wait_sync(raise_error=True, raise_error_forward_classes=raise_error_forward_classes)

    # ---- outside the job ----

    def _raise_or_result(self, raise_error, forward):
        if raise_error and self.error:
            if isinstance(self.exc_info[1], forward):
                raise self.exc_info[1]
            raise CallError(self.error)
        return self.result

    async def wait(self, timeout=None, raise_error=False, raise_error_forward_classes=(CallError,)):
        """Wait for the job to end; return its result (None when aborted). With `raise_error`, a failure raises
        the original exception if it is one of `raise_error_forward_classes`, else `CallError(error)`."""
        if timeout is None:
            await self._finished.wait()
        else:
            await asyncio.wait_for(self._finished.wait(), timeout)
        return self._raise_or_result(raise_error, raise_error_forward_classes)

    def wait_sync(self, timeout=None, raise_error=False, raise_error_forward_classes=(CallError,)):
        """`wait` for threads."""
        if not self._finished_sync.wait(timeout):
            raise TimeoutError()
        return self._raise_or_result(raise_error, raise_error_forward_classes)

    def abort(self):
        """Request abort: a waiting job ends ABORTED without running; a running async job gets
        `asyncio.CancelledError`; a running sync job sees `aborted`/`abort_event` and `check_aborted()` raises."""
        if self.state in FINISHED:
            return
        self.aborted = True
        self.abort_event.set()
        loop = self.middleware.loop

        def cancel():
            if self.state == State.WAITING and self._task is not None:
                self._task.cancel()
            elif self._body is not None:
                self._body.cancel()

        if self.middleware.in_loop_thread():
            cancel()
        else:
            loop.call_soon_threadsafe(cancel)

    # ---- lifecycle (event loop) ----

    def get_lock_name(self):
        lock = self.options.get("lock")
        if callable(lock):
            try:
                lock = lock(self.args)
            except Exception:
                logger.error("Error handling job lock", exc_info=True)
                raise CallError("Error handling job lock. This is most likely caused by invalid call arguments.",
                                errno.EINVAL)
        return lock

    def _open_logs(self):
        logs_dir = os.path.join(self.middleware.data_dir, "jobs")
        os.makedirs(logs_dir, exist_ok=True)
        self.logs_path = os.path.join(logs_dir, f"{self.id}.log")
        self.logs_fd = open(self.logs_path, "wb", buffering=0)

    def _close_logs(self):
        if self.logs_fd is None:
            return
        self.logs_fd.close()
        try:
            with open(self.logs_path, encoding="utf-8", errors="ignore") as f:
                lines = f.readlines()
        except FileNotFoundError:
            self.logs_excerpt = "Log file was removed"
            return
        if len(lines) > 20:
            self.logs_excerpt = "%s... %d more lines ...\n%s" % ("".join(lines[:10]), len(lines) - 20,
                                                                 "".join(lines[-10:]))
        else:
            self.logs_excerpt = "".join(lines)

    def _run_sync_body(self, args):
        try:
            return False, self.method(*args)
        except asyncio.CancelledError:
            return True, None

    async def _execute(self):
        """Call the method with its own copy of the arguments (the job must not alter what core.get_jobs reports);
        returns its result. The copy lives only in this frame, cleared once the job has failed."""
        prepend = []
        if hasattr(self.method, "_pass_app"):
            prepend.append(self.app)
        prepend.append(self)
        if getattr(self.method, "audit_callback", None):
            prepend.append(lambda message: None)
        args = prepend + copy.deepcopy(self.args)
        try:
            if self._sync_body:
                aborted, result = await self.middleware.run_in_thread(self._run_sync_body, args)
                if aborted:
                    raise asyncio.CancelledError()
                return result
            self._body = asyncio.ensure_future(self.method(*args))
            return await self._body
        except Exception as e:
            adapted = adapt_exception(e)
            if adapted is not None:
                raise adapted from e
            raise

    def _fail(self, e):
        self.error = str(e)
        self.exception = "".join(traceback.format_exception(type(e), e, e.__traceback__))
        self.exc_info = (type(e), e, e.__traceback__)
        self._finish(State.FAILED)
        if isinstance(e, (CallError, ValidationError, ValidationErrors)):
            logger.info("Job %s %s failed: %s", self.id, self.method_name, e)
        else:
            logger.error("Job %s %s failed", self.id, self.method_name, exc_info=True)
        # The record keeps the error, not the finished frames' locals (which hold the arguments) ...
        clear_frames(e)
        if rejected_arguments(e):
            # ... and nothing of arguments its method never accepted (nor the description made from them).
            self.args = []
            self.description = None

    async def run(self, queue):
        acquired = False
        try:
            if self.lock is not None:
                await self.lock.lock.acquire()
                acquired = True
            if self.aborted:
                raise asyncio.CancelledError()
            self.state = State.RUNNING
            self.send_changed_event()
            if self.options.get("logs"):
                await self.middleware.run_in_thread(self._open_logs)

            self.result = await self._execute()
            self._finish(State.SUCCESS)
            # middlewared's set_progress(100, ''): the percent only (an empty description changes nothing there)
            self.progress["percent"] = 100
        except asyncio.CancelledError:
            self._finish(State.ABORTED)
        except Exception as e:
            self._fail(e)
        finally:
            if self.logs_fd is not None:
                await self.middleware.run_in_thread(self._close_logs)
            if self.pipes.input is not None or self.pipes.output is not None:
                # The reader of the output sees end-of-file only once the job is over (and its state is set).
                await self.middleware.run_in_thread(self.pipes.close_job_ends_sync)
            if acquired:
                self.lock.lock.release()
            queue.release(self)
            # The final event is queued before waiters resume, so it always precedes a reply sent on completion.
            self.send_changed_event()
            self._finished.set()
            self._finished_sync.set()
            if self.options.get("transient"):
                queue.remove(self.id)
            await self._run_on_finish()

    async def _run_on_finish(self):
        # One-shot, and out of run()'s frame (which the error's traceback keeps): the record must not keep what
        # the callback holds (the RPC layer's audit callback holds the call's parameters).
        on_finish, self.on_finish_cb = self.on_finish_cb, None
        if on_finish is not None:
            try:
                await on_finish(self)
            except Exception:
                logger.error("Job on-finish callback failed", exc_info=True)

    def _finish(self, state):
        self.state = state
        self.time_finished = utc_now()

    # ---- reporting ----

    def readable_by(self, client):
        """Whether connection `client` gets this job's events: only a logged-in session that may read the job (its
        owner, a full admin, or a holder of the job's read_roles), as middlewared's should_send_job_event."""
        return client.may_read_job(self)

    def send_changed_event(self):
        if (not self.options.get("transient") and self.id is not None
                and self.middleware.has_listeners("core.get_jobs")):
            self.middleware.send_event("core.get_jobs", "CHANGED", id=self.id, fields=self.encode(),
                                       should_send_event=self.readable_by)

    def _exc_info_dict(self):
        if not self.exc_info:
            return None
        etype, evalue = self.exc_info[0], self.exc_info[1]
        if isinstance(evalue, ValidationError):
            typ, err, extra = "VALIDATION", evalue.errno, [[evalue.attribute, evalue.errmsg, evalue.errno]]
        elif isinstance(evalue, ValidationErrors):
            typ, err, extra = "VALIDATION", None, [list(e) for e in evalue]
        elif isinstance(evalue, CallError):
            typ, err, extra = etype.__name__, evalue.errno, evalue.extra
        else:
            typ, err, extra = etype.__name__, None, None
        return {"repr": repr(evalue), "type": typ, "errno": err, "extra": extra}

    def encode(self):
        """The job as `core.get_jobs` reports it."""
        creds = None
        if self.app is not None and getattr(self.app, "authenticated_credentials", None):
            c = self.app.authenticated_credentials
            creds = {"type": c["type"], "data": {"username": c["username"]}}
        return {
            "id": self.id,
            "message_ids": list(self.message_ids),
            "method": self.method_name,
            "arguments": self.args,
            "transient": bool(self.options.get("transient")),
            "description": self.description,
            "abortable": bool(self.options.get("abortable")),
            "logs_path": self.logs_path,
            "logs_excerpt": self.logs_excerpt,
            "progress": dict(self.progress),
            "result": self.result if self.state == State.SUCCESS else None,
            "result_encoding_error": None,
            "error": self.error,
            "exception": self.exception,
            "exc_info": self._exc_info_dict(),
            "state": self.state.name,
            "time_started": self.time_started,
            "time_finished": self.time_finished,
            "credentials": creds,
        }


class JobsQueue:
    """All jobs by id (the newest `MAX_JOBS_KEPT`), their locks, and scheduling."""

    def __init__(self, middleware):
        self.middleware = middleware
        self.jobs = OrderedDict()
        self.locks = {}
        self._next_id = 0

    def get(self, job_id):
        return self.jobs.get(job_id)

    def __getitem__(self, job_id):
        return self.jobs[job_id]

    def all(self):
        return dict(self.jobs)

    def add(self, job):
        """Register and schedule `job` (event-loop thread). May return an already queued job instead (queue full),
        or raise EBUSY (`lock_queue_size=0` and the lock is taken)."""
        name = job.get_lock_name()
        queue_size = job.options.get("lock_queue_size")
        if name is not None:
            lock = self.locks.get(name)
            if lock is not None and queue_size is not None:
                if queue_size == 0:
                    if lock.jobs:
                        raise CallError("This job is already being performed", errno.EBUSY)
                else:
                    waiting = lock.waiting()
                    if len(waiting) >= queue_size:
                        queued = waiting[-1]
                        if job.message_ids:
                            queued.message_ids += job.message_ids
                            queued.send_changed_event()
                        return queued
            if lock is None:
                lock = self.locks[name] = JobLock(name)
            lock.jobs.append(job)
            job.lock = lock

        self._next_id += 1
        job.id = self._next_id
        self._trim()
        self.jobs[job.id] = job
        if not job.options.get("transient") and self.middleware.has_listeners("core.get_jobs"):
            self.middleware.send_event("core.get_jobs", "ADDED", id=job.id, fields=job.encode(),
                                       should_send_event=job.readable_by)
        job._task = self.middleware.loop.create_task(job.run(self))
        return job

    def release(self, job):
        lock = job.lock
        if lock is None:
            return
        if job in lock.jobs:
            lock.jobs.remove(job)
        if not lock.jobs and self.locks.get(lock.name) is lock:
            del self.locks[lock.name]

    def remove(self, job_id):
        self.jobs.pop(job_id, None)

    def _trim(self):
        if len(self.jobs) < MAX_JOBS_KEPT:
            return
        for job_id, old in self.jobs.items():
            if old.state in FINISHED:
                del self.jobs[job_id]
                if old.logs_path is not None:
                    # the log goes with its job, or <data>/jobs grows for ever
                    self.middleware.create_task(self.middleware.run_in_thread(_unlink, old.logs_path))
                return


def clear_frames(exc):
    """Drop the locals of the finished frames in the tracebacks of `exc` and of the exceptions chained to it
    (running frames are left alone); their code and line numbers stay for the reported trace."""
    seen, pending = set(), [exc]
    while pending:
        e = pending.pop()
        if e is None or id(e) in seen:
            continue
        seen.add(id(e))
        traceback.clear_frames(e.__traceback__)
        pending += [e.__cause__, e.__context__]


def _unlink(path):
    try:
        os.unlink(path)
    except FileNotFoundError:
        pass
