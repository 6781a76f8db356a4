"""An append-only JSON-lines file that rotates by size (`audit.log` -> `audit.log.1` ...), so that no caller,
however many calls it makes, can fill the disk with it. Every file the host writes in its data directory is the
owner's only (`open_private`, mode 0600)."""
import os

AUDIT_BYTES = 16 * 1024 * 1024
AUDIT_BACKUPS = 3
PRIVATE_FILE_MODE = 0o600
PRIVATE_DIR_MODE = 0o700


def open_private(path, flags=os.O_WRONLY | os.O_APPEND | os.O_CREAT):
    """`os.open` of `path` with mode 0600, also for a file that exists with a wider mode (made before modes were
    set: fixed at its first open after an upgrade). Returns the descriptor."""
    fd = os.open(path, flags, PRIVATE_FILE_MODE)
    try:
        if os.fstat(fd).st_mode & 0o777 != PRIVATE_FILE_MODE:
            os.fchmod(fd, PRIVATE_FILE_MODE)
    except BaseException:
        os.close(fd)
        raise
    return fd


def make_private(path):
    """Create `path` if it is missing; either way give it mode 0600."""
    os.close(open_private(path, os.O_RDONLY | os.O_CREAT))


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
    with os.fdopen(open_private(path), "ab") as f:
        f.write(data)
