"""JSON-RPC 2.0 over websocket at /api/current, with middlewared's message handling and error format."""
import asyncio
import errno
import logging
import os
import reprlib
import sys

from aiohttp import WSCloseCode, WSMsgType, web

from ..runtime.errors import CallError, CallException, ValidationError, ValidationErrors
from ..runtime.jobs import Job, State, adapt_exception
from ..runtime.validation import serialize_result
from . import limits
from .audit import audit_method_call
from .auth import end_connection_token
from .authz import authorize_call
from .connection import (CALL_ERROR, INVALID_JSON, INVALID_REQUEST, METHOD_NOT_FOUND, TOO_MANY_CONCURRENT_CALLS,
                         Connection, TooManyCalls)

logger = logging.getLogger("tuning_host.server")

# aiohttp stops reading a frame past this many bytes (limits.AUTHENTICATED_BYTES counts characters: up to 4 bytes each)
MAX_FRAME_BYTES = 4 * limits.AUTHENTICATED_BYTES
_NO_ID = object()


_repr = reprlib.Repr()   # Python 3.11 has no keyword arguments for it
_repr.maxlevel, _repr.maxstring, _repr.maxother = 3, 80, 80


def _short_repr(params):
    """Parameters for a log line: enough to recognise the call, never the whole (up to 64 KiB) message."""
    return _repr.repr(params)


def _echoable(id_):
    """An id that can be sent back as it came."""
    return id_ is None or isinstance(id_, int) or (isinstance(id_, str) and limits.text_problem(id_) is None)


def validate_message(message):
    """Raise ValueError unless `message` is a JSON-RPC 2.0 request; defaults `params` to []."""
    if not isinstance(message, dict):
        raise ValueError("Request must be an object")
    if "jsonrpc" not in message:
        raise ValueError("Missing 'jsonrpc' member")
    if message["jsonrpc"] != "2.0":
        raise ValueError("'jsonrpc' member must be of type string and must be exactly '2.0'")
    if "id" in message and not isinstance(message["id"], (type(None), int, str)):
        raise ValueError("'id' member must be of type null, string or number")
    if "id" in message and not _echoable(message["id"]):
        raise ValueError("'id' member must be text that can be encoded as UTF-8")
    if "method" not in message:
        raise ValueError("Missing 'method' member")
    if not isinstance(message["method"], str) or not message["method"]:
        raise ValueError("'method' member must be of type string")
    if "params" not in message:
        message["params"] = []
    elif not isinstance(message["params"], list):
        raise ValueError("'params' member must be of type array")


class AnonymousConnections:
    """Bounds what callers that have not logged in hold, without refusing anyone: who connects is known only after
    login, so a new connection always gets in, and past limits.ANONYMOUS_PER_ADDRESS from its address or
    limits.ANONYMOUS_CONNECTIONS in all, the oldest anonymous connection of its address, or of the address holding
    the most, is closed instead (1013, see limits.Slots). One that has not logged in within the login timeout is
    closed too (1008). Logged-in connections are never counted nor closed here."""

    def __init__(self, middleware):
        self.middleware = middleware
        self.slots = limits.Slots(limits.ANONYMOUS_PER_ADDRESS, limits.ANONYMOUS_CONNECTIONS)
        self.timers = {}
        # tests shorten it (a login timeout is a wait of a minute otherwise)
        self.login_timeout = float(os.environ.get("TUNING_LOGIN_TIMEOUT_SECONDS", limits.LOGIN_TIMEOUT_SECONDS))

    def opened(self, conn):
        for gone in [c for c in self.slots if c.authenticated or c.closed]:
            self.closed(gone)   # logged in since it came: no longer anonymous
        for victim in self.slots.add(conn, limits.address_key(conn.remote_addr)):
            self._close(victim, WSCloseCode.TRY_AGAIN_LATER, b"Too many unauthenticated connections")
        self.timers[conn] = asyncio.get_running_loop().call_later(self.login_timeout, self._expire, conn)

    def closed(self, conn):
        self.slots.discard(conn)
        if timer := self.timers.pop(conn, None):
            timer.cancel()

    def _close(self, conn, code, message):
        self.closed(conn)
        self.middleware.create_task(conn.close_within(code, message, limits.CLOSE_SECONDS))

    def _expire(self, conn):
        self.timers.pop(conn, None)
        if not conn.authenticated and not conn.closed:
            self._close(conn, WSCloseCode.POLICY_VIOLATION, b"Login timeout")


class RpcHandler:
    def __init__(self, middleware):
        self.middleware = middleware
        self.anonymous = AnonymousConnections(middleware)

    async def handle(self, request):
        ws = web.WebSocketResponse(max_msg_size=MAX_FRAME_BYTES, heartbeat=None)
        await ws.prepare(request)
        conn = Connection(self.middleware, ws, request.remote)
        self.middleware.register_wsclient(conn)
        self.anonymous.opened(conn)
        try:
            async for msg in ws:
                if msg.type == WSMsgType.ERROR:
                    logger.debug("Websocket error: %r", msg.data)   # e.g. a frame over MAX_FRAME_BYTES: aiohttp closed it
                    break
                if msg.type != WSMsgType.TEXT:
                    await ws.close(code=WSCloseCode.UNSUPPORTED_DATA,
                                   message=f"Invalid websocket message type: {msg.type!r}".encode())
                    break
                try:
                    message = limits.parse_message(conn.authenticated, msg.data)
                except limits.MsgSizeError as e:
                    await conn.flush_and_close(e.close_code, e.close_message.encode())
                    break
                except ValueError as e:
                    conn.send_error(None, INVALID_JSON, str(e))
                    continue
                self.process_message(conn, message)
                if conn.backlogged():
                    await conn.caught_up()
        finally:
            self.anonymous.closed(conn)
            end_connection_token(self.middleware, conn)
            self.middleware.unregister_wsclient(conn)
            if not conn.closed:
                conn.abort_writer()
        return ws

    def process_message(self, conn, message):
        """Refuse the call in `message` or start it in a task of its own."""
        try:
            validate_message(message)
        except ValueError as e:
            # An invalid request is answered even without an id (JSON-RPC 2.0: with id null); only a valid
            # notification goes unanswered.
            id_ = message.get("id") if isinstance(message, dict) else None
            conn.send_error(id_ if _echoable(id_) else None, INVALID_REQUEST, str(e))
            return
        id_ = message.get("id", _NO_ID)
        name = message["method"]
        if self.middleware.reboot_requested:
            if id_ is not _NO_ID:
                conn.send_call_error(id_, errno.ESHUTDOWN, "[ESHUTDOWN] The system is rebooting")
            return
        try:
            serviceobj, methodobj = self.middleware.get_method(name)
        except KeyError:
            serviceobj = methodobj = None
        if methodobj is None or (self._is_private(serviceobj, methodobj) and not conn.private_methods):
            if id_ is not _NO_ID:
                conn.send_error(id_, METHOD_NOT_FOUND, "Method does not exist")
            return
        conn.call_started()
        self.middleware.create_task(self.process_call(conn, id_, name, serviceobj, methodobj, message["params"]))

    @staticmethod
    def _refuse_hostile(methodobj, params):
        """Values nothing downstream can hold are refused here, named by their field, before anything (audit,
        job record, log) keeps them."""
        model = getattr(methodobj, "new_style_accepts", None)
        names = [f.alias or n for n, f in model.model_fields.items()] if model is not None else []
        problems = limits.params_problems(params, names)
        if problems:
            verrors = ValidationErrors()
            for where, problem in problems[:20]:
                verrors.add(where, problem)
            raise verrors

    @staticmethod
    def _is_private(serviceobj, methodobj):
        return getattr(methodobj, "_private", False) or serviceobj._config.private

    async def process_call(self, conn, id_, name, serviceobj, methodobj, params):
        try:
            await self._answer_call(conn, id_, name, serviceobj, methodobj, params)
        finally:
            conn.call_ended()

    async def _answer_call(self, conn, id_, name, serviceobj, methodobj, params):
        reply = id_ is not _NO_ID
        try:
            async with conn.slots:
                result = await self.call(conn, id_, name, serviceobj, methodobj, params)
        except TooManyCalls as e:
            if reply:
                conn.send_error(id_, TOO_MANY_CONCURRENT_CALLS,
                                f"Maximum number of concurrent calls ({e.args[0]}) has exceeded")
        except ValidationError as e:
            if reply:
                conn.send_validation_error(id_, sys.exc_info(), [(e.attribute, e.errmsg, e.errno)])
        except ValidationErrors as e:
            if reply:
                conn.send_validation_error(id_, sys.exc_info(), list(e))
        except CallException as e:
            if reply:
                conn.send_call_error(id_, e.errno, str(e), sys.exc_info(), e.extra)
        except Exception as e:
            adapted = adapt_exception(e)
            if reply:
                if adapted is not None:
                    conn.send_call_error(id_, adapted.errno, str(adapted), sys.exc_info(), adapted.extra)
                else:
                    conn.send_call_error(id_, errno.EINVAL, str(e) or repr(e), sys.exc_info())
            if adapted is None and not conn.py_exceptions:
                logger.warning("Exception while calling %s(*%s)", name, _short_repr(params), exc_info=True)
        else:
            if reply:
                conn.send_result(id_, result)

    async def call(self, conn, id_, name, serviceobj, methodobj, params):
        try:
            await authorize_call(self.middleware, conn, name, methodobj)
        except CallError:
            # refused before anything is read: the audit line names the method, never what the caller sent
            await self._audit(conn, name, methodobj, None, False)
            raise
        self._refuse_hostile(methodobj, params)
        message_id = None if id_ is _NO_ID else id_
        success = False
        job = None
        try:
            result = await self.middleware.call_method(name, serviceobj, methodobj, params, app=conn,
                                                       message_id=message_id)
            success = True
            if isinstance(result, Job):
                job = result
                if getattr(methodobj, "audit", None):
                    job.on_finish_cb = lambda j: self._audit(conn, name, methodobj, params, j.state == State.SUCCESS)
        finally:
            if job is None:
                await self._audit(conn, name, methodobj, params, success)
        if job is not None:
            if conn.legacy_jobs:
                return job.id
            result = await job.wait(raise_error=True, raise_error_forward_classes=(Exception,))
            if job.state != State.SUCCESS:
                return None
        returns = getattr(methodobj, "new_style_returns", None)
        if returns is None:
            return result
        return serialize_result(returns, result, strict=self.middleware.strict_results)

    async def _audit(self, conn, name, methodobj, params, success):
        await audit_method_call(self.middleware, conn, name, methodobj, params, success)
