"""Restore points, the apply journal and reboot tracking.

A restore point holds every value a change touches, as it was before; it is committed before the first change.
The journal records each step before its side effect (STARTED) and after it (DONE), so start-up recovery knows
exactly which settings an interrupted apply may have touched.
"""
from .db import Database, dumps, loads, utc_now


COLUMNS = ('id', 'created_at', 'kind', 'preset', 'target', 'state', 'entries', 'changes', 'reverts', 'reverted_by',
           'message', 'boot_id', 'updated_at', 'campaign_id', 'campaign_round', 'campaign_stage')
JSON_COLUMNS = ('target', 'entries', 'changes')
# What a restore point in effect is read for (the state, drift, a campaign's configuration): what it set, not what
# the box held before (``entries``: the largest column, read only to revert or recover it)
IN_EFFECT = tuple(c for c in COLUMNS if c != 'entries')


def _row(row: dict) -> dict:
    return {k: loads(v) if k in JSON_COLUMNS else v for k, v in row.items()}


def list_restore_points(db: Database, columns: tuple = COLUMNS) -> list[dict]:
    """Every restore point, oldest first, with ``columns`` (``COLUMNS`` or ``IN_EFFECT``)."""
    if columns not in (COLUMNS, IN_EFFECT):   # column names come from this module's constants, never from input
        raise ValueError(f'not a set of restore point columns: {columns}')
    return [_row(r) for r in db.query(f"SELECT {', '.join(columns)} FROM restore_point ORDER BY id")]


def count_restore_points(db: Database) -> int:
    return db.query('SELECT COUNT(*) AS n FROM restore_point')[0]['n']


def get_restore_point(db: Database, id_: int) -> dict | None:
    rows = db.query(f"SELECT {', '.join(COLUMNS)} FROM restore_point WHERE id = ?", (id_,))
    return _row(rows[0]) if rows else None


KERNEL_KINDS = ('ZFS_PARAMETER', 'SYSCTL')


def defaulted_keys(db: Database, rp: dict) -> set[str]:
    """Kernel knobs that reverting ``rp`` hands back to the box's own default: before the reverted apply no tunable
    row held them. After a reboot such a knob holds whatever the kernel computes then (often from RAM, which shifts
    by a few pages between boots), not the value the revert wrote live, and that is the original behaviour."""
    if rp['kind'] != 'REVERT' or rp['reverts'] is None:
        return set()
    original = get_restore_point(db, rp['reverts'])
    if original is None:
        return set()
    return {e['key'] for e in original['entries'] if e['kind'] in KERNEL_KINDS and e.get('tunable') is None}


def create_restore_point(db: Database, *, kind, preset, target, entries, changes, reverts, boot_id) -> int:
    now = utc_now()
    with db.transaction() as cur:
        cur.execute(
            'INSERT INTO restore_point (created_at, kind, preset, target, state, entries, changes, reverts, '
            'boot_id, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
            (now, kind, preset, dumps(target), 'IN_PROGRESS', dumps(entries), dumps(changes), reverts, boot_id,
             now),
        )
        return cur.lastrowid


def latest_id(db: Database) -> int:
    """The id of the newest restore point (0 when there is none)."""
    return db.query('SELECT COALESCE(MAX(id), 0) AS id FROM restore_point')[0]['id']


CAMPAIGN_STAGES = ('ROUND', 'FINISH', 'RESTORE')


def mark_campaign(db: Database, since: int, campaign_id: int, stage: str, round_: int | None = None) -> list[int]:
    """Record that the restore points made after ``since`` (by one step of a campaign, which held the box
    meanwhile) are that campaign's: its ``ROUND`` ``round_``, its ``FINISH`` or its ``RESTORE``; → their ids."""
    if stage not in CAMPAIGN_STAGES:
        raise ValueError(f'unknown campaign stage {stage!r}')
    with db.transaction() as cur:
        ids = [r[0] for r in cur.execute('SELECT id FROM restore_point WHERE id > ? AND campaign_id IS NULL '
                                         'ORDER BY id', (since,)).fetchall()]
        cur.executemany('UPDATE restore_point SET campaign_id = ?, campaign_round = ?, campaign_stage = ? '
                        'WHERE id = ?', [(campaign_id, round_, stage, id_) for id_ in ids])
    return ids


def finish_restore_point(db: Database, id_: int, state: str, message: str | None = None) -> None:
    with db.transaction() as cur:
        cur.execute('UPDATE restore_point SET state = ?, message = ?, updated_at = ? WHERE id = ?',
                    (state, message, utc_now(), id_))
        if state == 'APPLIED':
            reverted = _reverts(cur, id_)
            if reverted is not None:
                _take_out_of_effect(cur, reverted, by=id_)


def _reverts(cur, id_: int) -> int | None:
    row = cur.execute('SELECT reverts FROM restore_point WHERE id = ?', (id_,)).fetchone()
    return row[0] if row else None


def _take_out_of_effect(cur, id_: int, *, by: int) -> None:
    """``by`` reverted ``id_``: it is no longer in effect (reverting ``by`` can bring it back). When ``id_`` was
    itself a revert, what it had reverted is in effect again, and so on down the chain (ids only decrease)."""
    cur.execute("UPDATE restore_point SET state = 'REVERTED', reverted_by = ?, updated_at = ? WHERE id = ?",
                (by, utc_now(), id_))
    earlier = _reverts(cur, id_)
    if earlier is not None:
        _put_back_in_effect(cur, earlier, by=id_)


def _put_back_in_effect(cur, id_: int, *, by: int) -> None:
    """``by``, which had reverted ``id_``, was itself reverted: ``id_``'s values are what the box holds again."""
    cur.execute("UPDATE restore_point SET state = 'APPLIED', reverted_by = NULL, updated_at = ? "
                "WHERE id = ? AND reverted_by = ?", (utc_now(), id_, by))
    earlier = _reverts(cur, id_)
    if earlier is not None:
        _take_out_of_effect(cur, earlier, by=id_)


def in_progress(db: Database) -> list[dict]:
    return [_row(r) for r in db.query(f"SELECT {', '.join(COLUMNS)} FROM restore_point WHERE state = 'IN_PROGRESS' "
                                      'ORDER BY id')]


def applied(db: Database) -> list[dict]:
    """The restore points in effect, oldest first, without their ``entries`` (see ``IN_EFFECT``)."""
    return [_row(r) for r in db.query(f"SELECT {', '.join(IN_EFFECT)} FROM restore_point WHERE state = 'APPLIED' "
                                      'ORDER BY id')]


def journal_step(db: Database, restore_point_id: int, step: int, key: str, action: str, status: str,
                 detail: str | None = None) -> None:
    with db.transaction() as cur:
        cur.execute('INSERT INTO journal (restore_point_id, step, key, action, status, detail, at) '
                    'VALUES (?, ?, ?, ?, ?, ?, ?)', (restore_point_id, step, key, action, status, detail, utc_now()))


def journal(db: Database, restore_point_id: int) -> list[dict]:
    return db.query('SELECT * FROM journal WHERE restore_point_id = ? ORDER BY id', (restore_point_id,))


def touched_keys(db: Database, restore_point_id: int) -> list[str]:
    """Keys whose side effect may have happened (STARTED or later), in the order they were started."""
    seen = []
    for row in journal(db, restore_point_id):
        if row['action'] == 'APPLY' and row['key'] not in seen:
            seen.append(row['key'])
    return seen


def set_pending(db: Database, *, key, setting, proposed, restore_point_id, boot_id) -> None:
    with db.transaction() as cur:
        cur.execute('INSERT OR REPLACE INTO pending_reboot (key, setting, proposed, since, restore_point_id, '
                    'boot_id) VALUES (?, ?, ?, ?, ?, ?)',
                    (key, setting, proposed, utc_now(), restore_point_id, boot_id))


def clear_pending(db: Database, key: str) -> None:
    with db.transaction() as cur:
        cur.execute('DELETE FROM pending_reboot WHERE key = ?', (key,))


def pending(db: Database) -> list[dict]:
    return db.query('SELECT * FROM pending_reboot ORDER BY since, key')


def log_event(db: Database, kind: str, message: str) -> None:
    with db.transaction() as cur:
        cur.execute('INSERT INTO event_log (at, kind, message) VALUES (?, ?, ?)', (utc_now(), kind, message))


def recent_events(db: Database, kind: str, limit: int = 10) -> list[str]:
    rows = db.query('SELECT message FROM event_log WHERE kind = ? ORDER BY id DESC LIMIT ?', (kind, limit))
    return [r['message'] for r in rows]
