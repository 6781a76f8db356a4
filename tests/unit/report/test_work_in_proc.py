"""tuning.benchmark.compare and tuning.report.generate compute in a worker process (tuning.compute through
framework.run_in_proc): the same answers as in the process, their input errors back as the same errors, and the worker
loads no framework (inside TrueNAS middlewared's workers refuse middlewared.api.current)."""
import asyncio
import os

import pytest

from tuning import compute, framework
from tuning.core.report import ReportInputError
from tuning_host.runtime import Middleware

from .conftest import STEADY, full_context, make_result


class Worker:
    """The standalone host's process pool, on a loop of the test's own."""

    def __init__(self, data_dir):
        self.loop = asyncio.new_event_loop()
        self.middleware = Middleware(data_dir)
        self.middleware.attach_loop(self.loop)

    def run(self, fn, *args, **kwargs):
        return self.loop.run_until_complete(framework.run_in_proc(self.middleware, fn, *args, **kwargs))

    def close(self):
        self.middleware.shutdown()
        self.loop.close()


@pytest.fixture(scope='module')
def worker(tmp_path_factory):
    w = Worker(str(tmp_path_factory.mktemp('host')))
    yield w
    w.close()


def _pair():
    base = make_result(1, 'before', {'SEQ_WRITE': {'write_bw_bytes': STEADY}}, full_context())
    other = make_result(2, 'after', {'SEQ_WRITE': {'write_bw_bytes': [v * 1.2 for v in STEADY]}}, full_context())
    return [base, other]


def test_the_comparison_and_the_report_are_the_same_from_a_worker(worker):
    results = _pair()
    here = compute.comparison_of(results, 1)
    there = compute.result_of(worker.run(compute.outcome, compute.comparison_of, results, 1, None))
    assert there == here
    args = (results, here, None, 'HTML')
    kwargs = {'title': 'T', 'generated_at': '2025-06-01T10:00:00+00:00', 'ladders': []}
    assert compute.result_of(worker.run(compute.outcome, compute.report_file, *args, **kwargs)) == \
        compute.report_file(*args, **kwargs)


def test_it_ran_in_another_process_that_loaded_no_framework(worker):
    compute.result_of(worker.run(compute.outcome, compute.comparison_of, _pair(), 1, None))
    assert worker.run(os.getpid) != os.getpid()
    modules = worker.run(eval, 'sorted(__import__("sys").modules)')   # the same worker: one call at a time
    assert 'tuning.compute' in modules
    assert not [m for m in modules if m == 'tuning.framework' or m.split('.')[0] in ('tuning_host', 'pydantic')]


def test_an_input_error_comes_back_as_the_same_error_and_the_pool_stays(worker):
    results = _pair()
    comparison = compute.comparison_of(results, 1)
    comparison['comparisons'][0]['id'] = 99   # a comparison of a result the report does not hold
    with pytest.raises(ReportInputError) as here:
        compute.report_file(results, comparison, None, 'CSV', title='T', generated_at='now')
    with pytest.raises(ReportInputError) as there:
        compute.result_of(worker.run(compute.outcome, compute.report_file, results, comparison, None, 'CSV',
                                     title='T', generated_at='now'))
    assert (there.value.field, there.value.message) == (here.value.field, here.value.message)
    assert worker.run(os.getpid) != os.getpid()


def test_the_standalone_plugin_asks_the_host_for_a_process():
    calls = []

    class Host:
        async def run_in_proc(self, fn, *args, **kwargs):
            calls.append(('proc', fn, args, kwargs))
            return fn(*args, **kwargs)

        async def run_in_thread(self, fn, *args, **kwargs):
            calls.append(('thread', fn, args, kwargs))
            return fn(*args, **kwargs)

    assert asyncio.run(framework.run_in_proc(Host(), divmod, 7, 2)) == (3, 1)
    assert calls == [('proc', divmod, (7, 2), {})]


@pytest.mark.parametrize('fmt', ['HTML', 'MARKDOWN', 'CSV', 'JSON'])
def test_a_report_made_whole_in_a_worker_from_results_without_their_raw_output_is_the_same(worker, fmt):
    results = _pair()
    for result in results:
        result['raw'] = {'format': 'FIO', 'data': '{"fio version": "fio-3.33"}' * 1000}   # an imported file, kept
    kwargs = {'title': 'T', 'generated_at': '2025-06-01T10:00:00+00:00', 'ladders': []}
    here = compute.report_file(results, compute.comparison_of(results, 1), None, fmt, **kwargs)
    sent = [compute.sent(r) for r in results]
    assert all('raw' not in r for r in sent) and all('raw' in r for r in results)
    assert compute.result_of(worker.run(compute.outcome, compute.report_of, sent, 1, None, None, fmt,
                                        **kwargs)) == here
    one = compute.report_file(results[:1], None, None, fmt, **kwargs)
    assert compute.result_of(worker.run(compute.outcome, compute.report_of, sent[:1], 1, None, None, fmt,
                                        **kwargs)) == one
