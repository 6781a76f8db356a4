// Mirrors middleware/tuning/campaign_models.py and report_models.py.
import { BenchmarkProfile, BenchmarkTest } from './tuning-benchmark';

export type CampaignState = 'RUNNING' | 'REBOOTING' | 'RESTORING' | 'DONE' | 'FAILED' | 'ABORTED';
export type CampaignOrder = 'INTERLEAVED' | 'SEQUENTIAL';
export type CampaignFinishMode = 'ORIGINAL' | 'PRESET' | 'WINNER';

export interface CampaignSpec {
  dataset: string;
  presets: string[];
  cache_disks?: string[];
  log_disks?: string[];
  acknowledge?: string[];
  benchmark: {
    tests: BenchmarkTest[];
    profile: BenchmarkProfile;
    runs?: number;
    runtime_seconds?: number;
    ramp_seconds?: number;
  };
  rounds?: number;
  allow_reboot: boolean;
  order: CampaignOrder;
  finish: { mode: CampaignFinishMode; preset?: string; test?: BenchmarkTest; metric?: string };
  label?: string;
  /** Every benchmark step runs on this client session's agent (`tuning_client.py agent`) instead of on the box. */
  client_session_id?: number | null;
  /** 60–86400 (default 3600): how long a step waits for the agent's result. */
  client_wait_seconds?: number;
}

export interface CampaignStep {
  round: number;
  configuration: string;
  benchmark_id: number | null;
  status: string;
  /** The step left for the client agent (campaigns with `client_session_id`). */
  client_step_id?: number;
  note: string | null;
}

export interface CampaignConfiguration {
  name: string;
  preset: string | null;
  skipped: string | null;
}

export interface CampaignRecommendation {
  test: BenchmarkTest;
  metric: string;
  direction: string;
  /** The winning preset (BETTER), `BASELINE` when nothing beat it (NO_WINNER), null without a verdict. */
  winner: string | null;
  /** The Winner in words, as the report says it: "Max IOPS", "baseline: no configuration is significantly better",
   * "no winner: too few runs for a verdict (need 5 per configuration)" (absent in events of older versions). */
  winner_words?: string;
  ratio: number | null;
  ratio_ci_low: number | null;
  ratio_ci_high: number | null;
  p_adjusted: number | null;
  /** INSUFFICIENT_RUNS: too few runs per configuration for any verdict (`min_runs` needed). */
  verdict: 'BETTER' | 'NO_WINNER' | 'INSUFFICIENT_RUNS';
  min_runs?: number | null;
  /** Set on every row of a single-round campaign. */
  single_round?: boolean;
  summary: string;
}

export interface Campaign {
  id: number;
  label: string;
  created_at: string;
  updated_at: string;
  spec: CampaignSpec;
  state: CampaignState;
  phase: string;
  cursor: number;
  steps: CampaignStep[];
  configurations: CampaignConfiguration[];
  results: Record<string, number>;
  recommendation: CampaignRecommendation[] | null;
  message: string | null;
  job_id: number | null;
  abort_requested: boolean;
  log: { at: string; message: string }[];
  progress: string;
  /** One round: its recommendation cannot be trusted beyond that run (absent in older events). */
  single_round?: boolean;
}

export const ACTIVE_CAMPAIGN_STATES: readonly CampaignState[] = ['RUNNING', 'REBOOTING', 'RESTORING'];

export type ReportFormat = 'HTML' | 'MARKDOWN' | 'CSV' | 'JSON';
export const REPORT_FORMATS: readonly ReportFormat[] = ['HTML', 'MARKDOWN', 'CSV', 'JSON'];

export type ReportSelection = { results: number[]; baseline?: number; title?: string } | { campaign: number };
