"""Run in the guest (python3 guest_fio_watch.py PREFIX SECONDS): catch a fio process that has a file open under
PREFIX and print, as one JSON line, what it has open and the mount those files are on as its own mount namespace
sees it.

Read from the guest's /proc, not through `docker exec`: a QUICK run's fio lives a few seconds, less than a few ssh
round trips to a QEMU guest, while a local look at /proc takes milliseconds. The container's processes are the
guest's processes, and /proc/PID/mountinfo is the mount table of that process's namespace (the container's).
Prints "ready" first so the caller starts the benchmark only once the watch is on. Exit 1: no such fio in time.
"""
import json
import os
import sys
import time


def unescape(field: str) -> str:
    """mountinfo escapes space, tab, newline and backslash as octal (\\040)."""
    out, i = [], 0
    while i < len(field):
        if field[i] == '\\' and field[i + 1:i + 4].isdigit():
            out.append(chr(int(field[i + 1:i + 4], 8)))
            i += 4
        else:
            out.append(field[i])
            i += 1
    return ''.join(out)


def mount_of(path: str, mountinfo: str) -> dict | None:
    """The mount `path` is on (the longest mount point above it): {mount_point, fstype, source}."""
    best = None
    for line in mountinfo.splitlines():
        before, _, after = line.partition(' - ')
        mount_point = unescape(before.split()[4])
        fstype, source = after.split()[:2]
        inside = path == mount_point or path.startswith(mount_point.rstrip('/') + '/')
        if inside and (best is None or len(mount_point) >= len(best['mount_point'])):
            best = {'mount_point': mount_point, 'fstype': fstype, 'source': unescape(source)}
    return best


def fio_files(pid: str, prefix: str) -> list[str]:
    if open(f'/proc/{pid}/comm').read().strip() != 'fio':
        return []
    fds = f'/proc/{pid}/fd'
    return sorted({t for t in (os.readlink(f'{fds}/{fd}') for fd in os.listdir(fds)) if t.startswith(prefix)})


def look(prefix: str) -> dict | None:
    for pid in filter(str.isdigit, os.listdir('/proc')):
        try:
            files = fio_files(pid, prefix)
            if files:
                mountinfo = open(f'/proc/{pid}/mountinfo').read()
                return {'pid': int(pid), 'files': files, 'mount': mount_of(files[0], mountinfo),
                        'mnt_ns': os.readlink(f'/proc/{pid}/ns/mnt')}
        except OSError:   # the process ended while we looked
            continue
    return None


def main(prefix: str, seconds: float) -> int:
    deadline = time.monotonic() + seconds
    print('ready', flush=True)
    while time.monotonic() < deadline:
        if found := look(prefix):
            print(json.dumps(found), flush=True)
            return 0
        time.sleep(0.05)   # polling interval: fio lives for seconds
    return 1


if __name__ == '__main__':
    sys.exit(main(sys.argv[1], float(sys.argv[2])))
