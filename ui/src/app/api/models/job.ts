// The shape of `core.get_jobs` rows (TrueNAS 25.10).
export type JobState = 'WAITING' | 'RUNNING' | 'SUCCESS' | 'FAILED' | 'ABORTED';

export interface JobProgress {
  percent: number | null;
  description: string | null;
  extra: unknown;
}

export interface Job<R = unknown> {
  id: number;
  method: string;
  arguments: unknown[];
  state: JobState;
  progress: JobProgress;
  result: R | null;
  error: string | null;
  exception?: string | null;
  exc_info?: { type: string | null; errno?: number | null; extra: unknown } | null;
  time_started?: unknown;
  time_finished?: unknown;
  abortable?: boolean;
  message_ids?: string[];
  /** Who started it (null for a job the server ran itself): only they, or a full admin, may abort it. */
  credentials?: { type: string; data?: { username?: string } | null } | null;
}

export function isJobFinished(job: Job): boolean {
  return job.state === 'SUCCESS' || job.state === 'FAILED' || job.state === 'ABORTED';
}
