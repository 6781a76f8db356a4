"""Drift the admin accepted: the box's value of a setting kept instead of the one tuning set.

Accepting changes nothing on the box, so it leaves no restore point (there is nothing to put back); it is a record,
written with an event-log line in one transaction. A record holds for the restore point whose value it releases: a
later apply of the same setting expects its own value again, and putting the tuned value back removes the record.
"""
from .db import Database, utc_now


def accepted(db: Database) -> list[dict]:
    return db.query('SELECT * FROM drift_accepted ORDER BY accepted_at, key')


def accept(db: Database, *, key: str, restore_point_id: int, expected: str | None, value: str | None,
           message: str) -> None:
    with db.transaction() as cur:
        cur.execute('INSERT OR REPLACE INTO drift_accepted (key, restore_point_id, expected, value, accepted_at) '
                    'VALUES (?, ?, ?, ?, ?)', (key, restore_point_id, expected, value, utc_now()))
        cur.execute('INSERT INTO event_log (at, kind, message) VALUES (?, ?, ?)', (utc_now(), 'drift', message))


def forget(db: Database, key: str, message: str) -> None:
    with db.transaction() as cur:
        if cur.execute('DELETE FROM drift_accepted WHERE key = ?', (key,)).rowcount:
            cur.execute('INSERT INTO event_log (at, kind, message) VALUES (?, ?, ?)', (utc_now(), 'drift', message))
