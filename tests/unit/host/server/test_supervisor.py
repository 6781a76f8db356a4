"""The supervisor's restart policy (pure functions) and its loop, driven by fake children and a fake clock: a dead
serving process is restarted, at once for a reboot, else after a back-off that grows while it keeps crashing and
starts again once a child has stayed up; a stop ends a back-off wait and the loop; nothing makes it give up."""
import signal
import threading

import pytest

from tuning_host.config import REBOOT_EXIT_CODE
from tuning_host.server.supervisor import (BACKOFF_MAX, STABLE_AFTER, Supervisor, Waiter, backoff_delay,
                                           describe_exit, next_restart)


# ---- policy ----

def test_backoff_doubles_from_half_a_second_to_thirty():
    assert [backoff_delay(n) for n in range(1, 10)] == [0.5, 1, 2, 4, 8, 16, 30, 30, 30]


def test_backoff_stays_at_the_maximum_however_long_the_crash_loop():
    assert backoff_delay(10**6) == BACKOFF_MAX


def test_quick_crashes_in_a_row_grow_the_delay():
    crashes, delays = 0, []
    for _ in range(8):
        delay, crashes = next_restart(1, 0.2, crashes)
        delays.append(delay)
    assert delays == [0.5, 1, 2, 4, 8, 16, 30, 30] and crashes == 8


def test_a_child_that_stayed_up_starts_the_backoff_again():
    assert next_restart(-signal.SIGKILL, STABLE_AFTER, 7) == (0.5, 1)
    assert next_restart(-signal.SIGKILL, STABLE_AFTER - 1, 7) == (30, 8)


def test_a_reboot_restarts_at_once_and_clears_the_crash_count():
    assert next_restart(REBOOT_EXIT_CODE, 0.1, 5) == (0.0, 0)


def test_a_child_that_could_not_be_started_counts_as_a_crash():
    assert next_restart(None, 0.0, 2) == (2, 3)


@pytest.mark.parametrize("returncode, text", [
    (1, "code 1"), (0, "code 0"), (-signal.SIGKILL, "signal SIGKILL"), (-signal.SIGSEGV, "signal SIGSEGV"),
    (-200, "signal 200"), (None, "no start"),
])
def test_describe_exit(returncode, text):
    assert describe_exit(returncode) == text


# ---- the loop ----

class FakeClock:
    def __init__(self):
        self.now = 1000.0

    def __call__(self):
        return self.now


class FakeWaiter:
    """Records the back-off waits and lets time pass; `on_wait` may stop the supervisor mid-wait."""

    def __init__(self, clock):
        self.clock = clock
        self.waits = []
        self.on_wait = None

    def wait(self, seconds):
        self.waits.append(seconds)
        if self.on_wait:
            self.on_wait(len(self.waits))
        self.clock.now += seconds
        return False

    def interrupt(self):
        pass


class FakeChild:
    def __init__(self, pid, returncode, uptime, clock, on_wait=None):
        self.pid, self.returncode, self.uptime, self.clock, self.on_wait = pid, returncode, uptime, clock, on_wait
        self.signals = []
        self.done = False

    def poll(self):
        return self.returncode if self.done else None

    def send_signal(self, signum):
        self.signals.append(signum)

    def wait(self):
        if self.on_wait:
            self.on_wait(self)
        self.clock.now += self.uptime
        self.done = True
        return self.returncode


def make_supervisor(outcomes, stop_after=None):
    """A supervisor whose n-th child exits with outcomes[n] = (returncode, uptime); it is stopped while the last
    child runs (like SIGTERM), or while child `stop_after` runs when given."""
    clock = FakeClock()
    waiter = FakeWaiter(clock)
    children, started = [], []
    stop_at = len(outcomes) if stop_after is None else stop_after

    def stop_while_running(child):
        if len(children) == stop_at:
            sup.stop()

    def spawn():
        returncode, uptime = outcomes[len(children)]
        child = FakeChild(100 + len(children), returncode, uptime, clock, on_wait=stop_while_running)
        children.append(child)
        return child

    sup = Supervisor(spawn=spawn, on_start=started.append, clock=clock, waiter=waiter)
    return sup, children, started, waiter


def test_a_killed_child_is_restarted_and_recorded():
    sup, children, started, waiter = make_supervisor([(-signal.SIGKILL, 300.0), (0, 5.0)])
    assert sup.run() == 0
    assert [c.pid for c in started] == [100, 101]  # the pid file follows the current child
    assert waiter.waits == [0.5]
    assert children[1].signals == [signal.SIGTERM]  # the stop reached the running child


def test_a_child_crashing_at_start_is_retried_with_growing_delays_and_never_given_up():
    outcomes = [(1, 0.3)] * 12 + [(0, 1.0)]
    sup, children, started, waiter = make_supervisor(outcomes)
    assert sup.run() == 0
    assert len(children) == 13
    assert waiter.waits == [0.5, 1, 2, 4, 8, 16, 30, 30, 30, 30, 30, 30]


def test_the_backoff_starts_again_after_a_child_stayed_up():
    outcomes = [(1, 0.3), (1, 0.3), (1, 0.3), (-signal.SIGSEGV, STABLE_AFTER + 1), (1, 0.3), (0, 1.0)]
    sup, _, _, waiter = make_supervisor(outcomes)
    sup.run()
    assert waiter.waits == [0.5, 1, 2, 0.5, 1]


def test_a_reboot_restarts_without_waiting():
    sup, children, _, waiter = make_supervisor([(REBOOT_EXIT_CODE, 2.0), (REBOOT_EXIT_CODE, 2.0), (0, 1.0)])
    sup.run()
    assert len(children) == 3 and waiter.waits == []


def test_a_stop_during_the_backoff_ends_the_loop_without_a_new_child():
    sup, children, _, waiter = make_supervisor([(1, 0.1)] * 5, stop_after=99)
    waiter.on_wait = lambda n: n == 3 and sup.stop()
    assert sup.run() == 0
    assert len(children) == 3 and waiter.waits == [0.5, 1, 2]


def test_a_child_that_cannot_be_spawned_is_retried_with_the_backoff():
    clock = FakeClock()
    waiter = FakeWaiter(clock)
    attempts = []

    def spawn():
        attempts.append(1)
        if len(attempts) == 4:
            return FakeChild(7, 0, 1.0, clock, on_wait=lambda child: sup.stop())
        raise OSError(24, "Too many open files")

    sup = Supervisor(spawn=spawn, on_start=lambda child: None, clock=clock, waiter=waiter)
    assert sup.run() == 0
    assert waiter.waits == [0.5, 1, 2]


def test_a_stop_that_arrives_while_spawning_reaches_the_new_child():
    clock = FakeClock()
    children = []

    def spawn():
        sup.stop()  # the signal handler ran before the child was known
        child = FakeChild(8, -signal.SIGTERM, 0.1, clock)
        children.append(child)
        return child

    sup = Supervisor(spawn=spawn, on_start=lambda child: None, clock=clock, waiter=FakeWaiter(clock))
    assert sup.run() == 0
    assert children[0].signals == [signal.SIGTERM] and len(children) == 1


# ---- the real waiter ----

def test_waiter_times_out_when_not_interrupted():
    waiter = Waiter()
    try:
        assert waiter.wait(0) is False
    finally:
        waiter.close()


def test_an_interrupt_before_the_wait_still_ends_it():
    """The signal may land between the decision to wait and the wait itself: the wait must not sleep through it."""
    waiter = Waiter()
    try:
        waiter.interrupt()
        waiter.interrupt()  # twice (SIGINT then SIGTERM) is harmless
        assert waiter.wait(60) is True
    finally:
        waiter.close()


def test_an_interrupt_from_another_thread_ends_a_long_wait():
    waiter = Waiter()
    try:
        threading.Thread(target=waiter.interrupt).start()
        assert waiter.wait(60) is True
    finally:
        waiter.close()
