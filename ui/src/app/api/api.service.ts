import { Injectable, inject } from '@angular/core';
import { Observable, defer, filter, map, merge, of, switchMap, takeWhile, throwError } from 'rxjs';

import {
  ApiCallMethod, ApiCallParams, ApiCallResponse, ApiEvent, ApiEventName, ApiJobMethod, ApiJobParams,
  ApiJobResponse,
} from './api-directory';
import { jobToError } from './api-errors';
import { newCallId } from './api-message';
import { JobTracker } from './job-tracker.service';
import { Job, isJobFinished } from './models/job';
import { RpcConnection } from './rpc-connection.service';
import { CONNECTION_POLICY } from './socket';
import { SubscriptionManager } from './subscription-manager.service';

/** Sent before the panel calls the connection authenticated: the login, and the roles it reads right after it. */
const BEFORE_AUTH = new Set<string>([
  'auth.login_ex', 'auth.me', 'auth.generate_token', 'core.ping', 'core.set_options',
]);

/** A finished job as the panel shows it when only the call's answer is known. */
function finishedJob<R>(method: string, result: R): Job<R> {
  return {
    id: -1, method, arguments: [], state: 'SUCCESS', result, error: null,
    progress: { percent: 100, description: null, extra: null },
  };
}

/** Typed calls, jobs and event subscriptions over the one connection. */
@Injectable({ providedIn: 'root' })
export class ApiService {
  private readonly connection = inject(RpcConnection);
  private readonly subscriptions = inject(SubscriptionManager);
  private readonly jobs = inject(JobTracker);
  private readonly policy = inject(CONNECTION_POLICY);

  call<M extends ApiCallMethod>(method: M, params?: ApiCallParams<M>): Observable<ApiCallResponse<M>> {
    return this.connection.send(method, (params ?? []) as unknown[], { beforeAuth: BEFORE_AUTH.has(method) }) as
      Observable<ApiCallResponse<M>>;
  }

  /**
   * Run a job: emits every progress update, then the finished row (state SUCCESS, `result` set) and completes;
   * a FAILED/ABORTED job errors with ApiValidationError or FailedJobError.
   */
  job<M extends ApiJobMethod>(method: M, params?: ApiJobParams<M>): Observable<Job<ApiJobResponse<M>>> {
    const args = (params ?? []) as unknown[];
    return (this.policy.legacyJobs ? this.legacyJob(method, args) : this.newStyleJob(method, args)) as
      Observable<Job<ApiJobResponse<M>>>;
  }

  subscribe<K extends ApiEventName>(name: K): Observable<ApiEvent<K>> {
    return this.subscriptions.subscribe(name);
  }

  abortJob(jobId: number): Observable<null> {
    return this.call('core.job_abort', [jobId]);
  }

  private newStyleJob(method: string, args: unknown[]): Observable<Job> {
    return defer(() => {
      const callId = newCallId();
      let lastSeen: Job | null = null;
      const answer$ = this.connection.send(method, args, { id: callId }).pipe(
        map((result): Job => ({ ...(lastSeen ?? finishedJob(method, null)), state: 'SUCCESS', result })),
      );
      const progress$ = this.jobs.byCallId(callId).pipe(
        switchMap((job) => {
          lastSeen = job;
          return job.state === 'FAILED' || job.state === 'ABORTED' ? throwError(() => jobToError(job)) : of(job);
        }),
        filter((job) => !isJobFinished(job)),
      );
      // The call's answer ends the job stream; progress rows flow until then.
      return new Observable<Job>((subscriber) => {
        const progress = progress$.subscribe({ next: (job) => subscriber.next(job), error: (e) => subscriber.error(e) });
        const answer = answer$.subscribe({
          next: (job) => {
            progress.unsubscribe();
            subscriber.next(job);
            subscriber.complete();
          },
          error: (error: unknown) => {
            progress.unsubscribe();
            subscriber.error(error);
          },
        });
        return () => {
          progress.unsubscribe();
          answer.unsubscribe();
        };
      });
    });
  }

  private legacyJob(method: string, args: unknown[]): Observable<Job> {
    return this.connection.send(method, args).pipe(
      switchMap((jobId) => {
        const id = Number(jobId);
        const current$ = this.call('core.get_jobs', [[['id', '=', id]]]).pipe(
          switchMap((rows) => (rows.length ? of(rows[0]) : of())),
        );
        return merge(this.jobs.byJobId(id), current$).pipe(
          takeWhile((job) => !isJobFinished(job), true),
          switchMap((job) => (job.state === 'SUCCESS' || !isJobFinished(job) ? of(job) : throwError(() => jobToError(job)))),
        );
      }),
    );
  }
}
