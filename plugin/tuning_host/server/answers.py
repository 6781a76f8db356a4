"""Remembered answers: the reads the panel repeats (`core.ping`, `tuning.state`, `tuning.preset.query`) answered
from the JSON text of an earlier answer to the same call, in the reader, without a task, while nothing it was made
of has changed.

An answer is kept by method, parameters (their JSON text) and the caller's roles, with the version of its source
taken before the method ran: the plugin's database and its count of writes, and for `tuning.state` the box guard
(a job holding the box) and the boot id. A write, a job taking or leaving the box, or start-up not being over
gives another version (or none), and the answer is made again. An answer is kept only if the call stayed in
memory (runtime/reach.py): `tuning.state` that read the box's live settings for drift is never kept.

Served only to a session that is logged in, still valid and holds a role for the method, checked on every call;
anything else (anonymous callers, an expired session, a refusal, a notification) takes the full path, which logs
out, rate-limits, refuses and audits as before. Methods that are audited, jobs, or take the connection are never
remembered."""
import asyncio

from tuning.context import plugin_context
from tuning.store.offloop import store_version

from ..runtime import reach
from . import jsonenc
from .authz import authorized_now
from .connection import result_message

MAX_ENTRIES = 64                 # answers kept at once (then all are dropped and made again)
MAX_PARAMS_CHARS = 1024          # calls with longer parameters are not remembered
MAX_ANSWER_CHARS = 256 * 1024    # nor answers longer than this


def unchanging(middleware):
    return ()


def tuning_state(middleware):
    version = store_version(middleware)
    if version is None:
        return None
    ctx = plugin_context(middleware)
    return version + (ctx.guard.busy, ctx.boot_id)


# method -> its source's version (None: not to be remembered now)
SOURCES = {
    "core.ping": unchanging,
    "tuning.preset.query": store_version,   # built-in presets are code; the others are rows
    "tuning.state": tuning_state,
}


def rememberable(methodobj):
    """Whether the method's answer depends only on its parameters and its source: a coroutine (the reach watch
    follows it), not a job, not audited, not given the connection."""
    return (asyncio.iscoroutinefunction(methodobj) and getattr(methodobj, "_job", None) is None
            and not getattr(methodobj, "audit", None) and getattr(methodobj, "_pass_app", None) is None)


class Recording:
    """One call on the full path whose answer may be kept (see `Answers.recording`)."""

    def __init__(self, answers, key, version):
        self.answers, self.key, self.version = answers, key, version
        self.watch = reach.watch()

    def keep(self, result):
        """The JSON text of `result`, kept unless the call left memory; None when it cannot be encoded (the caller
        reports that as for any answer)."""
        try:
            text = jsonenc.dumps(result)
        except Exception:
            return None
        if not self.watch.reached_out and len(text) <= MAX_ANSWER_CHARS:
            self.answers.keep(self.key, self.version, text)
        return text


class Answers:
    def __init__(self, middleware, sources=SOURCES):
        self.middleware = middleware
        self.sources = sources
        self._eligible = {}   # method name -> rememberable(methodobj), decided once
        self._entries = {}    # (name, params text, roles) -> (version, result text)

    def _key(self, conn, name, methodobj, params):
        """The key and current version of a call that may be answered or kept, else None."""
        source = self.sources.get(name)
        if source is None:
            return None
        eligible = self._eligible.get(name)
        if eligible is None:
            eligible = self._eligible[name] = rememberable(methodobj)
        if not eligible or not authorized_now(self.middleware.get_service("auth"), conn, methodobj):
            return None
        try:
            text = "[]" if not params else jsonenc.dumps(params)
        except (ValueError, RecursionError):
            return None   # what the full path refuses (nested too deeply)
        if len(text) > MAX_PARAMS_CHARS:
            return None
        version = source(self.middleware)
        if version is None:
            return None
        return (name, text, tuple(conn.authenticated_credentials["roles"])), version

    def answer(self, conn, id_, name, methodobj, params):
        """The answer message to this call if one is kept for its current version, else None."""
        found = self._key(conn, name, methodobj, params)
        if found is None:
            return None
        key, version = found
        entry = self._entries.get(key)
        if entry is None or entry[0] != version:
            return None
        return result_message(id_, entry[1])

    def recording(self, conn, name, methodobj, params):
        """A Recording for a call about to run on the full path (in its own task) whose answer may be kept, else
        None. The version is taken now, before the method reads anything: a change during the call leaves the kept
        answer with an old version, never served."""
        found = self._key(conn, name, methodobj, params)
        return None if found is None else Recording(self, *found)

    def keep(self, key, version, text):
        if len(self._entries) >= MAX_ENTRIES and key not in self._entries:
            self._entries.clear()
        self._entries[key] = (version, text)
