"""Scratch directories (I/O): the only place a benchmark writes.

- ``create_scratch(target_dir, bench_id)`` → path of a new ``<target_dir>/.tuning-bench-<bench_id>`` (mode 0700);
  refuses a missing target, a symlinked target, an odd id or an existing scratch.
- ``remove_scratch(path)`` removes it (only a directory named ``.tuning-bench-*``; never follows symlinks).
- ``remove_test_files(path, job_name)`` removes one test's data files (``<job_name>.*``) inside the scratch.
- ``sweep_leftovers(root_dirs)`` → removed paths: every ``.tuning-bench-*`` directly under each root (run at start-up
  to clean up after a crash).
"""
import os
import re
import shutil

PREFIX = '.tuning-bench-'
_ID = re.compile(r'^[A-Za-z0-9_-]{1,64}$')


def create_scratch(target_dir, bench_id):
    if not _ID.match(str(bench_id)):
        raise ValueError(f'bench_id {bench_id!r} must be 1–64 letters, digits, "-" or "_"')
    if os.path.islink(target_dir) or not os.path.isdir(target_dir):
        raise ValueError(f'target directory {target_dir!r} does not exist or is a symlink')
    path = os.path.join(os.path.realpath(target_dir), PREFIX + str(bench_id))
    os.mkdir(path, 0o700)  # FileExistsError if a scratch with this id is still there
    return path


def _is_scratch(path):
    return os.path.basename(os.path.normpath(path)).startswith(PREFIX)


def remove_scratch(path):
    if not _is_scratch(path):
        raise ValueError(f'refusing to remove {path!r}: not a benchmark scratch directory')
    if os.path.islink(path):
        os.unlink(path)
    elif os.path.isdir(path):
        shutil.rmtree(path)


def remove_test_files(path, job_name):
    for entry in os.scandir(path):
        if entry.name.startswith(job_name + '.') and entry.is_file(follow_symlinks=False):
            os.unlink(entry.path)


def sweep_leftovers(root_dirs):
    removed = []
    for root in root_dirs:
        try:
            entries = list(os.scandir(root))
        except (FileNotFoundError, NotADirectoryError, PermissionError):
            continue
        for entry in entries:
            if entry.name.startswith(PREFIX) and (entry.is_dir(follow_symlinks=False) or entry.is_symlink()):
                remove_scratch(entry.path)
                removed.append(entry.path)
    return removed
