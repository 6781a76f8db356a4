"""SQLite connection, WAL, and forward-only migrations keyed by ``PRAGMA user_version``."""
import json
import os
import sqlite3
import threading
from contextlib import contextmanager
from datetime import datetime, timezone

from .migrations import MIGRATIONS


def utc_now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec='seconds')


class Database:
    """A single connection shared by the event loop and worker threads; every statement is short, so a lock
    serialises them instead of a pool."""

    def __init__(self, path: str):
        os.makedirs(os.path.dirname(path) or '.', exist_ok=True)
        self.path = path
        self._lock = threading.RLock()
        self._conn = sqlite3.connect(path, check_same_thread=False, isolation_level=None)
        self._conn.row_factory = sqlite3.Row
        self._conn.execute('PRAGMA journal_mode=WAL')
        self._conn.execute('PRAGMA synchronous=FULL')  # restore points must survive power loss
        self._conn.execute('PRAGMA foreign_keys=ON')
        self.migrate()

    def migrate(self):
        with self._lock:
            version = self._conn.execute('PRAGMA user_version').fetchone()[0]
            for target, statements in enumerate(MIGRATIONS[version:], start=version + 1):
                with self.transaction() as cur:
                    for statement in statements:
                        cur.execute(statement)
                    cur.execute(f'PRAGMA user_version = {target}')

    @property
    def schema_version(self) -> int:
        return self._conn.execute('PRAGMA user_version').fetchone()[0]

    @contextmanager
    def transaction(self):
        with self._lock:
            cur = self._conn.cursor()
            cur.execute('BEGIN IMMEDIATE')
            try:
                yield cur
            except BaseException:
                cur.execute('ROLLBACK')
                raise
            else:
                cur.execute('COMMIT')

    def execute(self, sql: str, params=()) -> sqlite3.Cursor:
        with self._lock:
            return self._conn.execute(sql, params)

    def query(self, sql: str, params=()) -> list[dict]:
        with self._lock:
            return [dict(row) for row in self._conn.execute(sql, params).fetchall()]

    def close(self):
        with self._lock:
            self._conn.close()


def dumps(value) -> str:
    return json.dumps(value, sort_keys=True, separators=(',', ':'))


def loads(text):
    return None if text is None else json.loads(text)
