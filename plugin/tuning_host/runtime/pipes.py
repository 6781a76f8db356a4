"""Job pipes (middlewared's `job.pipes`): a byte channel between a job and whoever called it.

A job declared `@job(pipes=["output"])` writes its product to `job.pipes.output.w`; `core.download` opens that
pipe and the `/_download` route reads `r`. `pipes=["input"]` is the other direction (`job.pipes.input.r`).
The job runner closes the job's ends when the job ends, so a reader always sees end-of-file.
"""
import os
import tempfile

__all__ = ["Pipe", "Pipes", "PIPE_NAMES"]

PIPE_NAMES = ("input", "output")


class Pipe:
    """One channel with a reading end `r` and a writing end `w` (binary file objects).

    Unbuffered (default): an OS pipe. The writer blocks while the reader is not reading, so output of any size
    passes through a bounded buffer; a sync job (running in a thread) is the natural writer. An async job must
    write through `await middleware.run_in_thread(w.write, data)` or it would block the event loop.

    Buffered: an anonymous temporary file. The writer never blocks; the reader must not take end-of-file as
    "finished" before the writing job has ended (the download route waits for the job first).
    """

    def __init__(self, middleware, buffered=False):
        self.middleware = middleware
        self.buffered = buffered
        if buffered:
            # The name is unlinked when `w` closes; `r`, opened now, keeps the data readable until it closes.
            self.w = tempfile.NamedTemporaryFile(prefix="job-pipe-", buffering=0)
            self.r = open(self.w.name, "rb")
        else:
            r, w = os.pipe()
            self.r = os.fdopen(r, "rb")
            self.w = os.fdopen(w, "wb")

    def close_sync(self):
        """Close both ends (a writer still blocked on an unbuffered pipe then gets BrokenPipeError)."""
        for end in (self.r, self.w):
            try:
                end.close()
            except OSError:
                pass

    async def close(self):
        await self.middleware.run_in_thread(self.close_sync)

    async def close_reader(self):
        """The reader is done (or gone): a job still writing gets BrokenPipeError (unbuffered) and the runner
        closes the writing end when the job ends."""
        await self.middleware.run_in_thread(self.r.close)


class Pipes:
    """`job.pipes`: the pipes the caller opened for a job; a pipe the caller did not open is None."""

    def __init__(self, input=None, output=None):
        self.input = input
        self.output = output

    def __iter__(self):
        return (p for p in (self.input, self.output) if p is not None)

    def close_job_ends_sync(self):
        """What the job runner does when the job ends: the job stops reading its input and writing its output."""
        for end in ([self.input.r] if self.input else []) + ([self.output.w] if self.output else []):
            try:
                end.close()
            except OSError:
                pass

    async def close(self):
        for pipe in self:
            await pipe.close()
