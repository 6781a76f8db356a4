"""Downloads the TrueNAS way: `core.download(method, args, filename, buffered)` -> `[job_id, url]`, then one HTTP
GET of `/_download/<job_id>?auth_token=<token>` returns what the job wrote to `job.pipes.output.w`.
Uses the test-only `sample.download` service (tests/api/sample_plugin/download.py)."""
import http.client
import re
import socket
import urllib.parse

import pytest

from client import HANG_SECONDS, RpcError

from hosting import REMOTE, local_host
from sample_plugin.download import pattern

pytestmark = pytest.mark.sandbox_only  # the sample service exists only on the standalone host

LARGE = 20 * 1024 * 1024
SMALL_RCVBUF = 64 * 1024  # a small client receive buffer: the bytes in flight stay far below LARGE


@pytest.fixture(scope="module")
def host():
    if REMOTE:
        pytest.skip("sandbox only")
    with local_host(plugins="sample_plugin", backend="none", extra_env={"TUNING_UI_DIR": "/nonexistent/ui"}) as h:
        yield h


class _SmallBufferConnection(http.client.HTTPConnection):
    """An HTTP connection whose socket receive buffer is fixed small (no kernel auto-tuning)."""

    def connect(self):
        self.sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, SMALL_RCVBUF)
        self.sock.settimeout(self.timeout)
        self.sock.connect((self.host, self.port))


def get(host, path, small_buffer=False):
    """Start a GET of `path` on the host; returns the response with its body unread (close the connection
    through `response.conn`)."""
    parts = urllib.parse.urlsplit(host.http_url)
    cls = _SmallBufferConnection if small_buffer else http.client.HTTPConnection
    conn = cls(parts.hostname, parts.port, timeout=HANG_SECONDS)
    conn.request("GET", path)
    response = conn.getresponse()
    response.conn = conn
    return response


def fetch(host, path):
    """GET `path`: (status, headers, body)."""
    response = get(host, path)
    try:
        return response.status, response.headers, response.read()
    finally:
        response.conn.close()


def job_fields(client, job_id):
    return client.call("core.get_jobs", [["id", "=", job_id]], {"get": True})


# ---- the contract ----

@pytest.mark.parametrize("buffered", [False, True])
def test_download_returns_the_job_output_with_the_filename(host, client, buffered):
    job_id, url = client.call("core.download", "sample.download.write", ["tuning report ✓"], "report.html",
                              buffered)
    assert isinstance(job_id, int)
    assert re.fullmatch(rf"/_download/{job_id}\?auth_token=[A-Za-z0-9_-]+", url)

    status, headers, body = fetch(host, url)

    assert status == 200
    assert body == "tuning report ✓".encode()
    assert headers["Content-Disposition"] == 'attachment; filename="report.html"'
    assert headers["Content-Type"] == "application/octet-stream"
    job = client.wait_job(job_id)
    assert job["state"] == "SUCCESS" and job["result"] == len(body)
    assert job["method"] == "sample.download.write" and job["arguments"] == ["tuning report ✓"]


def test_buffered_download_is_served_after_the_job_has_ended(host, client):
    job_id, url = client.call("core.download", "sample.download.stream", [3 * 1024 * 1024], "data.bin", True)

    response = get(host, url)
    try:
        # Headers arrive only once the whole output is collected: the job is over and the length is known.
        assert job_fields(client, job_id)["state"] == "SUCCESS"
        assert response.status == 200
        assert int(response.headers["Content-Length"]) == 3 * 1024 * 1024
        assert response.read() == pattern(3 * 1024 * 1024)
    finally:
        response.conn.close()


def test_the_token_is_single_use(host, client):
    job_id, url = client.call("core.download", "sample.download.write", ["once"], "once.txt")
    assert fetch(host, url)[2] == b"once"

    status, _, _ = fetch(host, url)

    assert status == 401


def test_wrong_missing_or_foreign_tokens_are_refused_and_do_not_spend_the_download(host, client):
    job_id, url = client.call("core.download", "sample.download.write", ["mine"], "mine.txt")
    other_id, other_url = client.call("core.download", "sample.download.write", ["other"], "other.txt")
    other_token = other_url.split("auth_token=")[1]

    assert fetch(host, f"/_download/{job_id}?auth_token=not-a-token")[0] == 401
    assert fetch(host, f"/_download/{job_id}")[0] == 401
    assert fetch(host, f"/_download/{job_id}?auth_token={other_token}")[0] == 401  # bound to the other job

    status, _, body = fetch(host, url)
    assert (status, body) == (200, b"mine")
    assert fetch(host, other_url)[0] == 401  # spent by the attempt above, like TrueNAS's single-use tokens


def test_paths_that_are_not_job_ids_are_not_found(host):
    assert fetch(host, "/_download/abc?auth_token=x")[0] == 404
    assert fetch(host, "/_download/-1?auth_token=x")[0] == 404


@pytest.mark.parametrize("buffered", [False, True])
def test_a_job_failing_before_its_first_byte_answers_500_with_its_error(host, client, buffered):
    job_id, url = client.call("core.download", "sample.download.write", ["", "report generation broke"],
                              "r.html", buffered)

    status, _, body = fetch(host, url)

    assert status == 500
    assert "[EFAULT] report generation broke" in body.decode()
    assert client.wait_job(job_id)["state"] == "FAILED"


def test_bad_job_arguments_fail_the_job_and_the_download_says_why(host, client):
    job_id, url = client.call("core.download", "sample.download.write", [123], "r.html")

    status, _, body = fetch(host, url)

    assert status == 422  # a refusal of the input is the caller's mistake: its words, not "Job N failed"
    assert "failed" not in body.decode()
    assert "content" in body.decode() and "Input should be a valid string" in body.decode()


def test_a_buffered_job_failing_after_writing_still_answers_500(host, client):
    job_id, url = client.call("core.download", "sample.download.write", ["half a report", "disk full"],
                              "r.html", True)

    status, _, body = fetch(host, url)

    assert status == 500 and "disk full" in body.decode()


def test_a_streamed_job_failing_midway_cuts_the_body(host, client):
    job_id, url = client.call("core.download", "sample.download.stream", [4 * 1024 * 1024, 1024 * 1024],
                              "data.bin")
    response = get(host, url)
    try:
        assert response.status == 200
        with pytest.raises(http.client.IncompleteRead) as e:
            response.read()
        assert e.value.partial == pattern(1024 * 1024)
    finally:
        response.conn.close()
    job = client.wait_job(job_id)
    assert job["state"] == "FAILED" and "failed after 1048576 bytes" in job["error"]


def test_a_client_that_goes_away_fails_the_writing_job(host, client):
    job_id, url = client.call("core.download", "sample.download.stream", [LARGE], "large.bin")
    response = get(host, url, small_buffer=True)
    assert response.read(1000) == pattern(1000)
    response.conn.close()

    job = client.wait_job(job_id)

    assert job["state"] == "FAILED" and "Broken pipe" in job["error"]


def test_calling_a_piped_job_directly_is_refused_like_truenas(client):
    before = client.call("core.get_jobs", [["method", "=", "sample.download.write"]], {"count": True})

    with pytest.raises(RpcError) as e:
        client.call("sample.download.write", "no pipe")

    assert e.value.code == -32001
    assert (e.value.errname, e.value.reason) == ("EINVAL", "[EINVAL] Pipe 'output' is not open")
    after = client.call("core.get_jobs", [["method", "=", "sample.download.write"]], {"count": True})
    assert after == before  # no job was created


def test_core_download_validates_method_and_filename(client):
    cases = [
        (["sample.nope", [], "a.txt"], "method", "sample.nope: method does not exist"),
        (["sample.progress", [1], "a.txt"], "method", "not a job with an output pipe"),
        (["sample.echo", [{"pool": "tank"}], "a.txt"], "method", "not a job with an output pipe"),
        (["sample.secret", [], "a.txt"], "method", "method does not exist"),  # private: not without the option
        (["sample.download.write", ["x"], 'a".txt'], "filename", "must not contain"),
        (["sample.download.write", ["x"], "a\r\nSet-Cookie: x"], "filename", "must not contain"),
        (["sample.download.write", ["x"], ""], "filename", "must not be empty"),
    ]
    for params, attribute, message in cases:
        with pytest.raises(RpcError) as e:
            client.call("core.download", *params)
        assert e.value.code == -32602, params
        assert e.value.attributes() == [attribute], params
        assert message in e.value.extra[0][1], params


def test_core_download_needs_a_login(host):
    with host.client(login=False) as c:
        with pytest.raises(RpcError) as e:
            c.call("core.download", "sample.download.write", ["x"], "x.txt")
    assert e.value.errname == "ENOTAUTHENTICATED"


def test_get_methods_marks_downloadable_jobs(client):
    methods = client.call("core.get_methods", "sample.download")
    assert methods["sample.download.write"]["downloadable"] is True
    assert methods["sample.download.write"]["check_pipes"] is True
    assert methods["sample.download.write"]["uploadable"] is False
    assert client.call("core.get_methods", "sample")["sample.progress"]["downloadable"] is False


def test_large_output_streams_while_the_job_runs(host, client):
    """Unbuffered: the job writes only as fast as the client reads, so the output is never held whole."""
    job_id, url = client.call("core.download", "sample.download.stream", [LARGE], "large.bin")
    response = get(host, url, small_buffer=True)
    try:
        assert response.status == 200
        first = response.read(1024 * 1024)
        # The client holds back: the job is blocked on the pipe, with most of its output not yet written.
        job = job_fields(client, job_id)
        assert job["state"] == "RUNNING"
        assert (job["progress"]["extra"] or {}).get("written", 0) < LARGE
        rest = response.read()
    finally:
        response.conn.close()

    assert len(first) + len(rest) == LARGE
    assert first + rest == pattern(LARGE)
    assert client.wait_job(job_id)["state"] == "SUCCESS"
