"""JSON-RPC 2.0 over websocket at /api/current, with middlewared's message handling and error format."""
import asyncio
import errno
import logging
import sys

from aiohttp import WSCloseCode, WSMsgType, web

from ..runtime.errors import (CallError, CallException, ENOTAUTHENTICATED, ValidationError, ValidationErrors)
from ..runtime.jobs import Job, State, adapt_exception
from ..runtime.validation import serialize_result
from . import jsonenc
from .audit import audit_method_call
from .connection import (CALL_ERROR, INVALID_JSON, INVALID_REQUEST, METHOD_NOT_FOUND, TOO_MANY_CONCURRENT_CALLS,
                         Connection, TooManyCalls)

logger = logging.getLogger("tuning_host.server")

MAX_MESSAGE_BYTES = 16 * 1024 * 1024
_NO_ID = object()


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
    if "method" not in message:
        raise ValueError("Missing 'method' member")
    if not isinstance(message["method"], str) or not message["method"]:
        raise ValueError("'method' member must be of type string")
    if "params" not in message:
        message["params"] = []
    elif not isinstance(message["params"], list):
        raise ValueError("'params' member must be of type array")


class RpcHandler:
    def __init__(self, middleware):
        self.middleware = middleware

    async def handle(self, request):
        ws = web.WebSocketResponse(max_msg_size=MAX_MESSAGE_BYTES, heartbeat=None)
        await ws.prepare(request)
        conn = Connection(self.middleware, ws, request.remote)
        self.middleware.register_wsclient(conn)
        try:
            async for msg in ws:
                if msg.type == WSMsgType.ERROR:
                    logger.error("Websocket error: %r", msg.data)
                    break
                if msg.type != WSMsgType.TEXT:
                    await ws.close(code=WSCloseCode.UNSUPPORTED_DATA,
                                   message=f"Invalid websocket message type: {msg.type!r}".encode())
                    break
                try:
                    message = jsonenc.loads(msg.data)
                except ValueError as e:
                    conn.send_error(None, INVALID_JSON, str(e))
                    continue
                self.process_message(conn, message)
        finally:
            self.middleware.unregister_wsclient(conn)
            if not conn.closed:
                conn.abort_writer()
        return ws

    def process_message(self, conn, message):
        try:
            validate_message(message)
        except ValueError as e:
            id_ = message.get("id", _NO_ID) if isinstance(message, dict) else None
            if id_ is not _NO_ID:
                conn.send_error(id_, INVALID_REQUEST, str(e))
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
        self.middleware.create_task(self.process_call(conn, id_, name, serviceobj, methodobj, message["params"]))

    @staticmethod
    def _is_private(serviceobj, methodobj):
        return getattr(methodobj, "_private", False) or serviceobj._config.private

    async def process_call(self, conn, id_, name, serviceobj, methodobj, params):
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
                logger.warning("Exception while calling %s(*%r)", name, params, exc_info=True)
        else:
            if reply:
                conn.send_result(id_, result)

    async def call(self, conn, id_, name, serviceobj, methodobj, params):
        if not hasattr(methodobj, "_no_auth_required") and not conn.authenticated:
            await self._audit(conn, name, methodobj, params, False)
            raise CallError("Not authenticated", ENOTAUTHENTICATED)
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
