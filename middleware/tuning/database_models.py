"""Models of ``tuning.database.*``."""
from .framework import BaseModel, LongString

__all__ = ['TuningDatabaseExportArgs', 'TuningDatabaseExportResult', 'TuningDatabaseImportArgs',
           'TuningDatabaseImportResult']


class TuningDatabaseCounts(BaseModel):
    presets: int
    """Admin-defined presets (built-in ones are not stored)."""
    restore_points: int
    pending_reboot: int
    """Settings waiting for a reboot."""
    benchmarks: int
    """Stored benchmark results, measured and imported."""
    campaigns: int


class TuningDatabaseExportArgs(BaseModel):
    pass


class TuningDatabaseExport(BaseModel):
    filename: str
    size: int
    """Bytes written to the output pipe."""
    schema_version: int
    counts: TuningDatabaseCounts


class TuningDatabaseExportResult(BaseModel):
    result: TuningDatabaseExport
    """The database file itself goes through the job's output pipe (`core.download`)."""


class TuningDatabaseImportArgs(BaseModel):
    pass


class TuningDatabaseImport(BaseModel):
    schema_version_imported: int
    """The schema the file was written with; it was migrated forward to `schema_version`."""
    schema_version: int
    backup: LongString | None
    """Where the database that was replaced is kept (None when there was none)."""
    counts: TuningDatabaseCounts
    """What the imported database holds."""
    recovered: list[LongString]
    """What settling the imported state did, as start-up does: interrupted transactions finished or rolled back,
    settings waiting for a reboot verified."""


class TuningDatabaseImportResult(BaseModel):
    result: TuningDatabaseImport
