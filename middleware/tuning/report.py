"""``tuning.report``: one report (HTML, Markdown, CSV or JSON) of benchmark results or of a campaign, delivered the
TrueNAS way for files: ``core.download('tuning.report.generate', [selection, format], filename)`` returns a
single-use URL under ``/_download/``."""
import errno
from datetime import datetime, timezone

from .compute import outcome, report_of, result_of, sent
from .flows.campaign_flow import BASELINE
from .core.report import ReportInputError
from .framework import READ_ROLES, Service, api_method, field_error, job, run_in_proc
from .advice import report_layouts
from .ladder import report_ladders
from .report_models import TuningReportGenerateArgs, TuningReportGenerateResult
from .store import benchmarks as bench_store, campaigns as campaign_store
from .store.network import latest_network_results
from .store.offloop import store_call


def report_filename(title: str, extension: str) -> str:
    stem = ''.join(ch if ch.isalnum() or ch in '-_' else '-' for ch in title.lower()).strip('-')
    return f'{"-".join(filter(None, stem.split("-")))[:80] or "tuning-report"}.{extension}'


class TuningReportService(Service):

    class Config:
        namespace = 'tuning.report'
        cli_namespace = 'system.tuning.report'

    @api_method(TuningReportGenerateArgs, TuningReportGenerateResult, roles=READ_ROLES)
    @job(read_roles=READ_ROLES, pipes=['output'], description=lambda selection, fmt='HTML': f'Tuning report ({fmt})')
    async def generate(self, job, selection, format_):
        """Write a report of benchmark results (one the baseline) or of a campaign to the job's output pipe: the
        summary table, where the limit is (the component ladder of the results' pools, when their disks, network or
        clients were measured), charts (HTML), settings that differ from the baseline, box, each pool's layout beside
        the others its disks could have (as it is now), versions, fio job files, method and warnings. Every figure is
        the one `tuning.benchmark.compare` returns. Use it through `core.download`."""
        job.set_progress(10, 'Collecting the results')
        results, ids, baseline, title, campaign = await store_call(self.middleware, selected, selection)
        measured = await store_call(self.middleware, latest_network_results) if len(ids) > 1 else None
        ladders = await store_call(self.middleware, report_ladders, results)   # where the limit is, per pool
        layouts = await report_layouts(self.middleware, results)   # each pool's layout beside the others
        job.set_progress(30, f'Comparing them with the baseline and rendering {format_}' if len(ids) > 1
                         else f'Rendering {format_}')
        generated_at = datetime.now(timezone.utc).isoformat(timespec='seconds')
        try:
            data, content_type, extension = result_of(await run_in_proc(
                self.middleware, outcome, report_of, [sent(r) for r in results], baseline, measured, campaign,
                format_, title=title, generated_at=generated_at, ladders=ladders, layouts=layouts,
                judge_from_ram=selection['judge_from_ram']))
        except ReportInputError as e:
            raise field_error(f'selection.{e.field}', e.message) from None
        await self.middleware.run_in_thread(job.pipes.output.w.write, data)
        job.set_progress(100, f'{len(data)} bytes written')
        return {'filename': report_filename(title, extension), 'content_type': content_type, 'size': len(data)}


def selected(db, selection: dict):
    """What a report selection names: ``(results, ids, baseline id, title, campaign or None)``; ``ValidationErrors``
    naming the field otherwise."""
    if bool(selection['results']) == (selection['campaign'] is not None):
        raise field_error('selection', 'Name either `results` (benchmark result ids) or a `campaign`.')
    campaign = None
    if selection['campaign'] is not None:
        campaign = campaign_store.get_campaign(db, selection['campaign'])
        if campaign is None:
            raise field_error('selection.campaign', f'No campaign {selection["campaign"]}.', errno.ENOENT)
        if not campaign['results']:
            raise field_error('selection.campaign', f'Campaign {campaign["id"]} has no results yet '
                                           f'({campaign["state"].lower()}).')
        ids = list(campaign['results'].values())
        baseline = campaign['results'].get(BASELINE, ids[0])
        title = selection['title'] or f'Tuning campaign {campaign["id"]}: {campaign["label"]}'
    else:
        ids = selection['results']
        if len(set(ids)) != len(ids):
            raise field_error('selection.results', 'Lists a result more than once.')
        baseline = selection['baseline'] if selection['baseline'] is not None else ids[0]
        if baseline not in ids:
            raise field_error('selection.baseline', f'{baseline} is not one of `results`.')
        title = selection['title'] or 'Tuning benchmark report'
    results = []
    for i, id_ in enumerate(ids):
        result = bench_store.get_benchmark(db, id_)
        if result is None:
            raise field_error(f'selection.results.{i}', f'No benchmark result {id_}.', errno.ENOENT)
        results.append(result)
    return results, ids, baseline, title, campaign
