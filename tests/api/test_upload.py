"""`POST /_upload` as TrueNAS has it: a `data` part naming a job with an input pipe, then the `file` part, with Basic,
Bearer (API key) or token credentials; nothing starts and nothing of the file is read for a caller who is not known.

The happy path with a real file (a database import) is in test_database_api.py; here the route's refusals, each
checked to start no job."""
import json

import pytest

from hosting import LIVE_TIER, REMOTE
from tuning_helpers import basic_auth, upload

if REMOTE and not LIVE_TIER:   # the live tier's TrueNAS: its own /_upload, where it answers otherwise the tests say so
    pytest.skip('the host\'s /_upload', allow_module_level=True)

IMPORT = 'tuning.database.import'


def job_ids(client):
    return {j['id'] for j in client.call('core.get_jobs')}


@pytest.fixture
def auth(host):
    return basic_auth(host.username, host.password)


def test_no_or_wrong_credentials_are_refused_and_start_nothing(host, client):
    before = job_ids(client)
    assert upload(host.http_url, IMPORT, [], b'x', None)[0] == 401
    assert upload(host.http_url, IMPORT, [], b'x', basic_auth(host.username, 'wrong'))[0] == 401
    if not LIVE_TIER:   # the live tier does not load TrueNAS's api_key service
        assert upload(host.http_url, IMPORT, [], b'x', 'Bearer 1-not-a-key')[0] == 401
    status, body = upload(host.http_url, IMPORT, [], b'x', 'Token not-a-token')
    assert status == 403 and b'Invalid token' in body   # as middlewared's restful.authenticate
    assert upload(host.http_url, IMPORT, [], b'x', 'Digest whatever')[0] == 401
    assert job_ids(client) == before


def test_a_malformed_payload_is_refused_before_anything_starts(host, client, auth):
    before = job_ids(client)
    data = ('data', json.dumps({'method': IMPORT, 'params': []}).encode(), None)
    file = ('file', b'x', 'f.db')
    # (parts, the host's answer, TrueNAS's where it differs: middlewared starts the job with params that are not a
    # list and with more than one file (input pipes for each), and reads an oversized data part as not JSON)
    cases = [
        ([file, data], 405, 405),                                         # data not first
        ([('data', b'{not json', None), file], 400, 400),
        ([('data', json.dumps({'params': []}).encode(), None), file], 422, 422),  # no method
        ([('data', json.dumps({'method': IMPORT, 'params': {'a': 1}}).encode(), None), file], 422, 200),
        ([data], 405, 405),                                               # no file part
        ([data, ('other', b'x', None)], 405, 405),
        ([data, file, ('file', b'y', 'g.db')], 405, 200),                 # one file only
        ([('data', b'x' * (64 * 1024 + 1), None), file], 413, 400),
    ]
    for parts, status, truenas_status in cases:
        got, body = upload(host.http_url, IMPORT, [], b'', auth, parts=parts)
        assert got == (truenas_status if host.truenas else status), (parts[0][0], body)
    started = job_ids(client) - before
    assert len(started) == (2 if host.truenas else 0), started


def test_only_public_jobs_that_take_a_file_can_be_called(host, client, auth):
    before = job_ids(client)
    assert upload(host.http_url, 'tuning.no_such', [], b'x', auth)[0] == 422
    if host.truenas:   # middlewared runs whatever method it names, private or not a job, then fails on its answer
        assert upload(host.http_url, 'tuning.preset.query', [], b'x', auth)[0] == 500
        return
    assert upload(host.http_url, 'tuning.start', [], b'x', auth)[0] == 422          # private
    status, body = upload(host.http_url, 'tuning.preset.query', [], b'x', auth)     # not a job with an input pipe
    assert status == 412 and b'input pipe' in body
    assert job_ids(client) == before


def test_bad_job_arguments_fail_the_job_as_validation_errors(host, client, auth):
    status, body = upload(host.http_url, IMPORT, ['unexpected'], b'x', auth)
    assert status == 200, body  # as on TrueNAS, a job's arguments are checked when it runs
    job = client.wait_job(json.loads(body)['job_id'], timeout=600)
    assert job['state'] == 'FAILED' and job['exc_info']['type'] == 'VALIDATION', job


@pytest.mark.not_in_live_tier("API keys: TrueNAS checks them with its PAM module (pam_tdb), no stand-in there")
def test_token_and_api_key_credentials_start_the_job(host, client):
    token = client.call('auth.generate_token', 600, {}, False, True)
    key = client.call('api_key.create', {'name': 'upload-key', 'username': host.username})['key']
    for credentials in (f'Token {token}', f'Bearer {key}'):
        status, body = upload(host.http_url, IMPORT, [], b'not a database', credentials)
        assert status == 200, body
        job = client.wait_job(json.loads(body)['job_id'], timeout=600)
        # the route did its part: the job ran with the file and refused it on its own field
        assert job['state'] == 'FAILED' and 'file' in (job['error'] or ''), job
    status, _ = upload(host.http_url, IMPORT, [], b'x', f'Token {token}')
    assert status == 403  # single use: no longer a live token
