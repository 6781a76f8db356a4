"""First-seen values of every setting tuning reads: the box's own defaults, which `balanced` returns to."""
from .db import Database, utc_now


def remember(db: Database, values: dict[str, str | None]) -> None:
    """Record values for keys never seen before; later reads never overwrite the first one."""
    now = utc_now()
    with db.transaction() as cur:
        cur.executemany('INSERT OR IGNORE INTO baseline (key, value, first_seen) VALUES (?, ?, ?)',
                        [(k, v, now) for k, v in values.items()])


def load(db: Database) -> dict[str, str | None]:
    return {r['key']: r['value'] for r in db.query('SELECT key, value FROM baseline')}
