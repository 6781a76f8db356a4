"""Models of ``tuning.campaign.*``."""
from typing import Annotated, Literal

from pydantic import Field

from .benchmark_models import ALL_TESTS, MAX_RAMP_SECONDS, MAX_RUNTIME_SECONDS, BenchmarkTest
from .common_models import RowId
from .framework import BaseModel, NonEmptyString, QueryFilters, QueryOptions

__all__ = [
    'TuningCampaignEntry', 'TuningCampaignRunArgs', 'TuningCampaignRunResult', 'TuningCampaignQueryArgs',
    'TuningCampaignQueryResult', 'TuningCampaignAbortArgs', 'TuningCampaignAbortResult',
]


class TuningCampaignBenchmark(BaseModel):
    tests: Annotated[list[BenchmarkTest], Field(min_length=1)] = ALL_TESTS
    profile: Literal['QUICK', 'STANDARD', 'THOROUGH'] = 'QUICK'
    runs: Annotated[int, Field(ge=1, le=30)] = 2
    """Runs per configuration per round (the rounds add up: 3 rounds × 2 runs = 6 runs per configuration; a verdict
    needs at least 5 per configuration, `tuning.benchmark.plan_estimate` says what a choice can prove)."""
    runtime_seconds: Annotated[int, Field(ge=1, le=MAX_RUNTIME_SECONDS)] | None = None
    ramp_seconds: Annotated[int, Field(ge=0, le=MAX_RAMP_SECONDS)] | None = None


class TuningCampaignFinish(BaseModel):
    mode: Literal['ORIGINAL', 'PRESET', 'WINNER'] = 'ORIGINAL'
    """What stays applied at the end: the configuration from before the campaign, a named preset of the campaign,
    or the winner of a named test (and metric)."""
    preset: str | None = None
    test: BenchmarkTest | None = None
    metric: str | None = None
    """Defaults to the test's headline metric (bandwidth for sequential tests, IOPS otherwise)."""


class TuningCampaignSpec(BaseModel):
    dataset: NonEmptyString
    presets: Annotated[list[NonEmptyString], Field(min_length=1, max_length=8)]
    """Presets to compare with the baseline (the box as it is when the campaign starts, always included)."""
    cache_disks: list[NonEmptyString] = []
    log_disks: list[NonEmptyString] = []
    acknowledge: list[NonEmptyString] = []
    """DANGEROUS settings of the presets, acknowledged by key or setting name."""
    benchmark: TuningCampaignBenchmark = TuningCampaignBenchmark()
    rounds: Annotated[int, Field(ge=1, le=10)] = 3
    allow_reboot: bool = False
    """Reboot the box when a configuration needs it; without it such presets are skipped (and say why)."""
    order: Literal['INTERLEAVED', 'SEQUENTIAL'] = 'INTERLEAVED'
    finish: TuningCampaignFinish = TuningCampaignFinish()
    label: Annotated[str, Field(max_length=120)] | None = None
    pool_wait_seconds: Annotated[int, Field(ge=0, le=86400)] = 600
    """After a reboot the campaign asked for, how long it waits for its pool to be back (imported, unlocked) before
    it stops."""
    client_session_id: RowId | None = None
    """Measure where it counts: every benchmark step runs on the client agent of this client session
    (`tuning_client.py agent`, over its share or LUN) instead of on the box, so the configurations are compared as
    that client sees them. The box still applies and reboots; the agent waits through the reboots."""
    client_session_ids: Annotated[list[RowId], Field(min_length=1, max_length=16)] | None = None
    """Several clients, one measurement: every benchmark step runs on the agents of these client sessions (1 to
    16, one per client) at once. The box holds the start: each agent reports ready, and when all are the box says
    go; a client not ready within `client_ready_seconds`, or one that fails, is named and the step fails (the
    others are told to stop, nothing of the step is kept). Each client's result is kept, and the step's result is
    their sum (throughput and IOPS) with the spread across clients (`context.aggregate`). Not with
    `client_session_id`."""
    client_mode: Literal['AGENTS', 'FIO_SERVERS'] = 'AGENTS'
    """With `client_session_ids`: `AGENTS`, the kits' agents behind the box's start barrier; `FIO_SERVERS`, fio's
    own distributed mode where the box can reach the clients: each runs `tuning_client.py fio-server`, and the box
    drives `fio --client=…` on all of them and stores fio's "All clients" sum."""
    client_ready_seconds: Annotated[int, Field(ge=10, le=3600)] = 600
    """With `client_session_ids`: how long the box waits, once a step is queued, for every agent to be ready."""
    client_wait_seconds: Annotated[int, Field(ge=60, le=86400)] = 3600
    """With `client_session_id`: how long a benchmark step waits for the agent's result before the campaign stops
    (and restores the original configuration)."""


class TuningCampaignEntry(BaseModel):
    id: int
    label: str
    created_at: str
    updated_at: str
    spec: dict
    state: Literal['RUNNING', 'REBOOTING', 'RESTORING', 'DONE', 'FAILED', 'ABORTED']
    phase: str
    cursor: int
    steps: list[dict]
    """`{round, configuration, benchmark_id, status: PENDING|DONE, note}` in the order they run; measured on a
    client agent also `client_step_id`, on several at once `client_step_ids` and `client_benchmark_ids` (each
    client's result; `benchmark_id` is then their sum)."""
    configurations: list[dict]
    """`{name, preset, skipped}`; `BASELINE` is the box as it was."""
    results: dict
    """Configuration name → id of its merged benchmark result (all rounds), once finished."""
    recommendation: list[dict] | None
    """Per test and metric `{test, metric, direction, winner, winner_words, ratio, ratio_ci_low, ratio_ci_high,
    p_adjusted, verdict, min_runs, summary}`; verdict BETTER (`winner` the preset), NO_WINNER (`winner` BASELINE: the
    baseline stays), or INSUFFICIENT_RUNS (too few runs for any verdict: `winner`, ratio, interval and p null).
    `winner_words` says the Winner in words as the report does ("Max IOPS", "baseline: no configuration is
    significantly better", "no winner: too few runs for a verdict (need 5 per configuration)"). Rows of a
    single-round campaign carry `single_round: true` and say so."""
    message: str | None
    job_id: int | None
    abort_requested: bool
    log: list[dict]
    progress: str
    """Where it is, in words ("round 2/3 · max-iops · benchmarking")."""
    single_round: bool = False
    """Its spec asks for one round: every configuration measured in one sitting, so its recommendation cannot be
    trusted beyond that run."""


class TuningCampaignRunArgs(BaseModel):
    spec: TuningCampaignSpec


class TuningCampaignRunResult(BaseModel):
    result: TuningCampaignEntry


class TuningCampaignQueryArgs(BaseModel):
    filters: QueryFilters = []
    options: QueryOptions = QueryOptions()


class TuningCampaignQueryResult(BaseModel):
    result: list[TuningCampaignEntry] | TuningCampaignEntry | int


class TuningCampaignAbortArgs(BaseModel):
    id: RowId


class TuningCampaignAbortResult(BaseModel):
    result: bool
