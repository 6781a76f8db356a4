"""The `sample.download` test service: jobs that produce their result through an output pipe, the way a
TrueNAS job offered by `core.download` does (`config.save`, `tuning.report.generate`)."""
from tuning_host.runtime import CallError, Service, api_method, job

from .download_models import (SampleDownloadStreamArgs, SampleDownloadStreamResult, SampleDownloadWriteArgs,
                              SampleDownloadWriteResult)

CHUNK = 64 * 1024
_BASE = bytes(range(256)) * (CHUNK // 256 + 1)


def pattern_chunk(index):
    """Chunk `index` of the stream: 64 KiB that differ from their neighbours, so a lost, repeated or reordered
    chunk shows in the downloaded bytes."""
    shift = index % 256
    return _BASE[shift:shift + CHUNK]


def pattern(size):
    """The first `size` bytes `stream(size)` writes."""
    return b"".join(pattern_chunk(i) for i in range((size + CHUNK - 1) // CHUNK))[:size]


class SampleDownloadService(Service):
    class Config:
        namespace = "sample.download"
        cli_namespace = "test.sample.download"

    @api_method(SampleDownloadWriteArgs, SampleDownloadWriteResult, roles=["SYSTEM_ADVANCED_READ"])
    @job(pipes=["output"])
    async def write(self, job, content, fail):
        """An async job: writes `content` (UTF-8) through the pipe from a thread, as async jobs must."""
        data = content.encode()
        if data:
            await self.middleware.run_in_thread(job.pipes.output.w.write, data)
        if fail is not None:
            raise CallError(fail)
        return len(data)

    @api_method(SampleDownloadStreamArgs, SampleDownloadStreamResult, roles=["SYSTEM_ADVANCED_READ"])
    @job(pipes=["output"])
    def stream(self, job, size, fail_after):
        """A sync job writing `size` bytes of `pattern(size)` chunk by chunk; progress `extra.written` is the
        count of bytes the pipe has accepted."""
        written = 0
        index = 0
        while written < size:
            if fail_after is not None and written >= fail_after:
                raise CallError(f"failed after {written} bytes")
            chunk = pattern_chunk(index)[:size - written]
            job.pipes.output.w.write(chunk)
            written += len(chunk)
            index += 1
            job.set_progress(100 * written // size, "writing", {"written": written})
        return written
