"""Models shared by several ``tuning.*`` services: targets, settings, plan rows, plans."""
from typing import Annotated, Literal

from pydantic import Field

from .device_models import TuningDeviceChoices
from .framework import BaseModel, LongString, NonEmptyString

# A row id as callers name it: SQLite's integers stop at 2**63 - 1, so a larger one is a field error, not an overflow.
RowId = Annotated[int, Field(ge=1, le=2 ** 63 - 1)]

SettingKind = Literal['ZFS_PARAMETER', 'SYSCTL', 'DATASET_PROPERTY', 'POOL_DEVICE', 'SERVICE']
ApplyMode = Literal['LIVE', 'NEW_DATA', 'SERVICE_RESTART', 'REBOOT']
Risk = Literal['SAFE', 'CAUTION', 'DANGEROUS']
ValueSource = Literal['LOCAL', 'INHERITED', 'DEFAULT', 'INHERIT']
SettingUnit = Literal['BYTES', 'BYTES_PER_SECOND', 'PERCENT', 'SECONDS', 'COUNT', 'SWITCH']

__all__ = [
    'ApplyMode', 'Risk', 'SettingKind', 'SettingUnit', 'TuningChange', 'TuningDataLossSetting', 'TuningPlan',
    'TuningPrerequisite', 'TuningSettingValue', 'TuningTarget', 'TuningTunableState', 'ValueSource',
]


class TuningTarget(BaseModel):
    pool: NonEmptyString
    """Pool the preset is computed for."""
    dataset: NonEmptyString | None = None
    """Dataset whose properties are tuned (defaults to the pool's root dataset)."""
    cache_disks: list[NonEmptyString] = []
    """Unused disks to add as L2ARC (cache) when the preset proposes one."""
    log_disks: list[NonEmptyString] = []
    """Unused disks to add as SLOG (log) when the preset proposes one."""


class TuningChange(BaseModel):
    key: str
    """`KIND:scope:setting`, unique within a plan; acknowledge DANGEROUS changes by this key or by setting name."""
    setting: str
    summary: str | None = None
    """What the setting is, in words: its name as the preset editor gives it (e.g. `Synchronous writes`); None in
    rows stored before summaries came."""
    kind: SettingKind
    scope: str
    current: str | None
    proposed: str | None
    proposed_source: ValueSource | None = None
    """`INHERIT` when the change returns a dataset property to its inherited value."""
    apply_mode: ApplyMode
    risk: Risk
    risk_reason: LongString | None = None
    rationale: LongString
    source: LongString
    same_value: bool = False
    """`current` already equals `proposed`: the change is of where the value comes from (a dataset property
    inherited again, a kernel parameter's tunable), not of the value; show it as "already", never as "x -> x"."""
    unit: SettingUnit | None = None
    """What `current` and `proposed` count, as in `tuning.preset.settings` (`BYTES`: "25769803776" is 24 GiB);
    `SWITCH`: a 0/1 module parameter, "0" reads off and "1" on; `null` when the setting has no unit (an enum, a
    pool's devices)."""
    zero_is_default: bool = False
    """A value 0 leaves the setting to OpenZFS or the kernel (the ARC sizes): show it as the default, not as 0 B."""
    children_inheriting: list[str] | None = None
    """`tuning.preset.preview`, a dataset property: child datasets of `scope` that inherit the change (at most 50
    names; `children_inheriting_count` counts all); `null` on other rows."""
    children_inheriting_count: int | None = None
    children_overriding: list[str] | None = None
    """Child datasets that hold their own value (they, or a dataset between them and `scope`): the change does not
    reach them (at most 50 names; `children_overriding_count` counts all)."""
    children_overriding_count: int | None = None


class TuningDataLossSetting(BaseModel):
    """A setting that can lose data on power loss, in effect when a figure was measured (a result's
    `context.data_loss_settings`, the ladder's POOL layer): sync Disabled on a dataset, a cache-flush switch on."""
    kind: SettingKind
    setting: str
    name: str
    """The setting in words ("Synchronous writes")."""
    scope: str
    """The dataset, or `global` for the box-wide switches."""
    value: str
    words: LongString
    """"Synchronous writes Disabled on tank/media: not safe on power loss"."""


class TuningPrerequisite(BaseModel):
    id: str
    met: bool
    message: LongString


class TuningPlan(BaseModel):
    preset: str
    target: TuningTarget
    changes: list[TuningChange]
    unchanged: list[TuningChange]
    prerequisites: list[TuningPrerequisite]
    warnings: list[LongString]
    needs_reboot: bool
    dangerous: list[str]
    computed_for: dict
    devices: TuningDeviceChoices | None = None
    """For each disk of the box, whether it can be the pool's cache or log device and, if not, why (previews)."""


class TuningTunableState(BaseModel):
    id: int
    value: str
    enabled: bool


class TuningSettingValue(BaseModel):
    """One setting as read from the box: what a restore point records and what revert puts back."""
    key: str
    kind: SettingKind
    scope: str
    setting: str
    value: str | None
    exists: bool
    source: ValueSource | None = None
    writable: bool | None = None
    tunable: TuningTunableState | None = None
    """The TrueNAS tunable row that persisted this setting at the time, if any."""
