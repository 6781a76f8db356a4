"""An in-process host: the runtime's Middleware on its own event-loop thread, the sandbox backend on a temp data
dir, and every appliance service loaded with the TrueNAS load-time rules (strict)."""
import asyncio
import threading

import pytest

from tuning_host.backends import create_backend
from tuning_host.runtime import CallException, Job, Middleware
from tuning_host.runtime.loader import load_services, run_setups


EVENTS = ('system.reboot', 'system.reboot.info', 'tunable.query', 'pool.query', 'pool.dataset.query')
# The most a call on the loop thread (a boot, a job) or the loop's stop may take: it bounds a hang only, so a loaded
# 2-core machine or a slow laptop passes too (no test relies on it being short).
HANG_SECONDS = 600


class EventRecorder:
    def __init__(self):
        self.events = []

    async def handler_for(self, name):
        async def handler(middleware, event_type, kwargs):
            self.events.append((name, event_type, kwargs))
        return handler

    def named(self, name):
        return [(t, kw) for n, t, kw in self.events if n == name]


class Host:
    def __init__(self, data_dir):
        self.data_dir = data_dir
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        self.reboots = []
        self.recorder = EventRecorder()
        self.start()

    def start(self):
        self.backend = create_backend('sandbox', self.data_dir)
        self.mw = Middleware(self.data_dir, strict_results=True)
        self.mw.backend = self.backend

        async def reboot_handler():
            self.reboots.append(True)

        async def boot():
            self.mw.attach_loop()
            await run_setups(self.mw, load_services(self.mw, [('tuning_host.appliance', True)]))

        self._run(boot())
        self.mw.set_reboot_handler(reboot_handler)
        for name in EVENTS:
            self.mw.event_subscribe(name, self._run(self.recorder.handler_for(name)))

    def restart(self):
        """A new host process on the same data dir (the backend decides whether it is a boot)."""
        self.mw.shutdown()
        self.backend.close()
        self.start()

    def _run(self, coro):
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result(timeout=HANG_SECONDS)

    def call(self, name, *args):
        result = self._run(self.mw.call(name, *args))
        if isinstance(result, Job):
            # The job's own error (ValidationErrors included), as a caller of the job sees it.
            return self._run(result.wait(raise_error=True, raise_error_forward_classes=(CallException,)))
        return result

    def events(self, name):
        """Events sent so far. Events sent from worker threads are dispatched on the loop and handled in a task:
        two loop turns (not a timed wait) let every one sent before this call arrive."""
        self._run(self._turns(3))
        return self.recorder.named(name)

    @staticmethod
    async def _turns(n):
        for _ in range(n):
            await asyncio.sleep(0)

    def close(self):
        self.mw.shutdown()
        self.backend.close()
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(timeout=HANG_SECONDS)
        self.loop.close()


@pytest.fixture
def host(tmp_path):
    h = Host(str(tmp_path / 'data'))
    yield h
    h.close()


def _errors_of(excinfo):
    return [(attr, code) for attr, _msg, code in excinfo.value]


@pytest.fixture
def errors_of():
    """[(attribute, errno)] of a raised ValidationErrors."""
    return _errors_of
