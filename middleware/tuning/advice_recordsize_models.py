"""Models of ``tuning.advice.recordsize``: the record size a dataset's own files call for (``core.recordsize``)."""
from typing import Annotated

from pydantic import Field

from .framework import BaseModel, LongString, NonEmptyString

__all__ = ['TuningAdviceRecordsizeArgs', 'TuningAdviceRecordsizeResult']


class TuningAdviceRecordsizeOptions(BaseModel):
    dataset: NonEmptyString
    """The filesystem dataset whose files are looked at (child datasets are left out: each has its own)."""
    max_entries: Annotated[int, Field(ge=100, le=5_000_000)] = 500_000
    """The most files and folders the walk looks at."""
    max_seconds: Annotated[int, Field(ge=1, le=600)] = 60
    """The longest the walk may take."""


class TuningAdviceRecordsizeScan(BaseModel):
    files: int
    bytes: int
    directories: int
    complete: bool
    """False when the walk stopped at `max_entries` or `max_seconds`: the advice speaks for what it saw."""
    seconds: float
    words: LongString


class TuningAdviceRecordsizeBucket(BaseModel):
    up_to_bytes: int
    """Files larger than half this size and no larger than it (0: empty files)."""
    up_to_words: str
    files: int
    bytes: int
    bytes_words: str


class TuningAdviceRecordsizeCandidate(BaseModel):
    record: int
    record_words: str
    tail_bytes: int
    """The space the last, partial record of each larger file takes beyond its data, with compression off."""
    tail_share: float
    words: LongString


class TuningAdviceRecordsizeSpecial(BaseModel):
    limit: int
    limit_words: str
    bytes: int
    """What files no larger than `limit` add up to: what a special vdev with `special_small_blocks` = `limit`
    would hold of this dataset's data, before metadata."""
    bytes_words: str
    words: LongString


class TuningAdviceRecordsizeAnswer(BaseModel):
    dataset: str
    recommended: int
    recommended_words: str
    current: int | None
    current_words: str | None
    change: bool
    reasons: list[LongString]
    large_share: float
    """Of the data, the share in files of 1 MiB or more."""
    in_place_share: float
    """Of the data, the share in files written in place in small pieces (virtual disks, databases: by name)."""
    in_place_kinds: str | None
    scan: TuningAdviceRecordsizeScan
    histogram: list[TuningAdviceRecordsizeBucket]
    candidates: list[TuningAdviceRecordsizeCandidate]
    special: list[TuningAdviceRecordsizeSpecial]


class TuningAdviceRecordsizeArgs(BaseModel):
    options: TuningAdviceRecordsizeOptions


class TuningAdviceRecordsizeResult(BaseModel):
    result: TuningAdviceRecordsizeAnswer
