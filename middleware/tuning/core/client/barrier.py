"""Several client agents, one measurement (pure): the start barrier the box holds for a client step given to N
sessions, and the one result their N results make.

Each agent that takes its step reports ready (and keeps asking); when all N are ready the box says go with one start
time, ``GO_LEAD_SECONDS`` ahead so every agent polling hears it before it passes, each answer saying how long is left
by the box's clock (the clients' clocks may differ). A client not ready within the barrier's bound, or one that
fails, is named in words and the whole step fails: the others are told to stop and nothing of it is kept.
Times are the caller's monotonic seconds.
"""
from ..bench.statistics import summarize_runs

MAX_CLIENTS = 16
GO_LEAD_SECONDS = 3.0      # the agents ask every READY_POLL_SECONDS: all hear "go" before the start time
READY_POLL_SECONDS = 0.5
SUMMED = ('bw_bytes', 'iops')   # what adds up across clients; latencies do not (each client's stay in its result)


def member_words(member: dict) -> str:
    """'session 5 (ws2 NFS)': how a client of the step is named, by its session (its hostname once it reported)."""
    name = member.get('hostname') or member['label']
    return f'session {member["session_id"]} ({name})'


class StartBarrier:
    """The barrier of one multi-client step: ``members`` maps each client step id to ``{session_id, label}``."""

    def __init__(self, members: dict[int, dict], ready_seconds: float, now: float):
        if not 1 <= len(members) <= MAX_CLIENTS:
            raise ValueError(f'a step takes 1 to {MAX_CLIENTS} clients, not {len(members)}')
        self.members = {step_id: dict(m) for step_id, m in members.items()}
        self.ready_by = now + ready_seconds
        self.ready_seconds = ready_seconds
        self.ready: set[int] = set()
        self.start_at: float | None = None
        self.failure: str | None = None

    def answer(self, now: float) -> dict:
        """What an agent asking is told: ``{state: WAIT|GO|STOP, start_in_seconds, clients, ready, message}``."""
        if self.failure is not None:
            return {'state': 'STOP', 'start_in_seconds': None, 'clients': len(self.members),
                    'ready': len(self.ready), 'message': self.failure}
        if self.start_at is not None:
            return {'state': 'GO', 'start_in_seconds': max(0.0, round(self.start_at - now, 3)),
                    'clients': len(self.members), 'ready': len(self.ready), 'message': None}
        return {'state': 'WAIT', 'start_in_seconds': None, 'clients': len(self.members), 'ready': len(self.ready),
                'message': f'{len(self.ready)} of {len(self.members)} clients ready'}

    def report_ready(self, step_id: int, now: float, hostname: str | None = None) -> dict:
        """An agent of step ``step_id`` is ready (asking again changes nothing) → its answer."""
        self.expire(now)
        if self.failure is None and self.start_at is None:
            self.ready.add(step_id)
            if hostname:
                self.members[step_id]['hostname'] = hostname
            if len(self.ready) == len(self.members):
                self.start_at = now + GO_LEAD_SECONDS
        return self.answer(now)

    def expire(self, now: float) -> str | None:
        """Fail the barrier when its bound passed with clients not ready; → the failure in words, or None."""
        if self.failure is None and self.start_at is None and now >= self.ready_by:
            late = [member_words(self.members[s]) for s in sorted(self.members) if s not in self.ready]
            self.fail(f'{_and(late)} {"was" if len(late) == 1 else "were"} not ready within '
                      f'{round(self.ready_seconds):,} s, so no client measured')   # whole seconds, as set
        return self.failure

    def fail(self, words: str) -> None:
        if self.failure is None:
            self.failure = words


def _and(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ', '.join(items[:-1]) + ' and ' + items[-1]


def group_outcome(steps: list[dict], members: dict[int, dict], barrier_failure: str | None) -> tuple[str, str | None]:
    """Where a multi-client step stands from its client steps (``state``, ``message``) → ``('WAIT' | 'DONE' |
    'FAILED', words)``: FAILED names each client that failed or the clients the barrier waited for in vain."""
    failed = [s for s in steps if s['state'] in ('FAILED', 'CANCELLED')]
    if failed:
        return 'FAILED', '; '.join(f'{member_words(members[s["id"]])}: {s["message"] or s["state"].lower()}'
                                   for s in failed)
    if barrier_failure is not None:
        return 'FAILED', barrier_failure
    if all(s['state'] == 'DONE' for s in steps):
        return 'DONE', None
    return 'WAIT', None


def spread_of(values: list[float]) -> dict:
    """``{min, median, max}`` of the clients' figures."""
    ordered = sorted(values)
    n = len(ordered)
    middle = ordered[n // 2] if n % 2 else (ordered[n // 2 - 1] + ordered[n // 2]) / 2
    return {'min': ordered[0], 'median': middle, 'max': ordered[-1]}


def summed_runs(records: list[dict]) -> dict:
    """``{test: [run]}`` of the clients' records summed run by run (run r of each client ran at once): bandwidth
    and IOPS add up; a run missing from a client leaves that run out (it was not measured by all)."""
    tests = {}
    for test in records[0]['runs']:
        by_run = [{r['run']: r for r in record['runs'].get(test, [])} for record in records]
        common = sorted(set.intersection(*(set(b) for b in by_run)))
        runs = []
        for run_no in common:
            runs_here = [b[run_no] for b in by_run]
            metrics = {}
            for key in runs_here[0].get('metrics') or {}:
                values = [(r.get('metrics') or {}).get(key) for r in runs_here]
                if key.endswith(SUMMED) and all(isinstance(v, (int, float)) for v in values):
                    metrics[key] = sum(values)
            summed = {k: sum(r[k] for r in runs_here) if all(isinstance(r.get(k), (int, float))
                                                              for r in runs_here) else None for k in SUMMED}
            runs.append({'run': run_no, **summed, 'lat_ns': None, 'metrics': metrics})
        if runs:
            tests[test] = runs
    return tests


def per_client_spread(records: list[dict]) -> dict:
    """``{test: {metric: {min, median, max}}}``: the spread of the clients' medians of each summed metric."""
    out = {}
    for test in records[0]['summary']:
        metrics = {}
        for metric in records[0]['summary'][test]:
            if not metric.endswith(SUMMED):
                continue
            medians = [((r['summary'].get(test) or {}).get(metric) or {}).get('median') for r in records]
            if all(isinstance(v, (int, float)) for v in medians):
                metrics[metric] = spread_of(medians)
        out[test] = metrics
    return out


def aggregate_record(records: list[dict], label: str) -> dict:
    """The one result of a multi-client step from its clients' stored records (``source: CLIENT`` each, in the
    order of the step's sessions): the runs summed, the spread across clients, each client's result named in
    ``context.clients``. Its context is the first client's, its protocol the clients' one (or ``OTHER``)."""
    first = records[0]
    runs = summed_runs(records)
    protocols = {(r['context'].get('target') or {}).get('protocol') for r in records}
    hostnames = [(r['context'].get('client') or {}).get('hostname') or '?' for r in records]
    context = {**first['context'],
               'target': {**(first['context'].get('target') or {}),
                          'protocol': protocols.pop() if len(protocols) == 1 else 'OTHER'},
               'client': {**(first['context'].get('client') or {}),
                          'hostname': f'{len(records)} clients ({", ".join(hostnames)})'},
               'clients': [{'benchmark_id': r['id'], 'hostname': h,
                            'session_id': (r['context'].get('session') or {}).get('id')}
                           for r, h in zip(records, hostnames)],
               'aggregate': {'clients': len(records), 'spread': per_client_spread(records)}}
    return {
        'label': label, 'source': 'CLIENT',
        'spec': {**first['spec'], 'tests': list(runs), 'client_benchmark_ids': [r['id'] for r in records]},
        'context': context,
        'summary': {test: summarize_runs(test_runs) for test, test_runs in runs.items()},
        'runs': runs, 'jobs': [],
        'notes': [f'The sum of {len(records)} clients measuring at once ({", ".join(hostnames)}), started '
                  'together by the box; each client\'s own result is kept: '
                  + ', '.join(f'#{r["id"]}' for r in records) + '.'],
        'raw': {'format': 'CLIENT_AGGREGATE', 'benchmark_ids': [r['id'] for r in records]},
    }
