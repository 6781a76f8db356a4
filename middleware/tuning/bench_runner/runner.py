"""Run a benchmark's method on real files (I/O; no framework imports: progress and abort are plain callables).

``run_benchmark(method, target_dir, bench_id, progress=None, abort=None, fio_binary='fio', records_dir=None,
arc_reader=None, before_test=None)`` → ``{fio_version, scratch_dir, tests: {TEST: {job_file, runs: [run], summary: {metric: summary},
adaptive: reason, arc}}, notes}``. A run is ``{run, fio_json, bw_bytes, iops, lat_ns, metrics, iodepth, arc}``
(``fio_json`` is fio's final document, kept raw). ``arc_reader()``: the box's ARC counters (``arc_counters``), read
before and after each run of a test that reads; a run's ``arc`` is what they rose by, a test's ``arc`` the share of
its blocks answered from RAM (``core.bench.arc_reads``); both absent without a reader (not a ZFS dataset).
``before_test(planned)``: called before each test writes its files (the scratch dataset's ``primarycache`` for it).
A test that reads or overwrites has its files written by their own fio job before its first run
(``render_layout_file``), outside every run's figures and ARC counters.
``method`` comes from ``core.bench.benchmark_method``; the scratch directory ``<target_dir>/.tuning-bench-<id>``
is created here and removed on success, failure and abort. Tests run one after another; a test's files are deleted
before the next test starts, so the space used never exceeds one working set. Each test runs ``method['runs']``
times, then more while its primary metric is noisy (``adaptive_decision``) up to ``method['max_runs']``.
``progress(percent, description, extra)`` gets lines like ``"run 2/5 · Sequential write 1 MiB · 412 MB/s"`` and,
while fio runs, ``extra = {test, run, runs, phase, mbps, iops}`` (the live rate, for a panel to draw).
``records_dir``: where each fio is recorded while it may run (``run_fio``), for start-up to stop what a killed host
left running.
"""
import os

from ..core.bench.adaptive import adaptive_decision
from ..core.bench.arc_reads import counters_delta, arc_of_runs
from ..core.bench.catalog import TESTS
from ..core.bench.fio_output import job_run, parse_fio_json
from ..core.bench.fio_status_stream import progress_from_status
from ..core.bench.jobfile import render_job_file, render_layout_file
from ..core.bench.progress_words import progress_line
from ..core.bench.statistics import summarize_runs
from ..core.report.metric_info import title_of_test
from .errors import FioFailed
from .fio_process import fio_version, run_fio
from .scratch import create_scratch, remove_scratch, remove_test_files

LAID_OUT_FRACTION = 0.9  # read data must really be on disk: allocated ≥ 90 % of apparent size
LAYOUT_WORDS = 'writing its test files first (not measured)'


class _Progress:
    """Keeps the percent monotonic while adaptive repeats grow the total."""

    def __init__(self, method, callback):
        self.callback = callback
        self.total_runs = len(method['tests']) * method['runs']
        self.done_runs = 0
        self.last = 0.0

    def report(self, fraction_of_current, description, extra=None):
        if self.callback is None:
            return
        percent = 100 * (self.done_runs + fraction_of_current) / max(1, self.total_runs)
        self.last = max(self.last, min(99.0, percent))
        self.callback(round(self.last, 1), description, extra)


def _laid_out_note(scratch, job_name):
    apparent = allocated = 0
    for entry in os.scandir(scratch):
        if entry.name.startswith(job_name + '.') and entry.is_file(follow_symlinks=False):
            st = entry.stat(follow_symlinks=False)
            apparent += st.st_size
            allocated += st.st_blocks * 512
    if apparent and allocated < LAID_OUT_FRACTION * apparent:
        return (f'{job_name}: only {allocated / apparent:.0%} of the read files is allocated on disk '
                '(sparse or compressed data); read figures may be optimistic')
    return None


def _lay_out(planned, scratch, progress, abort, fio_binary, records_dir, shown_total):
    """Write the test's files before its first run (not measured): progress in words, no rate."""
    layout = render_layout_file(planned, scratch)
    if layout is None:
        return
    test = TESTS[planned['test']]
    progress.report(0, progress_line(1, shown_total, test, phase=LAYOUT_WORDS),
                    {'test': test.id, 'run': 1, 'runs': shown_total, 'phase': 'layout'})
    run_fio(layout, scratch, abort=abort, fio_binary=fio_binary, job_file_name=f'{planned["job_name"]}.layout.job',
            records_dir=records_dir)


def _run_test(method, planned, scratch, progress, abort, fio_binary, records_dir, notes, arc_reader):
    test = TESTS[planned['test']]
    arc_reader = arc_reader if test.reads else None
    job_text = render_job_file(planned, method, scratch)
    _lay_out(planned, scratch, progress, abort, fio_binary, records_dir, method['runs'])
    note = _laid_out_note(scratch, planned['job_name']) if test.reads else None
    if note:
        notes.append(note)
    primary = planned['metrics'][0]['id']
    runs, primary_values = [], []
    decision = {'more': True, 'reason': ''}
    while decision['more']:
        run_no = len(runs) + 1
        shown_total = max(method['runs'], run_no)
        # an explicit extra: the previous run's live rate must not linger under the new run's words
        progress.report(0, progress_line(run_no, shown_total, test, phase='starting'),
                        {'test': test.id, 'run': run_no, 'runs': shown_total, 'phase': 'starting'})

        def on_status(obj, run_no=run_no, shown_total=shown_total):
            status = progress_from_status(obj, test, method['ramp_seconds'], method['runtime_seconds'])
            if status is None:
                return
            phase = 'warming up' if status['phase'] == 'ramp' else None
            live = {'test': test.id, 'run': run_no, 'runs': shown_total, 'phase': status['phase'],
                    'mbps': round(status['bw_bytes'] / 1e6, 1), 'iops': round(status['iops'])}
            progress.report(status['fraction'], progress_line(run_no, shown_total, test, status, phase), live)

        before = arc_reader() if arc_reader else None
        raw = run_fio(job_text, scratch, on_status=on_status, abort=abort, fio_binary=fio_binary,
                      job_file_name=f'{planned["job_name"]}.job', records_dir=records_dir)
        arc = counters_delta(before, arc_reader()) if arc_reader else None
        parsed = parse_fio_json(raw)
        job = parsed['jobs'][0]
        if job['error']:
            raise FioFailed(f'fio reported error {job["error"]} in {test.title}')
        if not job['iodepth']['ok']:
            notes.append(f'{title_of_test(test.id)} run {run_no}: queue depth reached {job["iodepth"]["achieved"]}, '
                         f'requested {job["iodepth"]["requested"]}')
        normalised = job_run(job, test.directions)
        runs.append({'run': run_no, 'fio_json': raw, 'iodepth': job['iodepth'], **normalised,
                     **({'arc': arc} if arc_reader else {})})
        progress.done_runs += 1
        if primary in normalised['metrics']:
            primary_values.append(normalised['metrics'][primary])
        if method['adaptive']:
            decision = adaptive_decision(primary_values, method['runs'], method['max_runs'])
        else:
            decision = {'more': len(runs) < method['runs'], 'reason': f'{method["runs"]} runs planned'}
        if decision['more'] and len(runs) >= method['runs']:
            progress.total_runs += 1
    return {
        'job_file': job_text, 'runs': runs, 'adaptive': decision['reason'],
        'summary': summarize_runs(runs),
        'fio_version': parsed['fio_version'],
        **({'arc': arc_of_runs(runs)} if arc_reader else {}),
    }


def run_benchmark(method, target_dir, bench_id, progress=None, abort=None, fio_binary='fio', records_dir=None,
                  arc_reader=None, before_test=None):
    version = fio_version(fio_binary)
    tracker = _Progress(method, progress)
    scratch = create_scratch(target_dir, bench_id)
    notes, tests = [], {}
    try:
        for planned in method['tests']:
            if before_test is not None:
                before_test(planned)
            tests[planned['test']] = _run_test(method, planned, scratch, tracker, abort, fio_binary, records_dir,
                                                notes, arc_reader)
            remove_test_files(scratch, planned['job_name'])
    finally:
        remove_scratch(scratch)
    if progress is not None:
        progress(100, 'benchmark finished', None)
    return {'fio_version': version, 'scratch_dir': scratch, 'tests': tests, 'notes': notes}
