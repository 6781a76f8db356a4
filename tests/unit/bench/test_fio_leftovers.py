"""fio that outlives its host: the records ``run_fio`` keeps while fio may run, and ``stop_leftovers`` at start-up,
with real processes (fio itself orphaned by a SIGKILLed host process, and stand-ins that ignore SIGTERM or hold a
recorded pid)."""
import json
import os
import shutil
import signal
import subprocess
import sys
import textwrap

import pytest

from tuning.bench_runner import FioFailed, run_fio, stop_leftovers
from tuning.bench_runner import fio_leftovers
from tuning.bench_runner.fio_leftovers import matching_processes, parse_stat, process_start_time, stop_processes

MIDDLEWARE = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__))))), 'middleware')
needs_fio = pytest.mark.skipif(shutil.which('fio') is None, reason='fio is not installed')


def slow_job(scratch, runtime=60):
    # gentle on the disk: a small file written at 1 MB/s until stopped
    return textwrap.dedent(f'''\
        [global]
        directory={scratch}
        size=4m
        rate=1m
        time_based=1
        runtime={runtime}
        [w]
        rw=write
        ''')


def stand_in(tmp_path, *, ignore_term=False):
    """A process pretending to be a recorded fio: a unique command line, ready once it says so."""
    code = ('import signal, sys, time\n'
            + ('signal.signal(signal.SIGTERM, signal.SIG_IGN)\n' if ignore_term else '')
            + 'print("ready", flush=True)\ntime.sleep(600)\n')
    proc = subprocess.Popen([sys.executable, '-c', code, str(tmp_path / 'job.fio')], stdout=subprocess.PIPE,
                            start_new_session=True)
    assert proc.stdout.readline() == b'ready\n'
    return proc


def argv_of(proc):
    return [os.fsdecode(a) for a in proc.args]


def write_record(records_dir, name, **record):
    os.makedirs(records_dir, exist_ok=True)
    with open(os.path.join(records_dir, name), 'w') as f:
        json.dump({'scratch_dir': '/x/.tuning-bench-1', 'boot_id': fio_leftovers.boot_id(), 'pid': None,
                   'start_time': None, **record}, f)


@pytest.fixture
def reaped():
    """Processes a test starts: killed and reaped at the end whatever happened."""
    procs = []
    yield procs.append
    for proc in procs:
        if proc.poll() is None:
            proc.kill()
        proc.wait()


def test_stat_fields_are_counted_after_the_command_name():
    stat = '4242 (fio (a) b) S 1 4242 4242 0 -1 4194560 1 0 0 0 0 0 0 0 20 0 1 0 987654 1000 10'
    assert parse_stat(stat) == ('S', 987654)


@needs_fio
def test_fio_orphaned_by_a_killed_host_is_stopped_and_its_record_dropped(tmp_path):
    scratch, records = tmp_path / '.tuning-bench-7-abc', tmp_path / 'records'
    scratch.mkdir()
    host = subprocess.Popen([sys.executable, '-c', textwrap.dedent(f'''\
        import sys
        from tuning.bench_runner import run_fio
        said = []
        def on_status(obj):
            if not said:
                said.append(print('running', flush=True))
        run_fio({slow_job(scratch)!r}, {str(scratch)!r}, on_status=on_status, records_dir={str(records)!r})
        ''')], env={**os.environ, 'PYTHONPATH': MIDDLEWARE}, stdout=subprocess.PIPE)
    assert host.stdout.readline() == b'running\n'
    (name,) = os.listdir(records)
    with open(records / name) as f:
        record = json.load(f)
    assert record['scratch_dir'] == str(scratch) and record['pid'] and record['start_time']
    host.kill()   # the host dies; fio, in a session of its own, does not
    host.wait()
    running = matching_processes(record['argv'], record['start_time'])
    assert len(running) >= 2   # fio and the job worker it forked (which calls setsid too)
    assert record['pid'] in [pid for pid, _ in running]

    (stopped,) = stop_leftovers(str(records))

    assert stopped['scratch_dir'] == str(scratch)
    assert set(stopped['pids']) >= {pid for pid, _ in running}   # fio and its job workers
    assert matching_processes(record['argv']) == []
    assert process_start_time(record['pid']) is None
    assert os.listdir(records) == []
    assert stop_leftovers(str(records)) == []


def test_a_recorded_pid_now_held_by_another_process_is_never_signalled(tmp_path, reaped):
    other = stand_in(tmp_path)
    reaped(other)
    # the recorded fio is gone and its pid (even with the same start time) belongs to an unrelated process
    write_record(tmp_path / 'records', 'a.json', argv=['fio', '--output-format=json', str(tmp_path / 'gone.job')],
                 pid=other.pid, start_time=process_start_time(other.pid))
    assert stop_leftovers(str(tmp_path / 'records')) == []
    assert other.poll() is None
    assert os.listdir(tmp_path / 'records') == []


def test_a_pid_recycled_between_the_scan_and_the_signal_is_not_signalled(tmp_path, reaped):
    other = stand_in(tmp_path)
    reaped(other)
    assert fio_leftovers._open_checked(other.pid, process_start_time(other.pid) - 1) is None
    assert other.poll() is None


def test_a_record_of_another_boot_is_dropped_without_signalling(tmp_path, reaped):
    proc = stand_in(tmp_path)
    reaped(proc)
    write_record(tmp_path / 'records', 'b.json', argv=argv_of(proc), boot_id='another-boot')
    assert stop_leftovers(str(tmp_path / 'records')) == []
    assert proc.poll() is None
    assert os.listdir(tmp_path / 'records') == []


def test_a_record_written_just_before_the_host_died_matches_on_the_command_line(tmp_path, reaped):
    proc = stand_in(tmp_path)
    reaped(proc)
    fio_leftovers.record_intent(str(tmp_path / 'records'), str(tmp_path / '.tuning-bench-9'), argv_of(proc))
    assert stop_leftovers(str(tmp_path / 'records')) == [{'scratch_dir': str(tmp_path / '.tuning-bench-9'),
                                                          'pids': [proc.pid]}]
    assert proc.wait() == -signal.SIGTERM
    assert os.listdir(tmp_path / 'records') == []


def test_a_process_that_ignores_sigterm_is_killed_after_the_grace(tmp_path, reaped):
    proc = stand_in(tmp_path, ignore_term=True)
    reaped(proc)
    assert stop_processes(argv_of(proc), process_start_time(proc.pid), grace=0.2) == [proc.pid]
    assert proc.wait() == -signal.SIGKILL


def test_an_older_process_with_the_same_command_line_is_not_ours(tmp_path, reaped):
    proc = stand_in(tmp_path)
    reaped(proc)
    assert stop_processes(argv_of(proc), process_start_time(proc.pid) + 1) == []
    assert proc.poll() is None


@needs_fio
@pytest.mark.parametrize('ending', ['result', 'failure', 'exception'])
def test_run_fio_leaves_no_fio_and_no_record_however_it_ends(tmp_path, ending):
    scratch, records = tmp_path / '.tuning-bench-3', tmp_path / 'records'
    scratch.mkdir()
    job = {'result': slow_job(scratch, runtime=1), 'failure': '[w]\nrw=nonsense\n',
           'exception': slow_job(scratch)}[ending]
    seen = []

    def on_status(obj):
        seen.append(os.listdir(records))   # recorded while fio runs
        if ending == 'exception':
            raise RuntimeError('a progress callback failed')

    expected = {'result': None, 'failure': FioFailed, 'exception': RuntimeError}[ending]
    if expected:
        with pytest.raises(expected):
            run_fio(job, str(scratch), on_status=on_status, records_dir=str(records))
    else:
        assert run_fio(job, str(scratch), on_status=on_status, records_dir=str(records))['jobs']
    assert ending == 'failure' or seen[0] == ['tuning-bench-3.json']
    assert os.listdir(records) == []
    assert matching_processes(['fio', '--output-format=json', '--status-interval=1', str(scratch / 'job.fio')]) == []
