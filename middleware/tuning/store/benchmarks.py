"""Benchmark results (with raw fio JSON or the imported original) and the scratch areas in use.

A scratch area is recorded before it is created, so a crash leaves a record that start-up uses to remove it.
"""
from collections.abc import Iterator

from ..core.presets.data_loss import with_data_loss
from ..core.stored_words import label_words, note_words, with_setting_units
from .db import Database, dumps, loads, utc_now

PUBLIC = ('id', 'label', 'created_at', 'source', 'spec', 'context', 'summary', 'runs', 'jobs', 'notes')
JSON_COLUMNS = ('spec', 'context', 'summary', 'runs', 'jobs', 'notes', 'raw')
# What the ladder reads of every result: no per-run figures or fio job lists to decode
HEADS = ('id', 'label', 'created_at', 'source', 'context', 'summary')


def _row(row: dict, with_raw: bool = False, fields: tuple = PUBLIC) -> dict:
    out = {k: loads(row[k]) if k in JSON_COLUMNS else row[k] for k in fields}
    # results stored by earlier versions said tests, presets and profiles by their ids: read in words like new ones
    if 'label' in out:
        out['label'] = label_words(out['label'])
    if isinstance(out.get('notes'), list):
        out['notes'] = [note_words(note) for note in out['notes']]
    # and did not record which of their settings could lose data: told from the settings they did record
    if 'context' in out:
        out['context'] = with_setting_units(with_data_loss(out['context']))
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


def count_benchmarks(db: Database) -> int:
    return db.query('SELECT COUNT(*) AS n FROM benchmark')[0]['n']


def iter_benchmarks(db: Database, fields: tuple = PUBLIC, *, source: str | None = None,
                    newest_first: bool = False) -> Iterator[dict]:
    """Stored results (of ``source`` only, if given) with ``fields``, a subset of ``PUBLIC``, decoded one at a time:
    a caller that stops at the first it wants decodes no more."""
    if not set(fields) <= set(PUBLIC):   # column names come from this module's constants, never from input
        raise ValueError(f'not benchmark columns: {sorted(set(fields) - set(PUBLIC))}')
    where, params = ('WHERE source = ?', (source,)) if source is not None else ('', ())
    order = 'DESC' if newest_first else 'ASC'
    for row in db.query(f'SELECT {", ".join(fields)} FROM benchmark {where} ORDER BY id {order}', params):
        yield _row(row, fields=fields)


def list_benchmarks(db: Database) -> list[dict]:
    return list(iter_benchmarks(db))


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
