"""fio's own distributed mode (pure): clients that accept an inbound connection run ``fio --server`` (started by the
kit with the box's permission), the box drives ``fio --client=… --client=… job`` and reads fio's JSON, whose
``client_stats`` hold one entry per client and job and fio's own sum, named "All clients".

- ``server_argv(fio, address, port)``: what the kit runs (``ip:`` / ``ip6:`` and the address it was told to bind).
- ``client_argv(fio, servers)``: what the box runs, each server with its own job file (each client's path differs).
- ``job_text(test, instructions, directory, size_bytes, engine)``: one test's job file for one client.
- ``all_clients(document, test_id)``: fio's "All clients" group and each client's figures, checked with the box's own
  fio reader (one shape, no error, every client there); ``BenchmarkInputError`` names the field otherwise. Where fio
  wrote no "All clients" entry the box sums the clients itself (``summed_by``: ``FIO`` or ``BOX``).
"""
import ipaddress

from ..bench.errors import BenchmarkInputError
from ..bench.catalog import TESTS
from ..bench.fio_output import job_run, matching_test, parse_fio_json
from ..bench.statistics import summarize_runs
from .barrier import SUMMED, spread_of, summed_runs

ALL_CLIENTS = 'All clients'
DEFAULT_PORT = 8765   # fio's own default
MAX_SERVERS = 16


def _where(address: str, port: int) -> str:
    """fio's ``ip:``/``ip6:`` host form (a name is given as is)."""
    try:
        version = ipaddress.ip_address(address).version
    except ValueError:
        return f'{address},{port}'
    return f'ip6:{address},{port}' if version == 6 else f'ip:{address},{port}'


def server_argv(fio: str, address: str, port: int) -> list[str]:
    return [fio, f'--server={_where(address, port)}']


def client_argv(fio: str, servers: list[dict]) -> list[str]:
    """``servers``: ``[{address, port, job_file}]`` → one ``--client`` and its job file each, JSON out."""
    if not 1 <= len(servers) <= MAX_SERVERS:
        raise ValueError(f'1 to {MAX_SERVERS} fio servers, not {len(servers)}')
    argv = [fio, '--output-format=json']
    for server in servers:
        argv += [f'--client={_where(server["address"], server["port"])}', server['job_file']]
    return argv


def job_text(test: dict, instructions: dict, directory: str, size_bytes: int, engine: str = 'libaio') -> str:
    """One test of the kit instructions (``core.client.instructions.plan_test``'s shape) as a job file run on a
    client's fio server in ``directory`` (its scratch directory): the shape the box recognises, time based,
    ``group_reporting``."""
    lines = ['[global]', f'directory={directory}', f'size={size_bytes // test["numjobs"]}',
             f'runtime={instructions["runtime_seconds"]}', f'ramp_time={instructions["ramp_seconds"]}',
             'time_based=1', 'group_reporting=1', f'ioengine={engine}', 'direct=1',
             f'[{test["id"]}]', f'rw={test["rw"]}', f'bs={test["block_size"]}', f'numjobs={test["numjobs"]}',
             f'iodepth={test["iodepth"]}']
    if test.get('rwmixread') is not None:
        lines.append(f'rwmixread={test["rwmixread"]}')
    if test.get('sync'):
        lines.append('sync=1')
    return '\n'.join(lines) + '\n'


def _entry_job(version: str, global_options: dict, entry: dict, options: dict, field: str) -> dict:
    document = {'fio version': version, 'global options': global_options,
                'jobs': [{**entry, 'job options': options}]}
    try:
        return parse_fio_json(document)['jobs'][0]
    except BenchmarkInputError as e:
        raise BenchmarkInputError(f'{field}.{e.field.removeprefix("jobs[0].")}', e.message) from None


def all_clients(document: dict, test_id: str, expected: int, servers: list[tuple[str, int]] | None = None) -> dict:
    """``{fio_version, all: run, clients: [{hostname, port, run}]}`` of one test run on ``expected`` clients;
    ``run`` as ``job_run`` gives it (bw_bytes, iops, metrics). fio writes no job options in "All clients": the
    first client's stand in (all ran the same job). fio lists the clients in the order they answered, not the
    order they were given: with ``servers`` (``(address, port)`` as given to ``--client``) ``clients`` follows
    that order, and an entry of none of them is named."""
    version = document.get('fio version') if isinstance(document, dict) else None
    if not isinstance(version, str):
        raise BenchmarkInputError('fio version', 'missing: this is not fio JSON output')
    stats = document.get('client_stats')
    if not isinstance(stats, list) or not stats:
        raise BenchmarkInputError('client_stats', 'missing or empty: not the output of fio --client')
    global_options = document.get('global options') or {}
    clients, total = [], None
    options = None
    directions = TESTS[test_id].directions
    for i, entry in enumerate(stats):
        field = f'client_stats.{i}'
        if not isinstance(entry, dict):
            raise BenchmarkInputError(field, 'not an object')
        if entry.get('jobname') == ALL_CLIENTS:
            total = (i, entry)
            continue
        options = entry.get('job options') if options is None else options
        job = _entry_job(version, global_options, entry, entry.get('job options') or {}, field)
        if job['error']:
            raise BenchmarkInputError(f'{field}.error', f'fio on {entry.get("hostname")} reported error '
                                                        f'{job["error"]}: that run is not a result')
        if matching_test(job) != test_id:
            raise BenchmarkInputError(f'{field}.job options', f'is not the shape of {test_id}')
        clients.append({'hostname': entry.get('hostname'), 'port': entry.get('port'),
                        'run': job_run(job, directions)})
    if len(clients) != expected:
        raise BenchmarkInputError('client_stats', f'holds {len(clients)} clients, {expected} were asked')
    if servers is not None:
        clients = _in_order(clients, servers)
    if total is None:
        # fio writes no sum for one client, and leaves it out for several too at times (seen with fio-3.33 and
        # three clients in the VM tier): the box adds the clients' figures up itself, as it does for agents
        summed = summed_runs([{'runs': {test_id: [{**c['run'], 'run': 1}]}} for c in clients])[test_id][0] \
            if expected > 1 else clients[0]['run']
        summed_by = 'BOX'
    else:
        i, entry = total
        summed = job_run(_entry_job(version, global_options, entry, options or {}, f'client_stats.{i}'), directions)
        summed_by = 'FIO'
    return {'fio_version': version, 'all': summed, 'clients': clients, 'summed_by': summed_by}


def _in_order(clients: list[dict], servers: list[tuple[str, int]]) -> list[dict]:
    """``clients`` in the order of ``servers``; one matching none of them (or one twice) is named."""
    by_server = {}
    for i, client in enumerate(clients):
        where = (client['hostname'], client['port'])
        if where not in servers or where in by_server:
            raise BenchmarkInputError(f'client_stats.{i}.hostname', f'{where[0]}:{where[1]} is not one of the fio '
                                                                    'servers the box asked, or is there twice')
        by_server[where] = client
    return [by_server[where] for where in servers]


def measured_record(found: dict, label: str, spec: dict, context: dict) -> dict:
    """The stored result (``source: CLIENT``) of a step measured with fio's distributed mode: ``found`` is
    ``{test: [all_clients answer per run]}``; its runs are fio's "All clients" sums, ``context.clients`` names each
    client (host, port, session) and ``context.aggregate`` holds the spread of the clients' medians, as a summed
    result of agents does (``core.client.barrier.aggregate_record``)."""
    runs, spread = {}, {}
    for test, answers in found.items():
        runs[test] = [{'run': i + 1, **answer['all']} for i, answer in enumerate(answers)]
        per_client = {}
        for answer in answers:
            for n, client in enumerate(answer['clients']):
                for metric, value in (client['run'].get('metrics') or {}).items():
                    if metric.endswith(SUMMED) and isinstance(value, (int, float)):
                        per_client.setdefault(metric, {}).setdefault(n, []).append(value)
        spread[test] = {metric: spread_of([spread_of(v)['median'] for v in by_client.values()])
                        for metric, by_client in per_client.items()}
    first = next(iter(found.values()))[0]
    clients = [{'hostname': c['hostname'], 'port': c['port'], 'session_id': session_id}
               for c, session_id in zip(first['clients'], spec['session_ids'])]
    hostnames = ', '.join(f'{c["hostname"]}:{c["port"]}' for c in clients)
    return {
        'label': label, 'source': 'CLIENT', 'spec': {**spec, 'tests': list(runs)},
        'context': {**context, 'clients': clients, 'fio_version': first['fio_version'],
                    'client': {'hostname': f'{len(clients)} clients ({hostnames})'},
                    'aggregate': {'clients': len(clients), 'spread': spread, 'mode': 'FIO_SERVERS'}},
        'summary': {test: summarize_runs(test_runs) for test, test_runs in runs.items()},
        'runs': runs, 'jobs': [],
        'notes': [f'fio\'s own distributed mode: the box drove fio --client on {len(clients)} clients '
                  f'({hostnames}); ' + ('each run is fio\'s "All clients" sum.' if all(
                      a.get('summed_by') != 'BOX' for answers in found.values() for a in answers) else
                      'fio wrote no "All clients" sum for some runs, so the box added the clients\' '
                      'figures up for those (bandwidth and IOPS; latencies stay per client).')],
        'raw': {'format': 'FIO_CLIENTS', 'clients': clients},
    }
