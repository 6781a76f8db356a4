"""What one session's token may take of the box (core.client.bounds): room for its results, and a few network
measurements, one at a time, a pause between them, each aborted past its bound."""
import asyncio
import errno

from tuning.client import TuningClientSessionService
from tuning.core.client import bounds
from tuning.core.client.bounds import (
    MAX_SESSION_BYTES, MAX_SESSION_NETWORK_RUNS, MAX_SESSION_RESULTS, NETWORK_COOLDOWN_SECONDS, kept_result,
    network_ended, network_refusal, network_started, oversized_fio_documents, storage_refusal,
)
from tuning.framework import CallError

MIB = 1024 * 1024


def test_a_session_has_room_until_its_results_or_bytes_reach_the_bound():
    assert storage_refusal(3, {'results': 0, 'bytes': 0}) is None
    assert storage_refusal(3, {'results': MAX_SESSION_RESULTS - 1, 'bytes': MAX_SESSION_BYTES - 1}, 1) is None
    full = storage_refusal(3, {'results': MAX_SESSION_RESULTS, 'bytes': 0})
    assert full == ('Client session 3 has stored 1000 results, the most a session may (1000): create a new session '
                    'for more (what it stored stays; deleting results makes room).')
    assert storage_refusal(3, {'results': 1, 'bytes': MAX_SESSION_BYTES}) == (
        "Client session 3's results take 64 MiB, the most a session may store (64 MiB): create a new session "
        'for more (what it stored stays; deleting results makes room).')
    past = storage_refusal(3, {'results': 8, 'bytes': 60 * MIB}, 7 * MIB)
    assert past.startswith("This result (7 MiB) would take client session 3's results past 64 MiB, the most a "
                           'session may store (60 MiB stored)')
    # sizes in the plugin's one spelling (core.presets.units.format_bytes): a decimal only when not whole
    assert "results take 64 MiB," in storage_refusal(3, {'results': 1, 'bytes': MAX_SESSION_BYTES + 100})
    assert storage_refusal(3, {'results': 8, 'bytes': 60 * MIB}) is None   # room left for a smaller one


def test_only_fio_documents_larger_than_any_real_one_are_named():
    assert oversized_fio_documents([4000, 64 * 1024, 64 * 1024 + 1], 'data') == [
        ('data.fio.2.output', 'Is 65,537 bytes: a fio document of one run is about 4 KB, at most 64 KiB is taken')]
    assert oversized_fio_documents([4000]) == []
    assert oversized_fio_documents([2 * MIB + 1])[0][1].startswith('Is 2,097,153 bytes:')   # exact at any size


def test_of_the_iperf3_documents_only_the_names_are_kept():
    result = {'fio': [{'test': 'SEQ_WRITE', 'run': 1, 'output': {'fio version': 'fio-3.33'}}],
              'iperf3': [{'name': 'one stream', 'output': {'end': {}}}]}
    assert kept_result(result) == {**result, 'iperf3': [{'name': 'one stream'}]}
    assert kept_result({'fio': [], 'iperf3': []})['iperf3'] == []


def test_network_measurements_one_at_a_time_with_a_pause_and_a_few_per_session():
    use, now = None, 1000.0
    for n in range(MAX_SESSION_NETWORK_RUNS):
        assert network_refusal(7, use, now) is None, n
        use = network_started(use)
        words, retry = network_refusal(7, use, now + 5)
        assert words == "Session 7's network measurement is still running: one at a time." and retry is None
        use = network_ended(use, now + 50)
        words, retry = network_refusal(7, use, now + 60)
        if n < MAX_SESSION_NETWORK_RUNS - 1:
            assert 'the box stays free for 120 s between a session\'s measurements' in words and retry == 110
        now += 50 + NETWORK_COOLDOWN_SECONDS
    words, retry = network_refusal(7, use, now + 10 ** 6)
    assert words == ('Session 7 has started 6 network measurements, the most a session may (6): measure without the '
                     'network (--no-network) or create a new session.') and retry is None


class Job:
    """A job that runs until aborted, as a client that never connects keeps one."""

    def __init__(self, id_):
        self.id, self.aborted = id_, asyncio.Event()

    async def wait(self, timeout=None):
        if timeout is None:
            await self.aborted.wait()
        else:
            await asyncio.wait_for(self.aborted.wait(), timeout)


class Middleware:
    logger = None

    def __init__(self, job, ended=False):
        self.job, self.ended, self.calls = job, ended, []

    async def call(self, method, *params):
        self.calls.append((method, *params))
        if self.ended:
            raise CallError('The job is not running.', errno.EINVAL)
        self.job.aborted.set()


def watch(job, ended=False):
    middleware = Middleware(job, ended)
    service = TuningClientSessionService(middleware)
    service._network_use[5] = network_started(None)
    asyncio.run(service._network_watch(5, job, 0.01))
    return middleware.calls, service._network_use[5]


def test_a_measurement_still_running_past_its_bound_is_aborted_and_the_pause_begins():
    calls, use = watch(Job(41))
    assert calls == [('core.job_abort', 41)]
    assert use['running'] is False and use['started'] == 1 and use['ended_at'] is not None


def test_a_measurement_that_ended_meanwhile_is_not_aborted_twice():
    job = Job(42)
    job.aborted.set()
    calls, use = watch(job)
    assert calls == [] and use['running'] is False


def test_an_abort_that_comes_too_late_still_ends_the_measurement_for_the_session():
    job = Job(43)

    async def finish_soon():
        await asyncio.sleep(0.05)
        job.aborted.set()

    async def main():
        middleware = Middleware(job, ended=True)
        service = TuningClientSessionService(middleware)
        service._network_use[5] = network_started(None)
        await asyncio.gather(service._network_watch(5, job, 0.01), finish_soon())
        return middleware.calls, service._network_use[5]

    calls, use = asyncio.run(main())
    assert calls == [('core.job_abort', 43)] and use['running'] is False


def test_the_bounds_are_above_what_a_real_kit_takes():
    # a kit run posts 120 fio documents of ~4 KB at most: ~0.5 MB; a campaign on an agent 90 results
    assert 90 * 120 * 4096 < MAX_SESSION_BYTES and 90 < MAX_SESSION_RESULTS
    assert bounds.NETWORK_JOB_SECONDS > 4 * (10 + 10)   # 4 measurements of 10 s, and starting each
    assert bounds.NETWORK_CLIENT_WAIT_SECONDS <= bounds.NETWORK_JOB_SECONDS
