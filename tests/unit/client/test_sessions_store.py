"""Client sessions and agent steps in the store: the token kept as its SHA-256 only, state from expiry and
revocation, the step queue."""
import hashlib

import pytest

from tuning.store import Database
from tuning.store import client_sessions as store


@pytest.fixture
def db(tmp_path):
    d = Database(str(tmp_path / 'tuning.db'))
    yield d
    d.close()


def new_session(db, minutes=60, token=None):
    token = token or store.new_token()
    session = store.insert_session(db, label='office', protocol='NFS', dataset=None, token=token,
                                   expires_at=store.expiry(minutes), options={'network_interface': None},
                                   plan={'runs': 1}, box_url='https://nas')
    return session, token


def test_only_the_tokens_sha256_is_kept_and_it_finds_the_session(db):
    session, token = new_session(db)
    rows = db.query('SELECT * FROM client_session')
    assert rows[0]['token_sha256'] == hashlib.sha256(token.encode()).hexdigest()
    assert token not in repr(rows)
    assert store.session_of_token(db, token)['id'] == session['id']
    assert store.session_of_token(db, token + 'x') is None
    assert store.session_of_token(db, '') is None
    assert 'token' not in session and session['state'] == 'ACTIVE'


def test_tokens_are_long_and_distinct():
    tokens = {store.new_token() for _ in range(50)}
    assert len(tokens) == 50 and min(len(t) for t in tokens) >= 40


def test_state_follows_expiry_and_revocation(db):
    session, token = new_session(db)
    db.execute("UPDATE client_session SET expires_at = '2000-01-01T00:00:00+00:00' WHERE id = ?", (session['id'],))
    assert store.get_session(db, session['id'])['state'] == 'EXPIRED'
    assert store.session_of_token(db, token)['state'] == 'EXPIRED'
    other, _ = new_session(db)
    revoked = store.revoke_session(db, other['id'])
    assert revoked['state'] == 'REVOKED' and revoked['revoked_at']
    assert store.revoke_session(db, other['id'])['revoked_at'] == revoked['revoked_at']
    assert store.revoke_session(db, 999) is None
    assert [s['state'] for s in store.list_sessions(db)] == ['EXPIRED', 'REVOKED']


def test_state_of_compares_times():
    row = {'revoked_at': None, 'expires_at': '2026-11-24T12:00:00+00:00'}
    assert store.state_of(row, '2026-11-24T11:59:59+00:00') == 'ACTIVE'
    assert store.state_of(row, '2026-11-24T12:00:00+00:00') == 'EXPIRED'
    assert store.state_of({**row, 'revoked_at': '2026-11-24T11:00:00+00:00'}, '2026-11-24T11:30:00+00:00') == \
        'REVOKED'


def test_steps_are_taken_oldest_first_once_and_finish(db):
    session, _ = new_session(db)
    other, _ = new_session(db)
    first = store.add_step(db, session_id=session['id'], campaign_id=3, label='baseline', plan={'runs': 1})
    second = store.add_step(db, session_id=session['id'], campaign_id=3, label='candidate', plan={'runs': 2})
    assert set(first) == {'id', 'session_id', 'campaign_id', 'label', 'plan', 'state', 'created_at', 'updated_at',
                          'benchmark_id', 'message'}
    assert first['state'] == 'PENDING' and first['plan'] == {'runs': 1}
    assert store.take_next_step(db, other['id']) is None
    taken = store.take_next_step(db, session['id'])
    assert (taken['id'], taken['state']) == (first['id'], 'TAKEN')
    assert store.take_next_step(db, session['id'])['id'] == second['id']
    assert store.take_next_step(db, session['id']) is None
    store.complete_step(db, first['id'], 42)
    store.fail_step(db, second['id'], 'fio failed')
    assert (store.get_step(db, first['id'])['state'], store.get_step(db, first['id'])['benchmark_id']) == ('DONE', 42)
    assert store.get_step(db, second['id'])['message'] == 'fio failed'
    assert store.get_step(db, 999) is None


def test_cancel_steps_ends_a_campaigns_open_steps_only(db):
    session, _ = new_session(db)
    waiting = store.add_step(db, session_id=session['id'], campaign_id=5, label='a', plan={})
    taken = store.add_step(db, session_id=session['id'], campaign_id=5, label='b', plan={})
    done = store.add_step(db, session_id=session['id'], campaign_id=5, label='c', plan={})
    elsewhere = store.add_step(db, session_id=session['id'], campaign_id=6, label='d', plan={})
    store.take_next_step(db, session['id'])           # waiting → TAKEN (oldest first)
    store.complete_step(db, waiting['id'], 1)
    store.take_next_step(db, session['id'])           # taken → TAKEN
    store.cancel_steps(db, 5, 'campaign aborted')
    assert store.get_step(db, waiting['id'])['state'] == 'DONE'
    assert store.get_step(db, taken['id'])['state'] == 'CANCELLED'
    assert store.get_step(db, taken['id'])['message'] == 'campaign aborted'
    assert store.get_step(db, done['id'])['state'] == 'CANCELLED'   # was still PENDING
    assert store.get_step(db, elsewhere['id'])['state'] == 'PENDING'
