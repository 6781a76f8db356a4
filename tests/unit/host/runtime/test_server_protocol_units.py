"""Pure pieces of the wire protocol: request validation, per-connection call slots, JSON encoding."""
import asyncio
from datetime import datetime, timezone

import pytest

from tuning_host.server.connection import CallSlots, TooManyCalls, format_trace
from tuning_host.server.jsonenc import dumps
from tuning_host.server.rpc import validate_message


@pytest.mark.parametrize("message, error", [
    ([], "Request must be an object"),
    ({"id": 1, "method": "x"}, "Missing 'jsonrpc' member"),
    ({"jsonrpc": "1.0", "id": 1, "method": "x"}, "must be exactly '2.0'"),
    ({"jsonrpc": "2.0", "id": [1], "method": "x"}, "'id' member must be of type null, string or number"),
    ({"jsonrpc": "2.0", "id": 1}, "Missing 'method' member"),
    ({"jsonrpc": "2.0", "id": 1, "method": ""}, "'method' member must be of type string"),
    ({"jsonrpc": "2.0", "id": 1, "method": "x", "params": {}}, "'params' member must be of type array"),
])
def test_invalid_requests(message, error):
    with pytest.raises(ValueError, match=error):
        validate_message(message)


def test_params_default_to_empty_list():
    msg = {"jsonrpc": "2.0", "id": "a", "method": "core.ping"}
    validate_message(msg)
    assert msg["params"] == []


def test_call_slots_run_ten_admit_twenty():
    async def main():
        slots = CallSlots()
        release = asyncio.Event()
        running = []

        async def call():
            async with slots:
                running.append(1)
                await release.wait()

        tasks = [asyncio.create_task(call()) for _ in range(20)]
        for _ in range(5):
            await asyncio.sleep(0)
        assert len(running) == 10 and slots.admitted == 20 and not slots.idle.is_set()
        with pytest.raises(TooManyCalls):
            async with slots:
                pass
        release.set()
        await asyncio.gather(*tasks)
        assert len(running) == 20 and slots.admitted == 0 and slots.idle.is_set()
    asyncio.run(main())


def test_datetimes_encode_as_truenas_dates():
    assert dumps({"t": datetime(2025, 1, 2, 3, 4, 5, 678000)}) == '{"t":{"$date":1735787045678}}'
    aware = datetime(2025, 1, 2, 4, 4, 5, tzinfo=timezone.utc).astimezone()
    assert dumps(aware) == '{"$date":1735790645000}'
    assert dumps({1, 2}) in ("[1,2]", "[2,1]")


def test_trace_format():
    try:
        raise KeyError("x")
    except KeyError as e:
        trace = format_trace((type(e), e, e.__traceback__))
    assert trace["class"] == "KeyError" and trace["repr"] == "KeyError('x')"
    assert trace["frames"][0]["method"] == "test_trace_format" and "Traceback" in trace["formatted"]
