"""Benchmark results (with raw fio JSON or the imported original) and the scratch areas in use.

A scratch area is recorded before it is created, so a crash leaves a record that start-up uses to remove it.
"""
from .db import Database, dumps, loads, utc_now

PUBLIC = ('id', 'label', 'created_at', 'source', 'spec', 'context', 'summary', 'runs', 'jobs', 'notes')


def _row(row: dict, with_raw: bool = False) -> dict:
    out = {k: loads(row[k]) if k in ('spec', 'context', 'summary', 'runs', 'jobs', 'notes') else row[k]
           for k in PUBLIC}
    if with_raw:
        out['raw'] = loads(row['raw'])
    return out


def insert_benchmark(db: Database, *, label, source, spec, context, summary, runs, jobs, notes, raw) -> dict:
    with db.transaction() as cur:
        cur.execute('INSERT INTO benchmark (created_at, label, source, spec, context, summary, runs, jobs, notes, '
                    'raw) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
                    (utc_now(), label, source, dumps(spec), dumps(context), dumps(summary), dumps(runs),
                     dumps(jobs), dumps(notes), dumps(raw)))
        id_ = cur.lastrowid
    return get_benchmark(db, id_)


def list_benchmarks(db: Database) -> list[dict]:
    return [_row(r) for r in db.query('SELECT * FROM benchmark ORDER BY id')]


def get_benchmark(db: Database, id_: int, with_raw: bool = False) -> dict | None:
    rows = db.query('SELECT * FROM benchmark WHERE id = ?', (id_,))
    return _row(rows[0], with_raw) if rows else None


def delete_benchmark(db: Database, id_: int) -> bool:
    with db.transaction() as cur:
        return cur.execute('DELETE FROM benchmark WHERE id = ?', (id_,)).rowcount > 0


def add_scratch(db: Database, path: str, dataset: str | None) -> None:
    with db.transaction() as cur:
        cur.execute('INSERT OR REPLACE INTO scratch (path, dataset, created_at) VALUES (?, ?, ?)',
                    (path, dataset, utc_now()))


def remove_scratch(db: Database, path: str) -> None:
    with db.transaction() as cur:
        cur.execute('DELETE FROM scratch WHERE path = ?', (path,))


def scratch_areas(db: Database) -> list[dict]:
    return db.query('SELECT * FROM scratch ORDER BY created_at')
