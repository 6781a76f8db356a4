"""Models of ``tuning.ladder.*``: the component ladder (disks, pool, network, protocol) and the bottleneck in words.

``tuning.ladder.get`` answers ``{pool, dataset, layers: [layer], bottleneck: {read, write}, verdict, missing}``; a layer
is ``{layer: DISKS|POOL|NETWORK|PROTOCOL, name, protocol, read_bytes_per_second, write_bytes_per_second, measured_at,
source: {kind: DISK_READ|BENCHMARK|NETWORK|CLIENT, id}|null, note}``; a bottleneck side is ``{layer, protocol,
words}`` or null. The panel (ui/src/app/api/models/tuning-ladder.ts) mirrors these models."""
from typing import Annotated, Literal

from pydantic import Field

from .common_models import SettingUnit, TuningDataLossSetting
from .framework import BaseModel, LongString, NonEmptyString

__all__ = [
    'TuningLadderReadDisksArgs', 'TuningLadderReadDisksResult', 'TuningLadderGetArgs', 'TuningLadderGetResult',
]

LayerKind = Literal['DISKS', 'POOL', 'NETWORK', 'PROTOCOL']


class TuningLadderReadDisksOptions(BaseModel):
    pool: NonEmptyString
    """The pool whose data disks are read, one at a time (cache, log and spare devices are not)."""
    seconds_per_disk: Annotated[int, Field(ge=3, le=60)] = 10
    """How long fio reads each disk."""


class TuningLadderDiskRead(BaseModel):
    name: str
    """The disk's name (`sda`)."""
    device: str
    """What fio read: `/dev/<name>`, or on the sandbox the stand-in file."""
    read_bytes_per_second: float | None
    seconds: float | None
    error: LongString | None
    """Why this disk has no figure (fio's error), in words."""


class TuningLadderDiskReadEntry(BaseModel):
    id: int
    created_at: str
    pool: str
    disks: list[TuningLadderDiskRead]
    total_read_bytes_per_second: float | None
    """The sum of the disks' reads: an upper bound for what the pool can read."""
    options: dict
    stand_in: bool
    """True on the sandbox: stand-in files were read, not disks; the figures say nothing about real disks."""
    skipped: list[str]
    """Devices of the pool that were not read, in words (cache, log, spare, special)."""
    words: LongString
    """What was read, in words."""


class TuningLadderReadDisksArgs(BaseModel):
    options: TuningLadderReadDisksOptions


class TuningLadderReadDisksResult(BaseModel):
    result: TuningLadderDiskReadEntry


class TuningLadderGetOptions(BaseModel):
    pool: NonEmptyString
    dataset: NonEmptyString | None = None
    """The dataset whose local benchmark is the POOL layer (default: any benchmark of the pool)."""
    judge_from_ram: bool = False
    """Use the pool's sequential read even when the ARC answered it from RAM (more than 10 % of its blocks); left
    out by default: it is the ARC's figure, not the disks'."""


class TuningLadderSource(BaseModel):
    kind: Literal['DISK_READ', 'BENCHMARK', 'NETWORK', 'CLIENT']
    """`DISK_READ`: a `tuning.ladder.read_disks` row; `BENCHMARK`/`CLIENT`: a benchmark result (local fio or from a
    client); `NETWORK`: a `tuning.network` result."""
    id: int


class TuningLadderSettingThen(BaseModel):
    kind: str
    scope: str
    setting: str
    name: str | None = None
    """The setting in words, as in `tuning.preset.settings` ("Record size"); its id for a setting tuning does not
    know."""
    then: str | None
    now: str | None
    unit: SettingUnit | None = None
    """What `then` and `now` count, as on plan rows (`BYTES`: "25769803776" is 24 GiB); `null`: no unit (an enum, a
    switch)."""
    zero_is_default: bool = False
    """A value 0 leaves the setting to OpenZFS (the ARC sizes): show it as the default, not as 0 B."""


class TuningLadderLayer(BaseModel):
    layer: LayerKind
    name: str
    """In words: `Disks (raw, 4 disks of the data vdevs)`, `Pool tank (local fio)`, `Network eno1 (1 GbE)`, `NFS 4.2 from ws1`."""
    protocol: str | None
    """PROTOCOL layers: `NFS`, `SMB`, `ISCSI`, `LOCAL` or `OTHER`; null for the others."""
    read_bytes_per_second: float | None
    """Sequential read (a client's reads for NETWORK: box → client); null when not measured (DISKS never write)."""
    write_bytes_per_second: float | None
    measured_at: str | None
    source: TuningLadderSource | None
    note: LongString | None
    """Where the figure comes from, per-disk figures for DISKS, or what is not measured yet."""
    current_settings: bool = True
    """POOL: its result was measured under the settings the box holds now (false: see `settings_then`)."""
    settings_then: list[TuningLadderSettingThen] = []
    """POOL: the settings its result was measured under that the box no longer holds."""
    data_loss_settings: list[TuningDataLossSetting] | None = []
    """POOL: the settings that can lose data on power loss its result was measured with (sync disabled, cache
    flushes skipped; said in the note and the verdict: its write figure is faster than safe writes allow); `null`:
    the result does not tell."""
    nominal: list[Literal['read', 'write']] = []
    """NETWORK: the directions whose figure is the link's nominal payload rate, standing in for a measurement
    that did not cross the link (faster than the link can carry)."""


class TuningLadderSide(BaseModel):
    layer: LayerKind
    protocol: str | None
    words: LongString


class TuningLadderBottleneck(BaseModel):
    read: TuningLadderSide | None
    write: TuningLadderSide | None


class TuningLadderEntry(BaseModel):
    pool: str
    dataset: str | None
    layers: list[TuningLadderLayer]
    """Bottom up: DISKS, POOL, NETWORK, then one PROTOCOL layer per protocol measured from a client (one without
    figures when none is)."""
    bottleneck: TuningLadderBottleneck
    """Per direction, the layer that limits what clients get; null when the figures cannot name one."""
    verdict: LongString
    """The bottleneck in words, both directions."""
    missing: list[str]
    """The next measurements to make, in words."""


class TuningLadderGetArgs(BaseModel):
    options: TuningLadderGetOptions


class TuningLadderGetResult(BaseModel):
    result: TuningLadderEntry
