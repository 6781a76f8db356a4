"""The plugin's CPU-heavy pure work (a comparison's bootstrap intervals, a report's rendering), run in a worker process
with ``framework.run_in_proc``: in a thread it would hold the GIL the event loop needs and every other client of the
box would wait (a 50-result report made core.ping 10 times slower).

A worker imports this module by name, so it imports ``core`` only, never ``framework``: inside TrueNAS that would
load ``middlewared.api.current``, which middlewared's workers refuse. Arguments and answers are plain data.
"""
from .core.bench import BenchmarkInputError, compare as compare_results
from .core.bench.arc_reads import from_ram_tests, from_ram_warnings
from .core.bench.conditions import (
    compare_name, comparison_limit, condition_warnings, data_loss_warnings, noise_warnings,
)
from .core.bench.statistics import honest_summary
from .core.campaign import configuration_titles, recommend
from .core.report import ReportInputError, build_report, render
from .core.report.chart_data import compare_series, comparison_rows
from .core.report.chart_layout import PANEL_WIDTHS, measured_on_a_client, panel_layouts

# raised with (field, message); pickle would rebuild them from their one formatted argument and fail, and an answer a
# pool cannot unpickle breaks the whole pool, so they cross as data (``outcome``, ``result_of``)
INPUT_ERRORS = {cls.__name__: cls for cls in (BenchmarkInputError, ReportInputError)}


def comparable(result: dict, judge_from_ram: bool = False) -> dict:
    """A stored result in the shape the comparison core reads; its tests the ARC answered from RAM are left out of
    verdicts unless ``judge_from_ram``."""
    return {'source': result['source'], 'label': result['label'],
            'tests': {test: {'runs': runs} for test, runs in result['runs'].items()},
            'from_ram': [] if judge_from_ram else list(from_ram_tests(result))}


def comparison_of(results: list[dict], baseline_id: int, measured: dict | None = None,
                  judge_from_ram: bool = False, chart_widths=PANEL_WIDTHS) -> dict:
    """The comparison of stored results against one of them (``tuning.benchmark.compare``'s answer); ``measured``: the
    latest network ceiling of each port (``store.network.latest_network_results``); ``judge_from_ram``: verdicts on
    reads the ARC answered from RAM too; ``chart_widths``: the panel widths to lay the charts out at."""
    base = next(e for e in results if e['id'] == baseline_id)
    others = [e for e in results if e is not base]
    answer = compare_results(comparable(base, judge_from_ram), [comparable(e, judge_from_ram) for e in others])
    answer['baseline']['id'] = base['id']
    for comparison, result in zip(answer['comparisons'], others):
        comparison['id'] = result['id']
    answer['theoretical_max'] = comparison_limit([base, *others], measured)
    # first what no statistics can fix: a figure measured with writes not safe on power loss
    # then the conditions, by the rules the report reads too (``core.bench.conditions``), and the noise
    conditions = [text for _, _, text in condition_warnings(results, baseline_id)]
    # what the ARC answered from RAM is no disk figure: said next
    from_ram = [w for e in results for w in from_ram_warnings(e, compare_name(e), judge_from_ram)]
    answer['warnings'] = (data_loss_warnings(results) + from_ram + conditions
                          + [w for e in results for w in noise_warnings(e)])
    # what the panel and the report draw, once: the same pure series the report reads back from this answer
    answer.update(compare_series([base, *others], {e['id']: honest_summary(e['summary']) for e in results},
                                 comparison_rows(answer['comparisons']), answer['theoretical_max']))
    # and where the panel draws each mark: the report's layout code, at the widths the panel may have
    answer['chart_layouts'] = panel_layouts(answer['charts'], measured_on_a_client(results),
                                            chart_widths)
    return answer


def report_file(results: list[dict], comparison: dict | None, campaign: dict | None, format_: str, *, title: str,
                generated_at: str, ladders=(), layouts=()) -> tuple[bytes, str, str]:
    """``(data, content_type, extension)`` of a report; ``ReportInputError`` naming what is wrong in the selection."""
    extra = {'ladders': ladders, 'layouts': layouts}
    if campaign is not None:   # its recommendation from this very comparison: the same figures as the tables
        names = {id_: name for name, id_ in campaign['results'].items()}
        extra.update(campaign=campaign, recommendation=recommend(
            comparison, names, titles=configuration_titles(campaign['configurations'])) if comparison else [])
    report = build_report(results, comparison, title=title, generated_at=generated_at, **extra)
    return render(report, format_)


def report_of(results: list[dict], baseline_id: int, measured: dict | None, campaign: dict | None, format_: str, *,
              title: str, generated_at: str, ladders=(), layouts=(), judge_from_ram=False) -> tuple[bytes, str, str]:
    """``report_file`` with its comparison (of two results or more) made in the same worker: the comparison, half a
    megabyte for 50 results, never crosses between the processes (pickling holds the GIL the event loop needs)."""
    comparison = comparison_of(results, baseline_id, measured, judge_from_ram) if len(results) > 1 else None
    return report_file(results, comparison, campaign, format_, title=title, generated_at=generated_at, ladders=ladders,
                       layouts=layouts)


def sent(result: dict) -> dict:
    """A stored result as a worker is sent it: without ``raw`` (the original tool output, megabytes that no
    comparison or report reads; its pickling would hold the GIL)."""
    return {k: v for k, v in result.items() if k != 'raw'}


def outcome(fn, *args, **kwargs) -> dict:
    """What the worker sends back: ``{'result': fn(...)}``, or ``{'error': [class name, field, message]}`` for an
    input error."""
    try:
        return {'result': fn(*args, **kwargs)}
    except tuple(INPUT_ERRORS.values()) as e:
        return {'error': [type(e).__name__, e.field, e.message]}


def result_of(answer: dict):
    """``outcome``'s answer back as the result or the input error ``fn`` raised."""
    if 'error' in answer:
        name, field, message = answer['error']
        raise INPUT_ERRORS[name](field, message)
    return answer['result']
