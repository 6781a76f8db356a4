"""Logging to `<data>/<role>.log` (host.log for the serving process, supervisor.log for the supervisor) and
stderr. Whatever callers do, the logs stay bounded and say only what happened:

- Each file is size-rotated (LOG_BYTES x (1 + BACKUPS)), mode 0600 in a data directory of mode 0700. One writer per
  file: two processes rotating the same file would rename each other's file from under them.
- A record is one line: control characters in its message and arguments are escaped (a newline from a caller
  cannot forge a line); the traceback lines that follow a record are indented, so every line that starts at the
  margin starts a record.
- One call site (a kind of record) writes at most REPEATS records a minute to each destination; the others are
  counted and written as one summary line when the minute ends.
"""
import logging
import logging.handlers
import os
import re
import sys
import threading
import time

from ..runtime.logfile import PRIVATE_DIR_MODE, PRIVATE_FILE_MODE, open_private
from ..runtime.repeats import RepeatBound

LOG_BYTES = 8 * 1024 * 1024
BACKUPS = 3
REPEATS = 10
REPEAT_SECONDS = 60.0
CONTINUATION = "    "   # before each line of a traceback

_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029]")
_CONTROL_BUT_NEWLINE = re.compile(r"[\x00-\x09\x0b-\x1f\x7f-\x9f\u2028\u2029]")


_NAMED_ESCAPES = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}


def _escaped(match):
    char = match.group()
    if char in _NAMED_ESCAPES:
        return _NAMED_ESCAPES[char]
    return f"\\x{ord(char):02x}" if ord(char) < 0x100 else f"\\u{ord(char):04x}"


def escape_controls(text, keep_newlines=False):
    """`text` with its control characters (C0, DEL, C1, the Unicode line and paragraph separators) written as
    escapes: `\\n`, `\\x1b`, `\\u2028`."""
    return (_CONTROL_BUT_NEWLINE if keep_newlines else _CONTROL).sub(_escaped, text)


class OneLineFormatter(logging.Formatter):
    """A record's message on one line (escaped), what follows it (a traceback) indented below it."""

    def format(self, record):
        saved = record.msg, record.args
        record.msg, record.args = escape_controls(record.getMessage()), None
        try:
            text = super().format(record)
        finally:
            record.msg, record.args = saved
        head, newline, rest = text.partition("\n")
        if not newline:
            return head
        return head + "\n" + CONTINUATION + escape_controls(rest, keep_newlines=True).replace("\n", "\n" + CONTINUATION)


class RepeatFilter(logging.Filter):
    """Lets through the first REPEATS records of a kind (a logging call site) per REPEAT_SECONDS to `handler`;
    counts the others and hands `handler` one summary record per kind when its window ends."""

    def __init__(self, handler, repeats=REPEATS, seconds=REPEAT_SECONDS, clock=time.monotonic):
        super().__init__()
        self.handler = handler
        self.clock = clock
        self.bound = RepeatBound(repeats, seconds, others=("others", None, "", 0))
        self.lock = threading.Lock()
        self.timer = None

    def filter(self, record):
        if getattr(record, "repeat_summary", False):
            return True
        kind = (record.name, record.levelno, record.pathname, record.lineno)
        with self.lock:
            ended = self.bound.take_ended(self.clock())
            passes = self.bound.admit(kind, self.clock(), last=record.msg)
            if not passes:
                self._summarise_later()
        self._write(ended)
        return passes

    def flush(self):
        """Write the summaries of every window so far (at exit)."""
        with self.lock:
            held = self.bound.take_all()
            if self.timer is not None:
                self.timer.cancel()
                self.timer = None
        self._write(held)

    def _summarise_later(self):
        # under the lock
        if self.timer is not None or (end := self.bound.next_end()) is None:
            return
        self.timer = threading.Timer(max(0.0, end - self.clock()) + 0.01, self._write_ended)
        self.timer.daemon = True
        self.timer.start()

    def _write_ended(self):
        with self.lock:
            self.timer = None
            ended = self.bound.take_ended(self.clock())
            self._summarise_later()
        self._write(ended)

    def _write(self, held):
        for repeats in held:
            self.handler.handle(summary_record(repeats))


def summary_record(repeats):
    """The record standing for the records of one kind that `repeats` held back."""
    name, level, pathname, lineno = repeats.key
    template = repeats.last if isinstance(repeats.last, str) else repr(repeats.last)
    span = "the last minute" if repeats.seconds == 60 else f"the last {repeats.seconds:g} s"
    record = logging.LogRecord(name, level or logging.WARNING, pathname, lineno,
                               "%d more like this in %s, not written: %.200s", (repeats.count, span, template),
                               None)
    record.repeat_summary = True
    return record


class _SummariseOnClose:
    """A handler that writes what its RepeatFilter still holds back before it closes (logging.shutdown)."""

    def close(self):
        for f in list(self.filters):
            if isinstance(f, RepeatFilter):
                f.flush()
        super().close()


class BoundedStreamHandler(_SummariseOnClose, logging.StreamHandler):
    pass


class PrivateRotatingFileHandler(_SummariseOnClose, logging.handlers.RotatingFileHandler):
    """RotatingFileHandler whose files are the owner's only (mode 0600), the one it rotates to included."""

    def _open(self):
        return os.fdopen(open_private(self.baseFilename), self.mode, encoding=self.encoding, errors=self.errors)


def secure_data_dir(data_dir):
    """Make the data directory (mode 0700) or give an existing one that mode, and give the files directly in it
    mode 0600: host.db, the logs, the audit trail, made by a version that left them readable to all."""
    os.makedirs(data_dir, mode=PRIVATE_DIR_MODE, exist_ok=True)
    os.chmod(data_dir, PRIVATE_DIR_MODE)
    with os.scandir(data_dir) as entries:
        for entry in entries:
            if entry.is_file(follow_symlinks=False) and entry.stat(follow_symlinks=False).st_mode & 0o077:
                os.chmod(entry.path, PRIVATE_FILE_MODE)


def setup_logging(settings, role):
    secure_data_dir(settings.data_dir)
    fmt = OneLineFormatter(f"%(asctime)s [{role} %(process)d] %(levelname)s %(name)s: %(message)s")
    root = logging.getLogger()
    root.handlers.clear()
    root.setLevel(getattr(logging, settings.log_level, logging.INFO))
    log_file = PrivateRotatingFileHandler(os.path.join(settings.data_dir, f"{role}.log"), maxBytes=LOG_BYTES,
                                          backupCount=BACKUPS, encoding="utf-8")
    for handler in (log_file, BoundedStreamHandler(sys.stderr)):
        handler.setFormatter(fmt)
        handler.addFilter(RepeatFilter(handler))
        root.addHandler(handler)
    logging.getLogger("aiohttp.access").setLevel(logging.WARNING)
