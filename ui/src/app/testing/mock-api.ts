import { Provider } from '@angular/core';
import { Observable, Subject, isObservable, of, throwError } from 'rxjs';

import { ApiCallMethod, ApiCallParams, ApiCallResponse, ApiEvent, ApiEventName, ApiJobMethod, ApiJobResponse } from '../api/api-directory';
import { ApiService } from '../api/api.service';
import { Job } from '../api/models/job';

type CallHandler = (params: unknown[]) => unknown;

/** A finished successful job row carrying `result`. */
export function fakeSuccessfulJob<R>(result: R, method = 'job'): Job<R> {
  return {
    id: 1, method, arguments: [], state: 'SUCCESS', result, error: null,
    progress: { percent: 100, description: 'Done', extra: null },
  };
}

/**
 * Stand-in for ApiService in component tests. Unmocked calls fail loudly; every call is recorded so a test can
 * assert what the component asked for.
 */
export class MockApiService {
  readonly calls: { method: string; params: unknown[] }[] = [];
  private readonly callHandlers = new Map<string, CallHandler>();
  private readonly jobHandlers = new Map<string, (params: unknown[]) => Observable<Job>>();
  private readonly events = new Map<string, Subject<ApiEvent<ApiEventName>>>();

  mockCall<M extends ApiCallMethod>(
    method: M,
    response: ApiCallResponse<M> | ((params: ApiCallParams<M>) => ApiCallResponse<M> | Observable<ApiCallResponse<M>>),
  ): this {
    this.callHandlers.set(method, (params) =>
      typeof response === 'function' ? (response as CallHandler)(params) : response);
    return this;
  }

  mockJob<M extends ApiJobMethod>(method: M, job: Job<ApiJobResponse<M>> | ((params: unknown[]) => Observable<Job>)): this {
    this.jobHandlers.set(method, typeof job === 'function' ? job : () => of(job as Job));
    return this;
  }

  emitEvent<K extends ApiEventName>(name: K, fields: ApiEvent<K>['fields'], msg: ApiEvent<K>['msg'] = 'changed'): void {
    this.eventSubject(name).next({ msg, collection: name, fields } as ApiEvent<ApiEventName>);
  }

  callsOf(method: string): unknown[][] {
    return this.calls.filter((c) => c.method === method).map((c) => c.params);
  }

  call(method: string, params: unknown[] = []): Observable<unknown> {
    this.calls.push({ method, params });
    const handler = this.callHandlers.get(method);
    if (!handler) {
      return throwError(() => new Error(`Unmocked api call ${method}`));
    }
    try {
      const result = handler(params);
      return isObservable(result) ? result : of(result);
    } catch (error) {
      return throwError(() => error);
    }
  }

  job(method: string, params: unknown[] = []): Observable<Job> {
    this.calls.push({ method, params });
    const handler = this.jobHandlers.get(method);
    return handler ? handler(params) : throwError(() => new Error(`Unmocked api job ${method}`));
  }

  subscribe(name: string): Observable<ApiEvent<ApiEventName>> {
    return this.eventSubject(name).asObservable();
  }

  abortJob(jobId: number): Observable<null> {
    this.calls.push({ method: 'core.job_abort', params: [jobId] });
    return of(null);
  }

  private eventSubject(name: string): Subject<ApiEvent<ApiEventName>> {
    let subject = this.events.get(name);
    if (!subject) {
      subject = new Subject();
      this.events.set(name, subject);
    }
    return subject;
  }
}

export function mockApi(configure: (api: MockApiService) => void = () => undefined): { api: MockApiService; providers: Provider[] } {
  const api = new MockApiService();
  configure(api);
  return { api, providers: [{ provide: ApiService, useValue: api }] };
}
