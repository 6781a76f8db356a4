"""Models of the cache (L2ARC) and log (SLOG) device choices a preview offers, disk by disk, with reasons."""
from .framework import BaseModel, LongString

__all__ = ['TuningDeviceChoice', 'TuningDeviceChoices']


class TuningDeviceChoice(BaseModel):
    name: str
    kind: str | None
    """HDD, SSD or NVME."""
    size_bytes: int
    model: str | None = None
    eligible: bool
    """Whether this disk can be chosen for the role on the previewed pool."""
    reason: LongString | None = None
    """Why not, in words: "is in use by pool tank", "is already chosen as the log device", ..."""


class TuningDeviceChoices(BaseModel):
    cache: list[TuningDeviceChoice]
    log: list[TuningDeviceChoice]
