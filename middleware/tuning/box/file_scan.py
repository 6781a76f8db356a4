"""A bounded, read-only walk of a dataset's files for record size advice (``core.recordsize``): sizes only.

It reads directories and file metadata (``lstat``), never file contents; follows no symlink; stays on the dataset's
own filesystem (a child dataset is mounted below with a device of its own, and is its own question), and skips the
snapshot directory and benchmark scratch areas. It stops at ``max_entries`` files and directories, at ``deadline``
or when ``abort`` is set. No file name leaves the walk: only counters do.
"""
import os
import stat
import time

from ..core.recordsize import FileSizes
from .bench_target import SCRATCH_PREFIX

PROGRESS_EVERY = 2000  # entries between progress calls


class ScanAborted(Exception):
    pass


def _skipped(name: str) -> bool:
    return name == '.zfs' or name.startswith(SCRATCH_PREFIX)


def scan_files(root: str, *, max_entries: int, deadline: float, abort=None, progress=None) -> dict:
    """``{sizes (FileSizes.as_dict), directories, complete, stopped_by (None, 'ENTRIES' or 'TIME'), unreadable,
    other_filesystems, seconds}``; ``progress(files, bytes, seen)`` every ``PROGRESS_EVERY`` entries; raises
    ``ScanAborted`` once ``abort()`` (or an Event) is set."""
    is_aborted = abort.is_set if hasattr(abort, 'is_set') else (abort or (lambda: False))
    started = time.monotonic()
    sizes = FileSizes()
    device = os.stat(root).st_dev
    pending, seen, directories, unreadable, other_filesystems, stopped_by = [root], 0, 0, 0, 0, None
    while pending and stopped_by is None:
        path = pending.pop()
        try:
            listing = os.scandir(path)
        except OSError:
            unreadable += 1
            continue
        directories += 1
        with listing:
            for entry in listing:
                if is_aborted():
                    raise ScanAborted()
                if seen >= max_entries:
                    stopped_by = 'ENTRIES'
                    break
                if time.monotonic() >= deadline:
                    stopped_by = 'TIME'
                    break
                seen += 1
                if progress is not None and seen % PROGRESS_EVERY == 0:
                    progress(sizes.files, sizes.bytes, seen)
                if _skipped(entry.name):
                    continue
                try:
                    st = entry.stat(follow_symlinks=False)
                except OSError:
                    unreadable += 1
                    continue
                if stat.S_ISDIR(st.st_mode):
                    if st.st_dev != device:
                        other_filesystems += 1
                    else:
                        pending.append(entry.path)
                elif stat.S_ISREG(st.st_mode):
                    sizes.add(entry.name, st.st_size)
    return {'sizes': sizes.as_dict(), 'directories': directories,
            'complete': stopped_by is None and not pending, 'stopped_by': stopped_by, 'unreadable': unreadable,
            'other_filesystems': other_filesystems, 'seconds': round(time.monotonic() - started, 3)}
