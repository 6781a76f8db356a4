"""Bounds on the HTTP connections of callers that have not sent a whole request. aiohttp 3.12 waits for a request's
head without end (its keep-alive timer runs only after a first response) and lets a body stall for ever, so 2,000
half-sent requests held 2,000 descriptors. Here, as nginx does in front of middlewared:

- the head of the first request must arrive within `header_timeout` of the connection, a TLS handshake within the
  same (asyncio's own is a minute); after a response, aiohttp's keep-alive timeout (`keepalive_timeout`) bounds both
  the idle wait and a next request's head;
- a body must grow by limits.HTTP_BODY_MIN_BYTES every `body_timeout` (a stalled or dripping body is dropped);
- connections without a request under way (waiting for one, idle after one, or still receiving a body) are bounded
  per address and in all by eviction, never by refusal (limits.Slots): the newcomer always gets in, and the oldest
  such connection of its address, or of the address holding the most, is closed. A request being answered (a
  websocket session, a download) is never counted, so an admin's session is never what gives way; anonymous
  websockets have their own bounds (rpc.AnonymousConnections)."""
import asyncio
import logging
import os

from aiohttp import web

from . import limits

logger = logging.getLogger("tuning_host.server")

WAITING, RECEIVING, BUSY, IDLE = "waiting", "receiving", "busy", "idle"


def _seconds(environ, name, default):
    try:
        value = float(environ.get(name, default))
    except ValueError:
        return default
    return value if value > 0 else default


class Settings:
    """The guard's bounds; the timeouts can be shortened by environment for tests."""

    def __init__(self, environ=os.environ):
        prefix = "TUNING_HTTP_"
        self.header_timeout = _seconds(environ, prefix + "HEADER_TIMEOUT_SECONDS", limits.HTTP_HEADER_TIMEOUT_SECONDS)
        self.body_timeout = _seconds(environ, prefix + "BODY_TIMEOUT_SECONDS", limits.HTTP_BODY_TIMEOUT_SECONDS)
        self.keepalive_timeout = _seconds(environ, prefix + "KEEPALIVE_SECONDS", limits.HTTP_KEEPALIVE_SECONDS)
        self.body_min_bytes = limits.HTTP_BODY_MIN_BYTES
        self.per_address = limits.HTTP_WAITING_PER_ADDRESS
        self.total = limits.HTTP_WAITING_CONNECTIONS

    @property
    def sweep_seconds(self):
        return min(1.0, self.header_timeout / 4, self.body_timeout / 4)


class _Tracked:
    __slots__ = ("key", "state", "since", "request", "received")

    def __init__(self, key, now):
        self.key = key
        self.state = WAITING
        self.since = now
        self.request = None
        self.received = 0


def stalled(tracked, settings, now):
    """Whether a tracked connection is to be closed for want of progress (pure: no I/O)."""
    if tracked.state == WAITING:
        return now - tracked.since >= settings.header_timeout
    if tracked.state == RECEIVING:
        return now - tracked.since >= settings.body_timeout
    return False


class ConnectionGuard:
    """What the server knows of each connection: its address, whether a request is under way, and since when it
    has waited or its body has last moved. Fed by GuardedServer; sweeps on the loop every `sweep_seconds`."""

    def __init__(self, settings):
        self.settings = settings
        self.slots = limits.Slots(settings.per_address, settings.total)
        self.tracked = {}      # RequestHandler -> _Tracked
        self.closed_by_guard = 0
        self._loop = None
        self._timer = None

    def start(self, loop):
        self._loop = loop
        self._timer = loop.call_later(self.settings.sweep_seconds, self._sweep)

    def stop(self):
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    # ---- events (GuardedServer) ----

    def opened(self, handler, transport):
        peer = transport.get_extra_info("peername")
        address = peer[0] if isinstance(peer, (tuple, list)) and peer else None
        tracked = self.tracked[handler] = _Tracked(limits.address_key(address), self._loop.time())
        self._admit(handler, tracked)

    def lost(self, handler):
        self.tracked.pop(handler, None)
        self.slots.discard(handler)

    def request_started(self, request):
        tracked = self.tracked.get(request.protocol)
        if tracked is None:
            return
        tracked.request = request
        if request.content.is_eof():
            self._busy(request.protocol, tracked)
        else:
            tracked.state, tracked.since, tracked.received = RECEIVING, self._loop.time(), request.content.total_bytes

    def request_ended(self, request):
        """The handler has returned: what is left is sending its answer, then aiohttp's keep-alive wait."""
        handler = request.protocol
        tracked = self.tracked.get(handler)
        if tracked is None or handler.transport is None:
            return
        tracked.state, tracked.request = IDLE, None
        self._admit(handler, tracked)

    # ---- bounds ----

    def _admit(self, handler, tracked):
        for victim in self.slots.add(handler, tracked.key):
            self._close(victim)

    def _busy(self, handler, tracked):
        tracked.state = BUSY
        self.slots.discard(handler)

    def _close(self, handler):
        self.lost(handler)
        self.closed_by_guard += 1
        handler.force_close()

    def _sweep(self):
        now = self._loop.time()
        try:
            for handler, tracked in list(self.tracked.items()):
                if tracked.state == RECEIVING:
                    content = tracked.request.content
                    if content.is_eof():
                        self._busy(handler, tracked)
                        continue
                    if content.total_bytes - tracked.received >= self.settings.body_min_bytes:
                        tracked.since, tracked.received = now, content.total_bytes
                        continue
                if stalled(tracked, self.settings, now):
                    self._close(handler)
        finally:
            self._timer = self._loop.call_later(self.settings.sweep_seconds, self._sweep)


def gone(request):
    """Whether the caller's connection is closed or closing: a write would fail ("Cannot write to closing
    transport"), and the protocol learns of it only on a later turn of the loop."""
    transport = request.transport
    return transport is None or transport.is_closing()


class GuardedServer(web.Server):
    """aiohttp's low-level server, telling the guard of each connection and request."""

    def __init__(self, guard, handler, **kwargs):
        self.guard = guard

        async def guarded(request):
            if gone(request):
                # closed between its head and its handler: by the guard's sweep when the head was read in the same
                # turn of a loop short of CPU, or by the caller. Handlers expect a connection (a websocket's
                # handshake asserts it), so none is started.
                logger.debug("A request from %s dropped: its connection closed before it was handled", request.remote)
                return web.Response(status=408)
            guard.request_started(request)
            try:
                return await handler(request)
            except ConnectionError:
                if not gone(request):
                    raise   # not the caller's connection (a service the handler called): a fault to log
                # the caller is gone (or was dropped by the guard): nothing to answer, nothing to log
                return web.Response(status=408)
            finally:
                guard.request_ended(request)

        super().__init__(guarded, **kwargs)

    def connection_made(self, handler, transport):
        super().connection_made(handler, transport)
        self.guard.opened(handler, transport)

    def connection_lost(self, handler, exc=None):
        super().connection_lost(handler, exc)
        self.guard.lost(handler)


class GuardedRunner(web.AppRunner):
    """An AppRunner whose server is a GuardedServer (the app's own handler and request factory)."""

    def __init__(self, app, guard, *, handle_signals=False, shutdown_timeout=60.0, **handler_kwargs):
        super().__init__(app, handle_signals=handle_signals, shutdown_timeout=shutdown_timeout, **handler_kwargs)
        self.guard = guard
        # only the request handler's: an unknown one makes aiohttp drop them all without a word (Server.__call__)
        self.handler_kwargs = handler_kwargs

    async def _make_server(self):
        plain = await super()._make_server()   # runs the app's start-up, freezes it
        loop = asyncio.get_running_loop()
        self.guard.start(loop)
        return GuardedServer(self.guard, plain.request_handler, request_factory=plain.request_factory,
                             handler_cancellation=plain.handler_cancellation, loop=loop, **self.handler_kwargs)

    async def _cleanup_server(self):
        self.guard.stop()
        await super()._cleanup_server()


class GuardedTCPSite(web.TCPSite):
    """TCPSite with a TLS handshake bounded like a request's head (asyncio's default is 60 s)."""

    def __init__(self, runner, host, port, *, ssl_handshake_timeout, **kwargs):
        super().__init__(runner, host, port, **kwargs)
        self.ssl_handshake_timeout = ssl_handshake_timeout

    async def start(self):
        await web.BaseSite.start(self)   # registers the site with its runner
        loop = asyncio.get_running_loop()
        self._server = await loop.create_server(
            self._runner.server, self._host, self._port, ssl=self._ssl_context, backlog=self._backlog,
            reuse_address=self._reuse_address, reuse_port=self._reuse_port,
            ssl_handshake_timeout=self.ssl_handshake_timeout if self._ssl_context else None)


def make_runner(app, settings, **kwargs):
    """The guarded runner of `app`, with aiohttp's keep-alive timeout from `settings`."""
    return GuardedRunner(app, ConnectionGuard(settings), keepalive_timeout=settings.keepalive_timeout, **kwargs)
