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


# Restore points and results are the owner's only, as middlewared keeps its own database (/data/freenas-v1.db, mode
# 0600; utils/db.py FREENAS_DATABASE_MODE) and the system dataset's private directories (0700). SQLite gives a
# database's -wal and -shm files its mode.
FILE_MODE = 0o600
DIR_MODE = 0o700


def make_private(path: str) -> None:
    """Create ``path`` if missing and give it mode 0600 (also a file made before modes were set: an upgrade)."""
    fd = os.open(path, os.O_RDONLY | os.O_CREAT, FILE_MODE)
    try:
        if os.fstat(fd).st_mode & 0o777 != FILE_MODE:
            os.fchmod(fd, FILE_MODE)
    finally:
        os.close(fd)


MISSING = object()
MEMO_ENTRIES = 64   # distinct memoised reads kept at once (a read's key is its function and arguments)


class Database:
    """A single connection shared by the event loop and worker threads; every statement is short, so a lock
    serialises them instead of a pool.

    ``generation`` counts the writes made through it (this connection is the database's only writer): a read
    remembered with ``remember`` is valid while the generation it was read at is still the current one."""

    def __init__(self, path: str):
        os.makedirs(os.path.dirname(path) or '.', mode=DIR_MODE, exist_ok=True)
        self.path = path
        self._lock = threading.RLock()
        self._memo = {}
        self.generation = 0
        self._conn = self._connect()
        self.migrate()

    def _wrote(self):
        # after the statement or transaction, under the lock: a read that saw the old generation and ran before the
        # write is dropped on its next lookup; one that ran after it is re-read once, never served stale
        self.generation += 1

    def recall(self, key):
        """The value remembered for ``key`` if no write came since it was read, else ``MISSING`` (no lock: it only
        reads two attributes, so the event loop may call it)."""
        entry = self._memo.get(key)
        if entry is not None and entry[0] == self.generation:
            return entry[1]
        return MISSING

    def remember(self, key, generation: int, value) -> None:
        """Keep ``value``, read at ``generation``, for ``recall``. Callers treat remembered values as read-only."""
        if len(self._memo) >= MEMO_ENTRIES:
            self._memo.clear()
        self._memo[key] = (generation, value)

    def _connect(self) -> sqlite3.Connection:
        for name in (self.path, self.path + '-wal', self.path + '-shm'):
            if name == self.path or os.path.exists(name):
                make_private(name)
        conn = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        conn.row_factory = sqlite3.Row
        conn.execute('PRAGMA journal_mode=WAL')
        conn.execute('PRAGMA synchronous=FULL')  # restore points must survive power loss
        conn.execute('PRAGMA foreign_keys=ON')
        return conn

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
            finally:
                self._wrote()

    def execute(self, sql: str, params=()) -> sqlite3.Cursor:
        """A statement outside a transaction; counted as a write (reads use ``query``)."""
        with self._lock:
            try:
                return self._conn.execute(sql, params)
            finally:
                self._wrote()

    def query(self, sql: str, params=()) -> list[dict]:
        with self._lock:
            return [dict(row) for row in self._conn.execute(sql, params).fetchall()]

    def close(self):
        with self._lock:
            self._conn.close()

    def backup_to(self, path: str) -> None:
        """A consistent single-file copy at ``path`` (SQLite's online backup, no WAL beside it)."""
        with self._lock:
            make_private(path)
            copy = sqlite3.connect(path, isolation_level=None)
            try:
                self._conn.backup(copy)
                copy.execute('PRAGMA journal_mode=DELETE')
            finally:
                copy.close()

    def replace_with(self, path: str, keep_as: str) -> None:
        """Make the database file at ``path`` this database: the current one is first copied to ``keep_as``, then
        ``path`` is renamed over it (atomic on one filesystem). Other threads wait on the lock meanwhile, then carry
        on with the new file. On a failure the current database stays open and unchanged."""
        with self._lock:
            self.backup_to(keep_as)
            self._conn.execute('PRAGMA wal_checkpoint(TRUNCATE)')
            self._conn.close()
            try:
                for leftover in (self.path + '-wal', self.path + '-shm'):  # a stale WAL would be replayed into it
                    if os.path.exists(leftover):
                        os.unlink(leftover)
                os.replace(path, self.path)
            finally:
                self._conn = self._connect()  # the new file, or the untouched old one when the rename failed
                self._wrote()
            self.migrate()


def dumps(value) -> str:
    return json.dumps(value, sort_keys=True, separators=(',', ':'))


def loads(text):
    return None if text is None else json.loads(text)
