"""What the audit trail keeps whoever floods it (pure logic; runtime/middleware.py writes the lines).

TrueNAS sends each audit record through syslog-ng into an SQLite database per service on its own dataset (/audit)
and deletes records only by age (`audit.config` retention, 7 days by default); nothing there bounds a caller, so a
flood of refused calls grows the dataset up to its quota. The host keeps its trail in size-rotated files instead, so
it bounds what one caller can make it write, and keeps logins apart:

- A refused call (a METHOD_CALL record with `authorized` false: not logged in, or without the role) is written
  whole for the first REFUSALS_PER_WINDOW refusals of its caller (the user, or the address of an anonymous caller)
  in WINDOW_SECONDS; the others are counted, and written as one summary record when the window ends ("N more
  refused calls from X in the last minute"). Past MAX_CALLERS callers at once, newcomers share one count.
- AUTHENTICATION records (logins, failed ones above all) go to their own file as well, which nothing else writes:
  no flood of other records rotates them out. Failed logins are bounded by the credential limit (20 wrong ones a
  minute per address), so they are all kept.
"""
from .repeats import RepeatBound

AUDIT_FILE = "audit.log"
AUTH_AUDIT_FILE = "audit-auth.log"
REFUSALS_PER_WINDOW = 20
WINDOW_SECONDS = 60.0
MAX_CALLERS = 1024
OTHER_CALLERS = ("others", None)


def audit_files(event):
    """The files (names in the data directory) a record of `event` is written to."""
    return (AUDIT_FILE, AUTH_AUDIT_FILE) if event == "AUTHENTICATION" else (AUDIT_FILE,)


def refused_caller(event, event_data, user, addr):
    """The caller whose refusals a record counts against (("user", name) or ("address", addr)), or None when the
    record is not a refused call (those are always written whole)."""
    if event != "METHOD_CALL" or not isinstance(event_data, dict) or event_data.get("authorized") is not False:
        return None
    return ("user", user) if user else ("address", addr)


def refusal_bound():
    """Which refused calls are written whole: REFUSALS_PER_WINDOW per caller and window (`admit(caller, now,
    method, (user, addr))`), the others counted."""
    return RepeatBound(REFUSALS_PER_WINDOW, WINDOW_SECONDS, MAX_CALLERS, OTHER_CALLERS)


def summary(repeats):
    """(user, addr, METHOD_CALL event data) of the record standing for the refused calls `repeats` counted."""
    kind, name = repeats.key
    who = {"user": f"user {name}", "address": name}.get(kind, "other callers")
    span = "the last minute" if repeats.seconds == 60 else f"the last {repeats.seconds:g} s"
    user, addr = repeats.last
    return user, addr, {
        "method": None, "params": None, "description": f"{repeats.count} more refused calls from {who} in {span}",
        "authenticated": user is not None, "authorized": False,
        "refused_calls": {"count": repeats.count, "methods": repeats.notes, "window_seconds": repeats.seconds}}
