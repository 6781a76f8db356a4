"""Models of ``tuning.advice.layout``: the pool layouts worth comparing for a set of disks, side by side."""
from typing import Annotated, Literal

from pydantic import AfterValidator, Field

from .framework import BaseModel, LongString, NonEmptyString

__all__ = ['TuningAdviceLayoutArgs', 'TuningAdviceLayoutResult']

DiskKind = Literal['HDD', 'SSD', 'NVME']
# A described disk, as disks are sold: the largest are about 30 TB, so beyond 100 TB is a slip, not a disk.
GIVEN_SIZE_MIN, GIVEN_SIZE_MAX = 10 ** 9, 100 * 10 ** 12


def _disk_size(size: int) -> int:
    """The bounds said as disks are sold (TB), never as the byte count the field takes."""
    if size < GIVEN_SIZE_MIN:
        raise ValueError('must be at least 1 GB (0.001 TB)')
    if size > GIVEN_SIZE_MAX:
        raise ValueError('must be at most 100 TB (the largest disks sold are about 30 TB)')
    return size


class TuningAdvicePerDisk(BaseModel):
    read_bytes_per_second: Annotated[float, Field(gt=0, le=1e12)]
    write_bytes_per_second: Annotated[float, Field(gt=0, le=1e12)]
    iops: Annotated[float, Field(gt=0, le=1e8)]
    """4 KiB random I/Os a second."""


class TuningAdviceLayoutOptions(BaseModel):
    source: Literal['UNUSED', 'POOL', 'GIVEN'] = 'UNUSED'
    """`UNUSED`: the box's disks in no pool; `POOL`: the data disks of `pool` (how else they could be laid out);
    `GIVEN`: `count` disks of `size_bytes` and `kind` (disks not in the box yet)."""
    pool: NonEmptyString | None = None
    """With `POOL`: its name."""
    count: Annotated[int, Field(ge=1, le=512)] | None = None
    """With `GIVEN`: how many disks."""
    size_bytes: Annotated[int, AfterValidator(_disk_size)] | None = None
    """With `GIVEN`: each disk's size in bytes, as its vendor counts (4 TB = 4000000000000): 1 GB to 100 TB."""
    kind: DiskKind | None = None
    """With `GIVEN`: HDD, SSD or NVME."""
    ashift: Annotated[int, Field(ge=9, le=16)] = 12
    """The pool's sector size as a power of two (12: 4 KiB, what TrueNAS uses)."""
    recordsize_bytes: Annotated[int, Field(ge=512, le=16 * 1024 ** 2)] = 128 * 1024
    """The record size the data will be written in (a power of two): how much of the space it fills."""
    per_disk: TuningAdvicePerDisk | None = None
    """Each disk's figures for the estimates; default: the ladder's latest raw read of the pool's disks (`POOL`),
    else typical figures for the kind."""
    legacy: bool = False
    """Count space as ZFS before OpenZFS 2.0 did (FreeNAS 9.3: 1/32 kept back however large the pool)."""


class TuningAdviceDisks(BaseModel):
    source: Literal['UNUSED', 'POOL', 'GIVEN']
    count: int
    size_bytes: int
    """The smallest of them: a vdev is as large as its narrowest disk times its width."""
    kind: DiskKind
    names: list[str]
    """The box's disks counted (empty for `GIVEN`)."""
    left_out: list[str]
    """The box's disks not counted (another kind than most of them), in words."""
    words: str
    """`12 × 4 TB hard disks`."""


class TuningAdviceDiskFigures(BaseModel):
    read_bytes_per_second: float
    write_bytes_per_second: float
    iops: float
    source: Literal['MEASURED', 'TYPICAL', 'GIVEN']
    """`MEASURED`: the ladder's raw read of these disks (the write rate taken as the read rate); `TYPICAL`: a typical
    disk of the kind; `GIVEN`: `per_disk`."""
    words: LongString


class TuningAdviceLayout(BaseModel):
    name: str
    """`2 × 6-wide RAIDZ2`, `6 × 2-way mirror`."""
    kind: Literal['RAIDZ', 'MIRROR']
    width: int
    parity: int
    """RAIDZ's parity (1–3); 0 for mirrors."""
    vdevs: int
    spares: int
    """Disks left over (hot spares)."""
    raw_bytes: int
    usable_bytes: int
    """What `zfs list` shows free on the new, empty pool."""
    effective_bytes: int
    """How much data written in `recordsize_bytes` records fits, uncompressed."""
    naive_bytes: int
    """The data disks added up: what people expect before padding, labels and slop space."""
    slop_bytes: int
    record_sectors: int
    """Sectors a record takes on a vdev (data, parity and padding)."""
    record_data_sectors: int
    read_bytes_per_second: float
    write_bytes_per_second: float
    read_iops: float
    write_iops: float
    """First-order estimates from the per-disk figures (see `notes`)."""
    failures_tolerated: int
    """Disks each vdev can lose."""
    tolerance: LongString
    cautions: list[LongString]
    """What to weigh before choosing it (RAIDZ1 on large hard disks, very wide vdevs), in words."""
    reasons: list[LongString]
    current: bool
    """The pool's own layout (`POOL`)."""


class TuningAdviceLayoutAnswer(BaseModel):
    disks: TuningAdviceDisks
    per_disk: TuningAdviceDiskFigures
    ashift: int
    recordsize_bytes: int
    layouts: list[TuningAdviceLayout]
    """First the one that holds the most data in records of `recordsize_bytes`."""
    notes: list[LongString]


class TuningAdviceLayoutArgs(BaseModel):
    options: TuningAdviceLayoutOptions = TuningAdviceLayoutOptions()


class TuningAdviceLayoutResult(BaseModel):
    result: TuningAdviceLayoutAnswer
