import { ApiValidationError } from '../../api/api-errors';
import { NetworkResult } from '../../api/models/tuning-network';
import { Job } from '../../api/models/job';
import { fakeJob, fakeProfile, fakeState } from '../../testing/fixtures';
import { MockApiService, mockApi } from '../../testing/mock-api';
import { fakeNetworkResult } from '../../testing/network-fixtures';
import { render } from '../../testing/render';
import { headerCell, phoneStyle } from '../../testing/tables';
import { fakeQuery } from '../../shared/paging/fake-query';
import { NetworkPage } from './network.page';
import { READ_ONLY_ROLES, controlState, sessionRoles } from '../../testing/roles';

async function renderPage(configure: (api: MockApiService) => void = () => undefined,
  rows: NetworkResult[] = [fakeNetworkResult({ id: 2, link_speed_mbps: null, mtu: null }), fakeNetworkResult()]) {
  let results = rows;
  const { api, providers } = mockApi((m) => {
    m.mockCall('tuning.profile', fakeProfile()).mockCall('tuning.state', fakeState())
      .mockCall('tuning.network.query', (params) => fakeQuery(results, params) as NetworkResult[])
      .mockCall('tuning.network.delete', ([id]) => {
        results = results.filter((r) => r.id !== id);
        return true;
      });
    configure(m);
  });
  const view = await render(NetworkPage, providers);
  return { api, ...view };
}

describe('NetworkPage', () => {
  it('lists the results newest first: port, link speed, MTU, client, the four figures and the ceiling against the link', async () => {
    const { api, q, all } = await renderPage();
    // one page, newest first, and how many there are in all
    expect(api.callsOf('tuning.network.query')).toEqual([
      [[], { order_by: ['-created_at'], limit: 25, offset: 0 }], [[], { count: true }]]);
    expect(all('row-net-row-').map((r) => r.dataset['test'])).toEqual(['row-net-row-2', 'row-net-row-1']);
    const row = q('row-net-row-1')!.textContent!;
    expect(row).toContain('eno1');
    expect(row).toContain('1,000 Mb/s');
    expect(row).toContain('1500');
    expect(row).toContain('192.168.1.20');
    expect([...q('list-net-figures-1')!.querySelectorAll('li')].map((li) => li.textContent!.trim())).toEqual([
      'one stream, client → box: 941 Mb/s (118 MB/s)',
      '4 streams, client → box: 949 Mb/s (119 MB/s)',
      'one stream, box → client: 930 Mb/s (116 MB/s)',
      '4 streams, box → client: 945 Mb/s (118 MB/s)',
    ]);
    expect(q('cell-net-ceiling-1')!.textContent).toContain('949 Mb/s (119 MB/s)');
    expect(q('cell-net-ceiling-1')!.textContent).toContain('95 % of the link’s 1,000 Mb/s');
    // no nominal speed known: the ceiling alone, speed and MTU unknown in words
    expect(q('cell-net-ceiling-2')!.textContent).not.toContain('%');
    expect(q('row-net-row-2')!.textContent).toContain('unknown');
  });

  it('sorts by the figure behind the words: the ceiling, the link speed (unknown last), the date', async () => {
    // 1,200 Mb/s reads smaller than 949 Mb/s as text; and the newest result has no known link speed
    const rows = [fakeNetworkResult({ id: 3, created_at: '2026-11-25T09:00:00Z', link_speed_mbps: null,
      ceiling_bits_per_second: 5e8 }),
      fakeNetworkResult({ id: 2, created_at: '2026-11-24T12:00:00Z', link_speed_mbps: 10000,
        ceiling_bits_per_second: 1.2e9 }),
      fakeNetworkResult({ id: 1, created_at: '2026-11-24T09:00:00Z', ceiling_bits_per_second: 9.49e8 })];
    const { api, q, all, settle } = await renderPage(() => undefined, rows);
    const order = () => all('row-net-row-').map((r) => r.dataset['test']);
    const asked = () => (api.callsOf('tuning.network.query').at(-2)![1] as { order_by: string[] }).order_by;
    const table = q('table-net-results')!;
    expect(order()).toEqual(['row-net-row-3', 'row-net-row-2', 'row-net-row-1']);
    expect(headerCell(table, 'When').getAttribute('aria-sort')).toBe('descending');
    headerCell(table, 'Ceiling').click();   // figures start with the largest
    await settle();
    expect(asked()).toEqual(['-ceiling_bits_per_second']);   // the server sorts every result, not the page shown
    expect(order()).toEqual(['row-net-row-2', 'row-net-row-1', 'row-net-row-3']);
    expect(headerCell(table, 'Ceiling').getAttribute('aria-sort')).toBe('descending');
    headerCell(table, 'Ceiling').click();
    await settle();
    expect(order()).toEqual(['row-net-row-3', 'row-net-row-1', 'row-net-row-2']);
    headerCell(table, 'Link speed').click();
    await settle();
    expect(order()).toEqual(['row-net-row-2', 'row-net-row-1', 'row-net-row-3']);
    headerCell(table, 'Link speed').click();
    await settle();
    expect(asked()).toEqual(['nulls_last:link_speed_mbps']);
    expect(order()).toEqual(['row-net-row-1', 'row-net-row-2', 'row-net-row-3']);   // unknown stays last
    expect(headerCell(table, 'Tests').classList).not.toContain('mat-sort-header');
  });

  it('stays one block a row on a phone, its sort headers one line above the blocks', async () => {
    const { q } = await renderPage();
    const table = q('table-net-results')!;
    // `stacked`: the global phone layout's one block a row, each cell headed by its data-label
    expect(table.classList).toContain('stacked');
    expect([...q('row-net-row-1')!.querySelectorAll('td')].map((td) => td.getAttribute('data-label'))).toEqual(
      ['#', 'When', 'Port', 'Link speed', 'MTU', 'Client', 'Tests', 'Ceiling', null]);
    expect(phoneStyle(table.querySelector('thead')!)['position']).toBe('static');
    expect(phoneStyle(table.querySelector('thead tr')!)['display']).toBe('flex');
    expect(table.querySelector('thead tr')!.getAttribute('data-label')).toBe('Sort by');
    expect(phoneStyle(headerCell(table, 'Ceiling'))['display']).toBe('block');
    expect(phoneStyle(headerCell(table, 'Tests'))['display']).toBe('none');
  });

  it('deletes a result only once confirmed', async () => {
    const { api, q, settle } = await renderPage();
    q('button-net-delete-1')!.click();
    await settle();
    q('button-net-delete-keep-1')!.click();
    await settle();
    expect(api.callsOf('tuning.network.delete')).toEqual([]);
    expect(q('button-net-delete-confirm-1')).toBeNull();

    q('button-net-delete-1')!.click();
    await settle();
    q('button-net-delete-confirm-1')!.click();
    await settle();
    expect(api.callsOf('tuning.network.delete')).toEqual([[1]]);
    expect(q('row-net-row-1')).toBeNull();
    expect(q('row-net-row-2')).not.toBeNull();
  });

  it('says so when there is nothing yet', async () => {
    const empty = await renderPage(() => undefined, []);
    expect(empty.q('cell-net-empty')!.textContent).toBe('No measurements yet.');
  });

  it('shows a refused delete in words', async () => {
    const { q, settle } = await renderPage((m) => m.mockCall('tuning.network.delete', () => {
      throw new ApiValidationError([{ attribute: 'id', message: 'No network result 1.', errno: 2 }]);
    }));
    q('button-net-delete-1')!.click();
    await settle();
    q('button-net-delete-confirm-1')!.click();
    await settle();
    expect(q('text-net-results-error')!.textContent).toContain('No network result 1.');
  });

  it('a read-only user may not measure or delete a result', async () => {
    const { el, q, settle } = await renderPage();
    await sessionRoles(READ_ONLY_ROLES, settle);
    expect(controlState(el, 'button-net-start')).toMatchObject({ disabled: true, needs: 'SYSTEM_ADVANCED_WRITE' });
    expect(controlState(el, 'button-net-delete-1')).toMatchObject({ disabled: true, needs: 'SYSTEM_ADVANCED_WRITE' });
    q('button-net-delete-1')!.click();
    await settle();
    expect(q('button-net-delete-confirm-1')).toBeNull();
  });

  it('asks for one page at a time; a delete keeps the page, a measurement that ends asks again', async () => {
    const many = Array.from({ length: 30 }, (_, i) => fakeNetworkResult({
      id: i + 1, created_at: new Date(Date.UTC(2026, 10, 1, 0, i)).toISOString() }));
    const { api, q, all, settle } = await renderPage(() => undefined, many);
    const ids = () => all('row-net-row-').map((r) => Number(r.dataset['test']!.slice('row-net-row-'.length)));
    const range = () => q('paginator-net-results')!.querySelector('.mat-mdc-paginator-range-label')!.textContent!.trim();
    expect(ids()).toEqual(Array.from({ length: 25 }, (_, i) => 30 - i));
    expect(range()).toBe('1–25 of 30');
    q('button-net-results-next')!.click();
    await settle();
    expect(api.callsOf('tuning.network.query').at(-2)).toEqual([[], { order_by: ['-created_at'], limit: 25, offset: 25 }]);
    expect(ids()).toEqual([5, 4, 3, 2, 1]);
    expect(range()).toBe('26–30 of 30');
    q('button-net-delete-3')!.click();
    await settle();
    q('button-net-delete-confirm-3')!.click();
    await settle();
    expect(ids()).toEqual([5, 4, 2, 1]);
    expect(range()).toBe('26–29 of 29');
    expect(q('select-net-results-size')).not.toBeNull();
    api.emitEvent('core.get_jobs', fakeJob({ id: 40, method: 'tuning.network.measure', state: 'RUNNING' }), 'added');
    await settle();
    const before = api.callsOf('tuning.network.query').length;
    api.emitEvent('core.get_jobs', { id: 40, state: 'SUCCESS' } as Job);
    await settle();
    expect(api.callsOf('tuning.network.query').length).toBe(before + 2);   // the page shown and the count
    expect(range()).toBe('26–29 of 29');
  });
});
