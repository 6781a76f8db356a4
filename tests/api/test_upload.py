"""`POST /_upload` as TrueNAS has it: a `data` part naming a job with an input pipe, then the `file` part, with Basic,
Bearer (API key) or token credentials; nothing starts and nothing of the file is read for a caller who is not known.

The happy path with a real file (a database import) is in test_database_api.py; here the route's refusals, each
checked to start no job."""
import json

import pytest

from hosting import REMOTE
from tuning_helpers import basic_auth, upload

pytestmark = pytest.mark.sandbox_only  # a real TrueNAS answers with its own texts and codes
if REMOTE:
    pytest.skip('the standalone host\'s /_upload', allow_module_level=True)

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
    assert upload(host.http_url, IMPORT, [], b'x', 'Bearer 1-not-a-key')[0] == 401
    assert upload(host.http_url, IMPORT, [], b'x', 'Token not-a-token')[0] == 401
    assert upload(host.http_url, IMPORT, [], b'x', 'Digest whatever')[0] == 401
    assert job_ids(client) == before


def test_a_malformed_payload_is_refused_before_anything_starts(host, client, auth):
    before = job_ids(client)
    data = ('data', json.dumps({'method': IMPORT, 'params': []}).encode(), None)
    file = ('file', b'x', 'f.db')
    cases = [
        ([file, data], 405),                                              # data not first
        ([('data', b'{not json', None), file], 400),
        ([('data', json.dumps({'params': []}).encode(), None), file], 422),  # no method
        ([('data', json.dumps({'method': IMPORT, 'params': {'a': 1}}).encode(), None), file], 422),
        ([data], 405),                                                    # no file part
        ([data, ('other', b'x', None)], 405),
        ([data, file, ('file', b'y', 'g.db')], 405),                      # one file only
        ([('data', b'x' * (64 * 1024 + 1), None), file], 413),
    ]
    for parts, status in cases:
        got, body = upload(host.http_url, IMPORT, [], b'', auth, parts=parts)
        assert got == status, (parts[0][0], body)
    assert job_ids(client) == before


def test_only_public_jobs_that_take_a_file_can_be_called(host, client, auth):
    before = job_ids(client)
    assert upload(host.http_url, 'tuning.no_such', [], b'x', auth)[0] == 422
    assert upload(host.http_url, 'tuning.start', [], b'x', auth)[0] == 422          # private
    status, body = upload(host.http_url, 'tuning.preset.query', [], b'x', auth)     # not a job with an input pipe
    assert status == 412 and b'input pipe' in body
    assert job_ids(client) == before


def test_bad_job_arguments_fail_the_job_as_validation_errors(host, client, auth):
    status, body = upload(host.http_url, IMPORT, ['unexpected'], b'x', auth)
    assert status == 200, body  # as on TrueNAS, a job's arguments are checked when it runs
    job = client.wait_job(json.loads(body)['job_id'], timeout=60)
    assert job['state'] == 'FAILED' and job['exc_info']['type'] == 'VALIDATION', job


def test_token_and_api_key_credentials_start_the_job(host, client):
    token = client.call('auth.generate_token', 600, {}, False, True)
    key = client.call('api_key.create', {'name': 'upload-key', 'username': host.username})['key']
    for credentials in (f'Token {token}', f'Bearer {key}'):
        status, body = upload(host.http_url, IMPORT, [], b'not a database', credentials)
        assert status == 200, body
        job = client.wait_job(json.loads(body)['job_id'], timeout=60)
        # the route did its part: the job ran with the file and refused it on its own field
        assert job['state'] == 'FAILED' and 'file' in (job['error'] or ''), job
    status, _ = upload(host.http_url, IMPORT, [], b'x', f'Token {token}')
    assert status == 401  # single use
