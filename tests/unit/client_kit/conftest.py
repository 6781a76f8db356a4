"""The kit's tests stop the kit with Ctrl-C (SIGINT) as a user does. A test run started in the background by a
non-interactive shell (a script's ``pytest ... &``) ignores SIGINT, and a child inherits an ignored signal, so the kit
would never see one and the test would wait on it until its hang bound. A handler here (not SIG_IGN) is reset to the
default in a child, so the kit takes SIGINT as when it is started from a terminal."""
import signal

import pytest


@pytest.fixture(autouse=True)
def children_take_sigint():
    previous = signal.getsignal(signal.SIGINT)
    if previous is signal.SIG_IGN:
        signal.signal(signal.SIGINT, signal.default_int_handler)
    yield
    signal.signal(signal.SIGINT, previous)
