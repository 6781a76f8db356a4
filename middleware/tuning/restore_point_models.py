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
    outlived_by: int | None = None
    """For a PUT_BACK a later revert outlived, that revert: it gave the box its value from before tuning, so the put
    back is no longer in effect and cannot be reverted (reverting it would bring back the value set outside tuning);
    null otherwise."""
    message: LongString | None
    title: LongString
    """What it is, in words, and who made it: "Max IOPS applied", "Max IOPS reverted, undoing restore point 2",
    "Max IOPS applied again, undoing restore point 3" (a revert of a revert), "Record size put back as Max IOPS set
    it"; a campaign's step says so first: "Campaign 1, round 2: Max IOPS applied", "Campaign 1, at its end: ...",
    "Campaign 1, putting the original configuration back: ..."."""
    campaign_id: int | None = None
    """The campaign whose step made it (null: made by an admin's call)."""
    campaign_round: int | None = None
    """The round of that campaign (`campaign_stage` ROUND)."""
    campaign_stage: Literal['ROUND', 'FINISH', 'RESTORE'] | None = None
    """ROUND: configuring a round; FINISH: leaving the configuration the campaign ends with; RESTORE: putting the
    original configuration back after an abort or a failure; null for an admin's, or a campaign's made before
    stages were recorded."""


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
