import { TestBed } from '@angular/core/testing';

import { Job } from '../api/models/job';
import { fakeCampaign, fakeDoneCampaign } from '../testing/campaign-fixtures';
import { mockApi } from '../testing/mock-api';
import { CampaignsStore, activeCampaign, upsertCampaign } from './campaigns.store';

function jobRow(id: number, extra: unknown, description = 'round 1/2 · Max IOPS · benchmarking · run 1/2'): Job {
  return { id, method: 'tuning.campaign.run', arguments: [], state: 'RUNNING', result: null, error: null,
    progress: { percent: 40, description, extra } };
}

describe('campaign rows', () => {
  it('keeps rows newest first and replaces by id', () => {
    const rows = upsertCampaign([fakeCampaign({ id: 1 })], fakeCampaign({ id: 2 }));
    expect(rows.map((r) => r.id)).toEqual([2, 1]);
    expect(upsertCampaign(rows, fakeDoneCampaign({ id: 1 })).find((r) => r.id === 1)!.state).toBe('DONE');
  });

  it('finds the running, rebooting or restoring campaign', () => {
    expect(activeCampaign([fakeDoneCampaign({ id: 2 }), fakeCampaign({ id: 1, state: 'REBOOTING' })])!.id).toBe(1);
    expect(activeCampaign([fakeDoneCampaign()])).toBeNull();
  });
});

describe('CampaignsStore', () => {
  function setup(rows = [fakeCampaign()]) {
    let current = rows;
    const { api, providers } = mockApi((m) => m
      .mockCall('tuning.campaign.query', () => current)
      .mockCall('core.get_jobs', ([filters]) => {
        const id = (filters as [string, string, number][])[0][2];
        return [jobRow(id, null, 'starting')];
      })
      .mockCall('tuning.campaign.abort', true));
    TestBed.configureTestingModule({ providers });
    return { api, store: TestBed.inject(CampaignsStore), set: (r: typeof rows) => (current = r) };
  }

  it('loads campaigns and the running one\'s job', async () => {
    const { api, store } = setup();
    await store.reload();
    expect(api.callsOf('tuning.campaign.query')).toEqual([[[], { order_by: ['-id'] }]]);
    expect(api.callsOf('core.get_jobs')).toEqual([[[['id', '=', 40]]]]);
    expect(store.active()!.id).toBe(1);
    expect(store.activeJob()!.progress.description).toBe('starting');
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
    expect(store.campaigns()[0].recommendation!.length).toBe(1);
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
