"""SQLite connection, WAL, and forward-only migrations keyed by ``PRAGMA user_version``."""
import fcntl
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
# Page cache of each thread's reader connection (SQLite's default is 2 MiB a connection, and up to every worker
# thread reads): the rows a read wants are in the OS's cache anyway
READER_CACHE_KIB = 512


def make_private(path: str) -> None:
    """Create ``path`` if missing and give it mode 0600 (also a file made before modes were set: an upgrade)."""
    fd = os.open(path, os.O_RDONLY | os.O_CREAT, FILE_MODE)
    try:
        if os.fstat(fd).st_mode & 0o777 != FILE_MODE:
            os.fchmod(fd, FILE_MODE)
    finally:
        os.close(fd)


@contextmanager
def _opening(path: str):
    """Openers of one database take turns (across processes: a lock on its directory, no file of its own). Two
    first opens at once (the host starting while a script opens the file) would both switch a new file to WAL,
    which SQLite refuses the loser of without waiting ("database is locked")."""
    fd = os.open(os.path.dirname(os.path.abspath(path)), os.O_RDONLY)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)   # releases the lock


class Database:
    """One writer connection, and a reader connection for each thread that reads (WAL: a reader sees the last
    committed transaction and never waits for a write under way, not even for its sync to disk).

    Writes (``transaction``, ``execute``) take turns on a lock and go through the writer connection; so does a
    ``query`` made inside a transaction, which sees what that transaction wrote. Replacing the file
    (``replace_with``) waits for the reads under way and makes every thread open the new file."""

    def __init__(self, path: str):
        os.makedirs(os.path.dirname(path) or '.', mode=DIR_MODE, exist_ok=True)
        self.path = path
        self._lock = threading.RLock()
        self._writing = threading.local()     # .depth: transactions/statements this thread has under way
        self._readers = threading.local()     # .conn, .epoch: this thread's reader connection
        self._gate = threading.Condition()    # reads under way vs a replacement of the file
        self._reading = 0
        self._replacing = False
        self._epoch = 0                       # the file's generation: replace_with opens a new one
        self._opened = []                     # (thread, its reader connection)
        self._closed = False
        with _opening(self.path):
            self._conn = self._connect()
            self.migrate()

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

    def _reader(self) -> sqlite3.Connection:
        """The calling thread's reader connection to the current file (called with the gate held open)."""
        conn = getattr(self._readers, 'conn', None)
        if conn is not None and self._readers.epoch == self._epoch:
            return conn
        if self._closed:
            raise sqlite3.ProgrammingError('Cannot operate on a closed database.')
        conn = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        conn.row_factory = sqlite3.Row
        conn.execute('PRAGMA query_only=ON')   # a reader never writes, whatever it is given
        conn.execute(f'PRAGMA cache_size=-{READER_CACHE_KIB}')
        with self._gate:
            # connections of ended threads are closed here (worker threads come and go)
            for entry in [e for e in self._opened if not e[0].is_alive()]:
                entry[1].close()
                self._opened.remove(entry)
            self._opened.append((threading.current_thread(), conn))
        self._readers.conn, self._readers.epoch = conn, self._epoch
        return conn

    @contextmanager
    def _writer(self):
        with self._lock:
            self._writing.depth = getattr(self._writing, 'depth', 0) + 1
            try:
                yield self._conn
            finally:
                self._writing.depth -= 1

    def migrate(self):
        """Bring the file to the latest schema, one step per write transaction. Each step reads the version inside its
        transaction: another process opening the same file at the same moment (the host starting while a script
        opens it) takes its turn and finds the step done. A file already current costs no write lock."""
        with self._writer() as conn:
            if conn.execute('PRAGMA user_version').fetchone()[0] >= len(MIGRATIONS):
                return
            while True:
                with self.transaction() as cur:
                    version = cur.execute('PRAGMA user_version').fetchone()[0]
                    if version >= len(MIGRATIONS):
                        return
                    for statement in MIGRATIONS[version]:
                        cur.execute(statement)
                    cur.execute(f'PRAGMA user_version = {version + 1}')

    @property
    def schema_version(self) -> int:
        return self.query('PRAGMA user_version')[0]['user_version']

    @contextmanager
    def transaction(self):
        with self._writer() as conn:
            cur = conn.cursor()
            cur.execute('BEGIN IMMEDIATE')
            try:
                yield cur
            except BaseException:
                cur.execute('ROLLBACK')
                raise
            else:
                cur.execute('COMMIT')

    def execute(self, sql: str, params=()) -> sqlite3.Cursor:
        """A statement outside a transaction (reads use ``query``)."""
        with self._writer() as conn:
            return conn.execute(sql, params)

    def query(self, sql: str, params=()) -> list[dict]:
        if getattr(self._writing, 'depth', 0):   # inside this thread's transaction: see what it wrote
            with self._writer() as conn:
                return [dict(row) for row in conn.execute(sql, params).fetchall()]
        with self._gate:
            while self._replacing:
                self._gate.wait()
            self._reading += 1
        try:
            return [dict(row) for row in self._reader().execute(sql, params).fetchall()]
        finally:
            with self._gate:
                self._reading -= 1
                if not self._reading:
                    self._gate.notify_all()

    def _close_readers(self):
        """Close every reader connection (with no read under way)."""
        for _thread, conn in self._opened:
            conn.close()
        self._opened.clear()

    def close(self):
        with self._writer():
            with self._gate:
                while self._reading:   # the reads under way end first; later ones are refused
                    self._gate.wait()
                self._closed = True
                self._epoch += 1
                self._close_readers()
            self._conn.close()

    def backup_to(self, path: str) -> None:
        """A consistent single-file copy at ``path`` (SQLite's online backup, no WAL beside it)."""
        with self._writer() as conn:
            make_private(path)
            copy = sqlite3.connect(path, isolation_level=None)
            try:
                conn.backup(copy)
                copy.execute('PRAGMA journal_mode=DELETE')
            finally:
                copy.close()

    def replace_with(self, path: str, keep_as: str) -> None:
        """Make the database file at ``path`` this database: the current one is first copied to ``keep_as``, then
        ``path`` is renamed over it (atomic on one filesystem). Writers wait on the lock meanwhile; readers go on
        reading the current file during the copy and wait at the gate only for the swap itself, then carry on with
        the new file. On a failure the current database stays open and unchanged."""
        with self._writer():
            self.backup_to(keep_as)
            with self._gate:
                self._replacing = True
                while self._reading:
                    self._gate.wait()
            try:
                # readers close first: the writer's close is then the file's last, the one that ends its WAL
                self._close_readers()
                self._epoch += 1
                self._conn.execute('PRAGMA wal_checkpoint(TRUNCATE)')
                self._conn.close()
                try:
                    for leftover in (self.path + '-wal', self.path + '-shm'):  # a stale WAL would be replayed
                        if os.path.exists(leftover):
                            os.unlink(leftover)
                    os.replace(path, self.path)
                finally:
                    self._conn = self._connect()  # the new file, or the untouched old one when the rename failed
                self.migrate()   # before any read of the new file
            finally:
                with self._gate:
                    self._replacing = False
                    self._gate.notify_all()


def dumps(value) -> str:
    return json.dumps(value, sort_keys=True, separators=(',', ':'))


def loads(text):
    return None if text is None else json.loads(text)
