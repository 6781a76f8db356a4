"""`POST /_upload`: start a job with an uploaded file in its input pipe, as middlewared's file application does.

The body is `multipart/form-data`: first a `data` part, JSON `{"method": "<job>", "params": [...]}`, then one `file`
part. Credentials as on TrueNAS: `Authorization: Basic` (user:password), `Bearer <API key>`, `Token <token>`, or
`?auth_token=<token>`. Answers `{"job_id": N}`; follow the job with `core.get_jobs` like any other.

Checked in this order, and nothing of the file is read before the caller is known: the `data` part (405 when it is
not first, 400 when it is not JSON, 422 without a method), the credentials (401; 403 for a token that is not live,
as middlewared; a wrong password or API key after the 1-2 s failure delay; 429 with Retry-After once the address has
presented too many wrong ones, see auth.check_credential), the method (422 unknown or private, 403 when the caller's
roles do not allow it, 412 when it takes no input pipe), the `file` part (405), its size (413 past `MAX_FILE_BYTES`).
The file is received whole into a buffered pipe before the job starts, so the job reads a complete file or none.
"""
import json
import logging
import uuid

from aiohttp import web

from ..runtime.errors import CallException, ValidationErrors
from ..runtime.jobs import State
from ..runtime.pipes import Pipes
from .audit import audit_method_call
from .auth import CredentialsRateLimited, InvalidToken, parse_credentials
from .authz import method_authorized

logger = logging.getLogger("tuning_host.server")

MAX_DATA_BYTES = 64 * 1024
MAX_FILE_BYTES = 1024 * 1024 * 1024  # jobs bound what they accept further (tuning.database.import: 512 MiB)
CHUNK_BYTES = 1024 * 1024


class UploadCaller:
    """Who uploads: what the call, its authorization and the audit line need to know (an HTTP request, not a
    websocket session)."""

    websocket = False
    authenticated = True
    private_methods = False

    def __init__(self, remote_addr, credentials):
        self.remote_addr = remote_addr
        self.authenticated_credentials = credentials
        self.session_id = str(uuid.uuid4())


def _text(status, message):
    return web.Response(status=status, text=message + "\n")


def _pipes_of(methodobj):
    return (getattr(methodobj, "_job", None) or {}).get("pipes") or []


class Uploads:
    def __init__(self, middleware):
        self.middleware = middleware

    async def handle(self, request):
        try:
            reader = await request.multipart()
        except Exception:
            return _text(400, "The body must be multipart/form-data")
        part = await reader.next()
        if part is None or part.name != "data":
            return _text(405, '"data" part must be the first on payload')
        raw = b''
        while chunk := await part.read_chunk(MAX_DATA_BYTES):  # bounded before anyone is known
            raw += chunk
            if len(raw) > MAX_DATA_BYTES:
                return _text(413, f'"data" part is larger than {MAX_DATA_BYTES} bytes')
        try:
            data = json.loads(raw)
        except ValueError as e:
            return _text(400, f'"data" is not JSON: {e}')
        if not isinstance(data, dict) or not isinstance(data.get("method"), str):
            return _text(422, '"data" must be an object naming the "method"')
        params = data.get("params") or []
        if not isinstance(params, list):
            return _text(422, '"params" must be a list')

        try:
            credentials = await parse_credentials(self.middleware, request)
        except CredentialsRateLimited as e:
            # 429, not 401: nothing was checked, so the answer tells nothing about the password, and a script
            # that knows its password is right learns to wait rather than that it is wrong
            return web.Response(status=429, text="Too many wrong credentials from this address: try again later\n",
                                headers={"Retry-After": str(e.retry_after)})
        except InvalidToken:
            return _text(403, "Invalid token")
        if credentials is None:
            return _text(401, "Authentication required: Basic, Bearer (API key), Token or auth_token")
        caller = UploadCaller(request.remote, credentials)

        method = data["method"]
        try:
            serviceobj, methodobj = self.middleware.get_method(method)
        except Exception:
            return _text(422, f"Method {method!r} not found")
        if getattr(methodobj, "_private", False) or serviceobj._config.private:
            return _text(422, f"Method {method!r} not found")
        if not method_authorized(credentials["roles"], methodobj):
            await audit_method_call(self.middleware, caller, method, methodobj, None, False)
            return _text(403, "Not authorized")
        if "input" not in _pipes_of(methodobj):
            return _text(412, f"{method} takes no uploaded file (not a job with an input pipe)")

        filepart = await reader.next()
        if filepart is None or filepart.name != "file":
            return _text(405, '"file" not found as second part on payload')
        pipe = self.middleware.pipe(buffered=True)
        try:
            size = 0
            while chunk := await filepart.read_chunk(CHUNK_BYTES):
                size += len(chunk)
                if size > MAX_FILE_BYTES:
                    return _text(413, f"The file is larger than {MAX_FILE_BYTES} bytes")
                await self.middleware.run_in_thread(pipe.w.write, chunk)
            if await reader.next() is not None:
                return _text(405, "Too many uploaded files")
            await self.middleware.run_in_thread(pipe.w.close)  # the reading end keeps the data for the job
            job = await self._start(caller, method, serviceobj, methodobj, params, pipe)
        except ValidationErrors as e:
            await pipe.close()
            return web.json_response({"errors": [{"attribute": a, "message": m, "errno": n} for a, m, n in e]},
                                     status=422)
        except CallException as e:
            await pipe.close()
            return _text(412, str(e))
        except BaseException:
            await pipe.close()
            raise
        return web.json_response({"job_id": job.id})

    async def _start(self, caller, method, serviceobj, methodobj, params, pipe):
        try:
            job = await self.middleware.call_method(method, serviceobj, methodobj, params, app=caller,
                                                    pipes=Pipes(input=pipe))
        except BaseException:
            await audit_method_call(self.middleware, caller, method, methodobj, params, False)
            raise
        job.on_finish_cb = lambda j: audit_method_call(self.middleware, caller, method, methodobj, params,
                                                       j.state == State.SUCCESS)
        return job
