"""`GET /_download/<job_id>?auth_token=<token>`: serve the output pipe of a job started by `core.download`.

The token (single use, bound to the job) is checked first: 401 without a valid one, 404 for a job that does not
exist, 410 when the job's output was already taken or its download window passed. Unbuffered: the job's bytes are
streamed as it writes them (the job blocks while the client is not reading). Buffered: the job runs to its end
first, then its whole output is served. A job that fails before its first byte answers with the job's error: 422 and
the fields' words when it refused its input (validation errors), 500 otherwise; one that fails after the first byte
cuts the connection, so the client sees a truncated body, never a complete one.
"""
import logging
import os
import re
import urllib.parse

from aiohttp import web

from ..runtime.errors import ValidationError, ValidationErrors
from ..runtime.jobs import State

logger = logging.getLogger("tuning_host.server")

CHUNK_BYTES = 1024 * 1024
DOWNLOAD_WINDOW_SECONDS = 300  # the token's lifetime: after it nobody can claim the output any more

_FILENAME_FORBIDDEN = re.compile(r'[\x00-\x1f\x7f"\\/]')


def parse_job_id(text):
    """The job id in a `/_download/<id>` path, or None when it is not a plain positive integer."""
    if not text or not text.isascii() or not text.isdigit():
        return None
    job_id = int(text)
    return job_id if job_id > 0 else None


def filename_problem(filename):
    """Why `filename` cannot name a download (None when it can). It goes into a response header."""
    if not filename:
        return "must not be empty"
    if len(filename) > 255:
        return "must be at most 255 characters"
    if _FILENAME_FORBIDDEN.search(filename):
        return 'must not contain control characters, quotes, backslashes or slashes'
    return None


def content_disposition(filename):
    """`attachment; filename="<name>"`; a non-ASCII name also gets the RFC 6266 `filename*` form (UTF-8)."""
    if filename.isascii():
        return f'attachment; filename="{filename}"'
    fallback = filename.encode("ascii", "replace").decode().replace("?", "_")
    return f"attachment; filename=\"{fallback}\"; filename*=UTF-8''{urllib.parse.quote(filename, safe='')}"


def job_failure_text(job):
    """What a failed or aborted job says to the downloader."""
    if job.state == State.ABORTED:
        return f"Job {job.id} ({job.method_name}) was aborted"
    return f"Job {job.id} ({job.method_name}) failed: {job.error}"


def failure_response_parts(job):
    """`(status, text)` for a job that ended without output: a refusal of its input (ValidationError(s), naming
    the fields) is the caller's mistake, so a 422 with the refusal's own words; anything else is a 500."""
    refusal = job.exc_info[1] if job.state == State.FAILED and job.exc_info else None
    if isinstance(refusal, (ValidationError, ValidationErrors)):
        return 422, str(refusal).strip()
    return 500, job_failure_text(job)


def _text(status, message):
    return web.Response(status=status, text=message + "\n")


class Downloads:
    """Outputs offered for download (middlewared's file application): one claim per job, within a window."""

    def __init__(self, middleware, window_seconds=DOWNLOAD_WINDOW_SECONDS):
        self.middleware = middleware
        self.window_seconds = window_seconds
        self._pending = {}  # job id -> TimerHandle closing the unclaimed output

    def register(self, job):
        """Offer `job`'s output pipe; unclaimed after the window, its reading end is closed (a job still
        writing then fails with BrokenPipeError)."""
        loop = self.middleware.loop
        self._pending[job.id] = loop.call_later(
            self.window_seconds, lambda: self.middleware.create_task(self._expire(job.id)))

    def claim(self, job_id):
        """Take the output of `job_id` for one download; False when it was taken already or expired."""
        timer = self._pending.pop(job_id, None)
        if timer is None:
            return False
        timer.cancel()
        return True

    def is_pending(self, job_id):
        return job_id in self._pending

    async def _expire(self, job_id):
        if self._pending.pop(job_id, None) is None:
            return
        job = self.middleware.jobs.get(job_id)
        if job is not None and job.pipes.output is not None:
            logger.info("download of job %s not claimed in %ss: output closed", job_id, self.window_seconds)
            await job.pipes.output.close_reader()

    # ---- the HTTP route ----

    async def handle(self, request):
        job_id = parse_job_id(request.match_info.get("job_id", ""))
        if job_id is None:
            return _text(404, "Not a job id")
        token = request.query.get("auth_token")
        if not token:
            return _text(401, "auth_token is required")
        entry = await self.middleware.call("auth.get_token", token, request.remote)
        if entry is None or entry["attributes"].get("job") != job_id:
            return _text(401, "Invalid, used or expired auth_token")
        job = self.middleware.jobs.get(job_id)
        if job is None:
            return _text(404, f"Job {job_id} does not exist")
        if job.pipes.output is None or not self.claim(job_id):
            return _text(410, f"The output of job {job_id} is no longer available")
        filename = entry["attributes"].get("filename") or f"job-{job_id}"
        pipe = job.pipes.output
        try:
            if pipe.buffered:
                return await self._serve_buffered(request, job, pipe, filename)
            return await self._stream(request, job, pipe, filename)
        finally:
            await pipe.close_reader()

    def _headers(self, filename):
        return {"Content-Type": "application/octet-stream", "Content-Disposition": content_disposition(filename)}

    async def _serve_buffered(self, request, job, pipe, filename):
        await job.wait()
        if job.state != State.SUCCESS:
            return _text(*failure_response_parts(job))
        size = (await self.middleware.run_in_thread(os.fstat, pipe.r.fileno())).st_size
        resp = web.StreamResponse(headers=self._headers(filename))
        resp.content_length = size
        await resp.prepare(request)
        try:
            while chunk := await self.middleware.run_in_thread(pipe.r.read, CHUNK_BYTES):
                await resp.write(chunk)
        except ConnectionResetError:
            logger.info("download of job %s: the client went away", job.id)
            return resp
        await resp.write_eof()
        return resp

    async def _stream(self, request, job, pipe, filename):
        # read1: return what the job has written so far instead of waiting for a full chunk.
        chunk = await self.middleware.run_in_thread(pipe.r.read1, CHUNK_BYTES)
        if not chunk:
            await job.wait()
            if job.state != State.SUCCESS:
                return _text(*failure_response_parts(job))
            return web.Response(status=200, body=b"", headers=self._headers(filename))
        resp = web.StreamResponse(headers=self._headers(filename))
        resp.enable_chunked_encoding()
        await resp.prepare(request)
        try:
            while chunk:
                await resp.write(chunk)  # waits while the client is not reading: the job then blocks on the pipe
                chunk = await self.middleware.run_in_thread(pipe.r.read1, CHUNK_BYTES)
        except ConnectionResetError:
            logger.info("download of job %s: the client went away", job.id)
            return resp
        await job.wait()
        if job.state != State.SUCCESS:
            logger.info("download of job %s cut: %s", job.id, job_failure_text(job))
            if request.transport is not None:
                request.transport.close()  # without the last chunk the client knows the body is incomplete
            return resp
        await resp.write_eof()
        return resp
