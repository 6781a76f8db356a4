import { throwError } from 'rxjs';

import { fakeCampaign, fakeDoneCampaign } from '../../testing/campaign-fixtures';
import { fakeClientSession } from '../../testing/client-fixtures';
import { fakeBenchmark } from '../../testing/fixtures';
import { MockApiService, mockApi } from '../../testing/mock-api';
import { render } from '../../testing/render';
import { Campaign } from '../../api/models/tuning-campaign';
import { CampaignClientsComponent, clientNames } from './campaign-clients.component';

const SUMMED = { clients: [{ hostname: 'ws1', session_id: 7 }, { hostname: 'ws2', session_id: 8 }],
  aggregate: { clients: 2, spread: {} } };

async function renderClients(campaign: Campaign, configure: (m: MockApiService) => void = () => undefined) {
  const { api, providers } = mockApi((m) => {
    m.mockCall('tuning.client.session.query', [fakeClientSession({ id: 7, label: 'office ws' }), fakeClientSession({ id: 8, label: 'lab ws' })])
      .mockCall('tuning.benchmark.get', () => fakeBenchmark({ id: 11, source: 'CLIENT', context: SUMMED as never }));
    configure(m);
  });
  const view = await render(CampaignClientsComponent, providers, undefined, { campaign });
  await view.settle();
  return { api, ...view };
}

describe('CampaignClientsComponent', () => {
  it('names the clients a step\'s sum reports and says the figure is their sum', async () => {
    const campaign = fakeCampaign({ spec: { ...fakeCampaign().spec, client_session_ids: [7, 8] } });
    const { api, q } = await renderClients(campaign);
    expect(api.callsOf('tuning.benchmark.get')).toEqual([[11]]);
    expect(q('text-camp-clients-summed')!.textContent).toBe(
      'Measured by 2 clients at once, started together: ws1, ws2. Each figure is their sum (throughput and IOPS added); each client\'s own result is kept beside it.');
  });

  it('before a step is measured, or when its result cannot be read, names the sessions by label; fio\'s mode in its words', async () => {
    const spec = { ...fakeCampaign().spec, client_session_ids: [7, 8], client_mode: 'FIO_SERVERS' as const };
    const campaign = fakeCampaign({ spec, steps: [{ round: 1, configuration: 'BASELINE', benchmark_id: null, status: 'PENDING', note: null }] });
    const { api, q } = await renderClients(campaign, (m) => m.mockCall('tuning.benchmark.get', () => throwError(() => new Error('gone'))));
    expect(api.callsOf('tuning.benchmark.get')).toEqual([]);
    expect(api.callsOf('tuning.client.session.query')).toEqual([[[['id', 'in', [7, 8]]]]]);
    expect(q('text-camp-clients-summed')!.textContent).toBe(
      'Measured by 2 clients at once with fio\'s own distributed mode: office ws, lab ws. Each figure is fio\'s sum over all of them (throughput and IOPS added).');
  });

  it('says nothing of a campaign measured on the box or by one client', async () => {
    const { api, q } = await renderClients(fakeDoneCampaign({ spec: { ...fakeCampaign().spec, client_session_id: 7 } }));
    expect(q('text-camp-clients-summed')).toBeNull();
    expect(api.callsOf('tuning.benchmark.get')).toEqual([]);
    expect(api.callsOf('tuning.client.session.query')).toEqual([]);
  });
});

describe('clientNames', () => {
  it('prefers the host names, then the labels, then the session numbers', () => {
    const session = (id: number) => `session ${id}`;
    expect(clientNames([7, 8], SUMMED, new Map(), session)).toEqual(['ws1', 'ws2']);
    expect(clientNames([7, 8], null, new Map([[7, 'office ws']]), session)).toEqual(['office ws', 'session 8']);
  });
});
