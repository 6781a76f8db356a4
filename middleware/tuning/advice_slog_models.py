"""Models of ``tuning.advice.slog``: how much a separate log device could raise a pool's sync writes (``core.slog``)."""
from typing import Annotated, Literal

from pydantic import Field

from .framework import BaseModel, LongString, NonEmptyString

__all__ = ['TuningAdviceSlogArgs', 'TuningAdviceSlogResult']


class TuningAdviceSlogOptions(BaseModel):
    dataset: NonEmptyString
    """A filesystem dataset of the pool; the writes go to a scratch child of it, never to its data."""
    window_seconds: Annotated[int, Field(ge=0, le=600)] = 30
    """How long to watch the box's own sync writes first (0: not at all)."""
    runtime_seconds: Annotated[int, Field(ge=2, le=120)] = 15
    """Each measurement's length."""
    runs: Annotated[int, Field(ge=1, le=10)] = 3
    """Measurements of each kind."""


class TuningAdviceSlogSide(BaseModel):
    iops: float | None
    """4 KiB synchronous writes a second (median of the runs)."""
    latency_p50_ns: float | None
    latency_p99_ns: float | None


class TuningAdviceSlogLoad(BaseModel):
    seconds: float
    commits_per_second: float
    """Times a second the box's workload waited for the intent log (fsync, O_DSYNC, sync=always writes)."""
    records_per_second: float
    bytes_per_second: float
    """Log records written a second."""
    to_log_device: bool
    """Some went to a separate log device."""


class TuningAdviceSlogAnswer(BaseModel):
    dataset: str
    pool: str
    with_log: TuningAdviceSlogSide
    """With the intent log as the pool has it (sync=standard on the scratch dataset)."""
    without_log: TuningAdviceSlogSide
    """With sync=disabled on the scratch dataset only: the ceiling no log device can pass."""
    headroom: float | None
    """`without_log` over `with_log`: how many times faster sync writes could get, at most."""
    load: TuningAdviceSlogLoad | None
    """The box's own sync writes over the window; null when its counters could not be read."""
    log_devices: list[str]
    verdict: Literal['WORTH_IT', 'LITTLE_GAIN', 'NO_SYNC_LOAD', 'UNKNOWN_LOAD']
    words: list[LongString]


class TuningAdviceSlogArgs(BaseModel):
    options: TuningAdviceSlogOptions


class TuningAdviceSlogResult(BaseModel):
    result: TuningAdviceSlogAnswer
