import { Injectable, inject } from '@angular/core';
import { Observable, filter, map, scan, share } from 'rxjs';

import { Job } from './models/job';
import { SubscriptionManager } from './subscription-manager.service';

/** Merge a `core.get_jobs` event into the last known row (events may carry only the changed fields). */
export function mergeJob(known: Job | undefined, fields: Partial<Job> & { id: number }): Job {
  return { ...(known ?? ({} as Job)), ...fields };
}

/** Live job rows from the `core.get_jobs` subscription, findable by job id or by the call id that started them. */
@Injectable({ providedIn: 'root' })
export class JobTracker {
  private readonly subscriptions = inject(SubscriptionManager);

  private readonly jobs$: Observable<{ jobs: Map<number, Job>; last: Job }> = this.subscriptions
    .subscribe('core.get_jobs')
    .pipe(
      filter((event) => event.msg !== 'removed' && event.fields != null),
      scan(
        (acc, event) => {
          const fields = event.fields as Partial<Job> & { id: number };
          const id = fields.id ?? Number(event.id);
          const last = mergeJob(acc.jobs.get(id), { ...fields, id });
          acc.jobs.set(id, last);
          return { jobs: acc.jobs, last };
        },
        { jobs: new Map<number, Job>(), last: null as unknown as Job },
      ),
      share(),
    );

  /** Updates of the job whose `message_ids` include this JSON-RPC call id (new-style jobs). */
  byCallId(callId: string): Observable<Job> {
    return this.jobs$.pipe(
      map((state) => state.last),
      filter((job) => (job.message_ids ?? []).includes(callId)),
    );
  }

  /** Updates of one job by id (legacy jobs, where the call answers with the id). */
  byJobId(jobId: number): Observable<Job> {
    return this.jobs$.pipe(
      map((state) => state.last),
      filter((job) => job.id === jobId),
    );
  }
}
