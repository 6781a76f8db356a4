"""Client sessions (a label, a plan and an expiring token that submits results for that session only) and the steps
a campaign leaves for a session's agent.

Only the SHA-256 of a token is kept. A session's state is computed on every read from ``expires_at`` and
``revoked_at`` (timestamps are ``utc_now``'s ISO text, which orders like time), so expiry needs no sweeper.
A step is ``PENDING`` until an agent takes it (``TAKEN``), then ``DONE``, ``FAILED`` or ``CANCELLED``.
"""
import hashlib
import hmac
import secrets
from datetime import datetime, timedelta, timezone

from .db import Database, dumps, loads, utc_now

PUBLIC = ('id', 'label', 'protocol', 'dataset', 'created_at', 'expires_at', 'revoked_at', 'options', 'plan',
          'box_url')
STEP_FIELDS = ('id', 'session_id', 'campaign_id', 'label', 'plan', 'state', 'created_at', 'updated_at',
               'benchmark_id', 'message')
OPEN_STEP_STATES = ('PENDING', 'TAKEN')


def new_token() -> str:
    return secrets.token_urlsafe(32)


def token_sha256(token: str) -> str:
    return hashlib.sha256(token.encode('utf-8', 'surrogatepass')).hexdigest()


def state_of(row: dict, now: str) -> str:
    if row['revoked_at'] is not None:
        return 'REVOKED'
    return 'ACTIVE' if now < row['expires_at'] else 'EXPIRED'


def _session(row: dict, now: str) -> dict:
    out = {k: loads(row[k]) if k in ('options', 'plan') else row[k] for k in PUBLIC}
    out['state'] = state_of(row, now)
    return out


def expiry(minutes: int) -> str:
    """``utc_now`` + ``minutes``, in the same text form."""
    return (datetime.now(timezone.utc) + timedelta(minutes=minutes)).isoformat(timespec='seconds')


def insert_session(db: Database, *, label, protocol, dataset, token, expires_at, options, plan, box_url) -> dict:
    with db.transaction() as cur:
        cur.execute('INSERT INTO client_session (created_at, expires_at, label, protocol, dataset, token_sha256, '
                    'options, plan, box_url) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
                    (utc_now(), expires_at, label, protocol, dataset, token_sha256(token), dumps(options),
                     dumps(plan), box_url))
        id_ = cur.lastrowid
    return get_session(db, id_)


def get_session(db: Database, id_: int) -> dict | None:
    rows = db.query('SELECT * FROM client_session WHERE id = ?', (id_,))
    return _session(rows[0], utc_now()) if rows else None


def count_sessions(db: Database) -> int:
    return db.query('SELECT COUNT(*) AS n FROM client_session')[0]['n']


def list_sessions(db: Database) -> list[dict]:
    now = utc_now()
    return [_session(r, now) for r in db.query('SELECT * FROM client_session ORDER BY id')]


def session_of_token(db: Database, token: str) -> dict | None:
    """The session a presented token belongs to, whatever its state (callers check ``state``), or None. The lookup
    is by hash; the hashes are compared again in constant time so no prefix of a stored hash leaks by timing."""
    digest = token_sha256(token)
    rows = db.query('SELECT * FROM client_session WHERE token_sha256 = ?', (digest,))
    if not rows or not hmac.compare_digest(rows[0]['token_sha256'], digest):
        return None
    return _session(rows[0], utc_now())


def revoke_session(db: Database, id_: int) -> dict | None:
    """Revoke at once (a second revoke keeps the first time); the session, or None when there is none."""
    with db.transaction() as cur:
        cur.execute('UPDATE client_session SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL', (utc_now(), id_))
    return get_session(db, id_)


def session_results(db: Database, id_: int) -> list[int]:
    """Ids of the benchmark results submitted under a session (its id is in their context)."""
    rows = db.query("SELECT id FROM benchmark WHERE source = 'CLIENT' AND json_extract(context, '$.session.id') = ? "
                    'ORDER BY id', (id_,))
    return [r['id'] for r in rows]


# ---- steps of agent mode ----

def _step(row: dict) -> dict:
    return {k: loads(row[k]) if k == 'plan' else row[k] for k in STEP_FIELDS}


def add_step(db: Database, *, session_id: int, campaign_id: int | None, label: str, plan: dict) -> dict:
    now = utc_now()
    with db.transaction() as cur:
        cur.execute('INSERT INTO client_step (session_id, campaign_id, label, plan, state, created_at, updated_at) '
                    "VALUES (?, ?, ?, ?, 'PENDING', ?, ?)", (session_id, campaign_id, label, dumps(plan), now, now))
        id_ = cur.lastrowid
    return get_step(db, id_)


def get_step(db: Database, step_id: int) -> dict | None:
    rows = db.query('SELECT * FROM client_step WHERE id = ?', (step_id,))
    return _step(rows[0]) if rows else None


def take_next_step(db: Database, session_id: int) -> dict | None:
    """The session's oldest PENDING step, now TAKEN; None when nothing waits."""
    with db.transaction() as cur:
        row = cur.execute("SELECT id FROM client_step WHERE session_id = ? AND state = 'PENDING' ORDER BY id LIMIT 1",
                          (session_id,)).fetchone()
        if row is None:
            return None
        cur.execute("UPDATE client_step SET state = 'TAKEN', updated_at = ? WHERE id = ?", (utc_now(), row[0]))
    return get_step(db, row[0])


def _finish(db: Database, step_id: int, state: str, benchmark_id: int | None, message: str | None) -> None:
    with db.transaction() as cur:
        cur.execute('UPDATE client_step SET state = ?, updated_at = ?, benchmark_id = ?, message = ? WHERE id = ?',
                    (state, utc_now(), benchmark_id, message, step_id))


def complete_step(db: Database, step_id: int, benchmark_id: int) -> None:
    _finish(db, step_id, 'DONE', benchmark_id, None)


def fail_step(db: Database, step_id: int, message: str) -> None:
    _finish(db, step_id, 'FAILED', None, message)


def cancel_steps(db: Database, campaign_id: int, message: str) -> None:
    """A campaign's PENDING and TAKEN steps become CANCELLED (its agent's later result for one is refused)."""
    with db.transaction() as cur:
        cur.execute("UPDATE client_step SET state = 'CANCELLED', updated_at = ?, message = ? "
                    'WHERE campaign_id = ? AND state IN (?, ?)', (utc_now(), message, campaign_id, *OPEN_STEP_STATES))


def cancel_open_steps(db: Database, step_ids: list[int], message: str) -> None:
    """Steps of a failed multi-client step still PENDING or TAKEN become CANCELLED (their results are refused)."""
    with db.transaction() as cur:
        for step_id in step_ids:
            cur.execute("UPDATE client_step SET state = 'CANCELLED', updated_at = ?, message = ? "
                        'WHERE id = ? AND state IN (?, ?)', (utc_now(), message, step_id, *OPEN_STEP_STATES))
