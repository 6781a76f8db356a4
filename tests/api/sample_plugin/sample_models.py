"""Models of the `sample` test service (names follow `{Service}{Method}Args/Result`)."""
from typing import Any

from tuning_host.runtime import BaseModel, NonEmptyString, single_argument_args


class SampleTarget(BaseModel):
    pool: NonEmptyString
    dataset: str | None = None


class SampleEchoArgs(BaseModel):
    target: SampleTarget
    count: int = 1


class SampleEchoResult(BaseModel):
    result: dict


class SampleFailArgs(BaseModel):
    message: str
    errno: int = 14


class SampleFailResult(BaseModel):
    result: None


class SampleCrashArgs(BaseModel):
    pass


class SampleCrashResult(BaseModel):
    result: None


class SampleProgressArgs(BaseModel):
    steps: int


class SampleProgressResult(BaseModel):
    result: int


class SampleHoldArgs(BaseModel):
    key: NonEmptyString


class SampleHoldResult(BaseModel):
    result: str


class SampleLockedArgs(BaseModel):
    key: NonEmptyString


class SampleLockedResult(BaseModel):
    result: str


class SampleSyncHoldArgs(BaseModel):
    key: NonEmptyString


class SampleSyncHoldResult(BaseModel):
    result: str


class SampleJobFailArgs(BaseModel):
    pool: NonEmptyString


class SampleJobFailResult(BaseModel):
    result: None


class SampleWaitArgs(BaseModel):
    key: NonEmptyString


class SampleWaitResult(BaseModel):
    result: str


class SampleReleaseArgs(BaseModel):
    key: NonEmptyString


class SampleReleaseResult(BaseModel):
    result: bool


@single_argument_args("event")
class SampleEmitArgs(BaseModel):
    name: NonEmptyString
    event_type: str = "CHANGED"
    id: Any = None
    fields: dict = {}


class SampleEmitResult(BaseModel):
    result: None


class SampleRebootArgs(BaseModel):
    pass


class SampleRebootResult(BaseModel):
    result: None


class SampleBadResultArgs(BaseModel):
    pass


class SampleBadResultResult(BaseModel):
    result: int


class SampleQueryResult(BaseModel):
    result: list[dict] | dict | int


class SampleDieArgs(BaseModel):
    pass


class SampleDieResult(BaseModel):
    result: None
