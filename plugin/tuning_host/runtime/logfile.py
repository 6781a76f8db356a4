"""An append-only JSON-lines file that rotates by size (`audit.log` -> `audit.log.1` ...), so that no caller,
however many calls it makes, can fill the disk with it."""
import os

AUDIT_BYTES = 16 * 1024 * 1024
AUDIT_BACKUPS = 3


def append_rotating(path, line, max_bytes=AUDIT_BYTES, backups=AUDIT_BACKUPS):
    """Append `line` and a newline to `path`; first rotate when the file would grow past `max_bytes`.
    Callers serialise calls per path (one lock)."""
    data = (line + "\n").encode("utf-8")
    try:
        size = os.path.getsize(path)
    except FileNotFoundError:
        size = 0
    if size and size + len(data) > max_bytes:
        for index in range(backups, 0, -1):
            older = f"{path}.{index - 1}" if index > 1 else path
            if os.path.exists(older):
                os.replace(older, f"{path}.{index}")
    with open(path, "ab") as f:
        f.write(data)
