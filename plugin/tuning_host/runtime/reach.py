"""Whether a call reached beyond the process's memory while it ran: it called another method (where the box's
settings and the appliance are read) or ran something in a worker thread (a query, a file, a command). The server
keeps a remembered answer only of a call that did not (server/answers.py): what such a call read from memory is
covered by the version its answer is kept with; what lies beyond memory (the box) has no version.

The watch is a context variable: it follows the call's task and the tasks that task starts, not worker threads
(whatever a thread does, starting it already counts)."""
import contextvars

_watch = contextvars.ContextVar("tuning_host_reach_watch", default=None)


class Watch:
    __slots__ = ("reached_out",)

    def __init__(self):
        self.reached_out = False


def watch():
    """Watch the rest of the current task (one call) and the tasks it starts; returns the Watch to look at after."""
    w = Watch()
    _watch.set(w)
    return w


def reaching_out():
    """Note that the running call leaves memory (called by Middleware where it does)."""
    w = _watch.get()
    if w is not None:
        w.reached_out = True
