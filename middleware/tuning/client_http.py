"""The client kit's HTTP side, ``/_plugins/tuning/client/...`` (docs/clients.md, "HTTP endpoints"): one aiohttp
handler for middlewared (``panel.register_panel_route`` adds it before the panel's catch-all) and the standalone
host (``tuning_host.server.app``).

Rules: the kit downloads without a token; everything else wants ``Authorization: Bearer <token>`` of an ACTIVE
session, checked before a body is read (401 otherwise, nothing read or written). A body is JSON
(``application/json``, else 415) of at most ``MAX_BODY_BYTES`` (413 from its Content-Length, or as soon as more
arrives), parsed off the event loop as strict JSON (``core.strict_json``: no NaN or Infinity, 64-bit integers, 32
levels; 400 naming the value otherwise). Errors are ``{"error": {"errname", "reason"[, "extra"]}}``, validation
errors in the TrueNAS ValidationErrors form (400). A session past what it may store is refused before its body is
read (403 EDQUOT), one that may not measure the network now with 409 (and ``Retry-After`` when waiting helps). The
work is done by ``tuning.client.session``'s private methods through ``middleware.call``, so the store is reached off
the loop as everywhere else.
"""
import errno
import re

from aiohttp import web

from .core import strict_json
from .framework import CallError, ValidationErrors

ROUTE = 'client/{tail:.*}'   # under /_plugins/tuning/
MAX_BODY_BYTES = 16 * 1024 * 1024
MAX_TOKEN_CHARS = 256
CHUNK_BYTES = 64 * 1024
SESSION = 'tuning.client.session'
HEADERS = {'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff'}
# errors of a network start meaning "not for this session, or not now" (409), not a bad request
CONFLICTS = (errno.EBUSY, errno.ENOTSUP)
# CallError errnos that are the caller's, not the box's: HTTP status
CALL_ERROR_STATUS = {errno.ENOENT: 404, errno.EDQUOT: 403}

# (method, path pattern, handler name, needs a token)
ROUTES = (
    ('GET', re.compile(r'kit/tuning_client\.py'), 'kit', False),
    ('GET', re.compile(r'v1/session'), 'session', True),
    ('POST', re.compile(r'v1/results'), 'results', True),
    ('POST', re.compile(r'v1/network'), 'network_start', True),
    ('GET', re.compile(r'v1/network/(\d{1,18})'), 'network_status', True),
    ('GET', re.compile(r'v1/steps/next'), 'next_step', True),
    ('POST', re.compile(r'v1/steps/(\d{1,18})/failed'), 'step_failed', True),
    ('POST', re.compile(r'v1/steps/(\d{1,18})/ready'), 'step_ready', True),
    ('POST', re.compile(r'v1/fio-server'), 'fio_server_grant', True),
    ('GET', re.compile(r'v1/fio-server'), 'fio_server_status', True),
    ('DELETE', re.compile(r'v1/fio-server'), 'fio_server_end', True),
)


class HttpError(Exception):
    def __init__(self, status: int, errname: str, reason: str, extra=None, headers=None):
        super().__init__(reason)
        self.status, self.errname, self.reason, self.extra, self.headers = status, errname, reason, extra, headers


def error_response(status: int, errname: str, reason: str, extra=None, headers=None) -> web.Response:
    error = {'errname': errname, 'reason': reason}
    if extra is not None:
        error['extra'] = extra
    return web.json_response({'error': error}, status=status, headers={**HEADERS, **(headers or {})})


def validation_response(e: ValidationErrors) -> web.Response:
    extra = [[error.attribute, error.errmsg, error.errno] for error in e.errors]
    reason = '; '.join(f'{a}: {m}' for a, m, _ in extra)
    return error_response(400, 'EINVAL', reason, extra)


def json_answer(data, status: int = 200) -> web.Response:
    return web.json_response(data, status=status, headers=HEADERS)


def bearer_token(request: web.Request) -> str:
    header = request.headers.get('Authorization', '')
    scheme, _, token = header.partition(' ')
    token = token.strip()
    if scheme.lower() != 'bearer' or not token:
        raise HttpError(401, 'ENOTAUTHENTICATED', 'A session token is required (Authorization: Bearer <token>).')
    if len(token) > MAX_TOKEN_CHARS:
        raise HttpError(401, 'ENOTAUTHENTICATED', 'Unknown session token.')
    return token


async def read_json_body(request: web.Request, middleware):
    """The request's JSON body, read with a hard bound and parsed in a worker thread."""
    if request.content_type != 'application/json':
        raise HttpError(415, 'EINVAL', f'The body must be application/json, not {request.content_type or "none"}.')
    if request.content_length is not None and request.content_length > MAX_BODY_BYTES:
        raise HttpError(413, 'EFBIG', f'The body is larger than {MAX_BODY_BYTES} bytes.')
    chunks, size = [], 0
    while chunk := await request.content.read(CHUNK_BYTES):
        size += len(chunk)
        if size > MAX_BODY_BYTES:
            raise HttpError(413, 'EFBIG', f'The body is larger than {MAX_BODY_BYTES} bytes.')
        chunks.append(chunk)
    try:
        return await middleware.run_in_thread(strict_json.loads, b''.join(chunks))
    except strict_json.JsonInputError as e:
        extra = [[field, message, errno.EINVAL] for field, message in e.problems]
        raise HttpError(400, 'EINVAL', '; '.join(f'{field}: {message}' for field, message in e.problems),
                        extra) from None


class ClientApi:
    """The endpoints; each takes the request, the match and the caller's session (None for the kit)."""

    def __init__(self, middleware):
        self.middleware = middleware

    async def authenticate(self, request: web.Request) -> dict:
        token = bearer_token(request)
        session = await self.middleware.call(f'{SESSION}.of_token', token)
        if session is None:
            raise HttpError(401, 'ENOTAUTHENTICATED', 'Unknown session token.')
        if session['state'] != 'ACTIVE':
            raise HttpError(401, 'ENOTAUTHENTICATED', f'Session {session["id"]} is {session["state"].lower()}.')
        return session

    async def kit(self, request, match, session):
        kit = await self.middleware.call('tuning.client.kit')
        return web.Response(text=kit['text'], content_type='text/x-python', charset='utf-8',
                            headers={**HEADERS, 'X-Content-SHA256': kit['sha256'],
                                     'Content-Disposition': f'attachment; filename="{kit["file_name"]}"'})

    async def session(self, request, match, session):
        return json_answer({'session': {k: session[k] for k in ('id', 'label', 'protocol', 'expires_at')},
                            'plan': session['plan']})

    async def results(self, request, match, session):
        await self.middleware.call(f'{SESSION}.room_check', session['id'])   # a full session's body is not read
        body = await read_json_body(request, self.middleware)
        return json_answer(await self.middleware.call(f'{SESSION}.submit', session['id'], body), 201)

    async def network_start(self, request, match, session):
        try:
            started = await self.middleware.call(f'{SESSION}.network_start', session['id'])
        except CallError as e:
            if e.errno in CONFLICTS:
                retry_after = e.extra.get('retry_after') if isinstance(e.extra, dict) else None
                raise HttpError(409, 'EBUSY', e.errmsg,
                                headers={'Retry-After': str(retry_after)} if retry_after else None) from None
            raise
        return json_answer(started, 202)

    async def network_status(self, request, match, session):
        status = await self.middleware.call(f'{SESSION}.network_status', session['id'], int(match.group(1)))
        if status is None:
            raise HttpError(404, 'ENOENT', f'No network job {match.group(1)} of session {session["id"]}.')
        return json_answer(status)

    async def next_step(self, request, match, session):
        step = await self.middleware.call(f'{SESSION}.next_step', session['id'])
        if step is None:
            return web.Response(status=204, headers=HEADERS)
        return json_answer({'step': step})

    async def step_failed(self, request, match, session):
        body = await read_json_body(request, self.middleware)
        await self.middleware.call(f'{SESSION}.step_failed', session['id'], int(match.group(1)), body)
        return json_answer({'state': 'FAILED'})

    async def step_ready(self, request, match, session):
        body = await read_json_body(request, self.middleware)
        return json_answer(await self.middleware.call(f'{SESSION}.step_ready', session['id'], int(match.group(1)),
                                                      body))

    async def fio_server_grant(self, request, match, session):
        body = await read_json_body(request, self.middleware)
        return json_answer(await self.middleware.call(f'{SESSION}.fio_server_grant', session['id'], body), 201)

    async def fio_server_status(self, request, match, session):
        return json_answer(await self.middleware.call(f'{SESSION}.fio_server_status', session['id']))

    async def fio_server_end(self, request, match, session):
        await self.middleware.call(f'{SESSION}.fio_server_end', session['id'])
        return json_answer({'active': False})

    async def dispatch(self, request: web.Request) -> web.StreamResponse:
        tail = request.match_info.get('tail', '')
        matches = [(method, found, name, auth) for method, pattern, name, auth in ROUTES
                   if (found := pattern.fullmatch(tail))]
        if not matches:
            raise HttpError(404, 'ENOENT', f'No client endpoint {tail!r}.')
        route = next((m for m in matches if m[0] == request.method), None)
        if route is None:
            allowed = ', '.join(sorted({m[0] for m in matches}))
            raise HttpError(405, 'EINVAL', f'{request.method} is not allowed here ({allowed}).',
                            headers={'Allow': allowed})
        _, found, name, auth = route
        session = await self.authenticate(request) if auth else None
        return await getattr(self, name)(request, found, session)


def make_client_handler(middleware):
    api = ClientApi(middleware)

    async def handle(request: web.Request) -> web.StreamResponse:
        try:
            return await api.dispatch(request)
        except HttpError as e:
            return error_response(e.status, e.errname, e.reason, e.extra, e.headers)
        except ValidationErrors as e:
            return validation_response(e)
        except CallError as e:
            status = CALL_ERROR_STATUS.get(e.errno, 500)
            return error_response(status, errno.errorcode.get(e.errno, 'EFAULT'), e.errmsg)

    return handle
