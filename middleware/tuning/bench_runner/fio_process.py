"""Run one fio job file as a subprocess (I/O).

``run_fio(job_text, scratch_dir, on_status=None, abort=None, fio_binary='fio')`` → fio's final JSON document (dict).
The job file is written inside the scratch directory. fio runs in its own process group with
``--output-format=json --status-interval=1``: fio 3.x prints the periodic snapshots and the final result to the same
output, so stdout is read as a stream of documents; each one goes to ``on_status(obj)`` and the last one is the
result. ``abort`` is a ``threading.Event`` or a callable returning true to stop: fio's process group gets SIGTERM,
then SIGKILL, and ``BenchmarkAborted`` is raised. ``fio_version(fio_binary)`` → ``'fio-3.33'``.
"""
import os
import signal
import subprocess
import threading

from ..core.bench.fio_status_stream import StatusStreamDecoder
from .errors import BenchmarkAborted, FioFailed

POLL_SECONDS = 0.2  # how often the abort signal is checked while fio runs
KILL_GRACE_SECONDS = 5


def _abort_check(abort):
    if abort is None:
        return lambda: False
    if hasattr(abort, 'is_set'):
        return abort.is_set
    return abort


def fio_version(fio_binary='fio'):
    return subprocess.run([fio_binary, '--version'], capture_output=True, text=True, check=True).stdout.strip()


def _stop(proc):
    for sig in (signal.SIGTERM, signal.SIGKILL):
        try:
            os.killpg(proc.pid, sig)
        except ProcessLookupError:
            return
        try:
            proc.wait(timeout=KILL_GRACE_SECONDS)
            return
        except subprocess.TimeoutExpired:
            continue


def run_fio(job_text, scratch_dir, on_status=None, abort=None, fio_binary='fio', job_file_name='job.fio'):
    aborted = _abort_check(abort)
    job_path = os.path.join(scratch_dir, job_file_name)
    with open(job_path, 'w') as f:
        f.write(job_text)
    if aborted():
        raise BenchmarkAborted()
    proc = subprocess.Popen(
        [fio_binary, '--output-format=json', '--status-interval=1', job_path],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL,
        cwd=scratch_dir, start_new_session=True,
    )
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
    for t in readers:
        t.start()
    try:
        while True:
            try:
                proc.wait(timeout=POLL_SECONDS)
                break
            except subprocess.TimeoutExpired:
                if aborted() or reader_errors:
                    _stop(proc)
                    break
    except BaseException:
        _stop(proc)
        raise
    for t in readers:
        t.join()
    proc.stdout.close()
    proc.stderr.close()
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
