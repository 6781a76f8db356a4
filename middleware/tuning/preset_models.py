"""Models of ``tuning.preset.*``."""
from typing import Annotated

from pydantic import Field

from .common_models import SettingKind, TuningChange, TuningPlan, TuningTarget
from .framework import BaseModel, LongString, NonEmptyString, QueryFilters, QueryOptions

__all__ = [
    'TuningPresetEntry', 'TuningPresetSetting', 'TuningPresetQueryArgs', 'TuningPresetQueryResult',
    'TuningPresetCreateArgs', 'TuningPresetCreateResult', 'TuningPresetUpdateArgs', 'TuningPresetUpdateResult',
    'TuningPresetDeleteArgs', 'TuningPresetDeleteResult', 'TuningPresetPreviewArgs', 'TuningPresetPreviewResult',
    'TuningPresetApplyArgs', 'TuningPresetApplyResult', 'TuningApplyOutcome',
]

PresetId = Annotated[str, Field(pattern=r'^[a-z0-9][a-z0-9-]{0,62}$')]


class TuningPresetSetting(BaseModel):
    kind: SettingKind
    setting: NonEmptyString
    value: NonEmptyString


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


class TuningPresetCreate(BaseModel):
    id: PresetId | None = None
    """Lower-case letters, digits and dashes; derived from `name` when omitted."""
    name: NonEmptyString
    description: LongString = ''
    base: NonEmptyString | None = None
    """A built-in preset whose rules this preset starts from; `settings` override them."""
    settings: list[TuningPresetSetting] = []


class TuningPresetUpdate(BaseModel):
    name: NonEmptyString | None = None
    description: LongString | None = None
    base: NonEmptyString | None = None
    settings: list[TuningPresetSetting] | None = None


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
