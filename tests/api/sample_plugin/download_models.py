"""Models of the `sample.download` test service."""
from tuning_host.runtime import BaseModel


class SampleDownloadWriteArgs(BaseModel):
    content: str
    fail: str | None = None
    """Fail with this message after writing `content` (empty `content`: before the first byte)."""


class SampleDownloadWriteResult(BaseModel):
    result: int


class SampleDownloadStreamArgs(BaseModel):
    size: int
    fail_after: int | None = None
    """Fail once this many bytes are written (rounded up to a whole chunk)."""


class SampleDownloadStreamResult(BaseModel):
    result: int
