// Provisional mirror of middleware/tuning/benchmark_models.py (issue 3); align when that module lands.
export type BenchmarkTest = 'SEQ_WRITE' | 'SEQ_READ' | 'RAND_READ_4K' | 'RAND_WRITE_4K' | 'SYNC_WRITE_4K' | 'MIXED_70_30';
export type BenchmarkProfile = 'QUICK' | 'STANDARD' | 'THOROUGH';
export type ImportFormat = 'BONNIE' | 'GOBONNIEGO' | 'FIO';
export type Verdict = 'BETTER' | 'WORSE' | 'NO_CHANGE';

export const BENCHMARK_TESTS: BenchmarkTest[] = [
  'SEQ_WRITE', 'SEQ_READ', 'RAND_READ_4K', 'RAND_WRITE_4K', 'SYNC_WRITE_4K', 'MIXED_70_30',
];

export interface BenchmarkSpec {
  dataset: string;
  tests: BenchmarkTest[];
  profile: BenchmarkProfile;
  runs: number;
}

/** Summary statistics of one metric over the repeated runs. */
export interface MetricSummary {
  median: number;
  ci_low: number | null;
  ci_high: number | null;
  mean?: number | null;
  cv_percent?: number | null;
  unit: string;
  values?: number[];
}

/** One test in a result: throughput/IOPS and latency percentiles (nanoseconds). */
export interface BenchmarkTestResult {
  test: string;
  bandwidth_mbps?: MetricSummary | null;
  iops?: MetricSummary | null;
  latency_ns?: Record<string, MetricSummary | number> | null;
}

export interface BenchmarkResult {
  id: number;
  label: string | null;
  created_at: string;
  source: string;
  spec: Partial<BenchmarkSpec> | null;
  state?: string;
  context: {
    preset?: string | null;
    settings?: { key?: string; setting: string; value: string | null }[];
    pool_layout?: string | null;
    platform?: string | null;
    openzfs_version?: string | null;
    fio_version?: string | null;
    cache_defeat?: string | null;
  } | null;
  tests: BenchmarkTestResult[];
  theoretical_max_mbps?: number | null;
}

export interface BenchmarkMetricComparison {
  test: string;
  metric: string;
  unit: string;
  baseline: number;
  candidate: number;
  ratio: number;
  ratio_ci_low: number | null;
  ratio_ci_high: number | null;
  p_value: number | null;
  verdict: Verdict;
}

export interface BenchmarkComparison {
  baseline: number;
  candidates: { id: number; metrics: BenchmarkMetricComparison[] }[];
}
