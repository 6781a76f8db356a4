"""fio processes that outlive the host (I/O; Linux ``/proc`` and pidfds).

fio runs in a session of its own so that an abort can stop it without touching the host, and each of its job
workers calls ``setsid`` too: when the host is killed nothing stops them, and they keep writing into the scratch area
for the rest of their runtime. So every fio run leaves a record in the plugin's state directory while it may run:

- ``record_intent(records_dir, scratch_dir, argv)`` before fio starts → the record's path (the command line, whose
  job path is unique to the run, the scratch directory and the kernel's boot id);
- ``record_started(path, pid)`` once it runs (adds the pid and its start time, ``/proc/<pid>/stat`` field 22);
- ``forget(path)`` once fio and its workers are gone.

``stop_processes(argv, since)`` stops every live process running exactly ``argv`` that started at or after ``since``
(SIGTERM, SIGKILL after a grace period, then waits until none is left); ``run_fio`` uses it whenever fio's run ends
and start-up uses it through ``stop_leftovers(records_dir)`` → ``[{scratch_dir, pids}]`` for each record whose fio
was still running. A process is signalled through a pidfd opened and then checked again against the start time it was
matched with, so a pid recycled by an unrelated process is never signalled; a record of another boot is dropped (its
processes died with that boot).

PR_SET_PDEATHSIG is not used: it fires when the *thread* that forked fio exits, not the process; fio is started from a
worker thread of middlewared's pool, whose threads may end while fio runs, which would kill a healthy benchmark.
"""
import json
import os
import select
import signal
import time

KILL_GRACE_SECONDS = 5  # how long fio gets to stop on SIGTERM before SIGKILL
BOOT_ID_PATH = '/proc/sys/kernel/random/boot_id'


def boot_id():
    with open(BOOT_ID_PATH) as f:
        return f.read().strip()


def parse_stat(text):
    """``/proc/<pid>/stat`` → ``(state, start_time)`` (pure). The command name in parentheses may hold spaces and
    parentheses, so the fields are counted after the last ``)``: state is field 3, start time field 22."""
    fields = text[text.rindex(')') + 2:].split()
    return fields[0], int(fields[19])


def process_start_time(pid):
    """The start time of a live process (clock ticks after boot), ``None`` when there is no such process."""
    try:
        with open(f'/proc/{pid}/stat') as f:
            state, start = parse_stat(f.read())
    except (FileNotFoundError, ProcessLookupError):
        return None
    return None if state in ('Z', 'X') else start


def _cmdline(argv):
    return b''.join(os.fsencode(a) + b'\0' for a in argv)


def matching_processes(argv, since=None):
    """``[(pid, start_time)]`` of the live processes running exactly ``argv`` that started at or after ``since``."""
    wanted, found = _cmdline(argv), []
    for name in os.listdir('/proc'):
        if not name.isdigit():
            continue
        try:
            with open(f'/proc/{name}/cmdline', 'rb') as f:
                if f.read() != wanted:
                    continue
        except OSError:  # gone meanwhile
            continue
        start = process_start_time(int(name))
        if start is not None and (since is None or start >= since):
            found.append((int(name), start))
    return found


def _open_checked(pid, start):
    """A pidfd of ``pid`` if it is still the process that started at ``start``, else ``None``."""
    try:
        fd = os.pidfd_open(pid)
    except ProcessLookupError:
        return None
    if process_start_time(pid) != start:  # the pid was recycled between the scan and the open
        os.close(fd)
        return None
    return fd


def _wait_gone(fds, timeout):
    """True once every process behind ``fds`` has exited (a pidfd turns readable); False after ``timeout`` seconds
    (``None``: no limit)."""
    deadline = None if timeout is None else time.monotonic() + timeout
    poller, pending = select.poll(), set(fds)
    for fd in pending:
        poller.register(fd, select.POLLIN)
    while pending:
        left = None if deadline is None else max(0, deadline - time.monotonic()) * 1000
        events = poller.poll(left)
        if not events:
            return False
        for fd, _ in events:
            pending.discard(fd)
            poller.unregister(fd)
    return True


def stop_processes(argv, since=None, grace=KILL_GRACE_SECONDS):
    """Stop every process running ``argv`` since ``since`` and return once none is left; → their pids, sorted."""
    stopped, sig, timeout = set(), signal.SIGTERM, grace
    # scanned again after each round: fio may start a worker while it is being stopped
    while matches := matching_processes(argv, since):
        handles = [(pid, fd) for pid, start in matches if (fd := _open_checked(pid, start)) is not None]
        try:
            for pid, fd in handles:
                try:
                    signal.pidfd_send_signal(fd, sig)
                except ProcessLookupError:
                    continue
                stopped.add(pid)
            if not _wait_gone([fd for _, fd in handles], timeout):
                sig, timeout = signal.SIGKILL, None
        finally:
            for _, fd in handles:
                os.close(fd)
    return sorted(stopped)


def _record_path(records_dir, scratch_dir):
    return os.path.join(records_dir, os.path.basename(os.path.normpath(scratch_dir)).lstrip('.') + '.json')


def _write(path, record):
    # no fsync: a power loss ends fio too; the rename keeps a crash of the host from leaving half a record
    tmp = path + '.tmp'
    with open(tmp, 'w') as f:
        json.dump(record, f)
    os.replace(tmp, path)


def record_intent(records_dir, scratch_dir, argv):
    """Write the record of a fio about to start; → its path (for ``record_started`` and ``forget``)."""
    os.makedirs(records_dir, mode=0o700, exist_ok=True)
    path = _record_path(records_dir, scratch_dir)
    _write(path, {'argv': list(argv), 'scratch_dir': scratch_dir, 'boot_id': boot_id(), 'pid': None,
                  'start_time': None})
    return path


def record_started(path, pid):
    """Add the running fio's pid and start time to its record; → the start time."""
    with open(path) as f:
        record = json.load(f)
    record['pid'], record['start_time'] = pid, process_start_time(pid)
    _write(path, record)
    return record['start_time']


def forget(path):
    try:
        os.unlink(path)
    except FileNotFoundError:
        pass


def _read_record(path):
    """A record, or ``None`` when it cannot be one of ours (unreadable: a crash while it was written)."""
    try:
        with open(path) as f:
            record = json.load(f)
        argv, start = record.get('argv'), record.get('start_time')
        if (isinstance(argv, list) and argv and all(isinstance(a, str) for a in argv)
                and (start is None or type(start) is int)):
            return record
    except (OSError, ValueError, AttributeError):
        pass
    return None


def stop_leftovers(records_dir):
    """Stop the fio runs recorded in ``records_dir`` that still run and drop every record; → ``[{scratch_dir, pids}]``
    of the runs that were stopped. A record without a start time (the host died as fio started) matches on its
    command line alone, which names the run's own job file."""
    try:
        names = sorted(n for n in os.listdir(records_dir) if n.endswith('.json'))
    except FileNotFoundError:
        return []
    current_boot, stopped = boot_id(), []
    for name in names:
        path = os.path.join(records_dir, name)
        record = _read_record(path)
        if record is not None and record.get('boot_id') == current_boot:
            pids = stop_processes(record['argv'], record.get('start_time'))
            if pids:
                stopped.append({'scratch_dir': record.get('scratch_dir'), 'pids': pids})
        forget(path)
    return stopped
