"""A client kit's RESULT checked against its session's plan and turned into a stored benchmark record (pure).

The RESULT's shape (keys, types, bounds) is checked before this by its model; here: each fio document parses with
the box's own fio reader, reports no error, holds one job (fio's ``group_reporting``) whose shape is the test it
claims (``matching_test``: a job with another test's shape is refused), for a test of the plan, with a run number
from 1 to the plan's ``runs`` that does not repeat. A problem raises ``BenchmarkInputError`` naming the field the way
TrueNAS does (``fio.3.output.jobs.0.error``) under ``field``.
"""
import re

from ..bench.catalog import TESTS
from ..bench.errors import BenchmarkInputError
from ..bench.fio_output import job_run, matching_test, parse_fio_json
from ..bench.statistics import summarize_runs
from ..report.metric_info import title_of_test
from ..protocols import client_words, measured_by

_INDEX = re.compile(r'\[(\d+)\]')


def _dotted(fio_field: str) -> str:
    """fio_output's ``jobs[0].read.bw_bytes`` as a TrueNAS field path ``jobs.0.read.bw_bytes``."""
    return _INDEX.sub(r'.\1', fio_field).replace(' ', '_') if fio_field != 'fio' else ''


def _join(*parts: str) -> str:
    return '.'.join(p for p in parts if p)


def _fio_job(output: dict, test_id: str, where: str) -> tuple[dict, str]:
    try:
        parsed = parse_fio_json(output)
    except BenchmarkInputError as e:
        raise BenchmarkInputError(_join(where, 'output', _dotted(e.field)), e.message) from None
    if len(parsed['jobs']) != 1:
        raise BenchmarkInputError(_join(where, 'output', 'jobs'), f'holds {len(parsed["jobs"])} jobs: a run is one '
                                  'fio job (group_reporting)')
    job = parsed['jobs'][0]
    if job['error']:
        raise BenchmarkInputError(_join(where, 'output', 'jobs.0.error'),
                                  f'fio reported error {job["error"]}: that run is not a result')
    shape = matching_test(job)
    if shape != test_id:
        options = job['options']
        what = f'the shape of {shape}' if shape else 'the shape of no built-in test'
        raise BenchmarkInputError(_join(where, 'output', 'jobs.0'),
                                  f'has {what} (rw={options.get("rw")}, bs={options.get("bs")}), not {test_id}')
    return job, parsed['fio_version']


def client_runs(result: dict, instructions: dict, field: str = '') -> dict:
    """``{tests: {test: [run]}, fio_versions: [str], notes: [str]}`` of a RESULT (runs in run order)."""
    planned = [t['id'] for t in instructions['tests']]
    tests, seen, versions, notes = {}, set(), set(), []
    for i, entry in enumerate(result['fio']):
        where = _join(field, f'fio.{i}')
        test_id, run_no = entry['test'], entry['run']
        if test_id not in TESTS:
            raise BenchmarkInputError(f'{where}.test', f'unknown test {test_id!r}; known: {", ".join(TESTS)}')
        if test_id not in planned:
            raise BenchmarkInputError(f'{where}.test', f'{test_id} is not in the session\'s plan '
                                                       f'({", ".join(planned)})')
        if not 1 <= run_no <= instructions['runs']:
            raise BenchmarkInputError(f'{where}.run', f'run {run_no} is not between 1 and the plan\'s '
                                                      f'{instructions["runs"]} runs')
        if (test_id, run_no) in seen:
            raise BenchmarkInputError(f'{where}.run', f'{test_id} run {run_no} is there twice')
        seen.add((test_id, run_no))
        job, version = _fio_job(entry['output'], test_id, where)
        versions.add(version)
        if not job['iodepth']['ok']:
            notes.append(f'{title_of_test(test_id)} run {run_no}: queue depth reached {job["iodepth"]["achieved"]}, '
                         f'requested {job["iodepth"]["requested"]}')
        tests.setdefault(test_id, []).append({'run': run_no, 'iodepth': job['iodepth'],
                                              **job_run(job, TESTS[test_id].directions)})
    ordered = {t: sorted(tests[t], key=lambda r: r['run']) for t in planned if t in tests}
    return {'tests': ordered, 'fio_versions': sorted(versions), 'notes': notes}


def default_label(result: dict) -> str:
    """The kit's label, else ``protocols.client_words``: 'NFS 4.2 from ws1', 'local directory on ws1'."""
    return result.get('label') or client_words(result['target'], result['client']['hostname'])


def _cache_defeat(kit: dict) -> dict:
    """The kit's cache defeat with the ``method`` and ``explanation`` every stored result has."""
    method = 'CLIENT_DIRECT_IO' if kit['direct_io'] else 'CLIENT_WORKING_SET'
    return {**kit, 'method': method, 'explanation': kit['reason']}


def client_record(result: dict, session: dict, instructions: dict, runs: dict, box_context: dict) -> dict:
    """The stored benchmark record (``source: CLIENT``) of a checked RESULT; ``session``: the stored session,
    ``plan``: the plan it ran (the session's, or its step's), ``runs``: ``client_runs``'s answer, ``box_context``:
    the box at submission time (bench_run.box_context)."""
    tests = runs['tests']
    cache_defeat = _cache_defeat(result['cache_defeat'])
    box_dataset = box_context.get('dataset') or {}
    notes = list(runs['notes'])
    notes.append(f'Measured on {measured_by(result["target"], result["client"]["hostname"])} '
                 f'({result["target"]["path"]}); cache defeat: {cache_defeat["reason"]}.')
    # the box's link bounds only what crossed it: a client measuring its own disk (LOCAL) moved nothing over it
    over_network = result['target']['protocol'] != 'LOCAL'
    return {
        'label': default_label(result), 'source': 'CLIENT',
        'spec': {'session_id': session['id'], 'step_id': result.get('step_id'), 'tests': list(tests),
                 'runs': instructions['runs'], 'runtime_seconds': instructions['runtime_seconds'],
                 'ramp_seconds': instructions['ramp_seconds']},
        'context': {
            **box_context,
            'theoretical_max': box_context.get('theoretical_max') if over_network else None,
            'client': result['client'],
            # the client's view, with the box's dataset and pool the share exports (what reports and comparisons
            # read as "the target")
            'target': {**result['target'], 'dataset': box_dataset.get('dataset'), 'pool': box_dataset.get('pool')},
            'link': result['link'],
            'session': {'id': session['id'], 'label': session['label'], 'protocol': session['protocol'],
                        'dataset': session['dataset'], 'step_id': result.get('step_id')},
            'cache_defeat': cache_defeat,
            'fio_version': ', '.join(runs['fio_versions']),
            'kit_version': result['kit_version'],
            'started_at': result['started_at'], 'finished_at': result['finished_at'],
            'network_result_id': result.get('network_result_id'),
            'iperf3': [entry['name'] for entry in result.get('iperf3') or []],
            'plan': {k: instructions[k]
                     for k in ('runs', 'runtime_seconds', 'ramp_seconds', 'min_size_bytes', 'tests')},
        },
        'summary': {test: summarize_runs(test_runs) for test, test_runs in tests.items()},
        'runs': tests,
        'jobs': [],
        'notes': notes,
        'raw': {'format': 'CLIENT_KIT', 'result': result},
    }
