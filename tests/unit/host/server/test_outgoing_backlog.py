"""What goes out on one connection: in the order it was given, through the writer; and bounded: past OUTGOING_LIMIT
answers owed the reader waits for the writer (a client that does not read its answers is not read either), and is
let go once the writer catches up or stops."""
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
