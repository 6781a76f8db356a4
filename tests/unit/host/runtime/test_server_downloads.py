"""Downloads: URL and header pieces, download tokens (single use, expiry, origin), the claim window, and the
route's answers that the API tests cannot reach in reasonable time (an expired window)."""
import asyncio
import urllib.request

import pytest
from aiohttp import web

from tuning_host.runtime import Middleware, Pipes, Service, State, job
from tuning_host.server.auth import AuthService, TokenManager
from tuning_host.server.downloads import Downloads, content_disposition, filename_problem, parse_job_id


@pytest.mark.parametrize("text, expected", [
    ("1", 1), ("4711", 4711), ("0", None), ("", None), ("abc", None), ("-1", None), ("1.5", None),
    ("١٢", None),  # Arabic-Indic digits: isdigit() but not a job id
])
def test_parse_job_id(text, expected):
    assert parse_job_id(text) == expected


@pytest.mark.parametrize("name, problem", [
    ("report.html", None), ("tuning report 2026-01-01.csv", None), ("résumé.md", None),
    ("", "must not be empty"), ("a" * 256, "at most 255"),
    ('a".txt', "must not contain"), ("a\r\nX-Evil: 1", "must not contain"), ("../etc/passwd", "must not contain"),
    ("a\\b", "must not contain"), ("tab\there", "must not contain"),
])
def test_filename_problem(name, problem):
    found = filename_problem(name)
    if problem is None:
        assert found is None
    else:
        assert problem in found


def test_content_disposition():
    assert content_disposition("report.html") == 'attachment; filename="report.html"'
    assert content_disposition("résumé ✓.md") == (
        "attachment; filename=\"r_sum_ _.md\"; filename*=UTF-8''r%C3%A9sum%C3%A9%20%E2%9C%93.md")


class Clock:
    def __init__(self):
        self.now = 1000.0

    def __call__(self):
        return self.now


def test_token_expires_ttl_seconds_after_its_last_use():
    clock = Clock()
    tokens = TokenManager(clock)
    token = tokens.create(300, {"job": 1}, "127.0.0.1", {"username": "admin"}, True)
    clock.now += 300
    assert tokens.get(token, "127.0.0.1") is not None
    clock.now += 300.5
    assert tokens.get(token, "127.0.0.1") is None
    assert tokens.get(token, "127.0.0.1") is None  # gone for good


def test_token_bound_to_its_origin():
    tokens = TokenManager(Clock())
    token = tokens.create(300, {}, "10.0.0.1", {"username": "admin"}, False)
    assert tokens.get(token, "10.0.0.2") is None
    assert tokens.get(token, "10.0.0.1") is not None
    anywhere = tokens.create(300, {}, None, {"username": "admin"}, False)
    assert tokens.get(anywhere, "10.9.9.9") is not None


def test_get_token_spends_a_single_use_token_and_returns_its_attributes(tmp_path):
    auth = AuthService(Middleware(str(tmp_path)))
    once = auth.token_manager.create(300, {"job": 7, "filename": "r.html"}, None, {"username": "admin"}, True)
    reusable = auth.token_manager.create(300, {"job": 8}, None, {"username": "admin"}, False)
    assert auth.get_token(once, "127.0.0.1") == {"attributes": {"job": 7, "filename": "r.html"}}
    assert auth.get_token(once, "127.0.0.1") is None
    assert auth.get_token(reusable, "127.0.0.1") == {"attributes": {"job": 8}}
    assert auth.get_token(reusable, "127.0.0.1") == {"attributes": {"job": 8}}
    assert auth.get_token("nope", "127.0.0.1") is None


class WriterService(Service):
    class Config:
        namespace = "writer"
        private = True

    @job(pipes=["output"])
    def big(self, job):
        for _ in range(100):
            job.pipes.output.w.write(b"z" * 65536)


def serve(tmp_path, window_seconds, body):
    """A middleware with auth, the writer service and the download route on a loopback port."""
    async def main():
        mw = Middleware(str(tmp_path))
        mw.attach_loop()
        mw.downloads = Downloads(mw, window_seconds=window_seconds)
        auth = AuthService(mw)
        mw.add_service(auth)
        mw.add_service(WriterService(mw))
        app = web.Application()
        app.router.add_get("/_download/{job_id}", mw.downloads.handle, allow_head=False)
        runner = web.AppRunner(app, access_log=None)
        await runner.setup()
        site = web.TCPSite(runner, "127.0.0.1", 0)
        await site.start()
        port = runner.addresses[0][1]
        try:
            return await body(mw, auth, f"http://127.0.0.1:{port}")
        finally:
            await runner.cleanup()
            mw.shutdown()
    return asyncio.run(main())


def status_of(url):
    try:
        with urllib.request.urlopen(url, timeout=600) as r:
            return r.status
    except urllib.error.HTTPError as e:
        return e.code


def test_an_unclaimed_output_is_closed_after_the_window_and_then_gone(tmp_path):
    async def body(mw, auth, base):
        j = await mw.call("writer.big", pipes=Pipes(output=mw.pipe()))
        mw.downloads.register(j)
        token = auth.token_manager.create(300, {"job": j.id, "filename": "z.bin"}, None, {"username": "a"}, True)
        await j.wait()  # the window (0 s) closes the reading end: the blocked writer fails
        assert j.state == State.FAILED and "Broken pipe" in j.error
        assert not mw.downloads.is_pending(j.id)
        assert await mw.run_in_thread(status_of, f"{base}/_download/{j.id}?auth_token={token}") == 410
    serve(tmp_path, 0, body)


def test_claim_is_once(tmp_path):
    async def body(mw, auth, base):
        j = await mw.call("writer.big", pipes=Pipes(output=mw.pipe(buffered=True)))
        mw.downloads.register(j)
        assert mw.downloads.claim(j.id) is True
        assert mw.downloads.claim(j.id) is False
        await j.wait(raise_error=True)
        await j.pipes.output.close()
    serve(tmp_path, 300, body)


def test_a_token_for_a_job_that_no_longer_exists_is_not_found(tmp_path):
    async def body(mw, auth, base):
        token = auth.token_manager.create(300, {"job": 99}, None, {"username": "a"}, True)
        assert await mw.run_in_thread(status_of, f"{base}/_download/99?auth_token={token}") == 404
    serve(tmp_path, 300, body)
