"""fio importer: ``--output-format=json`` output; several documents one after another (or a ``--status-interval``
stream, whose last document is the final one) are handled. Each job is a run of the test its options match
(``matching_test``); jobs that match no test are kept under ``FIO:<jobname>``. A job with a non-zero ``error`` makes
the whole import fail.
"""
import json

from ..catalog import TESTS
from ..errors import BenchmarkInputError
from ..fio_output import job_run, parse_fio_json, matching_test
from ..fio_status_stream import split_json_stream


def _documents(data):
    try:
        return [json.loads(data)]
    except json.JSONDecodeError as e:
        documents = split_json_stream(data)
        if not documents:
            raise BenchmarkInputError(f'line {e.lineno}, column {e.colno}', f'not JSON: {e.msg}') from None
        return documents


def _progress_marks(doc):
    jobs = doc.get('jobs') if isinstance(doc, dict) else None
    first = jobs[0] if isinstance(jobs, list) and jobs and isinstance(jobs[0], dict) else {}
    return first.get('jobname'), first.get('elapsed'), doc.get('timestamp_ms')


def _continues(prev, doc):
    """True when ``doc`` is a later snapshot of the same fio invocation as ``prev`` (a --status-interval stream):
    same job, ``elapsed`` not going down, and wall-clock time between the two about equal to the elapsed time
    between them. A separate run starts at least its own elapsed time after the previous one ended."""
    name, elapsed, stamp = _progress_marks(doc)
    prev_name, prev_elapsed, prev_stamp = _progress_marks(prev)
    if None in (elapsed, stamp, prev_elapsed, prev_stamp) or name != prev_name:
        return False
    wall = (stamp - prev_stamp) / 1000
    return elapsed >= prev_elapsed and 0 < wall < (elapsed - prev_elapsed) + 0.9


def _final_documents(documents):
    kept = []
    for doc in documents:
        if kept and _continues(kept[-1], doc):
            kept[-1] = doc
        else:
            kept.append(doc)
    return kept


def import_fio(data):
    documents = _final_documents(_documents(data))
    tests, notes, versions = {}, [], set()
    for n, doc in enumerate(documents):
        parsed = parse_fio_json(doc)
        versions.add(parsed['fio_version'])
        for i, job in enumerate(parsed['jobs']):
            where = f'jobs[{i}]' if len(documents) == 1 else f'document {n + 1}, jobs[{i}]'
            if job['error']:
                raise BenchmarkInputError(f'{where}.error', f'fio reported error {job["error"]} for job '
                                                            f'{job["name"]!r}: that run is not a result')
            test_id = matching_test(job)
            if test_id is None:
                key = f'FIO:{job["name"]}'
                directions = ('read', 'write')
                notes.append(f'{where}: job {job["name"]!r} (rw={job["options"].get("rw")}, '
                             f'bs={job["options"].get("bs")}) matches no built-in test; kept as {key}')
            else:
                key, directions = test_id, TESTS[test_id].directions
            if not job['iodepth']['ok']:
                notes.append(f'{where}: queue depth reached {job["iodepth"]["achieved"]}, '
                             f'requested {job["iodepth"]["requested"]}')
            tests.setdefault(key, {'runs': []})['runs'].append(job_run(job, directions))
    return {'source': 'FIO', 'tool_version': ', '.join(sorted(versions)), 'tests': tests, 'notes': notes}
