"""The HTTP connection guard (issue 20): a request's head and body must arrive in time, and connections without a
request under way are bounded per address by closing the oldest, never by refusing the newcomer. Driven here with
a clock of its own; tests/api/test_hostile_connections.py runs it against a real host."""
from tuning_host.server import http_guard, limits


class Clock:
    def __init__(self):
        self.now = 0.0

    def time(self):
        return self.now

    def call_later(self, delay, callback):
        return self

    def cancel(self):
        pass


class Transport:
    def __init__(self, address):
        self.address = address

    def get_extra_info(self, name):
        return (self.address, 40000) if name == "peername" else None


class Handler:
    def __init__(self, address):
        self.transport = Transport(address)
        self.closed = False

    def force_close(self):
        self.closed = True
        self.transport = None


class Content:
    def __init__(self, length):
        self.length = length
        self.total_bytes = 0

    def is_eof(self):
        return self.total_bytes >= self.length


class Request:
    def __init__(self, handler, body=0):
        self.protocol = handler
        self.content = Content(body)


def _guard(**env):
    settings = http_guard.Settings({"TUNING_HTTP_HEADER_TIMEOUT_SECONDS": "10",
                                    "TUNING_HTTP_BODY_TIMEOUT_SECONDS": "30", **env})
    guard = http_guard.ConnectionGuard(settings)
    clock = Clock()
    guard.start(clock)
    return guard, clock


def _open(guard, address="10.0.0.1"):
    handler = Handler(address)
    guard.opened(handler, handler.transport)
    return handler


def test_settings_come_from_the_environment_and_fall_back_on_nonsense():
    settings = http_guard.Settings({"TUNING_HTTP_HEADER_TIMEOUT_SECONDS": "0.5",
                                    "TUNING_HTTP_BODY_TIMEOUT_SECONDS": "x", "TUNING_HTTP_KEEPALIVE_SECONDS": "-1"})
    assert settings.header_timeout == 0.5 and settings.sweep_seconds == 0.125
    assert settings.body_timeout == limits.HTTP_BODY_TIMEOUT_SECONDS
    assert settings.keepalive_timeout == limits.HTTP_KEEPALIVE_SECONDS


def test_a_connection_without_a_whole_request_head_is_closed_after_the_header_timeout():
    guard, clock = _guard()
    waiting, answered = _open(guard), _open(guard)
    guard.request_started(Request(answered))            # no body: under way, no longer timed
    clock.now = 9.9
    guard._sweep()
    assert not waiting.closed
    clock.now = 10.0
    guard._sweep()
    assert waiting.closed and not answered.closed and waiting not in guard.tracked


def test_a_body_must_grow_by_1_kib_per_body_timeout_until_it_is_whole():
    guard, clock = _guard()
    moving, dripping = _open(guard), _open(guard)
    moving_request, dripping_request = Request(moving, body=10_000), Request(dripping, body=10_000)
    guard.request_started(moving_request)
    guard.request_started(dripping_request)
    for step in range(1, 10):
        clock.now = step * 29.0
        moving_request.content.total_bytes += limits.HTTP_BODY_MIN_BYTES
        dripping_request.content.total_bytes += 10
        guard._sweep()
        if dripping.closed:
            break
    assert dripping.closed and not moving.closed
    moving_request.content.total_bytes = 10_000        # whole: what is left is the handler's
    guard._sweep()
    clock.now += 1000
    guard._sweep()
    assert not moving.closed and guard.tracked[moving].state == http_guard.BUSY


def test_past_the_per_address_bound_the_oldest_waiting_connection_is_closed_not_the_newcomer():
    guard, _ = _guard()
    busy = _open(guard, "10.0.0.9")
    guard.request_started(Request(busy))               # a websocket session, say: never counted
    waiting = [_open(guard, "10.0.0.9") for _ in range(limits.HTTP_WAITING_PER_ADDRESS)]
    assert not any(h.closed for h in waiting + [busy])
    newcomer = _open(guard, "10.0.0.9")
    assert waiting[0].closed and not newcomer.closed and not busy.closed
    other = _open(guard, "10.0.0.10")                  # another address is not touched
    assert not other.closed and sum(h.closed for h in waiting) == 1


def test_after_its_answer_a_connection_is_counted_again_until_its_next_request():
    guard, clock = _guard()
    handler = _open(guard)
    request = Request(handler)
    guard.request_started(request)
    assert handler not in guard.slots
    guard.request_ended(request)
    assert handler in guard.slots and guard.tracked[handler].state == http_guard.IDLE
    clock.now = 1000.0                                  # idle: aiohttp's keep-alive timeout closes it, not the sweep
    guard._sweep()
    assert not handler.closed
    guard.lost(handler)
    assert handler not in guard.slots and handler not in guard.tracked
