// The API's shapes of middleware/tuning/campaign_models.py and report_models.py, from the generated types
// (scripts/gen-api-types.py), and views of the dicts a campaign fills in, which the models type as `dict`.
import * as api from './generated/api-types.generated';
import { Narrowed, NoneOf, ParamAt } from './api-shapes';
import { BenchmarkTest } from './tuning-benchmark';

export type CampaignState = api.TuningCampaignEntry['state'];
export type CampaignOrder = NonNullable<api.TuningCampaignSpec['order']>;
export type CampaignFinishMode = NonNullable<api.TuningCampaignFinish['mode']>;

/** `tuning.campaign.run`'s argument; unset fields take the server's defaults. */
export type CampaignSpec = api.TuningCampaignSpec;

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

export type Campaign = Narrowed<api.TuningCampaignEntry, {
  spec: CampaignSpec;
  steps: CampaignStep[];
  configurations: CampaignConfiguration[];
  results: Record<string, number>;
  recommendation: CampaignRecommendation[] | null;
  log: { at: string; message: string }[];
}>;

export const ACTIVE_CAMPAIGN_STATES: readonly CampaignState[] = ['RUNNING', 'REBOOTING', 'RESTORING'];

export type ReportFormat = NonNullable<ParamAt<api.TuningApi['tuning.report.generate']['params'], 1>>;
export const REPORT_FORMATS = ['HTML', 'MARKDOWN', 'CSV', 'JSON'] as const satisfies readonly ReportFormat[];
export type EveryFormatListed = NoneOf<Exclude<ReportFormat, (typeof REPORT_FORMATS)[number]>>;

/** Results against a baseline, or a finished campaign (the model takes either in one object). */
export type ReportSelection =
  | (Pick<api.TuningReportSelection, 'baseline' | 'title' | 'judge_from_ram'>
    & Required<Pick<api.TuningReportSelection, 'results'>>)
  | { campaign: NonNullable<api.TuningReportSelection['campaign']> };
