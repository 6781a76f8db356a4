// Mirrors middleware/tuning/benchmark_models.py. `summary`, `runs`, `context` and the compare result are plain dicts
// there; shared/benchmark-summary.ts reads them tolerantly.
export type BenchmarkTest = 'SEQ_WRITE' | 'SEQ_READ' | 'RAND_READ_4K' | 'RAND_WRITE_4K' | 'SYNC_WRITE_4K' | 'MIXED_70_30';
export type BenchmarkProfile = 'QUICK' | 'STANDARD' | 'THOROUGH';
export type ImportFormat = 'BONNIE' | 'GOBONNIEGO' | 'FIO';
export type BenchmarkSource = 'FIO' | 'BONNIE' | 'GOBONNIEGO' | 'FIO_IMPORT';

export const BENCHMARK_TESTS: BenchmarkTest[] = [
  'SEQ_WRITE', 'SEQ_READ', 'RAND_READ_4K', 'RAND_WRITE_4K', 'SYNC_WRITE_4K', 'MIXED_70_30',
];

export interface BenchmarkSpec {
  dataset: string;
  tests?: BenchmarkTest[];
  profile?: BenchmarkProfile;
  runs?: number;
  adaptive?: boolean;
  label?: string | null;
}

export interface BenchmarkResult {
  id: number;
  label: string;
  created_at: string;
  source: BenchmarkSource;
  spec: Record<string, unknown> | null;
  context: Record<string, unknown>;
  /** Per test and metric: median, CI of the median, mean, CV%, outliers, n. */
  summary: Record<string, unknown>;
  runs: Record<string, unknown>;
  jobs: string[];
  notes: string[];
}

export type BenchmarkComparison = Record<string, unknown>;
