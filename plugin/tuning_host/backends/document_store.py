"""JSON documents in the host's database (`<data_dir>/host.db`): one table, one row per key.

The sandbox box state and the appliance services' own records (tunable rows, smb/nfs config) live here.
Each `update` is one IMMEDIATE transaction, so a crash leaves either the old or the new document.
"""
import copy
import json
import os
import sqlite3
import threading

DB_NAME = 'host.db'
TABLE = 'appliance_document'


class DocumentStore:
    def __init__(self, data_dir):
        os.makedirs(data_dir, exist_ok=True)
        self.path = os.path.join(data_dir, DB_NAME)
        self._lock = threading.RLock()
        self._conn = sqlite3.connect(self.path, timeout=30, isolation_level=None, check_same_thread=False)
        self._conn.execute('PRAGMA journal_mode=WAL')
        self._conn.execute('PRAGMA synchronous=FULL')
        self._conn.execute(f'CREATE TABLE IF NOT EXISTS {TABLE} (key TEXT PRIMARY KEY, doc TEXT NOT NULL)')

    def get(self, key, default=None):
        with self._lock:
            row = self._conn.execute(f'SELECT doc FROM {TABLE} WHERE key = ?', (key,)).fetchone()
        return json.loads(row[0]) if row else copy.deepcopy(default)

    def put(self, key, doc):
        text = json.dumps(doc, sort_keys=True)
        with self._lock:
            self._conn.execute(f'INSERT OR REPLACE INTO {TABLE} (key, doc) VALUES (?, ?)', (key, text))

    def delete(self, key):
        with self._lock:
            self._conn.execute(f'DELETE FROM {TABLE} WHERE key = ?', (key,))

    def update(self, key, mutate, default=None):
        """Read `key` (or a copy of `default`), let `mutate(doc)` change it in place or return a new one, write
        it back, all in one transaction. Returns the stored document. If `mutate` raises, nothing is written."""
        with self._lock:
            self._conn.execute('BEGIN IMMEDIATE')
            try:
                row = self._conn.execute(f'SELECT doc FROM {TABLE} WHERE key = ?', (key,)).fetchone()
                doc = json.loads(row[0]) if row else copy.deepcopy(default)
                result = mutate(doc)
                if result is not None:
                    doc = result
                self._conn.execute(
                    f'INSERT OR REPLACE INTO {TABLE} (key, doc) VALUES (?, ?)', (key, json.dumps(doc, sort_keys=True))
                )
                self._conn.execute('COMMIT')
            except BaseException:
                self._conn.execute('ROLLBACK')
                raise
        return doc

    def close(self):
        with self._lock:
            self._conn.close()
