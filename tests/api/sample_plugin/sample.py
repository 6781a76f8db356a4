"""The `sample` test service."""
import asyncio
import errno
import os
import signal
import threading

from tuning_host.runtime import CallError, QueryArgs, Service, ValidationErrors, api_method, filter_list, job, private

from .sample_models import (
    SampleBadResultArgs, SampleBadResultResult, SampleDieArgs, SampleDieResult, SampleCrashArgs, SampleCrashResult, SampleEchoArgs, SampleEchoResult,
    SampleEmitArgs, SampleEmitResult, SampleFailArgs, SampleFailResult, SampleHoldArgs, SampleHoldResult,
    SampleJobFailArgs, SampleJobFailResult, SampleLockedArgs, SampleLockedResult, SampleProgressArgs,
    SampleProgressResult, SampleQueryResult, SampleRebootArgs, SampleRebootResult, SampleReleaseArgs,
    SampleReleaseResult, SampleSyncHoldArgs, SampleSyncHoldResult, SampleWaitArgs, SampleWaitResult,
)

READ = ["SYSTEM_ADVANCED_READ"]
WRITE = ["SYSTEM_ADVANCED_WRITE"]
ROWS = [{"id": i, "name": f"row{i}", "size": 10 * i, "tags": ["even" if i % 2 == 0 else "odd"]} for i in range(1, 6)]


class SampleService(Service):
    class Config:
        namespace = "sample"
        cli_namespace = "test.sample"

    def __init__(self, middleware):
        super().__init__(middleware)
        self._gates = {}
        self._sync_gates = {}

    def _gate(self, key):
        return self._gates.setdefault(key, asyncio.Event())

    @api_method(SampleEchoArgs, SampleEchoResult, roles=READ)
    def echo(self, target, count):
        """Return the validated arguments."""
        return {"target": target, "count": count}

    @api_method(SampleFailArgs, SampleFailResult, roles=READ)
    def fail(self, message, errno_):
        raise CallError(message, errno_, {"hint": "sample"})

    @api_method(SampleCrashArgs, SampleCrashResult, roles=READ)
    def crash(self):
        raise ValueError("sample crash")

    @api_method(SampleBadResultArgs, SampleBadResultResult, roles=READ)
    def bad_result(self):
        return "not an int"

    @api_method(QueryArgs, SampleQueryResult, roles=READ)
    def query(self, filters, options):
        return filter_list(ROWS, filters, options)

    @api_method(SampleProgressArgs, SampleProgressResult, roles=WRITE)
    @job(description=lambda steps: f"{steps} steps")
    async def progress(self, job, steps):
        """Report progress `steps` times; returns `steps`."""
        for i in range(1, steps + 1):
            job.set_progress(100 * i // (steps + 1), f"step {i}", {"step": i})
            await asyncio.sleep(0)
        return steps

    @api_method(SampleHoldArgs, SampleHoldResult, roles=WRITE)
    @job(abortable=True)
    async def hold(self, job, key):
        """Run until `sample.release(key)` (or abort)."""
        job.set_progress(10, f"holding {key}")
        await self._gate(key).wait()
        return key

    @api_method(SampleLockedArgs, SampleLockedResult, roles=WRITE)
    @job(lock="sample-locked", lock_queue_size=0)
    async def locked(self, job, key):
        """Like hold, but a second one while one runs is refused (EBUSY)."""
        await self._gate(key).wait()
        return key

    @api_method(SampleSyncHoldArgs, SampleSyncHoldResult, roles=WRITE)
    @job(abortable=True)
    def sync_hold(self, job, key):
        """A sync job (in a thread) that runs until released and checks for abort."""
        gate = self._sync_gates.setdefault(key, threading.Event())
        job.set_progress(10, f"holding {key}")
        while not gate.wait(0.02):
            job.check_aborted()
        return key

    @api_method(SampleJobFailArgs, SampleJobFailResult, roles=WRITE)
    @job()
    async def job_fail(self, job, pool):
        verrors = ValidationErrors()
        verrors.add("sample_job_fail.pool", f"{pool}: no such pool", errno.ENOENT)
        verrors.check()

    @api_method(SampleWaitArgs, SampleWaitResult, roles=READ)
    async def wait(self, key):
        """A plain call that answers when `sample.release(key)` is called."""
        await self._gate(key).wait()
        return key

    @api_method(SampleReleaseArgs, SampleReleaseResult, roles=WRITE)
    def release(self, key):
        self.middleware.loop.call_soon_threadsafe(self._gate(key).set)
        self._sync_gates.setdefault(key, threading.Event()).set()
        return True

    @api_method(SampleEmitArgs, SampleEmitResult, roles=WRITE)
    def emit(self, event):
        kwargs = {"fields": event["fields"]} if event["fields"] else {}
        if event["id"] is not None:
            kwargs["id"] = event["id"]
        self.middleware.send_event(event["name"], event["event_type"], **kwargs)

    @api_method(SampleRebootArgs, SampleRebootResult, roles=WRITE)
    @job(lock="sample-reboot")
    def reboot(self, job):
        """Restart the host process (what the appliance's system.reboot does in the sandbox)."""
        job.set_progress(50, "rebooting")
        self.middleware.request_reboot()

    @api_method(SampleDieArgs, SampleDieResult, roles=WRITE)
    def die(self):
        """Kill the serving process (a crash), when the host was started with SAMPLE_ALLOW_DIE=1."""
        if os.environ.get("SAMPLE_ALLOW_DIE") != "1":
            raise CallError("not allowed on this host", errno.EPERM)
        os.kill(os.getpid(), signal.SIGKILL)

    @private
    def secret(self):
        return "private"


async def setup(middleware):
    middleware.event_register("sample.event", "Test events.", roles=["SYSTEM_ADVANCED_READ"])
