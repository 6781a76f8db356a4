"""The first few of a kind per window, a count of the rest: what bounds repeated audit records (audit_trail.py) and
repeated log records (server/logsetup.py) whoever makes them. Pure: the caller gives the time and writes."""
from collections import Counter, OrderedDict
from dataclasses import dataclass, field


@dataclass
class _Window:
    started: float
    passed: int = 0
    held: int = 0
    notes: Counter = field(default_factory=Counter)
    last: object = None


@dataclass(frozen=True)
class Repeats:
    """What a window held back: `count` records of `key`, by `notes` (the most frequent first), the `last` one's
    details, in a window of `seconds`."""
    key: object
    count: int
    notes: dict
    last: object
    seconds: float


class RepeatBound:
    """Per key and window of `seconds`: the first `per_window` records pass, the others are counted. At most
    `max_keys` windows at once; newcomers past that share the key `others`, so memory stays bounded whoever
    invents keys."""

    def __init__(self, per_window, seconds, max_keys=1024, others="others", notes_kept=10):
        self.per_window = per_window
        self.seconds = seconds
        self.max_keys = max_keys
        self.others = others
        self.notes_kept = notes_kept
        self.windows = OrderedDict()   # key -> _Window, oldest first

    def admit(self, key, now, note=None, last=None):
        """Count one record of `key`; True when it passes. Call `take_ended(now)` first, so a key's window that
        ended is summarised before its next one starts. `note` (counted) and `last` (kept) describe a held one."""
        if key not in self.windows and len(self.windows) >= self.max_keys:
            key = self.others
        window = self.windows.get(key)
        if window is None:
            window = self.windows[key] = _Window(now)
        if window.passed < self.per_window:
            window.passed += 1
            return True
        window.held += 1
        if note is not None:
            window.notes[note] += 1
        window.last = last
        return False

    def take_ended(self, now):
        """Forget the windows that ended by `now`; what those that held records back held."""
        ended = []
        while self.windows:
            key, window = next(iter(self.windows.items()))
            if now - window.started < self.seconds:
                break
            del self.windows[key]
            if window.held:
                ended.append(self._repeats(key, window))
        return ended

    def take_all(self):
        """What every window held back so far, ended or not (at shutdown); forgets them all."""
        held = [self._repeats(k, w) for k, w in self.windows.items() if w.held]
        self.windows.clear()
        return held

    def next_end(self):
        """When the oldest window that held records back ends (None when none did)."""
        return next((w.started + self.seconds for w in self.windows.values() if w.held), None)

    def _repeats(self, key, window):
        return Repeats(key, window.held, dict(window.notes.most_common(self.notes_kept)), window.last, self.seconds)
