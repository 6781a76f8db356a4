"""Reads of the box shared by callers at the same moment (issue 22, tuning.state's drift read): one read at a time,
callers that come during it share the next one, so each gets values read after it called."""
import asyncio

import pytest

from tuning.flows.joined import Joined
from tuning.flows.joined_reads import live_snapshot


class Box:
    """A source whose reads the test lets end one at a time; each read returns its number and the value when it
    began."""

    def __init__(self):
        self.value = 'old'
        self.started = []
        self.gates = []

    async def read(self):
        number, value = len(self.started) + 1, self.value
        gate = asyncio.Event()
        self.started.append(number)
        self.gates.append(gate)
        await gate.wait()
        if value == 'broken':
            raise RuntimeError(f'read {number} failed')
        return {'read': number, 'value': value}

    async def end_read(self, number):
        while len(self.gates) < number:
            await asyncio.sleep(0)
        self.gates[number - 1].set()


async def turns(n=5):
    for _ in range(n):
        await asyncio.sleep(0)


def test_callers_during_a_read_share_the_next_one_which_starts_after_them():
    async def scenario():
        box, joined = Box(), Joined()
        first = asyncio.ensure_future(joined.read('k', box.read))
        await turns()
        box.value = 'new'   # changed after the first read began: the callers below called after the change
        later = [asyncio.ensure_future(joined.read('k', box.read)) for _ in range(5)]
        await turns()
        assert box.started == [1]   # one read at a time
        await box.end_read(1)
        assert await first == {'read': 1, 'value': 'old'}
        await box.end_read(2)
        assert [await f for f in later] == [{'read': 2, 'value': 'new'}] * 5
        assert box.started == [1, 2]
        box.value = 'newer'
        again = asyncio.ensure_future(joined.read('k', box.read))   # nothing running: a read of its own, now
        await box.end_read(3)
        assert await again == {'read': 3, 'value': 'newer'}
    asyncio.run(scenario())


def test_other_keys_are_read_apart():
    async def scenario():
        box, joined = Box(), Joined()
        a = asyncio.ensure_future(joined.read('a', box.read))
        b = asyncio.ensure_future(joined.read('b', box.read))
        await turns()
        assert box.started == [1, 2]
        await box.end_read(1)
        await box.end_read(2)
        assert {(await a)['read'], (await b)['read']} == {1, 2}
    asyncio.run(scenario())


def test_a_failed_read_fails_its_callers_only_and_a_cancelled_caller_leaves_it_to_the_others():
    async def scenario():
        box, joined = Box(), Joined()
        box.value = 'broken'
        first = asyncio.ensure_future(joined.read('k', box.read))
        await turns()
        waiting = [asyncio.ensure_future(joined.read('k', box.read)) for _ in range(3)]
        await turns()
        box.value = 'fine'   # mended after the first read began: the callers waiting get the next read's value
        await box.end_read(1)
        with pytest.raises(RuntimeError, match='read 1 failed'):
            await first
        waiting[0].cancel()
        await box.end_read(2)
        assert [await w for w in waiting[1:]] == [{'read': 2, 'value': 'fine'}] * 2
        with pytest.raises(asyncio.CancelledError):
            await waiting[0]
    asyncio.run(scenario())


class SlowBox:
    """A middleware whose pool.dataset.query (the read of a dataset property's value) waits until let go."""

    def __init__(self):
        self.reads = 0
        self.recordsize = '128K'
        self.go = asyncio.Event()

    async def call(self, method, *args):
        assert method == 'pool.dataset.query', method
        self.reads += 1
        value = self.recordsize
        await self.go.wait()
        return [{'id': 'tank/media', 'recordsize': {'value': value, 'source': 'LOCAL'}}]


def test_the_states_of_fifty_callers_at_once_read_the_box_twice():
    async def scenario():
        box = SlowBox()
        keys = ['DATASET_PROPERTY:tank/media:recordsize']
        first = asyncio.ensure_future(live_snapshot(box, keys))
        await turns()
        box.recordsize = '1M'
        rest = [asyncio.ensure_future(live_snapshot(box, keys)) for _ in range(49)]
        await turns()
        box.go.set()
        assert (await first)[keys[0]]['value'] == '128K'
        assert {(await r)[keys[0]]['value'] for r in rest} == {'1M'}
        assert box.reads == 2
    asyncio.run(scenario())



@pytest.mark.parametrize('method, module, held', [('tuning.profile', 'tuning.tuning', 'read_profile'),
                                                  ('tuning.state', 'tuning.alerts', 'state_changed')])
def test_fifty_callers_of_a_read_method_at_once_share_reads_and_each_gets_the_answer(box, monkeypatch, method,
                                                                                       module, held):
    """Through the host's own method table: the first call's read is held (at a coroutine each read awaits once)
    until all fifty callers have reached the shared read, so the other 49 share one read begun after them (two reads,
    not fifty), and every caller gets a whole answer."""
    import importlib
    owner = importlib.import_module(module)
    real, reads, callers = getattr(owner, held), [], []
    gate = asyncio.Event()
    gate.set()

    async def counted(*args, **kwargs):
        reads.append(1)
        await gate.wait()
        return await real(*args, **kwargs)
    monkeypatch.setattr(owner, held, counted)
    shared = box.ctx.reads.read

    def entered(key, fn):
        callers.append(key)
        return shared(key, fn)
    monkeypatch.setattr(box.ctx.reads, 'read', entered)
    alone = box.call(method)

    async def fifty():
        gate.clear()
        reads.clear()
        callers.clear()
        calls = [asyncio.ensure_future(box.mw.call(method)) for _ in range(50)]
        while len(callers) < 50 and len(reads) < 50:   # (each at its own read when nothing is shared)
            await asyncio.sleep(0)
        gate.set()
        return [await c for c in calls]

    answers = box.run(fifty())
    assert len(reads) == 2
    # the first caller's read is its own, the 49 others share the second (the sandbox's pool usage moves between
    # reads, so only they are equal); every answer is whole
    assert [a for a in answers[1:] if a != answers[1]] == []
    assert all(a.keys() == alone.keys() for a in answers)
