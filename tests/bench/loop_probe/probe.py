"""`loop_probe.take`: the longest stall of the event loop since the previous take.

A task asks to wake every millisecond; how late it wakes is how long the loop could not run it (`worst_ms`). That
wall-clock figure also counts time the loop thread waited for the GIL (held by a worker thread) or for a CPU (a busy
machine). `worst_cpu_ms` is the loop thread's own CPU time between two wakes: code that ran on the loop itself, the
part a plugin fixes by moving work to a thread, and the figure that does not depend on how busy the machine is."""
import asyncio
import time

from tuning_host.runtime import Service, api_method

from .probe_models import LoopProbeTakeArgs, LoopProbeTakeResult

TICK = 0.001


class LoopStallProbe:
    def __init__(self):
        self.worst = self.worst_cpu = 0.0
        self.ticks = 0

    async def run(self):
        while True:
            before, cpu_before = time.perf_counter(), time.thread_time()
            await asyncio.sleep(TICK)
            self.worst = max(self.worst, time.perf_counter() - before - TICK)
            self.worst_cpu = max(self.worst_cpu, time.thread_time() - cpu_before)
            self.ticks += 1

    def take(self) -> dict:
        out = {'worst_ms': round(self.worst * 1000, 2), 'worst_cpu_ms': round(self.worst_cpu * 1000, 2),
               'ticks': self.ticks}
        self.worst = self.worst_cpu = 0.0
        self.ticks = 0
        return out


_probes = {}


class LoopProbeService(Service):
    class Config:
        namespace = 'loop_probe'
        cli_namespace = 'test.loop_probe'

    @api_method(LoopProbeTakeArgs, LoopProbeTakeResult, roles=['SYSTEM_ADVANCED_READ'])
    async def take(self):
        """The longest loop stall (ms) and the number of ticks since the previous take; starts a new window."""
        return _probes[id(self.middleware)].take()


async def setup(middleware):
    probe = _probes[id(middleware)] = LoopStallProbe()
    middleware.loop_probe_task = asyncio.ensure_future(probe.run())  # held so it is not garbage-collected
