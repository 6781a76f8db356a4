"""Jobs: states, progress, locks and queueing, abort (async and sync), wait, wrap."""
import asyncio
import os
import sys
import threading
import weakref

import pytest

from tuning_host.runtime import BaseModel, CallError, Service, State, api_method, job
from tuning_host.runtime import jobs as jobs_module

from runtime_loop import run_service


class JobsSvcHoldArgs(BaseModel):
    key: str


class JobsSvcHoldResult(BaseModel):
    result: str


class Held:
    pass


class JobsSvcService(Service):
    class Config:
        namespace = "jobs_svc"

    def __init__(self, middleware):
        super().__init__(middleware)
        self.gates = {}
        self.sync_gates = {}
        self.order = []

    def gate(self, key):
        return self.gates.setdefault(key, asyncio.Event())

    @api_method(JobsSvcHoldArgs, JobsSvcHoldResult, roles=["SYSTEM_ADVANCED_WRITE"])
    @job(lock="shared", description=lambda key: f"hold {key}")
    async def locked(self, job, key):
        self.order.append(("start", key))
        job.set_progress(50, f"holding {key}", {"key": key})
        await self.gate(key).wait()
        self.order.append(("end", key))
        return key

    @job(lock=lambda args: f"per-{args[0]}", lock_queue_size=1)
    async def queued(self, job, key, n):
        await self.gate(f"{key}-{n}").wait()
        return n

    @job(lock="exclusive", lock_queue_size=0)
    async def exclusive(self, job, key):
        await self.gate(key).wait()

    @job()
    async def unlocked(self, job, key):
        await self.gate(key).wait()
        return key

    @job(abortable=True)
    def sync_hold(self, job, key):
        gate = self.sync_gates.setdefault(key, threading.Event())
        job.set_progress(10, "started")
        while not gate.wait(0.01):
            job.check_aborted()
        return key

    @job()
    async def failing(self, job):
        raise CallError("broken", 5)

    def _fail_inside(self):
        held = Held()
        self.held = weakref.ref(held)
        raise KeyError("inner")

    @job()
    async def failing_chained(self, job):
        try:
            self._fail_inside()
        except KeyError as e:
            raise CallError("outer") from e

    @job()
    async def failing_with(self, job, key):
        raise CallError(f"failed with {key}")

    @job()
    async def outer(self, job, key):
        inner = await self.middleware.call("jobs_svc.locked", key)
        return await job.wrap(inner)

    @job(logs=True)
    def logged(self, job):
        for i in range(30):
            job.logs_fd.write(f"line {i}\n".encode())
        return "ok"


def run(tmp_path, body):
    return run_service(tmp_path, JobsSvcService, body)


async def until(predicate):
    """Yield to the loop until predicate() holds (jobs advance one step per loop iteration)."""
    for _ in range(10000):
        if predicate():
            return
        await asyncio.sleep(0)
    raise AssertionError("condition never reached")


async def until_thread(predicate):
    for _ in range(2000):
        if predicate():
            return
        await asyncio.sleep(0.005)  # a thread is involved: give it time to run
    raise AssertionError("condition never reached")


def test_job_lifecycle_progress_and_result(tmp_path):
    async def body(mw, svc):
        j = await mw.call("jobs_svc.locked", "a")
        assert j.state == State.WAITING and j.id == 1 and j.description == "hold a"
        await until(lambda: j.state == State.RUNNING and j.progress["percent"] == 50)
        assert j.progress == {"percent": 50, "description": "holding a", "extra": {"key": "a"}}
        svc.gate("a").set()
        assert await j.wait() == "a"
        enc = j.encode()
        assert enc["state"] == "SUCCESS" and enc["progress"]["percent"] == 100 and enc["result"] == "a"
        assert enc["time_finished"] is not None and enc["arguments"] == ["a"] and enc["method"] == "jobs_svc.locked"
    run(tmp_path, body)


def test_same_lock_runs_serially_in_arrival_order(tmp_path):
    async def body(mw, svc):
        a = await mw.call("jobs_svc.locked", "a")
        b = await mw.call("jobs_svc.locked", "b")
        await until(lambda: svc.order == [("start", "a")])
        assert b.state == State.WAITING  # stays waiting while a holds the lock
        svc.gate("b").set()  # b may not start before a ends even if it could finish at once
        svc.gate("a").set()
        await b.wait()
        assert svc.order == [("start", "a"), ("end", "a"), ("start", "b"), ("end", "b")]
    run(tmp_path, body)


def test_unlocked_jobs_run_concurrently(tmp_path):
    async def body(mw, svc):
        a = await mw.call("jobs_svc.unlocked", "x")
        b = await mw.call("jobs_svc.unlocked", "y")
        await until(lambda: a.state == State.RUNNING and b.state == State.RUNNING)
        svc.gate("x").set()
        svc.gate("y").set()
        assert [await a.wait(), await b.wait()] == ["x", "y"]
    run(tmp_path, body)


def test_lock_queue_size_zero_raises_ebusy(tmp_path):
    async def body(mw, svc):
        first = await mw.call("jobs_svc.exclusive", "e1")
        with pytest.raises(CallError) as e:
            await mw.call("jobs_svc.exclusive", "e2")
        assert e.value.errno == 16 and "already being performed" in e.value.errmsg
        svc.gate("e1").set()
        await first.wait()
        second = await mw.call("jobs_svc.exclusive", "e3")
        svc.gate("e3").set()
        await second.wait()
        assert second.state == State.SUCCESS
    run(tmp_path, body)


def test_full_queue_returns_the_last_queued_job(tmp_path):
    async def body(mw, svc):
        running = await mw.call("jobs_svc.queued", "k", 1)
        await until(lambda: running.state == State.RUNNING)
        waiting = await mw.call("jobs_svc.queued", "k", 2)
        again = await mw.call("jobs_svc.queued", "k", 3)  # queue size 1 is full: same job back
        assert again is waiting
        other = await mw.call("jobs_svc.queued", "other", 1)  # a different lock name is independent
        assert other is not waiting
        for key in ("k-1", "k-2", "other-1"):
            svc.gate(key).set()
        assert await waiting.wait() == 2
    run(tmp_path, body)


def test_abort_running_async_job(tmp_path):
    async def body(mw, svc):
        j = await mw.call("jobs_svc.locked", "ab")
        queued = await mw.call("jobs_svc.locked", "next")
        await until(lambda: j.state == State.RUNNING)
        j.abort()
        assert await j.wait(raise_error=True) is None
        assert j.state == State.ABORTED and j.error is None
        svc.gate("next").set()
        assert await queued.wait() == "next"  # the lock was released
    run(tmp_path, body)


def test_abort_waiting_job_never_runs(tmp_path):
    async def body(mw, svc):
        first = await mw.call("jobs_svc.locked", "w1")
        second = await mw.call("jobs_svc.locked", "w2")
        await until(lambda: first.state == State.RUNNING)
        second.abort()
        await second.wait()
        assert second.state == State.ABORTED and ("start", "w2") not in svc.order
        svc.gate("w1").set()
        assert await first.wait() == "w1"
    run(tmp_path, body)


def test_abort_sync_job_through_check_aborted(tmp_path):
    async def body(mw, svc):
        j = await mw.call("jobs_svc.sync_hold", "s")
        await until_thread(lambda: j.progress["description"] == "started")
        assert not j.abort_event.is_set()
        j.abort()
        assert j.abort_event.is_set()
        await j.wait()
        assert j.state == State.ABORTED
    run(tmp_path, body)


def test_sync_job_finishes_normally(tmp_path):
    async def body(mw, svc):
        j = await mw.call("jobs_svc.sync_hold", "ok")
        await until_thread(lambda: j.state == State.RUNNING)
        svc.sync_gates["ok"].set()
        assert await j.wait() == "ok"
    run(tmp_path, body)


def test_failed_job_records_error_and_wait_raises(tmp_path):
    async def body(mw, svc):
        j = await mw.call("jobs_svc.failing")
        with pytest.raises(CallError) as e:
            await j.wait(raise_error=True)
        assert e.value.errno == 5
        enc = j.encode()
        assert enc["state"] == "FAILED" and enc["error"] == "[EIO] broken"
        assert enc["exc_info"] == {"repr": repr(e.value), "type": "CallError", "errno": 5, "extra": None}
        assert "Traceback" in enc["exception"]
        assert await j.wait() is None  # without raise_error
    run(tmp_path, body)


def test_job_argument_validation_error_fails_the_job_as_validation(tmp_path):
    async def body(mw, svc):
        j = await mw.call("jobs_svc.locked", 5)
        await j.wait()
        assert j.state == State.FAILED
        assert j.encode()["exc_info"]["type"] == "VALIDATION"
        assert j.encode()["exc_info"]["extra"][0][0] == "key"
    run(tmp_path, body)


def test_wrap_proxies_progress_and_result(tmp_path):
    async def body(mw, svc):
        outer = await mw.call("jobs_svc.outer", "wrapped")
        await until(lambda: outer.progress["description"] == "holding wrapped")
        svc.gate("wrapped").set()
        assert await outer.wait(raise_error=True) == "wrapped"
    run(tmp_path, body)


def test_wait_sync_from_a_thread(tmp_path):
    async def body(mw, svc):
        def in_thread():
            j = mw.call_sync("jobs_svc.unlocked", "t")
            mw.loop.call_soon_threadsafe(svc.gate("t").set)
            return j.wait_sync(raise_error=True)
        assert await mw.run_in_thread(in_thread) == "t"
    run(tmp_path, body)


def test_job_logs_and_excerpt(tmp_path):
    async def body(mw, svc):
        j = await mw.call("jobs_svc.logged")
        await j.wait()
        assert j.logs_path == str(tmp_path / "jobs" / f"{j.id}.log")
        assert j.logs_excerpt.startswith("line 0\n") and "... 10 more lines ..." in j.logs_excerpt
        assert j.logs_excerpt.endswith("line 29\n")
    run(tmp_path, body)


def test_job_events_only_when_someone_listens(tmp_path):
    async def body(mw, svc):
        seen = []

        async def handler(middleware, event_type, kwargs):
            seen.append((event_type, kwargs["fields"]["state"]))
        mw.event_subscribe("core.get_jobs", handler)
        j = await mw.call("jobs_svc.unlocked", "ev")
        await until(lambda: j.state == State.RUNNING)
        svc.gate("ev").set()
        await j.wait()
        await until(lambda: ("CHANGED", "SUCCESS") in seen)
        assert seen[0] == ("ADDED", "WAITING") and ("CHANGED", "RUNNING") in seen
    run(tmp_path, body)


def _refs(obj):
    """References to `obj` besides the caller's own (getrefcount's argument and the caller's name)."""
    return sys.getrefcount(obj) - 2


def test_job_rejected_by_validation_keeps_nothing_of_its_arguments(tmp_path):
    async def body(mw, svc):
        big = {"key": "x" * 100_000}   # a mapping where the model wants a string: refused before the job runs
        before = (_refs(big), _refs(big["key"]))
        j = await mw.call("jobs_svc.locked", big)
        await j.wait()
        assert j.state == State.FAILED and j.encode()["exc_info"]["type"] == "VALIDATION"
        enc = j.encode()
        assert enc["arguments"] == [] and enc["description"] is None
        assert enc["exc_info"]["extra"][0][0] == "key"
        # nor anything inside them (traceback frames, pydantic's error)
        assert (_refs(big), _refs(big["key"])) == before
    run(tmp_path, body)


def test_job_failing_in_its_body_keeps_its_arguments(tmp_path):
    async def body(mw, svc):
        j = await mw.call("jobs_svc.failing_with", "kept")
        await j.wait()
        assert j.state == State.FAILED and j.encode()["arguments"] == ["kept"]
    run(tmp_path, body)


def test_failed_job_keeps_its_error_but_not_the_locals_of_its_frames(tmp_path):
    async def body(mw, svc):
        j = await mw.call("jobs_svc.failing_chained")
        await j.wait()
        assert j.state == State.FAILED and j.error == "[EFAULT] outer" and "_fail_inside" in j.exception
        assert svc.held() is None   # a local of a frame in the chained exception's traceback
    run(tmp_path, body)


@pytest.mark.parametrize("method, state", [("jobs_svc.unlocked", State.SUCCESS), ("jobs_svc.failing", State.FAILED)])
def test_job_drops_its_on_finish_callback_once_it_has_run(tmp_path, method, state):
    async def body(mw, svc):
        held = Held()   # e.g. the call's parameters, captured by the audit callback of the RPC layer
        ref = weakref.ref(held)
        ran = []

        async def on_finish(job, params=held):
            ran.append(job.state)
        j = await mw.call(method, "cb") if method.endswith("unlocked") else await mw.call(method)
        j.on_finish_cb = on_finish
        del held, on_finish
        svc.gate("cb").set()
        await j.wait()
        await until(lambda: ran)
        assert ran == [state] and ref() is None   # neither the record nor a frame its error's traceback keeps
    run(tmp_path, body)


def test_job_history_is_bounded_and_drops_the_oldest_finished(tmp_path, monkeypatch):
    monkeypatch.setattr(jobs_module, "MAX_JOBS_KEPT", 5)

    async def body(mw, svc):
        running = await mw.call("jobs_svc.unlocked", "held")   # unfinished jobs are never dropped
        finished = []
        for n in range(8):
            j = await mw.call("jobs_svc.logged")
            await j.wait()
            finished.append(j)
        kept = mw.jobs.all()
        assert len(kept) == 5 and running.id in kept
        assert [j.id for j in finished[-4:]] == [i for i in kept if i != running.id]
        # a dropped job's log file goes with it
        await until_thread(lambda: not os.path.exists(finished[0].logs_path))
        assert all(not os.path.exists(j.logs_path) for j in finished[:4])
        assert all(os.path.exists(j.logs_path) for j in finished[-4:])
        svc.gate("held").set()
        await running.wait()
    run(tmp_path, body)
