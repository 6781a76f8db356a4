"""The start-up contract, played in the order TrueNAS plays it: plugins are set up while the box boots, `system.ready`
comes later; failures at any step leave the host serving, raise an alert and make `tuning.*` say why.

An in-process standalone host (runtime Middleware, sandbox backend, the appliance services and the plugin loaded with
the load-time rules) on its own loop thread; the real middlewared order is played by the live tier."""
import asyncio
import errno
import os
import threading

import pytest

from tuning_host.backends import create_backend
from tuning_host.runtime import CallError, Middleware
from tuning_host.runtime.loader import load_services, run_setups

from tuning.context import plugin_context

PACKAGES = [('tuning_host.appliance', False), ('tuning', True)]
# The most a call on the loop thread (a boot, a job) or the loop's stop may take: it bounds a hang only, so a loaded
# 2-core machine or a slow laptop passes too (no test relies on it being short).
HANG_SECONDS = 600


class Box:
    """The host without its HTTP side: `boot()` loads and sets up every plugin (system BOOTING), `ready()` is the
    moment TrueNAS says `system.ready`."""

    def __init__(self, data_dir):
        self.data_dir = data_dir
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        self.backend = create_backend('sandbox', data_dir)
        self.mw = Middleware(data_dir, strict_results=True)
        self.mw.backend = self.backend

    def run(self, coro):
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result(timeout=HANG_SECONDS)

    def boot(self, patch=lambda mw: None):
        """Load every service, let `patch(mw)` change the box (failure injection), then run the setups."""
        async def boot():
            self.mw.attach_loop()
            setups = load_services(self.mw, PACKAGES)
            patch(self.mw)
            await run_setups(self.mw, setups)
        self.run(boot())

    def ready(self):
        """system.ready, then wait for the start-up work it starts."""
        async def ready():
            self.mw.system_state = 'READY'
            self.mw.send_event('system.ready', 'ADDED')
            # the event handler runs in a task of its own: wait until it has started the work (a few turns of the
            # loop; more when the machine is loaded and the event crosses threads)
            deadline = asyncio.get_running_loop().time() + HANG_SECONDS
            while (task := self.ctx.startup.task) is None and asyncio.get_running_loop().time() < deadline:
                await asyncio.sleep(0.01)
            assert task is not None, 'system.ready did not start tuning'
            await task
        self.run(ready())

    @property
    def ctx(self):
        return plugin_context(self.mw)

    def call(self, name, *args):
        result = self.run(self.mw.call(name, *args))
        if hasattr(result, 'wait'):
            return self.run(result.wait(raise_error=True))
        return result

    def close(self):
        self.mw.shutdown()
        self.backend.close()
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(timeout=HANG_SECONDS)
        self.loop.close()


@pytest.fixture
def box(tmp_path):
    b = Box(str(tmp_path / 'data'))
    yield b
    b.close()


def replace_method(monkeypatch, mw, name, fn):
    """What `mw.call(name)` runs (the runtime keeps a method table built when the service was added)."""
    service, _ = mw.get_method(name)
    monkeypatch.setitem(mw._methods, name, (service, fn))


async def wait_for(task):
    await task


def db_file(box):
    return os.path.join(box.data_dir, 'tuning', 'tuning.db')


def startup_alerts(box):
    return [a for a in box.call('alert.list') if a['klass'] == 'TuningStartupFailed']


def test_setup_only_registers_and_the_work_waits_for_system_ready(box):
    box.boot()
    assert box.ctx.startup.status == 'WAITING'
    assert not os.path.exists(db_file(box)), 'the database was opened before the system dataset is known'
    with pytest.raises(CallError) as e:
        box.call('tuning.state')
    assert e.value.errno == errno.EAGAIN and 'finished booting' in e.value.errmsg
    assert box.call('tuning.profile')['pools'], 'what needs no database answers during boot'

    box.ready()
    assert box.ctx.startup.status == 'READY'
    assert os.path.isfile(db_file(box))
    assert box.call('tuning.state')['active'] is None


def test_middlewared_restarted_on_a_ready_box_starts_without_the_event(box):
    box.mw.system_state = 'READY'  # no system.ready event will come
    box.boot()
    box.run(wait_for(box.ctx.startup.task))
    assert box.ctx.startup.status == 'READY' and os.path.isfile(db_file(box))


def test_an_unreadable_database_fails_start_up_loudly_and_a_fix_plus_tuning_start_recovers(box):
    os.makedirs(os.path.dirname(db_file(box)))
    with open(db_file(box), 'wb') as f:
        f.write(b'this is not a database' * 100)
    box.boot()
    box.ready()  # did not raise: the host stays up

    assert box.ctx.startup.status == 'FAILED'
    with pytest.raises(CallError) as e:
        box.call('tuning.state')
    assert e.value.errno == errno.EIO
    assert db_file(box) in e.value.errmsg and 'tuning.start' in e.value.errmsg
    [alert] = startup_alerts(box)
    assert alert['level'] == 'ERROR' and db_file(box) in alert['formatted']
    with pytest.raises(CallError, match='could not start'):
        box.call('tuning.preset.query')  # own presets live in the database
    assert box.call('tuning.profile')['pools'], 'what needs no database still answers'

    os.rename(db_file(box), db_file(box) + '.broken')  # what the alert tells the admin to do
    assert box.call('tuning.start') == {'status': 'READY', 'reason': None}
    assert box.call('tuning.state')['active'] is None
    assert startup_alerts(box) == []


def test_no_system_dataset_means_no_database_anywhere(box, monkeypatch):
    box.boot(lambda mw: replace_method(monkeypatch, mw, 'systemdataset.config',
                                       lambda: {'id': 1, 'pool': None, 'path': None}))
    box.ready()
    assert box.ctx.startup.status == 'FAILED'
    assert 'system dataset is not mounted' in box.ctx.startup.reason
    assert not os.path.exists(os.path.join(box.data_dir, 'tuning'))
    assert 'system dataset is not mounted' in startup_alerts(box)[0]['formatted']


def test_an_appliance_call_failing_during_recovery_fails_start_up_with_its_message(box, monkeypatch):
    def boot_id():
        raise CallError('boot id unavailable', errno.EIO)
    box.boot(lambda mw: replace_method(monkeypatch, mw, 'system.boot_id', boot_id))
    box.ready()
    assert box.ctx.startup.status == 'FAILED'
    assert box.ctx.startup.reason == 'an appliance call failed: boot id unavailable'
    with pytest.raises(CallError, match='boot id unavailable'):
        box.call('tuning.restore_point.query')


def test_setup_never_raises_even_when_the_appliance_lacks_system_ready(box, monkeypatch):
    box.boot(lambda mw: monkeypatch.delitem(mw._methods, 'system.ready'))  # would raise out of run_setups (and end middlewared's start) if setup let it through
    assert box.ctx.startup.status == 'WAITING'
    box.ready()  # the event still starts it
    assert box.ctx.startup.status == 'READY'


def test_a_call_made_while_start_up_runs_waits_for_it(box, monkeypatch):
    gate = asyncio.Event()

    def hold(mw):
        original = mw.get_service('systemdataset').config

        async def slow_config():
            await gate.wait()  # start-up is held here, as if the pool import were slow
            return original()
        replace_method(monkeypatch, mw, 'systemdataset.config', slow_config)
    box.boot(hold)

    async def scenario():
        box.mw.system_state = 'READY'
        box.mw.send_event('system.ready', 'ADDED')
        await asyncio.sleep(0)
        assert box.ctx.startup.status == 'STARTING'
        state = asyncio.ensure_future(box.mw.call('tuning.state'))
        await asyncio.sleep(0)
        assert not state.done(), 'a call during start-up was answered before start-up ended'
        gate.set()
        return await state
    state = box.run(scenario())
    assert state['active'] is None and box.ctx.startup.status == 'READY'
