// The API's shapes of middleware/tuning/benchmark_models.py, from the generated types (scripts/gen-api-types.py),
// and views of the dicts the plugin fills in (bench_run.py, benchmark.py, core/bench/comparison.py, statistics.py,
// catalog.py), which the models type as `dict`. The only real variation is measured vs imported results: an imported
// result has `spec: null`, `context: {imported}`, no fio job files and runs without `iodepth`.
import * as api from './generated/api-types.generated';
import { Narrowed, NoneOf } from './api-shapes';
import { SettingUnit, TuningDataLossSetting } from './tuning-common';
import { TuningProfile, TuningProfileNic, TuningProfilePool } from './tuning-profile';

export type BenchmarkTest = NonNullable<api.TuningBenchmarkSpec['tests']>[number];
/** Tests a stored result may hold: the measured ones plus bonnie++/gobonniego's random seeks. */
export type ResultTest = BenchmarkTest | 'RANDOM_IOPS';
export type BenchmarkProfile = NonNullable<api.TuningBenchmarkSpec['profile']>;
/** CLIENT_KIT: a client kit's `--output` file (docs/clients.md). */
export type ImportFormat = api.TuningApi['tuning.benchmark.import']['params'][0];
/** CLIENT: measured by the client kit over a share or LUN (its context adds `client`, `target`, `link`, `session`). */
export type BenchmarkSource = api.TuningBenchmarkEntry['source'];

export type Direction = 'HIGHER' | 'LOWER';
/** INSUFFICIENT_RUNS: too few runs on a side for any verdict (see `min_runs`); FROM_RAM: a read test the ARC answered
 *  from RAM on either side (unless the comparison was asked to judge it: `judge_from_ram`). Neither has an interval
 *  or a p; FROM_RAM keeps its ratio. */
export type Verdict = 'BETTER' | 'WORSE' | 'NO_CHANGE' | 'INCONCLUSIVE' | 'INSUFFICIENT_RUNS' | 'FROM_RAM';
/** How the box keeps caches out of one test (the space check's `need.method`, core/bench/cache_defeat.py). */
export type BoxCacheDefeatMethod = api.TuningBenchmarkSpaceNeed['method'];
/** How a stored result kept caches out of its figures (DEFEAT_WORDS there): the box's way, MIXED (a way per test),
 *  or the client kit's (core/client/result.py). The models type the result's context as a dict, so this is the panel's. */
export type CacheDefeatMethod = BoxCacheDefeatMethod | 'MIXED' | 'CLIENT_DIRECT_IO' | 'CLIENT_WORKING_SET';

const TESTS = [
  'SEQ_WRITE', 'SEQ_READ', 'RAND_READ_4K', 'RAND_WRITE_4K', 'SYNC_WRITE_4K', 'MIXED_70_30',
] as const satisfies readonly BenchmarkTest[];
/** Every test, in the order the forms offer them. */
export const BENCHMARK_TESTS: BenchmarkTest[] = [...TESTS];
export type EveryTestListed = NoneOf<Exclude<BenchmarkTest, (typeof TESTS)[number]>>;

/** `tuning.benchmark.run` argument; unset fields take the server's defaults (all tests, QUICK, 5 runs, adaptive). */
export type BenchmarkSpec = api.TuningBenchmarkSpec;

/** The spec as stored with a measured result: every field present, defaults filled in. */
export type StoredBenchmarkSpec = Required<BenchmarkSpec>;

/** `summarize(values)`: median with its distribution-free CI, mean, spread, outliers (indices into values). */
export interface MetricStats {
  n: number;
  values: number[];
  median: number;
  /** Null with fewer than 3 runs: they give no interval. */
  ci_low: number | null;
  ci_high: number | null;
  /** Coverage the order statistics achieve (0.75 with 3 runs, ≥ 0.95 from 6); null with no interval. */
  ci_confidence: number | null;
  mean: number;
  stdev: number | null;
  cv_percent: number | null;
  min: number;
  max: number;
  outliers: number[];
}

/** `summary[test][metric]`: `read_bw_bytes`, `write_iops`, `read_lat_p99_9_ns`, `iops` … */
export type BenchmarkSummary = Partial<Record<ResultTest, Record<string, MetricStats>>>;

export interface IodepthCheck {
  requested: number;
  achieved: number;
  ok: boolean;
  distribution: Record<string, number>;
}

export interface BenchmarkRun {
  run: number;
  metrics: Record<string, number>;
  bw_bytes: number | null;
  iops: number | null;
  lat_ns: { p50: number; p90: number; p99: number; p99_9: number } | null;
  /** Measured runs only: the queue depth fio achieved against the one asked for. */
  iodepth?: IodepthCheck;
}

export interface SettingSnapshotRow {
  kind: string;
  scope: string;
  setting: string;
  value: string | null;
  source: string | null;
  exists: boolean;
  /** The setting's name in words, its unit and whether 0 leaves it to OpenZFS, as on plan rows (absent from older
   *  plugins). */
  name?: string;
  unit?: SettingUnit | null;
  zero_is_default?: boolean;
}

export interface TheoreticalMax {
  bytes_per_second: number;
  basis: string;
}

/** Space check figures: ZFS pools and plain directories report different ones. */
export interface SpaceFigures {
  required_bytes: number;
  refquota_bytes: number;
  pool_size_bytes?: number;
  pool_used_bytes?: number;
  pool_free_bytes?: number;
  used_percent_after?: number;
  max_used_percent?: number;
  filesystem_size_bytes?: number;
  filesystem_free_bytes?: number;
  margin_bytes?: number;
  free_after_bytes?: number;
}

export interface BenchmarkPlanSummary {
  profile: BenchmarkProfile;
  runs: number;
  max_runs: number;
  adaptive: boolean;
  runtime_seconds: number;
  ramp_seconds: number;
  space: SpaceFigures;
  tests: BenchmarkTest[];
}

/** How much of a read test's blocks the box's ARC answered from RAM (core/bench/arc_reads.py), from its counters
 *  before and after each run. */
export interface ArcShare {
  asked_blocks: number;
  disk_blocks: number;
  /** 0..1; null when no file data went through the ARC (Direct I/O): every block came from the disks. */
  ram_share: number | null;
  /** Above 10 %: its figures are the ARC's, and verdicts and the bottleneck ladder leave it out unless asked. */
  from_ram: boolean;
}

/** What a measured result was measured under. */
export interface MeasuredContext {
  /** `name`: the preset's name when the result was measured (absent from results stored before names were kept);
   *  `changed`: how many settings its restore point changed, `pending_reboot`: the keys of those that still waited for
   *  a reboot (both absent from older results; shared/preset-words.ts says them). */
  preset: {
    id: string; name?: string; restore_point_id: number; target: Record<string, unknown>; changed?: number;
    pending_reboot?: string[];
  } | null;
  /** Every setting that waited for a reboot when it was measured, the preset's or an earlier one's. */
  pending_reboot: string[];
  drift: string[];
  target: { dataset: string; pool: string; mountpoint: string; filesystem: string };
  settings: SettingSnapshotRow[];
  /** The settings that can lose data on power loss in effect when it was measured (sync Disabled on its dataset, a
   * cache-flush switch on): [] none; absent or null: it does not tell (nothing recorded). */
  data_loss_settings?: TuningDataLossSetting[] | null;
  pool: TuningProfilePool | null;
  backend: string;
  platform: { name: string; version: string };
  openzfs_version: string | null;
  memory: TuningProfile['memory'];
  cpu: TuningProfile['cpu'];
  nics: TuningProfileNic[];
  theoretical_max: TheoreticalMax | null;
  cache_defeat: { method: CacheDefeatMethod; explanation: string };
  plan: BenchmarkPlanSummary;
  profile: TuningProfile;
  fio_version: string;
  /** Each test that read on a ZFS dataset (absent from older results and from results measured elsewhere). */
  arc?: Partial<Record<ResultTest, ArcShare>>;
}

export interface ImportedContext {
  imported: { format: ImportFormat; tool_version: string | null };
}

export type BenchmarkContext = MeasuredContext | ImportedContext;

export type BenchmarkResult = Narrowed<api.TuningBenchmarkEntry, {
  spec: StoredBenchmarkSpec | null;
  context: BenchmarkContext;
  summary: BenchmarkSummary;
  runs: Partial<Record<ResultTest, BenchmarkRun[]>>;
}>;

export function isImported(context: BenchmarkContext): context is ImportedContext {
  return 'imported' in context;
}

/** `progress.extra` while fio runs (the live rate of the current run). */
export interface BenchmarkProgressExtra {
  test: BenchmarkTest;
  run: number;
  runs: number;
  phase: 'ramp' | 'measure';
  mbps: number;
  iops: number;
}

/** One (test, metric) of one result against the baseline. */
export interface ComparisonRow {
  test: ResultTest;
  metric: string;
  direction: Direction;
  baseline: MetricStats;
  other: MetricStats;
  ratio: number | null;
  ratio_ci_low: number | null;
  ratio_ci_high: number | null;
  /** Null when the verdict is INSUFFICIENT_RUNS or FROM_RAM. */
  p_value: number | null;
  p_adjusted: number | null;
  verdict: Verdict;
  /** Runs per side this test needs before any verdict is possible. */
  min_runs?: number;
}

/** `tuning.benchmark.plan_estimate` argument: a benchmark's choices, or a campaign's with `rounds`. */
export type PlanEstimateSpec = api.TuningBenchmarkPlanEstimate;

/** What those choices take and can prove; `summary` is the sentence for the form. */
export type PlanEstimate = api.TuningBenchmarkPlanEstimateEntry;

export interface ComparedResult {
  id: number;
  label: string;
  source: BenchmarkSource;
}

export type CompareSeries = api.TuningBenchmarkCompareSeries;
export type CompareChange = api.TuningBenchmarkCompareChange;
export type CompareTileValue = api.TuningBenchmarkCompareTileValue;
export type CompareTile = api.TuningBenchmarkCompareTile;
export type ComparePoint = api.TuningBenchmarkComparePoint;
export type CompareChart = api.TuningBenchmarkCompareChart;
/** Where each mark of a chart goes at one width, laid out by the server (core/report/chart_layout.py). */
export type ChartLayout = api.TuningBenchmarkChartLayout;

/** `tuning.benchmark.compare`'s arguments: `[ids, baseline?, judge_from_ram?, chart_widths?]`. */
type CompareParams = api.TuningApi['tuning.benchmark.compare']['params'];
/** A panel width the server lays charts out at (chart_layout.py PANEL_WIDTHS; `chart_widths` takes a list of them). */
export type ChartWidth = NonNullable<Extract<CompareParams, { length: 4 }>[3]>[number];
const WIDTHS = [300, 340, 400, 460, 530, 610, 700, 800, 900] as const satisfies readonly ChartWidth[];
/** Every width the server lays charts out at, narrowest first (each about 15 % wider than the last). */
export const CHART_WIDTHS: readonly ChartWidth[] = WIDTHS;
export type EveryChartWidthListed = NoneOf<Exclude<ChartWidth, (typeof WIDTHS)[number]>>;

/** What the panel and the report draw, computed once by the server (core/report/chart_data.py), with where the
 *  panel draws each chart's marks at each width it may have (core/report/chart_layout.py). */
export type CompareDrawing = Pick<api.TuningBenchmarkCompareEntry, 'series' | 'tiles' | 'charts' | 'chart_layouts'>;

export type BenchmarkComparison = Narrowed<api.TuningBenchmarkCompareEntry, {
  baseline: ComparedResult;
  comparisons: (ComparedResult & { metrics: ComparisonRow[] })[];
  theoretical_max: TheoreticalMax | null;
}>;
