"""Models of ``tuning.benchmark.*``."""
from typing import Annotated, Literal

from pydantic import Field

from .common_models import RowId
from .framework import BaseModel, LongString, NonEmptyString, QueryFilters, QueryOptions

__all__ = [
    'TuningBenchmarkEntry', 'TuningBenchmarkRunArgs', 'TuningBenchmarkRunResult', 'TuningBenchmarkQueryArgs',
    'TuningBenchmarkQueryResult', 'TuningBenchmarkGetArgs', 'TuningBenchmarkGetResult', 'TuningBenchmarkDeleteArgs',
    'TuningBenchmarkDeleteResult', 'TuningBenchmarkCompareArgs', 'TuningBenchmarkCompareResult',
    'TuningBenchmarkImportArgs', 'TuningBenchmarkImportResult',
]

BenchmarkTest = Literal['SEQ_WRITE', 'SEQ_READ', 'RAND_READ_4K', 'RAND_WRITE_4K', 'SYNC_WRITE_4K', 'MIXED_70_30']
ALL_TESTS = ['SEQ_WRITE', 'SEQ_READ', 'RAND_READ_4K', 'RAND_WRITE_4K', 'SYNC_WRITE_4K', 'MIXED_70_30']
# Bounds of one run's durations: THOROUGH measures 180 s after a 30 s warm-up; far longer is a typo that would hold
# the box (and its disks) for days.
MAX_RUNTIME_SECONDS = 3600
MAX_RAMP_SECONDS = 600


class TuningBenchmarkSpec(BaseModel):
    dataset: NonEmptyString
    """Dataset to measure; the benchmark writes only inside a scratch child of it, removed afterwards."""
    tests: Annotated[list[BenchmarkTest], Field(min_length=1)] = ALL_TESTS
    profile: Literal['QUICK', 'STANDARD', 'THOROUGH'] = 'QUICK'
    """QUICK ≈ 2 minutes for all tests on a small pool; STANDARD and THOROUGH run longer and repeat more."""
    runs: Annotated[int, Field(ge=1, le=30)] = 5
    adaptive: bool = True
    """Add runs (up to 2×, or 3× when noise keeps falling) while a metric's spread is high, like Phoronix."""
    label: Annotated[str, Field(max_length=120)] | None = None
    runtime_seconds: Annotated[int, Field(ge=1, le=MAX_RUNTIME_SECONDS)] | None = None
    """Expert override of the profile's measured seconds per run (at most an hour)."""
    ramp_seconds: Annotated[int, Field(ge=0, le=MAX_RAMP_SECONDS)] | None = None
    """Expert override of the profile's warm-up seconds per run (not measured; at most 10 minutes)."""
    working_set_bytes: Annotated[int, Field(ge=1024 * 1024)] | None = None
    """Expert override of the bytes each test reads and writes; never below what keeps the ARC out of the numbers."""


class TuningBenchmarkEntry(BaseModel):
    id: int
    label: str
    created_at: str
    source: Literal['FIO', 'BONNIE', 'GOBONNIEGO', 'FIO_IMPORT']
    spec: dict | None
    context: dict
    """Preset active at the time, settings snapshot, pool layout, platform, OpenZFS and fio versions, cache-defeat
    method."""
    summary: dict
    """Per test and metric: median, CI of the median, mean, CV%, outliers, n."""
    runs: dict
    """Per test: every run's metrics."""
    jobs: list[LongString]
    """The fio job files as run."""
    notes: list[LongString]


class TuningBenchmarkRunArgs(BaseModel):
    spec: TuningBenchmarkSpec


class TuningBenchmarkRunResult(BaseModel):
    result: TuningBenchmarkEntry


class TuningBenchmarkQueryArgs(BaseModel):
    filters: QueryFilters = []
    options: QueryOptions = QueryOptions()


class TuningBenchmarkQueryResult(BaseModel):
    result: list[TuningBenchmarkEntry] | TuningBenchmarkEntry | int


class TuningBenchmarkGetArgs(BaseModel):
    id: RowId


class TuningBenchmarkGetResult(BaseModel):
    result: TuningBenchmarkEntry


class TuningBenchmarkDeleteArgs(BaseModel):
    id: RowId


class TuningBenchmarkDeleteResult(BaseModel):
    result: bool


class TuningBenchmarkCompareArgs(BaseModel):
    ids: Annotated[list[RowId], Field(min_length=2)]
    """Results to compare; the first is the baseline unless `baseline` names another."""
    baseline: RowId | None = None


class TuningBenchmarkCompareResult(BaseModel):
    result: dict


class TuningBenchmarkImportArgs(BaseModel):
    format: Literal['BONNIE', 'GOBONNIEGO', 'FIO']
    data: Annotated[str, Field(min_length=1, max_length=20_000_000)]
    """The file's text: bonnie++ report or CSV, gobonniego JSON, or fio JSON output."""
    label: NonEmptyString


class TuningBenchmarkImportResult(BaseModel):
    result: TuningBenchmarkEntry
