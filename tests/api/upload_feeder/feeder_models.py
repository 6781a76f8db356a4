"""Models of the `upload_feeder` test service (names follow `{Service}{Method}Args/Result`)."""
from tuning_host.runtime import BaseModel, LongString, NonEmptyString


class UploadFeederRunArgs(BaseModel):
    method: NonEmptyString
    params: list = []
    data: LongString
    """The file, base64."""


class UploadFeederRunResult(BaseModel):
    result: int
    """The job's id."""
