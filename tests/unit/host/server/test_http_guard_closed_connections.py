"""A request whose connection the guard has closed before its handler ran (the head arrived in the same turn of the
loop as an overdue sweep, as under heavy CPU load), or that meets a connection closing under it, is dropped without
a traceback in the log: aiohttp logs "Error handling request" with the traceback of any exception a handler raises.
Driven through a real guarded server on loopback; the sweep is made overdue by hand, so nothing waits on a clock."""
import asyncio
import logging

from aiohttp import web, web_protocol

from tuning_host.server import http_guard

UPGRADE = (b"GET /ws HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
           b"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n")


class Served:
    """A guarded server of `app` on a free loopback port; `on_head(handler)` runs right after the request head of
    a connection has been read (before aiohttp starts its handler task)."""

    def __init__(self, app, on_head):
        self.app, self.on_head = app, on_head
        self.runner = http_guard.make_runner(app, http_guard.Settings({"TUNING_HTTP_HEADER_TIMEOUT_SECONDS": "10"}))

    async def __aenter__(self):
        await self.runner.setup()
        on_head = self.on_head

        class Watched(web_protocol.RequestHandler):
            def data_received(self, data):
                super().data_received(data)
                on_head(self)

        class WatchedServer(type(self.runner.server)):
            def __call__(self):
                return Watched(self, loop=self._loop, **self._kwargs)
        self.runner.server.__class__ = WatchedServer
        site = http_guard.GuardedTCPSite(self.runner, "127.0.0.1", 0, ssl_handshake_timeout=None)
        await site.start()
        self.port = site._server.sockets[0].getsockname()[1]
        return self

    async def __aexit__(self, *exc):
        await self.runner.cleanup()

    async def exchange(self, request):
        """Send `request`, return what comes back before the server closes."""
        reader, writer = await asyncio.open_connection("127.0.0.1", self.port)
        writer.write(request)
        try:
            return await asyncio.wait_for(reader.read(), 30)
        finally:
            writer.close()


def _overdue_sweep(guard):
    """What the sweep does when it runs after the head arrived but before the handler started, with the connection
    older than the header timeout (its timer and the socket's read fall in the same turn of a loop starved of CPU)."""
    def sweep(handler):
        tracked = guard.tracked.get(handler)
        if tracked is not None and tracked.state == http_guard.WAITING:
            tracked.since -= guard.settings.header_timeout
            guard.stop()       # one chain of sweeps, as before
            guard._sweep()
    return sweep


def _tracebacks(caplog):
    return [r.getMessage() for r in caplog.records if r.exc_info or "Error handling request" in r.getMessage()]


def test_a_websocket_whose_connection_the_guard_closed_before_its_handler_ran_logs_no_traceback(caplog):
    ran = []

    async def ws_handler(request):
        ran.append(request.path)
        ws = web.WebSocketResponse()
        await ws.prepare(request)   # aiohttp asserts the connection is still there
        await ws.close()
        return ws

    app = web.Application()
    app.router.add_get("/ws", ws_handler)

    async def main():
        served = Served(app, lambda handler: sweep(handler))
        sweep = _overdue_sweep(served.runner.guard)
        async with served:
            assert await served.exchange(UPGRADE) == b""   # closed without an answer
            assert served.runner.guard.closed_by_guard == 1
    caplog.set_level(logging.DEBUG)
    asyncio.run(main())
    assert _tracebacks(caplog) == []
    assert ran == []   # nobody left to answer: the handler is not started


def test_a_handler_that_meets_a_closing_connection_logs_no_traceback(caplog):
    closing = []

    async def handler(request):
        request.transport.close()   # the peer went away: the transport closes, the protocol does not know yet
        closing.append(request.transport is not None and request.transport.is_closing())
        response = web.StreamResponse()
        await response.prepare(request)
        return response

    app = web.Application()
    app.router.add_get("/", handler)

    async def main():
        async with Served(app, lambda handler: None) as served:
            assert await served.exchange(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n") == b""
    caplog.set_level(logging.DEBUG)
    asyncio.run(main())
    assert closing == [True]
    assert _tracebacks(caplog) == []


def test_a_handler_error_on_a_live_connection_is_still_logged(caplog):
    async def handler(request):
        raise ConnectionRefusedError("a service the handler called is down")

    app = web.Application()
    app.router.add_get("/", handler)

    async def main():
        async with Served(app, lambda handler: None) as served:
            answer = await served.exchange(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
            assert answer.startswith(b"HTTP/1.1 500")
    caplog.set_level(logging.DEBUG)
    asyncio.run(main())
    assert any("Error handling request" in m for m in _tracebacks(caplog))
