"""JSON documents in the host's database (`<data_dir>/host.db`): one table, one row per key.

The sandbox box state and the appliance services' own records (tunable rows, smb/nfs config) live here.
Each `update` is one IMMEDIATE transaction, so a crash leaves either the old or the new document.

Every thread has its own connection and the database is in WAL mode, so a read never waits: not on a writer (it
reads the last committed document while a write is under way), not on other readers. Writes take turns on a lock
of their own and each commit is synced to disk before it returns (`synchronous=FULL`): what is recorded before a
change is made is on disk when the change starts.
"""
import copy
import json
import os
import sqlite3
import threading

DB_NAME = 'host.db'
TABLE = 'appliance_document'
BUSY_TIMEOUT_SECONDS = 30   # another process (the supervisor's account store) may hold host.db's write lock
CACHE_KIB = 512             # each thread's page cache (SQLite's default is 2 MiB a connection): a few documents


class DocumentStore:
    def __init__(self, data_dir):
        os.makedirs(data_dir, exist_ok=True)
        self.path = os.path.join(data_dir, DB_NAME)
        self._write_lock = threading.RLock()   # writers of this process take turns here, not in SQLite's busy wait
        self._open_lock = threading.Lock()
        self._local = threading.local()
        self._open = []                        # (thread, connection) of every connection made, to close them
        self._closed = False
        self._connection().execute(f'CREATE TABLE IF NOT EXISTS {TABLE} (key TEXT PRIMARY KEY, doc TEXT NOT NULL)')

    def _connection(self):
        """The calling thread's connection (made on its first use)."""
        conn = getattr(self._local, 'conn', None)
        if conn is not None:
            return conn
        with self._open_lock:
            if self._closed:
                raise sqlite3.ProgrammingError('Cannot operate on a closed database.')
            # the connections of threads that have ended are closed (pools of worker threads come and go)
            for thread, gone in [(t, c) for t, c in self._open if not t.is_alive()]:
                gone.close()
                self._open.remove((thread, gone))
            conn = sqlite3.connect(self.path, timeout=BUSY_TIMEOUT_SECONDS, isolation_level=None,
                                   check_same_thread=False)
            conn.execute('PRAGMA journal_mode=WAL')
            conn.execute('PRAGMA synchronous=FULL')
            conn.execute(f'PRAGMA cache_size=-{CACHE_KIB}')
            self._open.append((threading.current_thread(), conn))
        self._local.conn = conn
        return conn

    def get(self, key, default=None):
        row = self._connection().execute(f'SELECT doc FROM {TABLE} WHERE key = ?', (key,)).fetchone()
        return json.loads(row[0]) if row else copy.deepcopy(default)

    def put(self, key, doc):
        text = json.dumps(doc, sort_keys=True)
        with self._write_lock:
            self._connection().execute(f'INSERT OR REPLACE INTO {TABLE} (key, doc) VALUES (?, ?)', (key, text))

    def delete(self, key):
        with self._write_lock:
            self._connection().execute(f'DELETE FROM {TABLE} WHERE key = ?', (key,))

    def update(self, key, mutate, default=None):
        """Read `key` (or a copy of `default`), let `mutate(doc)` change it in place or return a new one, write
        it back, all in one transaction. Returns the stored document. If `mutate` raises, nothing is written."""
        with self._write_lock:
            conn = self._connection()
            conn.execute('BEGIN IMMEDIATE')
            try:
                row = conn.execute(f'SELECT doc FROM {TABLE} WHERE key = ?', (key,)).fetchone()
                doc = json.loads(row[0]) if row else copy.deepcopy(default)
                result = mutate(doc)
                if result is not None:
                    doc = result
                conn.execute(f'INSERT OR REPLACE INTO {TABLE} (key, doc) VALUES (?, ?)',
                             (key, json.dumps(doc, sort_keys=True)))
                conn.execute('COMMIT')
            except BaseException:
                conn.execute('ROLLBACK')
                raise
        return doc

    def close(self):
        with self._open_lock:
            self._closed = True
            for _thread, conn in self._open:
                conn.close()
            self._open.clear()
