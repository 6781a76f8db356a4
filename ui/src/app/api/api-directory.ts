// Typed directories of what the panel may call: method name → params tuple and response.
import { LoginRequest, LoginResponse, QueryParams, RebootInfo } from './models/auth';
import { Loose, NoneOf } from './models/api-shapes';
import { TuningApi } from './models/generated/api-types.generated';
import { Job } from './models/job';
import { BenchmarkComparison, BenchmarkResult } from './models/tuning-benchmark';
import { Campaign, ReportFormat, ReportSelection } from './models/tuning-campaign';
import { TuningPlan } from './models/tuning-common';
import { TuningState } from './models/tuning-profile';

// The `tuning.*` methods take what the generated types say (scripts/gen-api-types.py, from the plugin's models) and
// answer with them, or with a view model narrowing what the models leave a `dict` (checked below).
type TuningMethod = keyof TuningApi;
type Params<M extends TuningMethod> = TuningApi[M]['params'];
type Result<M extends TuningMethod> = TuningApi[M]['result'];
/** A query's rows: its answer without `get` or `count` in the options. */
type Rows<M extends TuningMethod> = Extract<Result<M>, unknown[]>;

export interface ApiCallDirectory {
  'auth.login_ex': { params: [LoginRequest]; response: LoginResponse };
  'auth.generate_token': {
    params: [ttl?: number, attrs?: Record<string, unknown>, matchOrigin?: boolean, singleUse?: boolean];
    response: string;
  };
  'auth.me': { params: []; response: { pw_name: string } & Record<string, unknown> };
  'auth.logout': { params: []; response: boolean };
  'core.ping': { params: []; response: string };
  'core.set_options': { params: [{ legacy_jobs?: boolean; private_methods?: boolean }]; response: null };
  'core.subscribe': { params: [name: string]; response: string };
  'core.unsubscribe': { params: [id: string]; response: null };
  'core.get_jobs': { params: QueryParams; response: Job[] };
  'core.job_abort': { params: [id: number]; response: null };
  'system.reboot.info': { params: []; response: RebootInfo };
  /** A job's output as a one-time URL: `[job id, relative URL]`; the URL is fetched once. */
  'core.download': {
    params: [method: 'tuning.report.generate', args: [ReportSelection, ReportFormat], filename: string, buffered: boolean];
    response: [number, string];
  };

  'tuning.profile': { params: Params<'tuning.profile'>; response: Result<'tuning.profile'> };
  'tuning.state': { params: Params<'tuning.state'>; response: Result<'tuning.state'> };
  'tuning.preset.query': { params: Params<'tuning.preset.query'>; response: Rows<'tuning.preset.query'> };
  'tuning.preset.create': { params: Params<'tuning.preset.create'>; response: Result<'tuning.preset.create'> };
  'tuning.preset.update': { params: Params<'tuning.preset.update'>; response: Result<'tuning.preset.update'> };
  'tuning.preset.delete': { params: Params<'tuning.preset.delete'>; response: Result<'tuning.preset.delete'> };
  'tuning.preset.preview': { params: Params<'tuning.preset.preview'>; response: TuningPlan };
  'tuning.preset.settings': { params: Params<'tuning.preset.settings'>; response: Result<'tuning.preset.settings'> };
  'tuning.restore_point.query': {
    params: Params<'tuning.restore_point.query'>;
    response: Rows<'tuning.restore_point.query'>;
  };
  'tuning.restore_point.preview': { params: Params<'tuning.restore_point.preview'>; response: TuningPlan };
  /** The one-row plan of putting back the tuned value of a drifted (or accepted) setting. */
  'tuning.drift.preview': { params: Params<'tuning.drift.preview'>; response: TuningPlan };
  'tuning.benchmark.query': { params: Params<'tuning.benchmark.query'>; response: BenchmarkResult[] };
  'tuning.benchmark.get': { params: Params<'tuning.benchmark.get'>; response: BenchmarkResult };
  'tuning.benchmark.delete': { params: Params<'tuning.benchmark.delete'>; response: Result<'tuning.benchmark.delete'> };
  'tuning.benchmark.compare': { params: Params<'tuning.benchmark.compare'>; response: BenchmarkComparison };
  'tuning.benchmark.plan_estimate': {
    params: Params<'tuning.benchmark.plan_estimate'>;
    response: Result<'tuning.benchmark.plan_estimate'>;
  };
  /** What a benchmark of a dataset has room for now, as its space check reads it. */
  'tuning.benchmark.space': { params: Params<'tuning.benchmark.space'>; response: Result<'tuning.benchmark.space'> };
  'tuning.benchmark.import': { params: Params<'tuning.benchmark.import'>; response: BenchmarkResult };
  'tuning.campaign.query': { params: Params<'tuning.campaign.query'>; response: Campaign[] };
  'tuning.campaign.abort': { params: Params<'tuning.campaign.abort'>; response: Result<'tuning.campaign.abort'> };
  'tuning.network.query': { params: Params<'tuning.network.query'>; response: Rows<'tuning.network.query'> };
  'tuning.network.get': { params: Params<'tuning.network.get'>; response: Result<'tuning.network.get'> };
  'tuning.network.delete': { params: Params<'tuning.network.delete'>; response: Result<'tuning.network.delete'> };
  /** The answer carries the session's token: the only time it is shown. */
  'tuning.client.session.create': {
    params: Params<'tuning.client.session.create'>;
    response: Result<'tuning.client.session.create'>;
  };
  'tuning.client.session.query': {
    params: Params<'tuning.client.session.query'>;
    response: Rows<'tuning.client.session.query'>;
  };
  'tuning.client.session.get': {
    params: Params<'tuning.client.session.get'>;
    response: Result<'tuning.client.session.get'>;
  };
  'tuning.client.session.revoke': {
    params: Params<'tuning.client.session.revoke'>;
    response: Result<'tuning.client.session.revoke'>;
  };
  'tuning.client.kit': { params: Params<'tuning.client.kit'>; response: Result<'tuning.client.kit'> };
  'tuning.ladder.get': { params: Params<'tuning.ladder.get'>; response: Result<'tuning.ladder.get'> };
  'tuning.advice.layout': { params: Params<'tuning.advice.layout'>; response: Result<'tuning.advice.layout'> };
}

export interface ApiJobDirectory {
  'tuning.preset.apply': { params: Params<'tuning.preset.apply'>; response: Result<'tuning.preset.apply'> };
  'tuning.restore_point.revert': {
    params: Params<'tuning.restore_point.revert'>;
    response: Result<'tuning.restore_point.revert'>;
  };
  'tuning.drift.put_back': { params: Params<'tuning.drift.put_back'>; response: Result<'tuning.drift.put_back'> };
  'tuning.drift.accept': { params: Params<'tuning.drift.accept'>; response: Result<'tuning.drift.accept'> };
  'tuning.benchmark.run': { params: Params<'tuning.benchmark.run'>; response: BenchmarkResult };
  'tuning.campaign.run': { params: Params<'tuning.campaign.run'>; response: Campaign };
  'tuning.network.measure': { params: Params<'tuning.network.measure'>; response: Result<'tuning.network.measure'> };
  'tuning.ladder.read_disks': {
    params: Params<'tuning.ladder.read_disks'>;
    response: Result<'tuning.ladder.read_disks'>;
  };
  'tuning.advice.recordsize': {
    params: Params<'tuning.advice.recordsize'>;
    response: Result<'tuning.advice.recordsize'>;
  };
  'tuning.advice.slog': { params: Params<'tuning.advice.slog'>; response: Result<'tuning.advice.slog'> };
  'system.reboot': { params: [reason: string, options?: { delay?: number | null }]; response: null };
}

export interface ApiEventDirectory {
  'tuning.state': TuningState;
  'system.reboot.info': RebootInfo;
  'core.get_jobs': Job;
  'tuning.campaign.query': Campaign;
}

// A model change the panel does not follow fails to compile here, naming the method: every `tuning.*` entry must be
// a method of the generated types, called the way it is (a plain call or a job), answering with its result or a
// narrowing of it.
type Unfit<D, Job extends boolean> = {
  [M in keyof D]: M extends TuningMethod
    ? D[M] extends { response: infer R }
      ? [R] extends [Loose<Result<M>>] ? (TuningApi[M]['job'] extends Job ? never : M) : M
      : M
    : M extends `tuning.${string}` ? M : never;
}[keyof D];
export type DirectoriesFit = NoneOf<Unfit<ApiCallDirectory, false> | Unfit<ApiJobDirectory, true>>;
export type DownloadFits = NoneOf<
  ApiCallDirectory['core.download']['params'][1] extends Params<'tuning.report.generate'> ? never : 'core.download'>;

export type ApiCallMethod = keyof ApiCallDirectory;
export type ApiCallParams<M extends ApiCallMethod> = ApiCallDirectory[M]['params'];
export type ApiCallResponse<M extends ApiCallMethod> = ApiCallDirectory[M]['response'];
export type ApiJobMethod = keyof ApiJobDirectory;
export type ApiJobParams<M extends ApiJobMethod> = ApiJobDirectory[M]['params'];
export type ApiJobResponse<M extends ApiJobMethod> = ApiJobDirectory[M]['response'];
export type ApiEventName = keyof ApiEventDirectory;

/** One `collection_update` notification, typed by collection. */
export interface ApiEvent<K extends ApiEventName> {
  msg: 'added' | 'changed' | 'removed';
  collection: K;
  id?: unknown;
  fields: ApiEventDirectory[K];
}
