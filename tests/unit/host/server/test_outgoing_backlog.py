"""What goes out on one connection: in the order it was given, whether the reader sends an answer itself or the
writer sends what was queued; and bounded: past OUTGOING_LIMIT messages the reader waits for the writer (a client
that does not read its answers is not read either), and is let go once the writer catches up or stops."""
import asyncio

from tuning_host.server.connection import OUTGOING_LIMIT, Connection


class StuckWs:
    """A websocket whose peer reads only when the test lets it."""

    def __init__(self):
        self.sent = []
        self.gate = asyncio.Event()

    async def send_str(self, data):
        await self.gate.wait()
        self.sent.append(data)

    async def close(self, code, message):
        pass


def flood(conn, n):
    for i in range(n):
        conn.send_result(i, "pong")


def test_the_reader_waits_while_the_writer_is_behind_and_goes_on_when_it_catches_up():
    async def main():
        ws = StuckWs()
        conn = Connection(None, ws, "127.0.0.1")
        flood(conn, OUTGOING_LIMIT)
        await asyncio.sleep(0)    # the writer takes the first message and waits for the peer
        assert not conn.backlogged()
        flood(conn, 2)
        assert conn.backlogged()
        reader = asyncio.ensure_future(conn.caught_up())
        await asyncio.sleep(0)
        assert not reader.done()
        ws.gate.set()             # the peer reads again
        await asyncio.wait_for(reader, 600)
        assert not conn.backlogged() and len(ws.sent) >= 2
        await conn.flush_and_close(1000)
        assert [m.split('"id":')[1] for m in ws.sent] == [f"{i}}}" for i in range(OUTGOING_LIMIT)] + ["0}", "1}"]
    asyncio.run(main())


def test_a_writer_that_stops_lets_the_reader_go():
    async def main():
        conn = Connection(None, StuckWs(), "127.0.0.1")
        flood(conn, OUTGOING_LIMIT + 5)
        reader = asyncio.ensure_future(conn.caught_up())
        await asyncio.sleep(0)
        assert not reader.done()
        conn.abort_writer()       # the connection dropped
        await asyncio.wait_for(reader, 600)
        assert not conn.backlogged()
    asyncio.run(main())


class HeldWs(StuckWs):
    """Each send waits until the test lets that one message through (a send that waits before writing, as one
    compressing a large message does)."""

    def __init__(self):
        super().__init__()
        self.held = []

    async def send_str(self, data):
        let_through = asyncio.Event()
        self.held.append((data, let_through))
        await let_through.wait()
        self.sent.append(data)

    def release_all(self):
        for _, let_through in self.held:
            let_through.set()


def test_the_writer_sends_nothing_while_the_reader_sends_a_message_itself():
    async def main():
        ws = HeldWs()
        conn = Connection(None, ws, "127.0.0.1")
        await asyncio.sleep(0)                  # the writer parks: nothing to send
        direct = asyncio.ensure_future(conn.send_now("A"))
        await asyncio.sleep(0)                  # "A" is being sent
        conn.send_result(1, "B")                # queued meanwhile: must wait for "A"
        for _ in range(3):
            await asyncio.sleep(0)
        assert [data for data, _ in ws.held] == ["A"]
        ws.release_all()
        await asyncio.wait_for(direct, 600)
        for _ in range(3):
            await asyncio.sleep(0)
        ws.release_all()
        await conn.flush_and_close(1000)
        assert ws.sent == ["A", '{"jsonrpc":"2.0","result":"B","id":1}']
    asyncio.run(main())


def test_a_message_the_reader_sends_goes_after_what_is_queued():
    async def main():
        ws = HeldWs()
        conn = Connection(None, ws, "127.0.0.1")

        async def peer_reads():
            while True:
                ws.release_all()
                await asyncio.sleep(0)
        peer = asyncio.ensure_future(peer_reads())
        await asyncio.sleep(0)                  # the writer parks
        conn.send_result(1, "B")                # queued; the writer has not woken yet
        await conn.send_now("C")                # in the same step: must not overtake "B"
        await conn.flush_and_close(1000)
        peer.cancel()
        assert ws.sent == ['{"jsonrpc":"2.0","result":"B","id":1}', "C"]
    asyncio.run(main())


def test_a_direct_send_that_fails_stops_the_writer():
    class BrokenWs(StuckWs):
        async def send_str(self, data):
            raise ConnectionResetError("gone")

    async def main():
        conn = Connection(None, BrokenWs(), "127.0.0.1")
        await asyncio.sleep(0)
        await conn.send_now("A")
        await asyncio.sleep(0)
        assert conn.closed and conn._writer.done()
    asyncio.run(main())


def test_calls_still_under_way_count_as_owed_answers():
    """The reader can read a client's buffered requests faster than their tasks run: with nothing queued yet, the
    calls it has started are what the client is owed, and past OUTGOING_LIMIT the reader waits for them."""
    async def main():
        conn = Connection(None, StuckWs(), "127.0.0.1")
        for _ in range(OUTGOING_LIMIT + 1):
            conn.call_started()
        assert conn.backlogged()
        reader = asyncio.ensure_future(conn.caught_up())
        await asyncio.sleep(0)
        assert not reader.done()
        conn.call_ended()         # one call answered (an error sent nothing, say): the reader goes on
        await asyncio.wait_for(reader, 600)
        assert not conn.backlogged()
        conn.abort_writer()
    asyncio.run(main())
