import { TestBed } from '@angular/core/testing';

import { Campaign } from '../api/models/tuning-campaign';
import { Job } from '../api/models/job';
import { fakeQuery } from '../shared/paging/fake-query';
import { fakeCampaign, fakeDoneCampaign } from '../testing/campaign-fixtures';
import { mockApi } from '../testing/mock-api';
import { CampaignsStore } from './campaigns.store';

function jobRow(id: number, extra: unknown, description = 'round 1/2 · Max IOPS · benchmarking · run 1/2'): Job {
  return { id, method: 'tuning.campaign.run', arguments: [], state: 'RUNNING', result: null, error: null,
    progress: { percent: 40, description, extra } };
}

/** Finished campaigns #1..n, #n the newest. */
const finished = (n: number) => Array.from({ length: n }, (_, i) => fakeDoneCampaign({
  id: i + 1, label: `c${i + 1}`, created_at: new Date(Date.UTC(2026, 0, 1, i)).toISOString() }));

describe('CampaignsStore', () => {
  function setup(rows: Campaign[] = [fakeCampaign()]) {
    let current = rows;
    const { api, providers } = mockApi((m) => m
      .mockCall('tuning.campaign.query', (params) => fakeQuery(current, params) as Campaign[])
      .mockCall('core.get_jobs', ([filters]) => {
        const id = (filters as [string, string, number][])[0][2];
        return [jobRow(id, null, 'starting')];
      })
      .mockCall('tuning.campaign.abort', true));
    TestBed.configureTestingModule({ providers });
    return { api, store: TestBed.inject(CampaignsStore), set: (r: Campaign[]) => (current = r) };
  }

  it('loads a page of campaigns, the one under way on its own, and its job', async () => {
    const { api, store } = setup();
    await store.reload();
    expect(api.callsOf('tuning.campaign.query')).toEqual([
      [[], { order_by: ['-created_at'], limit: 25, offset: 0 }],
      [[], { count: true }],
      [[['state', 'in', ['RUNNING', 'REBOOTING', 'RESTORING']]], { order_by: ['-id'], limit: 1 }],
    ]);
    expect(api.callsOf('core.get_jobs')).toEqual([[[['id', '=', 40]]]]);
    expect(store.active()!.id).toBe(1);
    expect(store.activeJob()!.progress.description).toBe('starting');
  });

  it('finds the campaign under way on no page shown', async () => {
    const { store } = setup([fakeCampaign({ id: 1, state: 'REBOOTING', created_at: '2025-01-01T00:00:00Z' }), ...finished(40).slice(1)]);
    await store.reload();
    expect(store.list.rows().map((c) => c.id)).not.toContain(1);
    expect(store.active()!.id).toBe(1);
    expect(store.list.total()).toBe(40);
  });

  it('follows campaign events and only the active campaign\'s job', async () => {
    const { api, store } = setup();
    await store.reload();
    api.emitEvent('core.get_jobs', jobRow(99, { mbps: 1 }));
    expect(store.activeJob()!.id).toBe(40);
    api.emitEvent('core.get_jobs', jobRow(40, { test: 'SEQ_WRITE', mbps: 412, iops: 412, run: 1, runs: 2, phase: 'measure' }));
    expect(store.activeJob()!.progress.extra).toEqual(expect.objectContaining({ mbps: 412 }));
    api.emitEvent('tuning.campaign.query', fakeDoneCampaign(), 'changed');
    expect(store.active()).toBeNull();
    expect(store.activeJob()).toBeNull();
    expect(store.list.rows()[0].recommendation!.length).toBe(1);   // the row on the page shown, in place
  });

  it('a new campaign asks for the page again; one removed leaves the page', async () => {
    const { api, store, set } = setup(finished(2));
    await store.reload();
    const started = fakeCampaign({ id: 3, created_at: '2026-02-01T00:00:00Z', job_id: 41 });
    set([...finished(2), started]);
    api.emitEvent('tuning.campaign.query', started, 'added');
    expect(store.active()!.id).toBe(3);
    await vi.waitFor(() => expect(store.list.rows().map((c) => c.id)).toEqual([3, 2, 1]));
    expect(store.list.total()).toBe(3);
    set(finished(1).concat(started));
    api.emitEvent('tuning.campaign.query', { id: 2 } as Campaign, 'removed');
    await vi.waitFor(() => expect(store.list.rows().map((c) => c.id)).toEqual([3, 1]));
  });

  it('opens a campaign from the page shown, or asks for it when it is on none', async () => {
    const { api, store } = setup(finished(30));
    await store.reload();
    const asked = api.callsOf('tuning.campaign.query').length;
    await store.open(30);
    expect(store.opened()!.id).toBe(30);
    expect(api.callsOf('tuning.campaign.query').length).toBe(asked);
    await store.open(2);
    expect(api.callsOf('tuning.campaign.query').at(-1)).toEqual([[['id', '=', 2]], { limit: 1 }]);
    expect(store.opened()!.label).toBe('c2');
    api.emitEvent('tuning.campaign.query', { ...fakeDoneCampaign({ id: 2 }), label: 'renamed' }, 'changed');
    expect(store.opened()!.label).toBe('renamed');
    await store.open(99);
    expect(store.opened()).toBeNull();
    expect(store.openId()).toBeNull();
    expect(store.error()).toBe('There is no campaign #99.');
    await store.open(null);
    expect(store.opened()).toBeNull();
  });

  it('picks up the new job of a campaign that went on after a reboot', async () => {
    const { api, store, set } = setup([fakeCampaign({ state: 'REBOOTING', job_id: 40 })]);
    await store.reload();
    set([fakeCampaign({ job_id: 41 })]);
    await store.reload();
    expect(api.callsOf('core.get_jobs').at(-1)).toEqual([[['id', '=', 41]]]);
    expect(store.activeJob()!.id).toBe(41);
    api.emitEvent('core.get_jobs', jobRow(40, { mbps: 1 }));
    expect(store.activeJob()!.id).toBe(41);
  });

  it('aborts by id', async () => {
    const { api, store } = setup();
    await store.abort(1);
    expect(api.callsOf('tuning.campaign.abort')).toEqual([[1]]);
  });
});
