"""Models of ``tuning.drift.*``."""
from .common_models import TuningPlan
from .framework import BaseModel, NonEmptyString
from .preset_models import TuningApplyOutcome
from .profile_models import TuningStateAccepted

__all__ = [
    'TuningDriftPreviewArgs', 'TuningDriftPreviewResult', 'TuningDriftPutBackArgs', 'TuningDriftPutBackResult',
    'TuningDriftAcceptArgs', 'TuningDriftAcceptResult',
]


class TuningDriftPreviewArgs(BaseModel):
    key: NonEmptyString
    """The `key` of a `drift` or `accepted` row of `tuning.state`."""


class TuningDriftPreviewResult(BaseModel):
    result: TuningPlan


class TuningDriftPutBackArgs(BaseModel):
    key: NonEmptyString
    """The `key` of a `drift` or `accepted` row of `tuning.state`."""
    acknowledge: list[str] = []
    """Putting back a DANGEROUS value (sync=disabled) needs it acknowledged by key or setting name."""


class TuningDriftPutBackResult(BaseModel):
    result: TuningApplyOutcome


class TuningDriftAcceptArgs(BaseModel):
    key: NonEmptyString
    """The `key` of a `drift` row of `tuning.state`."""


class TuningDriftAcceptResult(BaseModel):
    result: TuningStateAccepted
