"""One websocket connection (middlewared's "app"): session, options, subscriptions, outgoing messages, and the
TrueNAS JSON-RPC error format."""
import asyncio
import base64
import errno
import logging
import pickle
import traceback
import uuid

from ..runtime.errors import get_errname
from . import jsonenc
from .authz import job_access_error

logger = logging.getLogger("tuning_host.server")

# JSON-RPC error codes used by TrueNAS (truenas_api_client.jsonrpc.JSONRPCError).
INVALID_JSON = -32700
INVALID_REQUEST = -32600
METHOD_NOT_FOUND = -32601
INVALID_PARAMS = -32602
INTERNAL_ERROR = -32603
TOO_MANY_CONCURRENT_CALLS = -32000
CALL_ERROR = -32001

SOFT_LIMIT = 10  # calls running at once per connection
HARD_LIMIT = 20  # calls running or waiting per connection; beyond that -32000
OUTGOING_LIMIT = 64  # answers owed on one connection (queued to go out, or calls under way) before its reader waits


class TooManyCalls(Exception):
    pass


class CallSlots:
    """At most SOFT_LIMIT calls run; at most HARD_LIMIT are admitted (running + waiting)."""

    def __init__(self, soft=SOFT_LIMIT, hard=HARD_LIMIT):
        self.hard = hard
        self.admitted = 0
        self._sem = asyncio.Semaphore(soft)
        self.idle = asyncio.Event()
        self.idle.set()

    async def __aenter__(self):
        if self.admitted >= self.hard:
            raise TooManyCalls(self.hard)
        self.admitted += 1
        self.idle.clear()
        try:
            await self._sem.acquire()
        except BaseException:
            self._leave()
            raise

    async def __aexit__(self, *exc):
        self._leave()
        self._sem.release()

    def _leave(self):
        self.admitted -= 1
        if self.admitted == 0:
            self.idle.set()


def format_trace(exc_info):
    etype, value, tb = exc_info
    frames = []
    for fs in traceback.extract_tb(tb):
        frames.append({"filename": fs.filename, "lineno": fs.lineno, "method": fs.name, "line": fs.line,
                       "argspec": [], "locals": {}})
    return {"class": etype.__name__, "frames": frames,
            "formatted": "".join(traceback.format_exception(etype, value, tb)), "repr": repr(value)}


class Connection:
    def __init__(self, middleware, ws, remote_addr):
        self.middleware = middleware
        self.ws = ws
        self.remote_addr = remote_addr
        self.session_id = str(uuid.uuid4())
        self.websocket = True
        self.authenticated = False
        self.authenticated_credentials = None
        self.legacy_jobs = True
        self.private_methods = False
        self.py_exceptions = False
        self.subscriptions = {}  # ident -> event name
        self.slots = CallSlots()
        self._outgoing = asyncio.Queue()
        self._calls = 0          # calls read and not yet answered: their answers are owed too
        self._caught_up = None   # the future the reader waits on while too much waits to go out
        self._loop = asyncio.get_running_loop()
        self._writer = self._loop.create_task(self._write_loop())
        self.closed = False

    # ---- output ----

    async def _write_loop(self):
        try:
            while True:
                data = await self._outgoing.get()
                if data is None:
                    return
                try:
                    await self.ws.send_str(data)
                except Exception:
                    self.closed = True
                    return
                if self._caught_up is not None and not self.backlogged():
                    self._wake_reader()
        finally:
            self._wake_reader()

    def _wake_reader(self):
        if self._caught_up is not None:
            if not self._caught_up.done():
                self._caught_up.set_result(None)
            self._caught_up = None

    def backlogged(self):
        """Whether more than OUTGOING_LIMIT answers are owed (waiting to go out, or of calls still under way) while
        the writer still sends. Calls count too: the reader can read a client's buffered requests faster than their
        tasks run, and nothing would wait to go out yet."""
        return self._outgoing.qsize() + self._calls > OUTGOING_LIMIT and not self._writer.done()

    def call_started(self):
        self._calls += 1

    def call_ended(self):
        self._calls -= 1
        if self._caught_up is not None and not self.backlogged():
            self._wake_reader()

    async def caught_up(self):
        """Return once the writer has caught up (see `backlogged`) or has stopped. The reader waits here, so a
        client that does not read its answers is not read either, and what waits for it stays bounded."""
        while self.backlogged():
            self._caught_up = self._loop.create_future()
            await self._caught_up

    def send(self, message):
        """Queue a message; messages go out in the order they were queued (event-loop thread)."""
        if self.closed:
            return
        try:
            data = jsonenc.dumps(message)
        except Exception as e:
            logger.error("Failed to JSON serialize server message: %s", e, exc_info=True)
            if "id" in message:
                self.send_error(message.get("id"), INTERNAL_ERROR, "Failed to JSON serialize server message",
                                self.format_error(errno.EFAULT, str(e)))
            return
        self._outgoing.put_nowait(data)

    async def flush_and_close(self, code, message=b""):
        """Send what is queued, then close the socket."""
        self._outgoing.put_nowait(None)
        try:
            await self._writer
        finally:
            self.closed = True
            await self.ws.close(code=code, message=message)

    async def close_within(self, code, message, seconds):
        """Close now with `code`, dropping what waits to go out; the socket itself is dropped if the peer has not
        answered the close within `seconds` (a caller closed for holding a slot holds it no longer)."""
        self.abort_writer()
        try:
            await asyncio.wait_for(self.ws.close(code=code, message=message), seconds)
        except asyncio.TimeoutError:
            pass   # cancelled, ws.close() has closed the transport itself
        except ConnectionError:
            pass   # the peer has gone already

    def abort_writer(self):
        self.closed = True
        self._writer.cancel()

    def send_result(self, id_, result):
        self.send({"jsonrpc": "2.0", "result": result, "id": id_})

    def send_error(self, id_, code, message, data=None):
        error = {"code": code, "message": message}
        if data is not None:
            error["data"] = data
        self.send({"jsonrpc": "2.0", "error": error, "id": id_})

    def format_error(self, errno_, reason, exc_info=None, extra=None):
        data = {"error": errno_, "errname": get_errname(errno_), "reason": reason,
                "trace": format_trace(exc_info) if exc_info else None, "extra": extra}
        if self.py_exceptions and exc_info:
            try:
                data["py_exception"] = base64.b64encode(pickle.dumps(exc_info[1])).decode()
            except Exception:
                logger.debug("Error pickling py_exception", exc_info=True)
        return data

    def send_call_error(self, id_, errno_, reason, exc_info=None, extra=None):
        self.send_error(id_, CALL_ERROR, "Method call error", self.format_error(errno_, reason, exc_info, extra))

    def send_validation_error(self, id_, exc_info, errors):
        self.send_error(id_, INVALID_PARAMS, "Invalid params",
                        self.format_error(errno.EINVAL, str(exc_info[1]), exc_info, [list(e) for e in errors]))

    # ---- events ----

    def subscribe(self, ident, name):
        self.subscriptions[ident] = name

    def unsubscribe(self, ident):
        self.subscriptions.pop(ident, None)

    def wants(self, name):
        subs = self.subscriptions.values()
        return name in subs or "*" in subs

    def may_read_job(self, job):
        return self.authenticated and job_access_error(self.authenticated_credentials, job, write=False) is None

    def send_event(self, name, event_type, **kwargs):
        if not self.authenticated or not self.wants(name):
            return
        event = {"msg": event_type.lower(), "collection": name}
        kwargs = dict(kwargs)
        if "id" in kwargs:
            event["id"] = kwargs.pop("id")
        if event_type in ("ADDED", "CHANGED") and "fields" in kwargs:
            event["fields"] = kwargs.pop("fields")
        if kwargs:
            event["extra"] = kwargs
        self.send({"jsonrpc": "2.0", "method": "collection_update", "params": event})

    def notify_unsubscribed(self, collection, error=None):
        self.send({"jsonrpc": "2.0", "method": "notify_unsubscribed",
                   "params": {"collection": collection, "error": error}})
