"""Run one fio job file as a subprocess (I/O).

``run_fio(job_text, scratch_dir, on_status=None, abort=None, fio_binary='fio', job_file_name='job.fio',
records_dir=None, fio_options=())`` → fio's final JSON document (dict). The job file is written inside the scratch
directory; ``fio_options`` are command-line-only options put before it (``--readonly``). fio
runs in a session of its own with ``--output-format=json --status-interval=1``: fio 3.x prints the periodic
snapshots and the final result to the same output, so stdout is read as a stream of documents; each one goes to
``on_status(obj)`` and the last one is the result. ``abort`` is a ``threading.Event`` or a callable returning true
to stop (``BenchmarkAborted`` is raised). However the run ends (result, failure, abort, an exception here), fio and
its workers are stopped (SIGTERM, then SIGKILL) and reaped before ``run_fio`` returns or raises. With
``records_dir`` the run is recorded there while fio may run, so that start-up can stop a fio the host left behind
when it was killed (``fio_leftovers``). ``fio_version(fio_binary)`` → ``'fio-3.33'``.
"""
import os
import subprocess
import threading

from ..core.bench.fio_status_stream import StatusStreamDecoder
from . import fio_leftovers
from .errors import BenchmarkAborted, FioFailed

POLL_SECONDS = 0.2  # how often the abort signal is checked while fio runs


def abort_check(abort):
    if abort is None:
        return lambda: False
    if hasattr(abort, 'is_set'):
        return abort.is_set
    return abort


def fio_version(fio_binary='fio'):
    return subprocess.run([fio_binary, '--version'], capture_output=True, text=True, check=True).stdout.strip()


def start_recorded(argv, records_dir, record_key, cwd=None):
    """Start ``argv`` in a session of its own, recorded in ``records_dir`` (when given) under ``record_key`` from
    before it starts, so that start-up can stop it if the host dies (``fio_leftovers``); → ``(proc, record,
    start_time)``. The iperf3 server of the network measurement is started the same way."""
    record = fio_leftovers.record_intent(records_dir, record_key, argv) if records_dir else None
    try:
        proc = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL,
                                cwd=cwd, start_new_session=True)
    except BaseException:
        if record:
            fio_leftovers.forget(record)
        raise
    try:
        if record:
            return proc, record, fio_leftovers.record_started(record, proc.pid)
        return proc, None, fio_leftovers.process_start_time(proc.pid)
    except BaseException:  # e.g. the state directory is full: the process must not run unrecorded
        end_recorded(proc, argv, None, record)
        raise


def end_recorded(proc, argv, start_time, record, readers=()):
    """However the run ended: stop the process and what it started if they still run, reap it, drop the record,
    then let the threads reading its output (``readers``, those started) finish and close its pipes."""
    fio_leftovers.stop_processes(argv, start_time)
    proc.wait()
    if record:
        fio_leftovers.forget(record)
    for t in readers:
        if t.ident is not None:
            t.join()
    proc.stdout.close()
    proc.stderr.close()


def run_fio(job_text, scratch_dir, on_status=None, abort=None, fio_binary='fio', job_file_name='job.fio',
            records_dir=None, fio_options=()):
    aborted = abort_check(abort)
    job_path = os.path.join(scratch_dir, job_file_name)
    with open(job_path, 'w') as f:
        f.write(job_text)
    if aborted():
        raise BenchmarkAborted()
    argv = [fio_binary, *fio_options, '--output-format=json', '--status-interval=1', job_path]
    proc, record, start_time = start_recorded(argv, records_dir, scratch_dir, cwd=scratch_dir)
    documents, stderr_chunks, reader_errors = [], [], []

    def read_stdout():
        decoder = StatusStreamDecoder()
        try:
            for chunk in iter(lambda: proc.stdout.read1(65536), b''):
                for obj in decoder.feed(chunk.decode('utf-8', 'replace')):
                    documents.append(obj)
                    if on_status is not None:
                        on_status(obj)
        except Exception as e:  # a failing callback must not leave fio running unobserved
            reader_errors.append(e)

    def read_stderr():
        stderr_chunks.append(proc.stderr.read().decode('utf-8', 'replace'))

    readers = [threading.Thread(target=read_stdout, daemon=True), threading.Thread(target=read_stderr, daemon=True)]
    try:
        for t in readers:
            t.start()
        while proc.poll() is None and not (aborted() or reader_errors):
            try:
                proc.wait(timeout=POLL_SECONDS)
            except subprocess.TimeoutExpired:
                continue
    finally:
        end_recorded(proc, argv, start_time, record, readers)
    if reader_errors:
        raise reader_errors[0]
    if aborted():
        raise BenchmarkAborted()
    stderr = ''.join(stderr_chunks)
    if proc.returncode != 0:
        raise FioFailed(f'fio exited with status {proc.returncode}: {stderr.strip()[-500:]}', proc.returncode, stderr)
    if not documents:
        raise FioFailed('fio printed no JSON result', proc.returncode, stderr)
    return documents[-1]
