"""Models of the `loop_probe` bench service (names follow `{Service}{Method}Args/Result`)."""
from tuning_host.runtime import BaseModel


class LoopProbeTakeArgs(BaseModel):
    pass


class LoopProbeTakeResult(BaseModel):
    result: dict
