"""Issue 12 load: a client that sends calls and does not read the answers is not read either once OUTGOING_LIMIT
answers wait for it (server/connection.py): the serving process keeps what waits for it bounded (it grew by about
3 kB an unread answer before, 300 MB for 100,000 preset lists) and goes on serving everyone else."""
import json

import pytest

from client import ConnectionLost
from hosting import rss_mb

pytestmark = pytest.mark.sandbox_only

FLOOD = 100_000            # calls sent without reading (about 8 MB of requests)
GROWTH_LIMIT_MB = 30       # seen: under 1 MB
SEND_TIMEOUT = 5.0         # a send that waits this long: the host has stopped reading this client


def test_a_client_that_does_not_read_its_answers_is_not_read_either(fresh_host):
    host = fresh_host()
    child = host.pids()["child"]
    flooder = host.client()
    flooder.call("tuning.preset.query")
    start = rss_mb(child)
    request = json.dumps({"jsonrpc": "2.0", "id": 1, "method": "tuning.preset.query", "params": []})
    flooder.ws.settimeout(SEND_TIMEOUT)
    sent = 0
    with pytest.raises(ConnectionLost):
        for sent in range(FLOOD):
            flooder.send_raw(request)
    growth = rss_mb(child) - start
    assert sent < FLOOD - 1, "every call was read although no answer was"
    assert growth < GROWTH_LIMIT_MB, f"serving process grew by {growth:.0f} MB for {sent} unread answers"
    with host.client() as other:
        assert other.call("tuning.preset.query") and other.call("core.ping") == "pong"
    flooder.ws.shutdown()
