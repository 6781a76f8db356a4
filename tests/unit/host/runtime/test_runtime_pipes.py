"""Job pipes: `@job(pipes=[...])`, check_pipes, the runner closing the job's ends, buffered and OS pipes."""
import asyncio
import errno

import pytest

from tuning_host.runtime import CallError, Pipes, Service, State, job

from runtime_loop import run_service


class PipedService(Service):
    class Config:
        namespace = "piped"
        private = True

    def __init__(self, middleware):
        super().__init__(middleware)
        self.gate = asyncio.Event()

    @job(pipes=["output"])
    def produce(self, job, size):
        """Writes `size` bytes and leaves closing the pipe to the runner."""
        job.pipes.output.w.write(b"x" * size)
        return size

    @job(pipes=["output"])
    def produce_then_fail(self, job, size):
        job.pipes.output.w.write(b"y" * size)
        raise CallError("generation failed")

    @job(pipes=["output"], check_pipes=False)
    def maybe_produce(self, job):
        if job.pipes.output is None:
            return "no pipe"
        job.pipes.output.w.write(b"piped")
        return "piped"

    @job(pipes=["input"])
    def consume(self, job):
        return job.pipes.input.r.read().decode()

    @job(pipes=["output"])
    async def async_produce(self, job, text):
        await self.middleware.run_in_thread(job.pipes.output.w.write, text.encode())
        return len(text)

    @job(lock="one", lock_queue_size=1, pipes=["output"])
    async def locked(self, job):
        await self.gate.wait()


def run(tmp_path, body):
    return run_service(tmp_path, PipedService, body)


def output_pipes(mw, buffered=False):
    return Pipes(output=mw.pipe(buffered))


def test_unknown_pipe_names_are_refused_at_declaration():
    with pytest.raises(ValueError, match=r"unknown pipe name\(s\) \['outptu'\]"):
        job(pipes=["outptu"])


def test_a_piped_job_called_without_its_pipe_is_refused_and_not_created(tmp_path):
    async def body(mw, svc):
        with pytest.raises(CallError, match=r"Pipe 'output' is not open$"):
            await mw.call("piped.produce", 10)
        with pytest.raises(CallError, match=r"Pipe 'input' is not open$"):
            await mw.call("piped.consume")
        assert mw.jobs.all() == {}
    run(tmp_path, body)


def test_check_pipes_false_lets_the_job_decide(tmp_path):
    async def body(mw, svc):
        j = await mw.call("piped.maybe_produce")
        assert await j.wait(raise_error=True) == "no pipe"
        pipes = output_pipes(mw)
        j = await mw.call("piped.maybe_produce", pipes=pipes)
        assert await mw.run_in_thread(pipes.output.r.read) == b"piped"
        assert await j.wait(raise_error=True) == "piped"
    run(tmp_path, body)


def test_the_reader_gets_everything_then_eof_once_the_job_has_ended(tmp_path):
    async def body(mw, svc):
        pipes = output_pipes(mw)
        j = await mw.call("piped.produce", 300_000, pipes=pipes)  # more than an OS pipe holds: the job waits
        assert j.pipes is pipes
        data = await mw.run_in_thread(pipes.output.r.read)
        assert data == b"x" * 300_000
        # The job did not close its end: EOF came from the runner, after the job's state was set.
        assert j.state == State.SUCCESS and pipes.output.w.closed
    run(tmp_path, body)


def test_a_failing_job_still_ends_the_output(tmp_path):
    async def body(mw, svc):
        pipes = output_pipes(mw)
        j = await mw.call("piped.produce_then_fail", 10, pipes=pipes)
        assert await mw.run_in_thread(pipes.output.r.read) == b"y" * 10
        await j.wait()
        assert j.state == State.FAILED and j.error == "[EFAULT] generation failed"
    run(tmp_path, body)


def test_input_pipe_carries_bytes_to_the_job(tmp_path):
    async def body(mw, svc):
        pipe = mw.pipe()
        j = await mw.call("piped.consume", pipes=Pipes(input=pipe))

        def send():
            pipe.w.write("uploaded ✓".encode())
            pipe.w.close()
        await mw.run_in_thread(send)
        assert await j.wait(raise_error=True) == "uploaded ✓"
        assert pipe.r.closed  # the runner closed the job's end
    run(tmp_path, body)


def test_async_job_writes_through_a_thread(tmp_path):
    async def body(mw, svc):
        pipes = output_pipes(mw)
        j = await mw.call("piped.async_produce", "report", pipes=pipes)
        assert await mw.run_in_thread(pipes.output.r.read) == b"report"
        assert await j.wait(raise_error=True) == 6
    run(tmp_path, body)


def test_buffered_pipe_never_blocks_the_writer(tmp_path):
    async def body(mw, svc):
        pipes = output_pipes(mw, buffered=True)
        j = await mw.call("piped.produce", 2_000_000, pipes=pipes)
        await j.wait(raise_error=True)  # finished with nobody reading
        assert await mw.run_in_thread(pipes.output.r.read) == b"x" * 2_000_000
        await pipes.close()
        assert pipes.output.r.closed and pipes.output.w.closed
    run(tmp_path, body)


def test_closing_an_unread_pipe_fails_the_blocked_writer(tmp_path):
    async def body(mw, svc):
        pipes = output_pipes(mw)
        j = await mw.call("piped.produce", 5_000_000, pipes=pipes)
        await pipes.output.close_reader()  # what an unclaimed download comes to
        await j.wait()
        assert j.state == State.FAILED and "Broken pipe" in j.error
    run(tmp_path, body)


def test_a_full_lock_queue_cannot_hand_back_an_earlier_job_for_new_pipes(tmp_path):
    async def body(mw, svc):
        first = await mw.call("piped.locked", pipes=output_pipes(mw))
        while first.state != State.RUNNING:
            await asyncio.sleep(0)  # let it take the lock, so the next one queues
        queued = await mw.call("piped.locked", pipes=output_pipes(mw))
        with pytest.raises(CallError) as e:
            await mw.call("piped.locked", pipes=output_pipes(mw))
        assert e.value.errno == errno.EBUSY
        svc.gate.set()
        await first.wait(raise_error=True)
        await queued.wait(raise_error=True)
    run(tmp_path, body)
