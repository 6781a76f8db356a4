"""Admin-defined presets."""
from .db import Database, dumps, loads, utc_now


def _row(row: dict) -> dict:
    return {
        'id': row['id'], 'name': row['name'], 'description': row['description'], 'builtin': False,
        'optimizes': [], 'costs': [], 'base': row['base'], 'settings': loads(row['settings']),
        'created_at': row['created_at'], 'updated_at': row['updated_at'],
    }


def list_presets(db: Database) -> list[dict]:
    return [_row(r) for r in db.query('SELECT * FROM preset ORDER BY created_at, id')]


def get_preset(db: Database, id_: str) -> dict | None:
    rows = db.query('SELECT * FROM preset WHERE id = ?', (id_,))
    return _row(rows[0]) if rows else None


def insert_preset(db: Database, data: dict) -> dict:
    now = utc_now()
    with db.transaction() as cur:
        cur.execute(
            'INSERT INTO preset (id, name, description, base, settings, created_at, updated_at) '
            'VALUES (?, ?, ?, ?, ?, ?, ?)',
            (data['id'], data['name'], data['description'], data['base'], dumps(data['settings']), now, now),
        )
    return get_preset(db, data['id'])


def update_preset(db: Database, id_: str, data: dict) -> dict:
    with db.transaction() as cur:
        cur.execute(
            'UPDATE preset SET name = ?, description = ?, base = ?, settings = ?, updated_at = ? WHERE id = ?',
            (data['name'], data['description'], data['base'], dumps(data['settings']), utc_now(), id_),
        )
    return get_preset(db, id_)


def delete_preset(db: Database, id_: str) -> None:
    with db.transaction() as cur:
        cur.execute('DELETE FROM preset WHERE id = ?', (id_,))
