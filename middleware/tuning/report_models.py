"""Models of ``tuning.report.*``."""
from typing import Annotated, Literal

from pydantic import Field

from .common_models import RowId
from .framework import BaseModel

__all__ = ['TuningReportGenerateArgs', 'TuningReportGenerateResult']


class TuningReportSelection(BaseModel):
    results: Annotated[list[RowId], Field(max_length=50)] = []
    """Benchmark results to report on (with `baseline`), or leave empty and name a `campaign`."""
    baseline: RowId | None = None
    """Which of `results` the others are compared with (default: the first)."""
    campaign: RowId | None = None
    """A finished campaign: its merged result per configuration, against its baseline."""
    title: Annotated[str, Field(max_length=200)] | None = None
    judge_from_ram: bool = False
    """Give verdicts on read tests the ARC answered from RAM too (more than 10 % of their blocks; a result's
    `context.arc`). Left out by default: their figures are the ARC's, not the disks', and their rows say FROM_RAM."""


class TuningReportGenerateArgs(BaseModel):
    selection: TuningReportSelection
    format: Literal['HTML', 'MARKDOWN', 'CSV', 'JSON'] = 'HTML'


class TuningReportGenerateResult(BaseModel):
    result: dict
    """`{filename, content_type, size}`; the report itself goes through the job's output pipe (`core.download`)."""
