"""``tuning.benchmark``: fio benchmarks of a dataset, their stored results with context, comparisons and imports."""
import errno

from .flows import bench_run
from .benchmark_models import (
    TuningBenchmarkCompareArgs, TuningBenchmarkCompareResult, TuningBenchmarkDeleteArgs, TuningBenchmarkDeleteResult,
    TuningBenchmarkGetArgs, TuningBenchmarkGetResult, TuningBenchmarkImportArgs, TuningBenchmarkImportResult,
    TuningBenchmarkPlanEstimateArgs, TuningBenchmarkPlanEstimateResult,
    TuningBenchmarkQueryArgs, TuningBenchmarkQueryResult, TuningBenchmarkRunArgs, TuningBenchmarkRunResult,
    TuningBenchmarkSpaceArgs, TuningBenchmarkSpaceResult,
)
from .context import busy_while, plugin_context
from .compute import comparison_of, outcome, result_of, sent
from .core.report.chart_layout import PANEL_WIDTHS
from .core.bench import BenchmarkInputError, import_result, summarize_runs
from .core.bench.power import plan_estimate
from .core.bench.statistics import honest_summary
from .framework import (
    READ_ROLES, Service, ValidationErrors, WRITE_ROLES, api_method, field_error, filter_list, job, run_in_proc,
)
from .store import benchmarks as store, campaigns as campaign_store, network as network_store
from .store.columns import query_columns
from .store.offloop import FEW_ROWS, store_call, store_query

IMPORT_SOURCES = {'BONNIE': 'BONNIE', 'GOBONNIEGO': 'GOBONNIEGO', 'FIO': 'FIO_IMPORT'}


def imported_record(format_: str, data: str, label: str) -> dict:
    """A stored result from another tool's file (pure); raises ``ValidationErrors`` naming where the file is bad."""
    try:
        imported = import_result(format_, data)
    except BenchmarkInputError as e:
        raise field_error('data', f'Not a valid {format_} result: {e.field}: {e.message}.') from None
    tests = imported['tests']
    summary = {test: summarize_runs(body['runs']) for test, body in tests.items()}
    return {
        'label': label, 'source': IMPORT_SOURCES[format_], 'spec': None,
        'context': {'imported': {'format': format_, 'tool_version': imported.get('tool_version')}},
        'summary': summary,
        'runs': {test: [{'run': i + 1, **run} for i, run in enumerate(body['runs'])] for test, body in tests.items()},
        'jobs': [], 'notes': list(imported.get('notes') or []), 'raw': {'format': format_, 'data': data},
    }


class TuningBenchmarkService(Service):

    class Config:
        namespace = 'tuning.benchmark'
        cli_namespace = 'system.tuning.benchmark'

    @api_method(TuningBenchmarkRunArgs, TuningBenchmarkRunResult, roles=WRITE_ROLES, audit='Tuning benchmark run')
    @job(read_roles=READ_ROLES, description=lambda spec: f'Benchmark {spec.get("dataset")}', abortable=True)
    async def run(self, job, spec):
        """Measure a dataset with fio inside a scratch child of it (removed afterwards, also on failure and abort):
        the chosen tests, each repeated `runs` times (more while noisy when `adaptive`), with progress in words and
        the live rate. Refuses to start, with the figures, when the pool would pass 80 % used. Returns the stored
        result with its context (preset, settings, pool layout, versions, cache-defeat method, fio job files)."""
        async with busy_while(self.middleware, 'tuning.benchmark.run', job.id):
            return await bench_run.run(self.middleware, job.set_progress, job.id, spec)

    @api_method(TuningBenchmarkQueryArgs, TuningBenchmarkQueryResult, roles=READ_ROLES)
    async def query(self, filters, options):
        """Stored results (measured and imported), with TrueNAS query filters and options. A campaign's runs carry
        its `campaign_id`: `[["campaign_id", "=", null]]` leaves them out of a history (they are under their
        campaign)."""
        # a coroutine: a plain method would cost a second trip to a worker thread (its arguments checked there)
        return await store_query(self.middleware, query_benchmarks, filters, options, lambda db: (
            head_columns_only(filters, options) or store.count_benchmarks(db) <= FEW_ROWS))

    @api_method(TuningBenchmarkGetArgs, TuningBenchmarkGetResult, roles=READ_ROLES)
    def get(self, id_):
        """One stored result."""
        db = plugin_context(self.middleware).db
        return honest(result_or_error(db, id_, 'id'), campaign_store.benchmark_campaigns(db))

    @api_method(TuningBenchmarkDeleteArgs, TuningBenchmarkDeleteResult, roles=WRITE_ROLES,
                audit='Tuning benchmark delete')
    def delete(self, id_):
        """Forget a stored result."""
        db = plugin_context(self.middleware).db
        result_or_error(db, id_, 'id')
        return store.delete_benchmark(db, id_)

    @api_method(TuningBenchmarkCompareArgs, TuningBenchmarkCompareResult, roles=READ_ROLES)
    async def compare(self, ids, baseline, judge_from_ram, chart_widths):
        """Every result against one baseline (the first id unless `baseline` names one): per test and metric the
        ratio of medians with a bootstrap CI, the exact Mann–Whitney p (Holm-adjusted per test) and a verdict
        (BETTER, WORSE, NO_CHANGE within ±5 %, INCONCLUSIVE); plus the theoretical maximum and what to be wary of.
        With fewer runs than a verdict needs (`min_runs` per side, 5 for the fio tests) the verdict is
        INSUFFICIENT_RUNS and the row has no interval and no p-value; a read test the ARC answered from RAM (above
        10 % of its blocks) is FROM_RAM the same way unless `judge_from_ram`. `series`, `tiles` and `charts` are what
        the panel and the report draw (one colour per result, values and test names in words), computed here once;
        `chart_layouts` where the panel draws each mark of a chart, at each width it may have (or the
        `chart_widths` asked for)."""
        verrors = ValidationErrors()
        if len(set(ids)) != len(ids):
            verrors.add('ids', 'Lists a result more than once.')
        if baseline is not None and baseline not in ids:
            verrors.add('baseline', f'{baseline} is not one of `ids`.')
        verrors.check()
        results = await store_call(self.middleware, results_or_error, ids, 'ids')
        measured = await store_call(self.middleware, network_store.latest_network_results)
        return result_of(await run_in_proc(self.middleware, outcome, comparison_of, [sent(r) for r in results],
                                           baseline if baseline is not None else ids[0], measured, judge_from_ram,
                                           chart_widths or PANEL_WIDTHS))

    @api_method(TuningBenchmarkImportArgs, TuningBenchmarkImportResult, roles=WRITE_ROLES,
                audit='Tuning benchmark import')
    def _import(self, format_, data, label):
        """Store another tool's result so it compares with measured ones: bonnie++ (text report or CSV,
        1.96–2.x), gobonniego JSON or fio JSON (several documents = several runs). Units are converted exactly and
        the original is kept; or a client kit's `--output` file (CLIENT_KIT), stored as its posted result would be.
        A bad file is refused whole, with where it is wrong."""
        if format_ == 'CLIENT_KIT':
            return self.middleware.call_sync('tuning.client.session.import_kit_output', data, label)
        record = imported_record(format_, data, label)
        return store.insert_benchmark(plugin_context(self.middleware).db, **record)

    @api_method(TuningBenchmarkPlanEstimateArgs, TuningBenchmarkPlanEstimateResult, roles=READ_ROLES)
    def plan_estimate(self, estimate):
        """What a benchmark (or, with `rounds`, a campaign) of these settings takes and can prove: fio's time, the
        runs each side gets, the fewest runs for which a comparison can reach a verdict, and about the smallest change
        it detects at `cv_percent` noise (5 % unless given), with a sentence for the forms."""
        return estimate_of(estimate)

    @api_method(TuningBenchmarkSpaceArgs, TuningBenchmarkSpaceResult, roles=READ_ROLES)
    async def space(self, dataset, benchmark):
        """What a benchmark of `dataset` has room for now, read as its space check reads it (said before Start): the
        dataset's free bytes and the largest scratch quota the check lets through; with `benchmark`, what that run
        would take and how it keeps caches out."""
        return await bench_run.scratch_room(self.middleware, dataset, benchmark)


# The API name is `import`, a Python keyword that no `def` can carry. middlewared names a service's methods by their
# attributes (``dir(service)``, a leading "_" keeping one private) and binds a name no `def` spells with setattr after
# the class, as its plugins/cloud_sync.py binds each remote's extra methods: `_import` stays private, `import` is the
# public method (the standalone host lists methods the same way).
setattr(TuningBenchmarkService, 'import', TuningBenchmarkService._import)


# Columns of a few bytes a result, none of them JSON: a query of these alone is a small read
HEAD_COLUMNS = ('id', 'label', 'created_at', 'source')


def head_columns_only(filters: list, options: dict) -> bool:
    """Whether a query reads only the few-byte columns: then, without filters or sorting, it is small enough for
    the event loop (``store_query``) whatever the number of results."""
    return set(query_columns(filters, options, store.PUBLIC)) <= set(HEAD_COLUMNS)


def query_benchmarks(db, filters: list, options: dict):
    """``tuning.benchmark.query``'s answer: only the columns the query filters, orders and selects by are read."""
    fields = query_columns(filters, options, store.PUBLIC)
    campaigns = campaign_store.benchmark_campaigns(db)
    return filter_list([honest(r, campaigns) for r in store.iter_benchmarks(db, fields)], filters, options)


def honest(result: dict, campaigns: dict[int, int] | None = None) -> dict:
    """A stored result as the API shows it: no interval from fewer than 3 runs (results stored before the rule
    carry one); with ``campaigns`` (benchmark id -> campaign id), the campaign that measured it. ``result`` may hold
    only some fields (a query's select)."""
    shown = {**result, 'summary': honest_summary(result['summary'])} if 'summary' in result else dict(result)
    if campaigns is not None:
        shown['campaign_id'] = campaigns.get(result['id'])
    return shown


def estimate_of(estimate: dict) -> dict:
    """``tuning.benchmark.plan_estimate``'s answer (pure)."""
    return plan_estimate(estimate['tests'], estimate['runs'], estimate['profile'], estimate['runtime_seconds'],
                         estimate['ramp_seconds'], estimate['rounds'], estimate['configurations'],
                         estimate['cv_percent'], estimate['adaptive'])


def results_or_error(db, ids: list[int], field: str) -> list[dict]:
    """Stored results in the order of ``ids``; ``ValidationErrors`` naming ``field.<i>`` of the first missing one."""
    return [result_or_error(db, id_, f'{field}.{i}') for i, id_ in enumerate(ids)]


def result_or_error(db, id_: int, field: str) -> dict:
    """One stored result, or ``ValidationErrors`` naming ``field``."""
    result = store.get_benchmark(db, id_)
    if result is None:
        raise field_error(field, f'No benchmark result {id_}.', errno.ENOENT)
    return result
