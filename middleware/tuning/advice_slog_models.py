"""Models of ``tuning.advice.slog``: how much a separate log device could raise a pool's sync writes (``core.slog``)."""
from typing import Annotated, Literal

from pydantic import Field

from .framework import BaseModel, LongString, NonEmptyString

__all__ = ['TuningAdviceSlogArgs', 'TuningAdviceSlogResult']


DiskName = Annotated[str, Field(pattern=r'^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$')]


class TuningAdviceSlogOptions(BaseModel):
    dataset: NonEmptyString | None = None
    """A filesystem dataset of the pool; the writes go to a scratch child of it, never to its data. Null: only
    `ssd_disks` are measured."""
    window_seconds: Annotated[int, Field(ge=0, le=600)] = 30
    """How long to watch the box's own sync writes first (0: not at all)."""
    runtime_seconds: Annotated[int, Field(ge=2, le=120)] = 15
    """Each measurement's length."""
    runs: Annotated[int, Field(ge=1, le=10)] = 3
    """Measurements of each kind."""
    ssd_disks: Annotated[list[DiskName], Field(max_length=8)] = []
    """Unused SSDs (their names, as `tuning.profile` lists them) whose own sync-write latency is measured by WRITING
    4 KiB synchronous blocks from the start of each disk for `runtime_seconds` each, never past its first 16 GiB: its
    partition table and the start of any file system are overwritten, so the whole disk is as good as erased. Each
    must be an unused disk of the box, in no pool, not a spinning disk, named once; otherwise nothing is written."""


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


class TuningAdviceSlogSsd(BaseModel):
    disk: str
    iops: float | None
    """4 KiB synchronous writes a second, one at a time, on the raw disk: about what it allows as a log device."""
    latency_p50_ns: float | None
    """The wait each sync write gets from it, typically."""
    latency_p99_ns: float | None
    written_bytes: int | None
    """How much was written over the disk, from its start (never past its first 16 GiB); null with no figure."""
    error: LongString | None
    """Why there is no figure, in words; null when there is one."""


class TuningAdviceSlogAnswer(BaseModel):
    dataset: str | None
    """Null when only SSDs were measured (then `pool`, the two sides, `headroom`, `load` and `verdict` are too)."""
    pool: str | None
    with_log: TuningAdviceSlogSide | None
    """With the intent log as the pool has it (sync=standard on the scratch dataset)."""
    without_log: TuningAdviceSlogSide | None
    """With sync=disabled on the scratch dataset only: the ceiling no log device can pass."""
    headroom: float | None
    """`without_log` over `with_log`: how many times faster sync writes could get, at most."""
    load: TuningAdviceSlogLoad | None
    """The box's own sync writes over the window; null when its counters could not be read."""
    log_devices: list[str]
    verdict: Literal['WORTH_IT', 'LITTLE_GAIN', 'NO_SYNC_LOAD', 'UNKNOWN_LOAD'] | None
    ssd_latency: list[TuningAdviceSlogSsd]
    """Each of `ssd_disks`, in the order given."""
    stand_in: bool
    """The SSDs were stand-in files (the sandbox never writes the host's devices): their figures say nothing about a
    real disk."""
    words: list[LongString]


class TuningAdviceSlogArgs(BaseModel):
    options: TuningAdviceSlogOptions


class TuningAdviceSlogResult(BaseModel):
    result: TuningAdviceSlogAnswer
