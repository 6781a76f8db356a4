"""Raw per-disk sequential reads of a pool (``tuning.ladder.read_disks``): one row per run, the latest ``KEEP`` of
each pool kept (older ones are pruned on insert)."""
from .db import Database, dumps, loads, utc_now

KEEP = 20  # rows kept per pool
PUBLIC = ('id', 'created_at', 'pool', 'disks', 'total_read_bytes_per_second', 'options', 'stand_in')


def _row(row: dict) -> dict:
    out = {k: loads(row[k]) if k in ('disks', 'options') else row[k] for k in PUBLIC}
    out['stand_in'] = bool(out['stand_in'])
    return out


def insert_disk_read(db: Database, *, pool, disks, total_read_bytes_per_second, options, stand_in) -> dict:
    with db.transaction() as cur:
        cur.execute('INSERT INTO disk_read (created_at, pool, disks, total_read_bytes_per_second, options, stand_in) '
                    'VALUES (?, ?, ?, ?, ?, ?)',
                    (utc_now(), pool, dumps(disks), total_read_bytes_per_second, dumps(options), int(stand_in)))
        id_ = cur.lastrowid
        cur.execute('DELETE FROM disk_read WHERE pool = ? AND id NOT IN '
                    '(SELECT id FROM disk_read WHERE pool = ? ORDER BY id DESC LIMIT ?)', (pool, pool, KEEP))
    return get_disk_read(db, id_)


def get_disk_read(db: Database, id_: int) -> dict | None:
    rows = db.query('SELECT * FROM disk_read WHERE id = ?', (id_,))
    return _row(rows[0]) if rows else None


def latest_disk_read(db: Database, pool: str) -> dict | None:
    rows = db.query('SELECT * FROM disk_read WHERE pool = ? ORDER BY id DESC LIMIT 1', (pool,))
    return _row(rows[0]) if rows else None


def list_disk_reads(db: Database, pool: str) -> list[dict]:
    return [_row(r) for r in db.query('SELECT * FROM disk_read WHERE pool = ? ORDER BY id', (pool,))]
