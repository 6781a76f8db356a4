import { Injectable, computed, inject, signal } from '@angular/core';
import { Observable, Subject, Subscription, filter, firstValueFrom } from 'rxjs';

import { ApiService } from '../api/api.service';
import { errorMessage } from '../api/api-errors';
import { mergeJob } from '../api/job-tracker.service';
import { Job, isJobFinished } from '../api/models/job';
import { jobMillis } from './job-words';

/** How many finished jobs the panel lists (the server keeps more; the newest are what an admin looks for). */
export const RECENT_JOBS = 10;

/** Fold one update into the known rows; returns the new map and whether the update ended the job. */
export function foldJob(
  known: ReadonlyMap<number, Job>,
  fields: Partial<Job> & { id: number },
): { jobs: Map<number, Job>; ended: Job | null } {
  const before = known.get(fields.id);
  const row = mergeJob(before, fields);
  const jobs = new Map(known);
  jobs.set(row.id, row);
  const ended = isJobFinished(row) && !(before && isJobFinished(before)) ? row : null;
  return { jobs, ended };
}

/**
 * Every job the session may see, as TrueNAS's jobs panel has them: `core.get_jobs` once after each login, then its
 * events. Running jobs come back after a reload or a reconnect with their progress; pages refresh their lists when
 * a job of theirs ends (`ended(methods)`), whoever started it.
 */
@Injectable({ providedIn: 'root' })
export class JobsStore {
  private readonly api = inject(ApiService);
  private readonly rows = signal<ReadonlyMap<number, Job>>(new Map());
  private readonly endings = new Subject<Job>();
  private events: Subscription | null = null;

  readonly error = signal<string | null>(null);
  readonly running = computed(() =>
    [...this.rows().values()].filter((j) => !isJobFinished(j)).sort((a, b) => b.id - a.id));
  /** The jobs that ended last first, as the panel shows their end times (a job started earlier can end later). */
  readonly recent = computed(() =>
    [...this.rows().values()].filter(isJobFinished).sort(byEndNewestFirst).slice(0, RECENT_JOBS));

  /** Query the jobs (again after a reconnect: the events missed meanwhile are in the answer). */
  async load(): Promise<void> {
    this.listen();
    try {
      const rows = await firstValueFrom(this.api.call('core.get_jobs', [[], { order_by: ['-id'], limit: 50 }]));
      let jobs: ReadonlyMap<number, Job> = this.rows();
      for (const row of rows) {
        const folded = foldJob(jobs, row);
        jobs = folded.jobs;
        // A job that ended while the panel was away ends now for the pages that wait on it.
        if (folded.ended && this.rows().has(row.id)) {
          this.endings.next(folded.ended);
        }
      }
      this.rows.set(jobs);
      this.error.set(null);
    } catch (error) {
      this.error.set(errorMessage(error));
    }
  }

  /** Jobs of these methods as they end (SUCCESS, FAILED or ABORTED). */
  ended(methods: readonly string[]): Observable<Job> {
    this.listen();
    return this.endings.pipe(filter((job) => methods.includes(job.method)));
  }

  abort(job: Job): void {
    this.api.abortJob(job.id).subscribe({ error: (error: unknown) => this.error.set(errorMessage(error)) });
  }

  private listen(): void {
    if (this.events) {
      return;
    }
    this.events = this.api.subscribe('core.get_jobs').subscribe((event) => {
      if (event.msg === 'removed' || !event.fields) {
        return;
      }
      const fields = event.fields as Partial<Job> & { id?: number };
      const { jobs, ended } = foldJob(this.rows(), { ...fields, id: fields.id ?? Number(event.id) });
      this.rows.set(jobs);
      if (ended) {
        this.endings.next(ended);
      }
    });
  }
}

/** Newest end first; a job without an end time (an event that did not carry it) by its id. */
function byEndNewestFirst(a: Job, b: Job): number {
  const ta = jobMillis(a.time_finished);
  const tb = jobMillis(b.time_finished);
  return ta != null && tb != null && ta !== tb ? tb - ta : b.id - a.id;
}
