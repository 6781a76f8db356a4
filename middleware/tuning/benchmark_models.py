"""Models of ``tuning.benchmark.*``."""
from typing import Annotated, Literal

from pydantic import Field

from .common_models import RowId
from .framework import BaseModel, LongString, NonEmptyString, QueryFilters, QueryOptions

__all__ = [
    'TuningBenchmarkEntry', 'TuningBenchmarkRunArgs', 'TuningBenchmarkRunResult', 'TuningBenchmarkQueryArgs',
    'TuningBenchmarkQueryResult', 'TuningBenchmarkGetArgs', 'TuningBenchmarkGetResult', 'TuningBenchmarkDeleteArgs',
    'TuningBenchmarkDeleteResult', 'TuningBenchmarkCompareArgs', 'TuningBenchmarkCompareResult',
    'TuningBenchmarkImportArgs', 'TuningBenchmarkImportResult', 'TuningBenchmarkPlanEstimateArgs',
    'TuningBenchmarkPlanEstimateResult', 'TuningBenchmarkSpaceArgs', 'TuningBenchmarkSpaceResult',
]

BenchmarkTest = Literal['SEQ_WRITE', 'SEQ_READ', 'RAND_READ_4K', 'RAND_WRITE_4K', 'SYNC_WRITE_4K', 'MIXED_70_30']
# the panel widths a comparison's charts are laid out at (core.report.chart_layout.PANEL_WIDTHS; a test keeps them one)
ChartWidth = Literal[300, 340, 400, 460, 530, 610, 700, 800, 900]
ALL_TESTS = ['SEQ_WRITE', 'SEQ_READ', 'RAND_READ_4K', 'RAND_WRITE_4K', 'SYNC_WRITE_4K', 'MIXED_70_30']
# Bounds of one run's durations: THOROUGH measures 180 s after a 30 s warm-up; far longer is a typo that would hold
# the box (and its disks) for days.
MAX_RUNTIME_SECONDS = 3600
MAX_RAMP_SECONDS = 600


class TuningBenchmarkSpec(BaseModel):
    dataset: NonEmptyString
    """Dataset to measure; the benchmark writes only inside a scratch child of it, removed afterwards."""
    tests: Annotated[list[BenchmarkTest], Field(min_length=1)] = ALL_TESTS
    profile: Literal['QUICK', 'STANDARD', 'THOROUGH'] = 'QUICK'
    """QUICK ≈ 2 minutes for all tests on a small pool; STANDARD and THOROUGH run longer and repeat more."""
    runs: Annotated[int, Field(ge=1, le=30)] = 5
    """Runs per test; 5 is the fewest that can reach a verdict when compared (fewer compare as INSUFFICIENT_RUNS)."""
    adaptive: bool = True
    """Add runs (up to 2×, or 3× when noise keeps falling) while a metric's spread is high, like Phoronix."""
    label: Annotated[str, Field(max_length=120)] | None = None
    runtime_seconds: Annotated[int, Field(ge=1, le=MAX_RUNTIME_SECONDS)] | None = None
    """Expert override of the profile's measured seconds per run (at most an hour)."""
    ramp_seconds: Annotated[int, Field(ge=0, le=MAX_RAMP_SECONDS)] | None = None
    """Expert override of the profile's warm-up seconds per run (not measured; at most 10 minutes)."""
    working_set_bytes: Annotated[int, Field(ge=1024 * 1024)] | None = None
    """Expert override of the bytes each test reads and writes; never below what keeps the ARC out of the numbers."""


class TuningBenchmarkEntry(BaseModel):
    id: int
    label: str
    created_at: str
    source: Literal['FIO', 'BONNIE', 'GOBONNIEGO', 'FIO_IMPORT', 'CLIENT']
    spec: dict | None
    context: dict
    """Preset active at the time, settings snapshot, pool layout, platform, OpenZFS and fio versions, cache-defeat
    method."""
    summary: dict
    """Per test and metric: median, CI of the median (`ci_low`, `ci_high`, `ci_confidence`: null with fewer than 3
    runs, which give no interval), mean, CV%, outliers, n."""
    runs: dict
    """Per test: every run's metrics."""
    jobs: list[LongString]
    """The fio job files as run."""
    notes: list[LongString]
    campaign_id: int | None = None
    """The campaign that measured it (null for a result of its own): a history leaves campaign runs out with the
    query filter `["campaign_id", "=", null]`; they are under their campaign."""


class TuningBenchmarkRunArgs(BaseModel):
    spec: TuningBenchmarkSpec


class TuningBenchmarkRunResult(BaseModel):
    result: TuningBenchmarkEntry


class TuningBenchmarkQueryArgs(BaseModel):
    filters: QueryFilters = []
    options: QueryOptions = QueryOptions()


class TuningBenchmarkQueryResult(BaseModel):
    result: list[TuningBenchmarkEntry] | TuningBenchmarkEntry | int


class TuningBenchmarkGetArgs(BaseModel):
    id: RowId


class TuningBenchmarkGetResult(BaseModel):
    result: TuningBenchmarkEntry


class TuningBenchmarkDeleteArgs(BaseModel):
    id: RowId


class TuningBenchmarkDeleteResult(BaseModel):
    result: bool


class TuningBenchmarkCompareArgs(BaseModel):
    ids: Annotated[list[RowId], Field(min_length=2)]
    """Results to compare; the first is the baseline unless `baseline` names another."""
    baseline: RowId | None = None
    judge_from_ram: bool = False
    """Give verdicts on read tests the ARC answered from RAM too (more than 10 % of their blocks; a result's
    `context.arc`). Left out by default: their figures are the ARC's, not the disks', and their rows say FROM_RAM."""
    chart_widths: Annotated[list[ChartWidth], Field(min_length=1, max_length=9)] | None = None
    """The panel widths to lay the charts out at (`chart_layouts`); default: every one. A panel asks for the ones it
    can show: each costs the box time to build, check and send."""


class TuningBenchmarkCompareSeries(BaseModel):
    configuration_id: int
    label: str
    baseline: bool
    colour: str
    """The one colour scheme of panel and report (``core.report.chart_data.PALETTE``)."""


class TuningBenchmarkCompareChange(BaseModel):
    ratio: float | None
    verdict: str | None
    words: str
    """"+12.3 % · better", or "too few runs for a verdict (need 5 per side)" (then no percentage is shown)."""


class TuningBenchmarkCompareTileValue(BaseModel):
    configuration_id: int
    label: str
    colour: str
    baseline: bool
    median: float
    number: str
    """The big number of the tile: "1,235"."""
    unit_word: str
    text: str
    """Number and unit: "1,235 MB/s"."""
    latency: str | None
    """"latency p50 85.2 µs · p99 1.10 ms"."""
    change: TuningBenchmarkCompareChange | None
    """Against the baseline; null for the baseline itself and for what the baseline lacks."""


class TuningBenchmarkCompareTile(BaseModel):
    key: str
    test: str
    metric: str
    title: str
    """The test in words: "Sequential write 1 MiB"."""
    unit_word: str
    values: list[TuningBenchmarkCompareTileValue]


class TuningBenchmarkCompareTick(BaseModel):
    value: float
    label: str


class TuningBenchmarkCompareAxis(BaseModel):
    low: float
    high: float
    ticks: list[TuningBenchmarkCompareTick]


class TuningBenchmarkComparePoint(BaseModel):
    median: float
    ci_low: float | None
    ci_high: float | None
    text: str
    """The value printed on the mark: "1,235 MB/s"."""
    title: LongString
    """The mark's tooltip, with its interval."""
    plotted: bool
    """False where the value cannot sit on the axis (zero on a logarithmic axis)."""
    whisker: list[float] | None
    """The interval of the median to draw, [low, high], or null."""


class TuningBenchmarkCompareChartSeries(BaseModel):
    configuration_id: int
    label: str
    colour: str
    points: list[TuningBenchmarkComparePoint | None]
    """One per group; null where the result lacks the figure."""


class TuningBenchmarkCompareGroup(BaseModel):
    test: str
    metric: str
    label: str


class TuningBenchmarkCompareReference(BaseModel):
    value: float
    label: LongString
    text: str


class TuningBenchmarkCompareChart(BaseModel):
    id: str
    title: LongString
    kind: Literal['BAR', 'DOT']
    """BAR on a linear axis from 0; DOT on a logarithmic axis (no bars on a log axis)."""
    scale: Literal['LINEAR', 'LOG']
    unit: str
    axis_label: str
    axis: TuningBenchmarkCompareAxis
    groups: list[TuningBenchmarkCompareGroup]
    series: list[TuningBenchmarkCompareChartSeries]
    reference: TuningBenchmarkCompareReference | None
    """The theoretical maximum (network or disks), on the sequential chart."""
    description: LongString
    """The chart in words: its accessible name."""


class TuningBenchmarkChartTickLayout(BaseModel):
    x: float
    label: str | None
    """Null where the label would touch its neighbour's (the grid line stays)."""


class TuningBenchmarkChartWhiskerLayout(BaseModel):
    x1: float
    x2: float


class TuningBenchmarkChartRowLayout(BaseModel):
    """One result in one group, in the chart's series order."""
    label_lines: list[str]
    """The result's whole name: one line beside the mark, or lines above it (`line_height` apart)."""
    label_x: float
    label_anchor: Literal['start', 'end']
    label_y: float
    y: float
    """The mark's vertical centre."""
    bar_to: float | None
    """A bar runs from `x0` to here; null for a dot or nothing drawn."""
    dot_x: float | None
    """A dot's centre; null for a bar or nothing drawn."""
    whisker: TuningBenchmarkChartWhiskerLayout | None
    value_x: float
    value: str
    """The value printed after the mark: "480 MB/s", "not measured", "0 IOPS (not on the axis)"."""


class TuningBenchmarkChartGroupLayout(BaseModel):
    label: str
    y: float
    rows: list[TuningBenchmarkChartRowLayout]


class TuningBenchmarkChartReferenceLayout(BaseModel):
    x: float
    y1: float
    y2: float
    label_y: float
    anchor: Literal['start', 'end']
    label: LongString


class TuningBenchmarkChartLayout(BaseModel):
    """Where each mark of a chart goes at `width` px (``core.report.chart_layout``, the report's layout too)."""
    width: int
    height: float
    x0: float
    x1: float
    plot_top: float
    plot_bottom: float
    ticks: list[TuningBenchmarkChartTickLayout]
    tick_y: float
    axis_label: str
    axis_label_x: float
    axis_label_y: float
    line_height: float
    groups: list[TuningBenchmarkChartGroupLayout]
    reference: TuningBenchmarkChartReferenceLayout | None
    """The network line: only beside results a client measured over the network (a figure measured on the box, or on
    a client's own disk, never crossed the link)."""
    bar: bool


class TuningBenchmarkCompareEntry(BaseModel):
    baseline: dict
    comparisons: list[dict]
    """`[{id, label, source, metrics: [row]}]`; a row is `{test, metric, direction, baseline, other, ratio,
    ratio_ci_low, ratio_ci_high, p_value, p_adjusted, verdict, min_runs}`. `verdict` is BETTER, WORSE, NO_CHANGE,
    INCONCLUSIVE, INSUFFICIENT_RUNS or FROM_RAM: with fewer runs on a side than `min_runs` no verdict is possible,
    and `ratio_ci_low`, `ratio_ci_high`, `p_value`, `p_adjusted` are null; the same for FROM_RAM, a read test the ARC
    answered from RAM on either side (unless `judge_from_ram`)."""
    theoretical_max: dict | None
    warnings: list[LongString]
    series: list[TuningBenchmarkCompareSeries]
    """Baseline first, with the colour every chart and tile uses for it."""
    tiles: list[TuningBenchmarkCompareTile]
    """A CrystalDiskMark-style grid: per test and headline metric, each result's median in words."""
    charts: list[TuningBenchmarkCompareChart]
    """What the panel and the report draw, computed once here."""
    chart_layouts: dict[str, list[TuningBenchmarkChartLayout]]
    """Per chart id, the chart laid out at each width the panel may have (300 to 900 px, about 15 % apart), or at
    the `chart_widths` asked for, narrowest first: the panel draws the widest that fits, unscaled, so its 12 px text
    stays 12 px on a phone."""


class TuningBenchmarkCompareResult(BaseModel):
    result: TuningBenchmarkCompareEntry


class TuningBenchmarkImportArgs(BaseModel):
    format: Literal['BONNIE', 'GOBONNIEGO', 'FIO', 'CLIENT_KIT']
    data: Annotated[str, Field(min_length=1, max_length=20_000_000)]
    """The file's text: bonnie++ report or CSV, gobonniego JSON, fio JSON output, or a client kit's `--output`
    file (CLIENT_KIT: checked as a posted client result, for the session it names)."""
    label: NonEmptyString


class TuningBenchmarkImportResult(BaseModel):
    result: TuningBenchmarkEntry


class TuningBenchmarkPlanEstimate(BaseModel):
    tests: Annotated[list[BenchmarkTest], Field(min_length=1)] = ALL_TESTS
    profile: Literal['QUICK', 'STANDARD', 'THOROUGH'] = 'QUICK'
    runs: Annotated[int, Field(ge=1, le=30)] = 5
    """Runs per test (for a campaign: per configuration per round)."""
    runtime_seconds: Annotated[int, Field(ge=1, le=MAX_RUNTIME_SECONDS)] | None = None
    ramp_seconds: Annotated[int, Field(ge=0, le=MAX_RAMP_SECONDS)] | None = None
    adaptive: bool = False
    """A benchmark's adaptive runs: the estimate adds the longest it may take."""
    rounds: Annotated[int, Field(ge=1, le=10)] | None = None
    """Set for a campaign: its rounds (runs per configuration = runs × rounds)."""
    configurations: Annotated[int, Field(ge=1, le=9)] = 1
    """For a campaign: configurations measured each round, the baseline included (presets + 1)."""
    cv_percent: Annotated[float, Field(ge=0, le=100)] | None = None
    """Run-to-run variation to assume, in % (default 5 %, typical of fio on a quiet pool)."""


class TuningBenchmarkPlanEstimateArgs(BaseModel):
    estimate: TuningBenchmarkPlanEstimate = TuningBenchmarkPlanEstimate()


class TuningBenchmarkPlanEstimateEntry(BaseModel):
    duration_seconds: int
    """fio's measuring and warm-up seconds (start-up and file layout add a little)."""
    duration_max_seconds: int
    """With adaptive runs, the longest it may take."""
    runs_per_side: int
    """Runs each compared result (or campaign configuration) will have."""
    min_runs: int
    """The fewest runs per side for which the exact Mann–Whitney test, Holm-adjusted over a test's metrics, can
    reach p < 0.05 at all."""
    can_reach_verdict: bool
    detectable_change_percent: float | None
    """About the smallest change found with 80 % power at `assumed_cv_percent`; null when no verdict is possible."""
    assumed_cv_percent: float
    single_round: bool
    summary: str
    """In words: "5 runs × 3 tests × 70 s (60 s + 10 s warm-up) ≈ 18 min; can detect a change of about 10 % at this
    noise (5 % run-to-run variation)"."""


class TuningBenchmarkPlanEstimateResult(BaseModel):
    result: TuningBenchmarkPlanEstimateEntry


class TuningBenchmarkSpaceChoice(BaseModel):
    tests: Annotated[list[BenchmarkTest], Field(min_length=1)]
    profile: Literal['QUICK', 'STANDARD', 'THOROUGH'] = 'QUICK'
    working_set_bytes: Annotated[int, Field(ge=1024 * 1024)] | None = None


class TuningBenchmarkSpaceArgs(BaseModel):
    dataset: NonEmptyString
    benchmark: TuningBenchmarkSpaceChoice | None = None
    """The tests, profile and working set a run would have: the answer then says what it would take (`need`)."""


class TuningBenchmarkSpaceNeed(BaseModel):
    working_set_bytes: int
    """The largest test's working set (tests run one after another, each removing its files)."""
    refquota_bytes: int
    """The most the run's files take (working set + 10 %), what the 80 % rule counts; the scratch dataset's quota is
    the room that rule leaves, above it."""
    method: Literal['DIRECT_IO', 'ARC_METADATA_ONLY', 'WORKING_SET', 'O_DIRECT']
    """How that test keeps caches out: ZFS Direct I/O past the ARC (a modest set), an ARC that keeps only metadata of
    the scratch dataset (random reads; a modest set), a set of twice the ARC's maximum, or O_DIRECT past the page
    cache off ZFS."""
    arc_max_bytes: int | None
    """The ARC's maximum the set is twice of (on ZFS)."""


class TuningBenchmarkSpaceEntry(BaseModel):
    on_zfs: bool
    """Whether the dataset is on ZFS (a scratch child dataset) or a plain directory (the sandbox's stand-in)."""
    free_bytes: int
    """What the dataset may still take now, as the space check reads it: on ZFS its available bytes (quotas and
    parity excluded), elsewhere the filesystem's free bytes."""
    room_bytes: int
    """The largest scratch quota (working set + 10 %) the space check lets through: on ZFS the pool stays at most
    80 % used; elsewhere a margin stays free."""
    need: TuningBenchmarkSpaceNeed | None = None
    """With `benchmark`: what that run would take; null without it, or for a working set the run would refuse."""


class TuningBenchmarkSpaceResult(BaseModel):
    result: TuningBenchmarkSpaceEntry
