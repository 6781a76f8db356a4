"""Models of ``tuning.restore_point.*``."""
from typing import Literal

from .common_models import RowId, TuningChange, TuningPlan, TuningSettingValue, TuningTarget
from .framework import BaseModel, LongString, QueryFilters, QueryOptions
from .preset_models import TuningApplyOutcome

__all__ = [
    'TuningRestorePointEntry', 'TuningRestorePointQueryArgs', 'TuningRestorePointQueryResult',
    'TuningRestorePointPreviewArgs', 'TuningRestorePointPreviewResult', 'TuningRestorePointRevertArgs',
    'TuningRestorePointRevertResult',
]

RestorePointState = Literal['IN_PROGRESS', 'APPLIED', 'ROLLED_BACK', 'REVERTED', 'FAILED']


class TuningRestorePointEntry(BaseModel):
    id: int
    created_at: str
    kind: Literal['APPLY', 'REVERT', 'PUT_BACK']
    """PUT_BACK: one drifted setting set to the tuned value again (`tuning.drift.put_back`)."""
    preset: str | None
    target: TuningTarget | None
    state: RestorePointState
    entries: list[TuningSettingValue]
    """Every setting the change touched, as it was before."""
    changes: list[TuningChange]
    reverts: int | None
    """For a REVERT, the restore point it reverted."""
    reverted_by: int | None
    message: LongString | None


class TuningRestorePointQueryArgs(BaseModel):
    filters: QueryFilters = []
    options: QueryOptions = QueryOptions()


class TuningRestorePointQueryResult(BaseModel):
    result: list[TuningRestorePointEntry] | TuningRestorePointEntry | int


class TuningRestorePointPreviewArgs(BaseModel):
    id: RowId


class TuningRestorePointPreviewResult(BaseModel):
    result: TuningPlan


class TuningRestorePointRevertArgs(BaseModel):
    id: RowId
    acknowledge: list[str] = []
    """Reverting can re-apply a DANGEROUS value (revert of a revert); acknowledge it by key or setting."""


class TuningRestorePointRevertResult(BaseModel):
    result: TuningApplyOutcome
