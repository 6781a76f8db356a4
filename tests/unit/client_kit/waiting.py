"""How the kit's tests wait: on the thing they wait for (a line on a child's pipe, a child's exit, a record of the
fake box, a process appearing), never on the clock. ``HANG_SECONDS`` bounds each wait only so that a hung run fails
in words instead of hanging the suite: it is minutes because a loaded 2-core machine or a slow laptop must pass
too, and no test relies on it being short."""
import subprocess
import threading
import time

HANG_SECONDS = 600
POLL_SECONDS = 0.05  # the pace of polling a state nothing announces (a process list, a database row)


def until(condition, what, alive=None, said=None):
    """``condition()``'s value once it is true. Fails in words when the child ``alive`` ends before it holds (nothing
    more will happen) or after HANG_SECONDS; ``said()`` (the child's words so far) goes into the message."""
    deadline = time.monotonic() + HANG_SECONDS
    while True:
        value = condition()
        if value:
            return value
        if alive is not None and alive.poll() is not None:
            value = condition()  # it may have come true just before the child ended
            assert value, f'{what}: the child ended first (exit status {alive.returncode}){_words(said)}'
            return value
        assert time.monotonic() < deadline, f'no {what} within {HANG_SECONDS} s (a hang){_words(said)}'
        time.sleep(POLL_SECONDS)


def exit_status(proc, what='the child', said=None):
    """The child's exit status once it ends; killed, and failing in words, if it hangs."""
    try:
        return proc.wait(HANG_SECONDS)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()
        raise AssertionError(f'{what} did not end within {HANG_SECONDS} s (a hang): killed{_words(said)}') from None


def _words(said):
    return f':\n{said()}' if said is not None else ''


class Lines:
    """The lines of a child's text stream, read by a thread of their own as they come (so the child never blocks
    on a full pipe), which a test can wait on."""

    def __init__(self, stream):
        self._lines = []
        self._ended = False
        self._changed = threading.Condition()
        self._reader = threading.Thread(target=self._read, args=(stream,), daemon=True)
        self._reader.start()

    def _read(self, stream):
        try:
            for line in stream:
                with self._changed:
                    self._lines.append(line)
                    self._changed.notify_all()
        finally:
            with self._changed:
                self._ended = True
                self._changed.notify_all()

    @property
    def text(self):
        with self._changed:
            return ''.join(self._lines)

    def wait_for(self, text):
        """The first line holding ``text``; fails in words when the stream ends without one (the child exited) or
        after HANG_SECONDS."""
        def found():
            return next((line for line in self._lines if text in line), None)

        with self._changed:
            self._changed.wait_for(lambda: found() is not None or self._ended, HANG_SECONDS)
            line = found()
        assert line is not None, f'no line with {text!r} ({"the stream ended" if self._ended else "a hang"}):\n' \
                                 f'{self.text}'
        return line

    def wait_for_end(self):
        """All the text, once the stream has ended (the child closed it, by exiting)."""
        with self._changed:
            ended = self._changed.wait_for(lambda: self._ended, HANG_SECONDS)
        assert ended, f'the stream did not end within {HANG_SECONDS} s (a hang):\n{self.text}'
        return self.text
