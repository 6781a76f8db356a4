"""Campaigns: the whole state of one, committed before each step (resumed at start-up after a reboot or a crash)."""
from .db import Database, dumps, loads, utc_now

JSON_FIELDS = ('spec', 'steps', 'configurations', 'results', 'recommendation', 'log')
ACTIVE_STATES = ('RUNNING', 'REBOOTING', 'RESTORING')


def _row(row: dict) -> dict:
    out = {k: (loads(v) if k in JSON_FIELDS and v is not None else v) for k, v in row.items()}
    out['abort_requested'] = bool(out['abort_requested'])
    return out


def insert_campaign(db: Database, *, label, spec, steps, configurations, origin_restore_point) -> dict:
    now = utc_now()
    with db.transaction() as cur:
        cur.execute('INSERT INTO campaign (created_at, updated_at, label, spec, state, phase, cursor, steps, '
                    'configurations, origin_restore_point, abort_requested, results, log) '
                    'VALUES (?, ?, ?, ?, ?, ?, 0, ?, ?, ?, 0, ?, ?)',
                    (now, now, label, dumps(spec), 'RUNNING', 'CONFIGURE', dumps(steps), dumps(configurations),
                     origin_restore_point, dumps({}), dumps([])))
        id_ = cur.lastrowid
    return get_campaign(db, id_)


def get_campaign(db: Database, id_: int) -> dict | None:
    rows = db.query('SELECT * FROM campaign WHERE id = ?', (id_,))
    return _row(rows[0]) if rows else None


def count_campaigns(db: Database) -> int:
    return db.query('SELECT COUNT(*) AS n FROM campaign')[0]['n']


def list_campaigns(db: Database) -> list[dict]:
    return [_row(r) for r in db.query('SELECT * FROM campaign ORDER BY id')]


def active_campaigns(db: Database) -> list[dict]:
    marks = ', '.join('?' * len(ACTIVE_STATES))
    return [_row(r) for r in db.query(f'SELECT * FROM campaign WHERE state IN ({marks}) ORDER BY id', ACTIVE_STATES)]


def update_campaign(db: Database, id_: int, **fields) -> dict:
    """Commit fields of a campaign; ``log`` appends a line instead of replacing."""
    line = fields.pop('log', None)
    with db.transaction() as cur:
        if line is not None:
            (current,) = cur.execute('SELECT log FROM campaign WHERE id = ?', (id_,)).fetchone()
            fields['log'] = loads(current) + [{'at': utc_now(), 'message': line}]
        fields['updated_at'] = utc_now()
        sets = ', '.join(f'{k} = ?' for k in fields)
        values = [dumps(v) if k in JSON_FIELDS else int(v) if k == 'abort_requested' else v
                  for k, v in fields.items()]
        cur.execute(f'UPDATE campaign SET {sets} WHERE id = ?', (*values, id_))
    return get_campaign(db, id_)


def benchmark_campaigns(db: Database) -> dict[int, int]:
    """``{benchmark id: id of the campaign that measured it}``, from the campaigns' committed steps (local and
    client-measured steps alike) and their merged results (one per configuration)."""
    found = {}
    for row in db.query('SELECT id, steps, results FROM campaign ORDER BY id'):
        ids = [step.get('benchmark_id') for step in loads(row['steps']) or [] if isinstance(step, dict)]
        ids += list((loads(row['results']) or {}).values())
        found.update({id_: row['id'] for id_ in ids if isinstance(id_, int)})
    return found
