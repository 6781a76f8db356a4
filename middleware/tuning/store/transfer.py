"""Export and import of the whole database: TrueNAS config backups do not hold it (it lives on the system dataset).

Blocking I/O throughout: callers run these in a worker thread (``store_call``). An import is checked whole on a copy
before anything changes: an SQLite file that passes ``integrity_check``, a schema this plugin knows (not newer), the
tables that schema has; it is then migrated forward on the copy and only then swapped in, the current database kept
beside it.
"""
import os
import re
import sqlite3
import tempfile
from datetime import datetime, timezone

from .db import Database
from .migrations import MIGRATIONS

MAX_IMPORT_BYTES = 512 * 1024 * 1024   # far above years of results; bounds what an upload may write to disk
CHUNK_BYTES = 1024 * 1024
SQLITE_MAGIC = b'SQLite format 3\x00'
COUNTED_TABLES = {'presets': 'preset', 'restore_points': 'restore_point', 'pending_reboot': 'pending_reboot',
                  'benchmarks': 'benchmark', 'campaigns': 'campaign'}


class ImportRefused(Exception):
    """The file cannot be imported; the message completes "The file ..."."""


def tables_at(version: int) -> set[str]:
    """The tables a database of schema ``version`` has (pure: read from the migrations that made it)."""
    return {m.group(1) for statements in MIGRATIONS[:version] for statement in statements
            if (m := re.match(r'\s*CREATE TABLE (\w+)', statement))}


def check_candidate(path: str) -> int:
    """The schema version of the tuning database at ``path``; ``ImportRefused`` saying why it is not one."""
    with open(path, 'rb') as f:
        if f.read(len(SQLITE_MAGIC)) != SQLITE_MAGIC:
            raise ImportRefused('is not an SQLite database')
    try:
        conn = sqlite3.connect(path, isolation_level=None)
        try:
            problems = [row[0] for row in conn.execute('PRAGMA integrity_check(5)')]
            version = conn.execute('PRAGMA user_version').fetchone()[0]
            tables = {row[0] for row in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        finally:
            conn.close()
    except sqlite3.DatabaseError as e:
        raise ImportRefused(f'cannot be read as an SQLite database ({e})') from None
    if problems != ['ok']:
        raise ImportRefused(f'fails SQLite\'s integrity check: {"; ".join(problems)}')
    if version == 0:
        raise ImportRefused('is an SQLite database but not a tuning database (it has no schema version)')
    if version > len(MIGRATIONS):
        raise ImportRefused(f'was written by a newer version of tuning (schema {version}; this one reads up to '
                            f'{len(MIGRATIONS)}): update the plugin first')
    missing = tables_at(version) - tables
    if missing:
        raise ImportRefused(f'is not a tuning database of schema {version}: it lacks the tables '
                            f'{", ".join(sorted(missing))}')
    return version


def summary_of(path: str) -> dict:
    """Schema version and row counts of the tuning database at ``path`` (read only)."""
    conn = sqlite3.connect(path, isolation_level=None)
    try:
        return {'schema_version': conn.execute('PRAGMA user_version').fetchone()[0],
                'counts': {name: conn.execute(f'SELECT count(*) FROM {table}').fetchone()[0]
                           for name, table in COUNTED_TABLES.items()}}
    finally:
        conn.close()


def receive(source, directory: str, limit: int) -> str:
    """Copy the readable binary ``source`` into a new file in ``directory`` (the database's own, so the swap is a
    rename on one filesystem); ``ImportRefused`` past ``limit`` bytes or when empty."""
    fd, path = tempfile.mkstemp(prefix='.tuning-import-', suffix='.db', dir=directory)
    try:
        size = 0
        with os.fdopen(fd, 'wb') as f:
            while chunk := source.read(CHUNK_BYTES):
                size += len(chunk)
                if size > limit:
                    raise ImportRefused(f'is larger than the {limit // (1024 * 1024)} MiB an import may be')
                f.write(chunk)
        if size == 0:
            raise ImportRefused('is empty')
        return path
    except BaseException:
        os.unlink(path)
        raise


def export_to(db: Database, out) -> dict:
    """Write a consistent copy of ``db`` to the writable binary ``out``; returns its size, schema and counts."""
    fd, path = tempfile.mkstemp(prefix='.tuning-export-', suffix='.db', dir=os.path.dirname(db.path))
    os.close(fd)
    try:
        db.backup_to(path)
        summary = summary_of(path)
        size = 0
        with open(path, 'rb') as f:
            while chunk := f.read(CHUNK_BYTES):
                out.write(chunk)
                size += len(chunk)
        return {'size': size, **summary}
    finally:
        remove_database_file(path)


def stage(source, directory: str, limit: int) -> tuple[str, int, dict]:
    """Receive, check and migrate forward a copy in ``directory``: ``(its path, schema it came with, counts)``."""
    path = receive(source, directory, limit)
    try:
        version = check_candidate(path)
        try:
            Database(path).close()   # opening migrates the copy forward
        except sqlite3.DatabaseError as e:
            raise ImportRefused(f'cannot be brought from schema {version} to {len(MIGRATIONS)} ({e})') from None
        return path, version, summary_of(path)['counts']
    except BaseException:
        remove_database_file(path)
        raise


def backup_path(path: str) -> str:
    return f'{path}.before-import-{datetime.now(timezone.utc).strftime("%Y%m%dT%H%M%SZ")}'


def import_from(db: Database, source, limit: int = MAX_IMPORT_BYTES) -> dict:
    """Replace the open ``db`` by the database read from ``source`` once it passed every check and was migrated
    forward; the current one is copied to ``<name>.before-import-<UTC time>`` beside it. Nothing changes when it
    raises."""
    path, version, found = stage(source, os.path.dirname(db.path), limit)
    keep_as = backup_path(db.path)
    try:
        db.replace_with(path, keep_as)
    except BaseException:
        remove_database_file(path)
        raise
    return {'schema_version_imported': version, 'schema_version': db.schema_version, 'backup': keep_as,
            'counts': found}


def import_in_place_of(target: str, source, limit: int = MAX_IMPORT_BYTES) -> dict:
    """Put the database read from ``source`` at ``target``, whose file could not be opened (start-up failed on it,
    so nothing has it open): that file is moved aside as ``<name>.before-import-<UTC time>``, not copied."""
    os.makedirs(os.path.dirname(target), exist_ok=True)
    path, version, found = stage(source, os.path.dirname(target), limit)
    keep_as = backup_path(target) if os.path.exists(target) else None
    moved = []
    try:
        for suffix in ('', '-wal', '-shm') if keep_as else ():
            if os.path.exists(target + suffix):
                os.replace(target + suffix, keep_as + suffix)
                moved.append(suffix)
        os.replace(path, target)
    except BaseException:
        for suffix in moved:   # put the old file back as it was
            os.replace(keep_as + suffix, target + suffix)
        remove_database_file(path)
        raise
    return {'schema_version_imported': version, 'schema_version': len(MIGRATIONS), 'backup': keep_as,
            'counts': found}


def remove_database_file(path: str) -> None:
    for name in (path, path + '-wal', path + '-shm'):
        if os.path.exists(name):
            os.unlink(name)
