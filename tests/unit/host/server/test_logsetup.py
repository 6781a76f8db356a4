"""The host's logs (server/logsetup.py): one line per record whatever a caller sends, a call site bounded to a few
records a minute with one summary line for the rest, files the owner's only in a directory that is too."""
import logging
import os
import stat
import sys
from types import SimpleNamespace

from tuning_host.server.logsetup import (OneLineFormatter, PrivateRotatingFileHandler, RepeatFilter, escape_controls,
                                         secure_data_dir, setup_logging)


class Clock:
    def __init__(self):
        self.now = 1000.0

    def __call__(self):
        return self.now


class Collect(logging.Handler):
    def __init__(self):
        super().__init__()
        self.lines = []

    def emit(self, record):
        self.lines.append(self.format(record))


def record(msg, *args, lineno=10, exc_info=None, level=logging.WARNING):
    return logging.LogRecord("tuning_host.server", level, "/x/rpc.py", lineno, msg, args, exc_info)


def test_control_characters_are_escaped():
    assert escape_controls("a\nb\rc\td\x1b[2Je\x00f\x85g\u2028h") == "a\\nb\\rc\\td\\x1b[2Je\\x00f\\x85g\\u2028h"
    assert escape_controls("a\nb\x1b", keep_newlines=True) == "a\nb\\x1b"
    assert escape_controls("naïve 漢字 😀") == "naïve 漢字 😀"


def test_a_caller_cannot_forge_a_line_and_a_traceback_is_indented_below_its_record():
    fmt = OneLineFormatter("%(levelname)s %(message)s")
    forged = "tank\n2099-01-01 00:00:00 ERROR forged"
    assert fmt.format(record("Job %s failed: %s", 5, forged)) == (
        "WARNING Job 5 failed: tank\\n2099-01-01 00:00:00 ERROR forged")
    assert fmt.format(record(f"pool {forged}")) == "WARNING pool tank\\n2099-01-01 00:00:00 ERROR forged"
    try:
        raise ValueError("bad\nFORGED \x1b[2J")
    except ValueError:
        text = fmt.format(record("crash", exc_info=sys.exc_info()))
    head, *rest = text.split("\n")
    assert head == "WARNING crash" and rest[0] == "    Traceback (most recent call last):"
    assert all(line.startswith("    ") for line in rest)
    assert rest[-2:] == ["    ValueError: bad", "    FORGED \\x1b[2J"]


def test_a_call_site_writes_a_few_records_a_minute_then_one_summary():
    clock = Clock()
    out = Collect()
    out.setFormatter(logging.Formatter("%(levelname)s %(message)s"))
    repeats = RepeatFilter(out, repeats=3, seconds=60, clock=clock)
    out.addFilter(repeats)
    for i in range(10):
        out.handle(record("Serialization error %s", i))
        out.handle(record("other site", lineno=20))
    assert out.lines == ["WARNING Serialization error 0", "WARNING other site", "WARNING Serialization error 1",
                         "WARNING other site", "WARNING Serialization error 2", "WARNING other site"]
    clock.now += 60
    out.handle(record("Serialization error %s", 10))
    assert out.lines[6:] == [
        "WARNING 7 more like this in the last minute, not written: Serialization error %s",
        "WARNING 7 more like this in the last minute, not written: other site",
        "WARNING Serialization error 10"]
    repeats.flush()   # stops its timer


def test_held_records_are_summarised_when_the_minute_ends_even_if_nothing_else_comes():
    out = Collect()
    repeats = RepeatFilter(out, repeats=1, seconds=0.05)
    out.addFilter(repeats)
    for _ in range(4):
        out.handle(record("flood"))
    repeats.timer.join(5)
    assert out.lines == ["flood", "3 more like this in the last 0.05 s, not written: flood"]


def test_what_is_held_back_is_written_when_the_handler_closes(tmp_path):
    handler = PrivateRotatingFileHandler(str(tmp_path / "host.log"))
    handler.setFormatter(logging.Formatter("%(message)s"))
    handler.addFilter(RepeatFilter(handler, repeats=1))
    for _ in range(3):
        handler.handle(record("flood"))
    handler.close()
    assert (tmp_path / "host.log").read_text() == "flood\n2 more like this in the last minute, not written: flood\n"


def mode(path):
    return stat.S_IMODE(os.stat(path).st_mode)


def test_log_files_are_the_owners_only_rotated_ones_too(tmp_path):
    path = tmp_path / "host.log"
    path.write_text("old\n")
    os.chmod(path, 0o644)   # as a version before this left it
    handler = PrivateRotatingFileHandler(str(path), maxBytes=100, backupCount=2)
    handler.setFormatter(logging.Formatter("%(message)s"))
    for i in range(20):
        handler.emit(record("line %d " + "x" * 20, i))
    handler.close()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["host.log", "host.log.1", "host.log.2"]
    assert all(mode(p) == 0o600 for p in tmp_path.iterdir())


def test_the_data_directory_and_its_files_are_made_private_at_start(tmp_path):
    data = tmp_path / "data"
    data.mkdir(mode=0o755)
    os.chmod(data, 0o755)
    for name in ("host.db", "audit.log", "audit.log.1", "host.pid"):
        (data / name).write_text("x")
        os.chmod(data / name, 0o644)
    (data / "tuning").mkdir()
    secure_data_dir(str(data))
    assert mode(data) == 0o700
    assert all(mode(data / name) == 0o600 for name in ("host.db", "audit.log", "audit.log.1", "host.pid"))
    new = tmp_path / "new"
    root = logging.getLogger()
    saved_handlers, saved_level = root.handlers[:], root.level
    try:
        setup_logging(SimpleNamespace(data_dir=str(new), log_level="INFO"), "host")
        logging.getLogger("tuning_host").info("started")
        assert mode(new) == 0o700 and mode(new / "host.log") == 0o600
    finally:
        for handler in root.handlers:
            handler.close()
        root.handlers[:] = saved_handlers
        root.setLevel(saved_level)
