"""Models of ``tuning.profile`` and ``tuning.state``."""
from typing import Literal

from .common_models import ApplyMode, Risk, SettingKind, SettingUnit
from .framework import BaseModel

__all__ = [
    'TuningProfileArgs', 'TuningProfileResult', 'TuningStateArgs', 'TuningStateResult', 'TuningProfile',
    'TuningState', 'TuningStateAccepted',
]

DiskKind = Literal['HDD', 'SSD', 'NVME']


class TuningProfileDisk(BaseModel):
    name: str
    kind: DiskKind
    size_bytes: int
    model: str | None
    serial: str | None
    pool: str | None


class TuningProfileVdev(BaseModel):
    type: str
    disks: list[str]
    disk_kind: Literal['HDD', 'SSD', 'NVME', 'MIXED']


class TuningProfilePool(BaseModel):
    name: str
    status: str
    size_bytes: int
    allocated_bytes: int
    free_bytes: int
    used_percent: float
    layout: str
    """Human summary, e.g. `RAIDZ2 7×HDD`."""
    data_vdevs: list[TuningProfileVdev]
    cache: list[str]
    log: list[str]
    disk_kind: Literal['HDD', 'SSD', 'NVME', 'MIXED']
    data_disk_count: int
    datasets: list[str]


class TuningProfileNic(BaseModel):
    name: str
    link_up: bool
    speed_mbps: int | None
    mtu: int | None = None
    """The port's MTU in bytes as the kernel has it (`interface.query`'s `state.mtu`)."""


class TuningProfileMemory(BaseModel):
    physical_bytes: int
    arc_max_bytes: int
    arc_min_bytes: int
    arc_size_bytes: int


class TuningProfileCpu(BaseModel):
    model: str
    cores: int


class TuningProfilePlatform(BaseModel):
    name: str
    version: str


class TuningProfile(BaseModel):
    backend: Literal['truenas', 'openzfs', 'sandbox']
    """`sandbox` means a simulated box: nothing touches a kernel."""
    platform: TuningProfilePlatform
    openzfs_version: str | None
    cpu: TuningProfileCpu
    memory: TuningProfileMemory
    pools: list[TuningProfilePool]
    disks: list[TuningProfileDisk]
    unused_disks: list[TuningProfileDisk]
    nics: list[TuningProfileNic]
    zfs_parameters_count: int


class TuningProfileArgs(BaseModel):
    pass


class TuningProfileResult(BaseModel):
    result: TuningProfile


class TuningStateActive(BaseModel):
    preset: str
    target: dict
    restore_point_id: int
    applied_at: str


class TuningStateInEffect(BaseModel):
    key: str
    kind: SettingKind
    setting: str
    summary: str
    """What the setting is, in words: its name as the preset editor gives it (e.g. `Synchronous writes`)."""
    scope: str
    value: str | None
    """The value tuning set (for `inherited`, the value the box then inherits)."""
    inherited: bool
    """Tuning removed a local value so the dataset inherits again."""
    apply_mode: ApplyMode
    risk: Risk
    risk_reason: str | None
    preset: str | None
    restore_point_id: int
    """Reverting this restore point undoes the setting, with every other setting of it: a revert is always of a
    whole restore point (see `restore_point_changes`)."""
    restore_point_changes: int = 1
    """How many settings reverting `restore_point_id` puts back: 1, this row alone (a revert link may sit on the
    row); more, the whole restore point (offer the revert on the restore point, naming its settings)."""
    applied_at: str
    pending_reboot: bool
    """Set, but takes effect only after the next reboot."""
    actual: str | None = None
    """What the box holds now (read with the state); null when it could not be read."""
    drifted: bool = False
    """The box holds another value than `value` (changed outside tuning): the same setting is in `drift`, with
    its actions."""
    unit: SettingUnit | None = None
    """What the values count, as in `tuning.preset.settings` (`BYTES`, `PERCENT`, ...); `null`: no unit."""
    zero_is_default: bool = False
    """A value 0 leaves the setting to OpenZFS or the kernel (the ARC sizes)."""
    children_inheriting: list[str] | None = None
    """A DANGEROUS dataset property: the datasets below `scope` that inherit its value, so lose the same safety (at
    most 50 names; `children_inheriting_count` counts all; [] none); `null` on other rows or when they could not be
    read (`children_unknown`)."""
    children_inheriting_count: int | None = None
    children_unknown: bool = False
    """The datasets below `scope` could not be read: any of them that inherits the value is at stake too."""


class TuningStatePending(BaseModel):
    key: str
    setting: str
    proposed: str | None
    since: str
    restore_point_id: int
    name: str | None = None
    """The setting's name in words ("Write buffer, % of RAM")."""
    unit: SettingUnit | None = None
    """What `proposed` counts, as on in-effect rows; `null`: no unit."""
    zero_is_default: bool = False
    """A value 0 leaves the setting to OpenZFS or the kernel (the ARC sizes)."""


class TuningStateDrift(BaseModel):
    key: str
    """Name it to `tuning.drift.put_back` or `tuning.drift.accept`."""
    kind: SettingKind
    setting: str
    summary: str
    """What the setting changes, in words."""
    scope: str
    expected: str | None
    """The value tuning set."""
    inherited: bool
    """Tuning had the dataset inherit the property (`expected` is what it then inherited)."""
    actual: str | None
    """What the box holds now."""
    risk: Risk
    """The risk of the tuned value: putting back a DANGEROUS one needs its acknowledgement."""
    restore_point_id: int
    """The restore point that set the tuned value."""
    unit: SettingUnit | None = None
    """What the values count, as in `tuning.preset.settings` (`BYTES`, `PERCENT`, ...); `null`: no unit."""
    zero_is_default: bool = False
    """A value 0 leaves the setting to OpenZFS or the kernel (the ARC sizes)."""


class TuningStateAccepted(BaseModel):
    key: str
    kind: SettingKind
    setting: str
    summary: str
    scope: str
    expected: str | None
    """The value tuning had set."""
    value: str | None
    """The box's value the admin kept (`tuning.drift.accept`); `tuning.drift.put_back` sets `expected` again."""
    restore_point_id: int
    accepted_at: str
    unit: SettingUnit | None = None
    """What the values count, as in `tuning.preset.settings` (`BYTES`, `PERCENT`, ...); `null`: no unit."""
    zero_is_default: bool = False
    """A value 0 leaves the setting to OpenZFS or the kernel (the ARC sizes)."""


class TuningStateBusy(BaseModel):
    job_id: int | None
    method: str


class TuningState(BaseModel):
    backend: str
    boot_id: str
    active: TuningStateActive | None
    """The latest preset applied and still in effect; earlier ones may still hold settings (see `in_effect`)."""
    in_effect: list[TuningStateInEffect]
    """Every setting tuning changed that is still in effect, from every APPLIED restore point (later ones winning):
    DANGEROUS first, then CAUTION, then SAFE."""
    pending_reboot: list[TuningStatePending]
    drift: list[TuningStateDrift]
    """Settings whose box value is not the one tuning set (changed outside tuning). A drifted value an apply set
    is also in `in_effect` (`drifted`); a value a revert put back is here only."""
    accepted: list[TuningStateAccepted] = []
    """Drift the admin accepted: the box's value kept; tuning no longer expects its own there."""
    busy: TuningStateBusy | None
    recovered: list[str]
    """What start-up recovery did after an interrupted apply, revert or benchmark (fio stopped) (newest first)."""


class TuningStateArgs(BaseModel):
    pass


class TuningStateResult(BaseModel):
    result: TuningState
