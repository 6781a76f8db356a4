"""Models of ``tuning.preset.*``."""
from typing import Annotated

from pydantic import Field

from .common_models import Risk, SettingKind, SettingUnit, TuningChange, TuningPlan, TuningTarget
from .framework import BaseModel, ForUpdateMetaclass, LongString, NonEmptyString, QueryFilters, QueryOptions

__all__ = [
    'TuningPresetEntry', 'TuningPresetSetting', 'TuningPresetQueryArgs', 'TuningPresetQueryResult',
    'TuningPresetCreateArgs', 'TuningPresetCreateResult', 'TuningPresetUpdateArgs', 'TuningPresetUpdateResult',
    'TuningPresetDeleteArgs', 'TuningPresetDeleteResult', 'TuningPresetPreviewArgs', 'TuningPresetPreviewResult',
    'TuningPresetApplyArgs', 'TuningPresetApplyResult', 'TuningApplyOutcome', 'TuningPresetSettingInfo',
    'TuningPresetSettingsArgs', 'TuningPresetSettingsResult', 'TuningPresetValueRisk',
]

PresetId = Annotated[str, Field(pattern=r'^[a-z0-9][a-z0-9-]{0,62}$')]


class TuningPresetSetting(BaseModel):
    kind: SettingKind
    setting: NonEmptyString
    value: NonEmptyString
    """Typed with the setting's unit where it has one ("64G", "8 GiB", "20%", "30s"); stored canonical."""


class TuningPresetEntry(BaseModel):
    id: str
    name: str
    description: LongString
    builtin: bool
    optimizes: list[str]
    costs: list[LongString]
    base: str | None
    settings: list[TuningPresetSetting]
    created_at: str | None
    updated_at: str | None


class TuningPresetFields(BaseModel):
    name: NonEmptyString
    description: LongString = ''
    base: NonEmptyString | None = None
    """A built-in preset whose rules this preset starts from (`null`: none); `settings` override them."""
    settings: list[TuningPresetSetting] = []
    """Checked against this box when saved: a value it cannot take (an ARC maximum of all its RAM) is refused."""


class TuningPresetCreate(TuningPresetFields):
    id: PresetId | None = None
    """Lower-case letters, digits and dashes; derived from `name` when omitted."""


class TuningPresetUpdate(TuningPresetFields, metaclass=ForUpdateMetaclass):
    """Only the fields given change; `"base": null` clears the base."""


class TuningPresetQueryArgs(BaseModel):
    filters: QueryFilters = []
    options: QueryOptions = QueryOptions()


class TuningPresetQueryResult(BaseModel):
    result: list[TuningPresetEntry] | TuningPresetEntry | int


class TuningPresetCreateArgs(BaseModel):
    data: TuningPresetCreate


class TuningPresetCreateResult(BaseModel):
    result: TuningPresetEntry


class TuningPresetUpdateArgs(BaseModel):
    id: NonEmptyString
    data: TuningPresetUpdate


class TuningPresetUpdateResult(BaseModel):
    result: TuningPresetEntry


class TuningPresetDeleteArgs(BaseModel):
    id: NonEmptyString


class TuningPresetDeleteResult(BaseModel):
    result: bool


class TuningPresetPreviewArgs(BaseModel):
    id: NonEmptyString
    target: TuningTarget


class TuningPresetPreviewResult(BaseModel):
    result: TuningPlan


class TuningPresetApplyOptions(BaseModel):
    acknowledge: list[NonEmptyString] = []
    """Keys (or setting names) of DANGEROUS changes the admin accepts, one by one."""


class TuningPresetApplyArgs(BaseModel):
    id: NonEmptyString
    target: TuningTarget
    options: TuningPresetApplyOptions = TuningPresetApplyOptions()


class TuningApplyOutcome(BaseModel):
    restore_point_id: int | None
    """`null` when the box already matched the plan and nothing was changed."""
    preset: str | None
    target: TuningTarget | None
    applied: list[TuningChange]
    pending_reboot: list[str]
    verified: list[str]


class TuningPresetApplyResult(BaseModel):
    result: TuningApplyOutcome


class TuningPresetSettingsTarget(BaseModel):
    pool: NonEmptyString
    dataset: NonEmptyString | None = None
    """Whose dataset properties to read (the pool's root dataset when omitted)."""


class TuningPresetSettingsArgs(BaseModel):
    target: TuningPresetSettingsTarget | None = None
    """Where current values of dataset properties are read; `null`: the first pool's root dataset."""


class TuningPresetValueRisk(BaseModel):
    value: str
    """As the API takes it and `choices` lists it (`DISABLED`)."""
    label: str
    """In words (`Disabled`)."""
    risk: Risk
    """`DANGEROUS`: can lose data (a plan with it needs the change acknowledged); `CAUTION`: has a cost."""
    reason: LongString
    """Why, in plain words, as the plan would say it on this box."""


class TuningPresetSettingInfo(BaseModel):
    kind: SettingKind
    setting: str
    name: str
    """The setting's name in words."""
    description: LongString
    """What it does, in one sentence."""
    unit: SettingUnit | None
    """How a value may be typed: sizes with K/M/G/T ("64G"), percentages with "%", seconds with "s"."""
    choices: list[str] | None
    """The allowed values when they are a list (beside any range)."""
    minimum: int | None
    maximum: int | None
    """The allowed range on this box (inclusive), in the unit's base (bytes, %, seconds, count)."""
    allowed: LongString
    """The allowed values in words."""
    zero_is_default: bool
    """0 leaves the value to OpenZFS (the ARC sizes) instead of setting it to nothing."""
    scope: str | None
    """Where the current value was read: a dataset, a service or `global`; `null` when not read."""
    exists: bool | None
    """Whether this box has the setting (`null`: not read, e.g. a dataset property without a pool)."""
    current: LongString | None
    default: str | None
    """The value OpenZFS, the kernel or TrueNAS uses on this box when nobody sets it, when known."""
    risky_values: list[TuningPresetValueRisk] = []
    """The values of `choices` that are risky here (from the box's current value), with why; the choices not listed
    are safe. A size or a count typed in the range is judged when the preset is planned."""


class TuningPresetSettingsResult(BaseModel):
    result: list[TuningPresetSettingInfo]
