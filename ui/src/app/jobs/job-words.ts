import { Job, JobState } from '../api/models/job';
import { ROLE, Role } from '../auth/roles';
import { T } from '../i18n/translate-marker';
import { formatDateTime } from '../shared/format';

/** Each job the panel can meet, in words (the jobs panel never shows a method name). */
export const JOB_WORDS: Record<string, string> = {
  'tuning.preset.apply': T('Applying a preset'),
  'tuning.restore_point.revert': T('Reverting a restore point'),
  'tuning.drift.put_back': T('Putting back a tuned value'),
  'tuning.drift.accept': T('Keeping the box\'s value'),
  'tuning.benchmark.run': T('Benchmark'),
  'tuning.campaign.run': T('Campaign'),
  'tuning.campaign.resume': T('Campaign (after the reboot)'),
  'tuning.network.measure': T('Measuring the network ceiling'),
  'tuning.ladder.read_disks': T('Reading the disks'),
  'tuning.advice.recordsize': T('Looking at a dataset\'s files'),
  'tuning.advice.slog': T('Measuring what a log device could gain'),
  'tuning.report.generate': T('Report'),
  'tuning.database.export': T('Exporting the tuning database'),
  'tuning.database.import': T('Importing a tuning database'),
  'system.reboot': T('Reboot'),
  'pool.create': T('Creating a pool'),
  'pool.update': T('Changing a pool'),
  'tunable.create': T('Adding a tunable'),
  'tunable.update': T('Changing a tunable'),
  'tunable.delete': T('Removing a tunable'),
};

/**
 * Steps the plugin runs through TrueNAS's own jobs (a tunable written for an apply, a revert or a campaign): their
 * work shows in the job that started them, so the panel folds them away.
 */
const INTERNAL_METHODS = new Set(['tunable.create', 'tunable.update', 'tunable.delete']);

export function isInternalJob(job: Pick<Job, 'method'>): boolean {
  return INTERNAL_METHODS.has(job.method);
}

export const JOB_STATE_WORDS: Record<JobState, string> = {
  WAITING: T('Waiting'),
  RUNNING: T('Running'),
  SUCCESS: T('Finished'),
  FAILED: T('Failed'),
  ABORTED: T('Aborted'),
};

export function jobWords(job: Pick<Job, 'method'>): string {
  return JOB_WORDS[job.method] ?? T('Task on the box');
}

const REPORT_FORMAT_WORDS: Record<string, string> = { HTML: 'HTML', MARKDOWN: 'Markdown', CSV: 'CSV', JSON: 'JSON' };

/**
 * Which one of several jobs of a kind this is, in words, where the method alone cannot tell them apart: a report by
 * its title, or what it is of ('Report of 3 results, HTML'). Null for the other jobs.
 */
export function jobDetail(job: Pick<Job, 'method' | 'arguments'>): JobEnd | null {
  if (job.method !== 'tuning.report.generate') {
    return null;
  }
  const [selection, format] = job.arguments as [{ results?: number[]; campaign?: number | null; title?: string | null } | undefined, string | undefined];
  const as = REPORT_FORMAT_WORDS[format ?? 'HTML'] ?? format ?? 'HTML';
  if (selection?.title) {
    return { key: T('“{title}”, {format}'), params: { title: selection.title, format: as } };
  }
  if (selection?.campaign != null) {
    return { key: T('Of campaign #{id}, {format}'), params: { id: String(selection.campaign), format: as } };
  }
  const n = selection?.results?.length ?? 0;
  return n === 1 ? { key: T('Of one result, {format}'), params: { format: as } }
    : { key: T('Of {n} results, {format}'), params: { n: String(n), format: as } };
}

export interface JobEnd {
  key: string;
  params?: Record<string, string>;
}

/**
 * How a job that did not finish ended, in words for a person: the box's reason when it gave one, else what happened
 * ('Benchmark stopped'); never the method's name. Null for a finished job or one still running.
 */
export function jobEndWords(job: Pick<Job, 'method' | 'state' | 'error'>): JobEnd | null {
  if (job.state === 'ABORTED') {
    return { key: T('{job} stopped'), params: { job: jobWords(job) } };
  }
  if (job.state === 'FAILED') {
    return job.error ? { key: job.error } : { key: T('{job} failed'), params: { job: jobWords(job) } };
  }
  return null;
}

/** A job time as `core.get_jobs` sends it (`{"$date": ms}`, or an ISO text) in milliseconds; null if none. */
export function jobMillis(value: unknown): number | null {
  const raw = value && typeof value === 'object' && '$date' in value ? Number((value as { $date: unknown }).$date) : value;
  const ms = typeof raw === 'number' ? raw : typeof raw === 'string' ? Date.parse(raw) : NaN;
  return Number.isFinite(ms) ? ms : null;
}

/** A job time as `core.get_jobs` sends it (`{"$date": ms}`, or an ISO text) in the browser's locale; '' if none. */
export function jobTime(value: unknown, locale?: string): string {
  const ms = jobMillis(value);
  return ms == null ? '' : formatDateTime(ms, locale);
}

/** Only the user who started a job, or a full admin, may abort it (middlewared's rule for core.job_abort). */
export function abortRole(job: Pick<Job, 'credentials'>, username: string | null | undefined): Role | null {
  const owner = job.credentials?.data?.username;
  return owner !== undefined && owner === username ? null : ROLE.fullAdmin;
}
