// Typed directories of what the panel may call: method name → params tuple and response.
import { LoginRequest, LoginResponse, QueryParams, RebootInfo } from './models/auth';
import { Job } from './models/job';
import {
  BenchmarkComparison, BenchmarkResult, BenchmarkSpec, ImportFormat, PlanEstimate, PlanEstimateSpec,
} from './models/tuning-benchmark';
import { Campaign, CampaignSpec, ReportFormat, ReportSelection } from './models/tuning-campaign';
import { ClientKit, ClientSession, ClientSessionCreateOptions, ClientSessionCreated } from './models/tuning-client';
import { DiskRead, Ladder, LadderGetOptions, LadderReadDisksOptions } from './models/tuning-ladder';
import { NetworkMeasureOptions, NetworkResult } from './models/tuning-network';
import { TuningApplyOutcome, TuningPlan, TuningTarget } from './models/tuning-common';
import {
  TuningPreset, TuningPresetApplyOptions, TuningPresetCreate, TuningPresetSettingInfo, TuningPresetSettingsTarget,
  TuningPresetUpdate, TuningRestorePoint,
} from './models/tuning-preset';
import { TuningProfile, TuningState, TuningStateAccepted } from './models/tuning-profile';

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

  'tuning.profile': { params: []; response: TuningProfile };
  'tuning.state': { params: []; response: TuningState };
  'tuning.preset.query': { params: QueryParams; response: TuningPreset[] };
  'tuning.preset.create': { params: [TuningPresetCreate]; response: TuningPreset };
  'tuning.preset.update': { params: [id: string, data: TuningPresetUpdate]; response: TuningPreset };
  'tuning.preset.delete': { params: [id: string]; response: boolean };
  'tuning.preset.preview': { params: [id: string, target: TuningTarget]; response: TuningPlan };
  'tuning.preset.settings': { params: [target?: TuningPresetSettingsTarget | null]; response: TuningPresetSettingInfo[] };
  'tuning.restore_point.query': { params: QueryParams; response: TuningRestorePoint[] };
  'tuning.restore_point.preview': { params: [id: number]; response: TuningPlan };
  /** The one-row plan of putting back the tuned value of a drifted (or accepted) setting. */
  'tuning.drift.preview': { params: [key: string]; response: TuningPlan };
  'tuning.benchmark.query': { params: QueryParams; response: BenchmarkResult[] };
  'tuning.benchmark.get': { params: [id: number]; response: BenchmarkResult };
  'tuning.benchmark.delete': { params: [id: number]; response: boolean };
  'tuning.benchmark.compare': { params: [ids: number[], baseline?: number]; response: BenchmarkComparison };
  'tuning.benchmark.plan_estimate': { params: [estimate?: PlanEstimateSpec]; response: PlanEstimate };
  'tuning.benchmark.import': {
    params: [format: ImportFormat, data: string, label: string];
    response: BenchmarkResult;
  };
  'tuning.campaign.query': { params: QueryParams; response: Campaign[] };
  'tuning.campaign.abort': { params: [id: number]; response: boolean };
  'tuning.network.query': { params: QueryParams; response: NetworkResult[] };
  'tuning.network.get': { params: [id: number]; response: NetworkResult };
  'tuning.network.delete': { params: [id: number]; response: boolean };
  /** The answer carries the session's token: the only time it is shown. */
  'tuning.client.session.create': { params: [options: ClientSessionCreateOptions]; response: ClientSessionCreated };
  'tuning.client.session.query': { params: QueryParams; response: ClientSession[] };
  'tuning.client.session.get': { params: [id: number]; response: ClientSession };
  'tuning.client.session.revoke': { params: [id: number]; response: ClientSession };
  'tuning.client.kit': { params: []; response: ClientKit };
  'tuning.ladder.get': { params: [options: LadderGetOptions]; response: Ladder };
}

export interface ApiJobDirectory {
  'tuning.preset.apply': {
    params: [id: string, target: TuningTarget, options?: TuningPresetApplyOptions];
    response: TuningApplyOutcome;
  };
  'tuning.restore_point.revert': { params: [id: number, acknowledge?: string[]]; response: TuningApplyOutcome };
  'tuning.drift.put_back': { params: [key: string, acknowledge?: string[]]; response: TuningApplyOutcome };
  'tuning.drift.accept': { params: [key: string]; response: TuningStateAccepted };
  'tuning.benchmark.run': { params: [spec: BenchmarkSpec]; response: BenchmarkResult };
  'tuning.campaign.run': { params: [spec: CampaignSpec]; response: Campaign };
  'tuning.network.measure': { params: [options: NetworkMeasureOptions]; response: NetworkResult };
  'tuning.ladder.read_disks': { params: [options: LadderReadDisksOptions]; response: DiskRead };
  'system.reboot': { params: [reason: string, options?: { delay?: number | null }]; response: null };
}

export interface ApiEventDirectory {
  'tuning.state': TuningState;
  'system.reboot.info': RebootInfo;
  'core.get_jobs': Job;
  'tuning.campaign.query': Campaign;
}

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
