"""What a client session's results take in the database, measured the same way before and after they are stored
(the per-session bounds of ``core.client.bounds``): the bytes of a benchmark row's label and JSON columns."""
from .benchmarks import JSON_COLUMNS
from .db import Database, dumps

COLUMNS = ('label', *JSON_COLUMNS)


def record_bytes(record: dict) -> int:
    """The bytes ``insert_benchmark`` will store for ``record`` (its label and JSON columns)."""
    return len(record['label'].encode()) + sum(len(dumps(record[c]).encode()) for c in JSON_COLUMNS)


def session_usage(db: Database, session_id: int) -> dict:
    """``{results, bytes}`` of the benchmark results stored under a client session (its id is in their context, as
    ``client_sessions.session_results`` finds them)."""
    size = ' + '.join(f'COALESCE(LENGTH(CAST({c} AS BLOB)), 0)' for c in COLUMNS)   # names: this module's constants
    rows = db.query(f'SELECT COUNT(*) AS results, COALESCE(SUM({size}), 0) AS bytes FROM benchmark '
                    "WHERE source = 'CLIENT' AND json_extract(context, '$.session.id') = ?", (session_id,))
    return {'results': rows[0]['results'], 'bytes': rows[0]['bytes']}
