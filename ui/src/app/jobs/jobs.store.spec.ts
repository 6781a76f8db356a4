import { TestBed } from '@angular/core/testing';
import { firstValueFrom, take, toArray } from 'rxjs';

import { Job } from '../api/models/job';
import { fakeJob } from '../testing/fixtures';
import { mockApi } from '../testing/mock-api';
import { foldJob, JobsStore, RECENT_JOBS } from './jobs.store';

function setup(rows: () => Job[]) {
  const { api, providers } = mockApi((m) => m.mockCall('core.get_jobs', () => rows()));
  TestBed.configureTestingModule({ providers });
  return { api, store: TestBed.inject(JobsStore) };
}

describe('foldJob', () => {
  it('merges partial updates and says when a job ends, once', () => {
    let state = foldJob(new Map(), fakeJob({ id: 1, state: 'RUNNING' }));
    expect(state.ended).toBeNull();
    state = foldJob(state.jobs, { id: 1, progress: { percent: 80, description: 'Run 4 of 5', extra: null } });
    expect(state.jobs.get(1)!.method).toBe('tuning.preset.apply');
    expect(state.jobs.get(1)!.progress.percent).toBe(80);
    state = foldJob(state.jobs, { id: 1, state: 'SUCCESS' });
    expect(state.ended?.id).toBe(1);
    expect(foldJob(state.jobs, { id: 1, state: 'SUCCESS' }).ended).toBeNull();
  });
});

describe('JobsStore', () => {
  it('lists running jobs newest first and the most recent finished ones', async () => {
    const finished = Array.from({ length: RECENT_JOBS + 3 }, (_, i) => fakeJob({ id: 100 + i, state: 'SUCCESS' }));
    const { api, store } = setup(() => [fakeJob({ id: 1 }), fakeJob({ id: 7, method: 'tuning.benchmark.run' }), ...finished]);
    await store.load();
    expect(api.callsOf('core.get_jobs')).toEqual([[[], { order_by: ['-id'], limit: 50 }]]);
    expect(store.running().map((j) => j.id)).toEqual([7, 1]);
    expect(store.recent().length).toBe(RECENT_JOBS);
    expect(store.recent()[0].id).toBe(100 + RECENT_JOBS + 2);
  });

  it('lists finished jobs by when they ended, newest first, not by when they started', async () => {
    const ended = (id: number, ms: number) => fakeJob({ id, state: 'SUCCESS', time_finished: { $date: ms } });
    const { store } = setup(() => [ended(5, 3_000), ended(6, 1_000), ended(4, 5_000), ended(7, 2_000)]);
    await store.load();
    expect(store.recent().map((j) => j.id)).toEqual([4, 5, 7, 6]);
  });

  it('follows progress from events and tells the pages when a job of theirs ends', async () => {
    const { api, store } = setup(() => [fakeJob({ id: 7, method: 'tuning.benchmark.run' })]);
    await store.load();
    const ended = firstValueFrom(store.ended(['tuning.benchmark.run']).pipe(take(1), toArray()));
    api.emitEvent('core.get_jobs', { id: 7, progress: { percent: 60, description: 'Run 3 of 5', extra: null } } as Job);
    expect(store.running()[0].progress.description).toBe('Run 3 of 5');
    api.emitEvent('core.get_jobs', { id: 8, method: 'tuning.preset.apply', state: 'SUCCESS' } as Job, 'added');
    api.emitEvent('core.get_jobs', { id: 7, state: 'SUCCESS' } as Job);
    expect((await ended).map((j) => j.id)).toEqual([7]);
    expect(store.running()).toEqual([]);
    expect(store.recent().map((j) => j.id)).toEqual([8, 7]);
  });

  it('after a reconnect, a job that ended meanwhile ends for the pages too', async () => {
    let rows = [fakeJob({ id: 7, method: 'tuning.benchmark.run', state: 'RUNNING' })];
    const { store } = setup(() => rows);
    await store.load();
    const ended: number[] = [];
    store.ended(['tuning.benchmark.run']).subscribe((j) => ended.push(j.id));
    rows = [fakeJob({ id: 7, method: 'tuning.benchmark.run', state: 'ABORTED' }),
      fakeJob({ id: 3, method: 'tuning.benchmark.run', state: 'SUCCESS' })];   // older history: not an ending
    await store.load();
    expect(ended).toEqual([7]);
  });

  it('aborts through core.job_abort', async () => {
    const { api, store } = setup(() => [fakeJob({ id: 7, abortable: true })]);
    await store.load();
    store.abort(store.running()[0]);
    expect(api.callsOf('core.job_abort')).toEqual([[7]]);
  });
});
