import { provideRouter } from '@angular/router';

import { fakeChange, fakeRestorePoint, fakeState } from '../../testing/fixtures';
import { mockApi } from '../../testing/mock-api';
import { render } from '../../testing/render';
import { headerCell } from '../../testing/tables';
import { RestorePointsPage } from './restore-points.page';
import { TuningRestorePoint } from '../../api/models/tuning-preset';
import { MockApiService } from '../../testing/mock-api';
import { fakeQuery } from '../../shared/paging/fake-query';

const stored = (rows: TuningRestorePoint[]) => (params: unknown[]) => fakeQuery(rows, params) as TuningRestorePoint[];
const pageAsks = (api: MockApiService) => api.callsOf('tuning.restore_point.query')
  .map(([, o]) => o as { count?: boolean }).filter((o) => !o.count);

describe('RestorePointsPage table', () => {
  it('lists newest first; the server sorts every restore point by date, number or title', async () => {
    const { api, providers } = mockApi((m) => m
      .mockCall('tuning.restore_point.query', stored([
        fakeRestorePoint({ id: 12, created_at: '2026-02-01T10:00:00Z', title: 'b', changes: [fakeChange()] }),
        fakeRestorePoint({ id: 11, created_at: '2026-01-20T10:00:00Z', title: 'c', state: 'REVERTED',
          changes: Array.from({ length: 10 }, (_, i) => fakeChange({ key: `k${i}` })) }),
        fakeRestorePoint({ id: 9, created_at: '2026-02-01T04:30:00Z', title: 'a', kind: 'REVERT', reverts: 2,
          state: 'REVERTED', changes: [fakeChange(), fakeChange({ key: 'k' })] }),
      ]))
      .mockCall('tuning.state', fakeState()));
    const { q, all, settle } = await render(RestorePointsPage, providers);
    const table = q('table-restore-points-table')!;
    const order = () => all('row-restore-point-').filter((e) => e.tagName === 'TR').map((r) => r.dataset['test']);
    expect(api.callsOf('tuning.restore_point.query')).toEqual([
      [[], { order_by: ['-created_at'], limit: 25, offset: 0 }], [[], { count: true }]]);
    expect(order()).toEqual(['row-restore-point-12', 'row-restore-point-9', 'row-restore-point-11']);
    // rows are still table rows (screen readers, the browser tests), one block each on a phone
    expect(table.tagName).toBe('TABLE');
    expect(table.classList).toContain('stacked');
    expect(q('row-restore-point-12')!.querySelector('td')!.getAttribute('data-label')).toBe('#');

    headerCell(table, 'When').click();
    await settle();
    expect(pageAsks(api).at(-1)).toEqual({ order_by: ['created_at'], limit: 25, offset: 0 });
    expect(order()).toEqual(['row-restore-point-11', 'row-restore-point-9', 'row-restore-point-12']);
    headerCell(table, 'What').click();
    await settle();
    expect(pageAsks(api).at(-1)).toEqual({ order_by: ['title'], limit: 25, offset: 0 });
    expect(order()).toEqual(['row-restore-point-9', 'row-restore-point-12', 'row-restore-point-11']);
    // the target, the state's lifecycle and the number of changes are not the server's to sort by
    for (const words of ['Target', 'State', 'Changes']) {
      expect(headerCell(table, words).querySelector('.mat-sort-header-container')).toBeNull();
    }
    expect(q('button-revert-preview-12')).not.toBeNull();
  });

  it('pages: 25 at a time, the paginator moves between them', async () => {
    const many = Array.from({ length: 30 }, (_, i) => fakeRestorePoint({ id: i + 1,
      created_at: new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString() }));
    const { api, providers } = mockApi((m) => m
      .mockCall('tuning.restore_point.query', stored(many)).mockCall('tuning.state', fakeState()));
    const { q, all, settle } = await render(RestorePointsPage, providers);
    const rows = () => all('row-restore-point-').filter((e) => e.tagName === 'TR');
    expect(rows().length).toBe(25);
    const range = () => q('paginator-restore-points')!.querySelector('.mat-mdc-paginator-range-label')!
      .textContent!.trim();
    expect(range()).toBe('1–25 of 30');
    q('button-restore-points-next')!.click();
    await settle();
    expect(pageAsks(api).at(-1)).toEqual({ order_by: ['-created_at'], limit: 25, offset: 25 });
    expect(rows().map((r) => r.dataset['test'])).toEqual([5, 4, 3, 2, 1].map((id) => `row-restore-point-${id}`));
    expect(range()).toBe('26–30 of 30');
  });

  it('says what each restore point is in the server’s words, links a campaign’s to its results', async () => {
    const { providers } = mockApi((m) => m
      .mockCall('tuning.restore_point.query', stored([
        fakeRestorePoint({ id: 4, kind: 'REVERT', reverts: 2, title: 'Max IOPS reverted, undoing restore point 2',
          campaign_id: null }),
        fakeRestorePoint({ id: 3, title: 'Campaign 1, round 2: Max IOPS applied', campaign_id: 1, campaign_round: 2,
          campaign_stage: 'ROUND' }),
        fakeRestorePoint({ id: 2, kind: 'REVERT', reverts: 1 }),   // an older server: no title
      ]))
      .mockCall('tuning.state', fakeState()));
    const { q } = await render(RestorePointsPage, [...providers, provideRouter([])]);
    const title = (id: number) => q(`text-restore-point-title-${id}`)!.textContent!.replace(/\s+/g, ' ').trim();
    expect(title(4)).toBe('Max IOPS reverted, undoing restore point 2');
    expect(title(3)).toBe('Campaign 1, round 2: Max IOPS applied');
    expect(q('row-restore-point-4')!.textContent).not.toContain('(of #2)');   // the title says it
    const link = q<HTMLAnchorElement>('link-restore-point-campaign-3')!;
    expect(link.textContent!.trim()).toBe('results of campaign #1');
    expect(link.getAttribute('href')).toBe('/campaigns?campaign=1');
    expect(q('link-restore-point-campaign-4')).toBeNull();
    expect(q('link-restore-point-campaign-2')).toBeNull();
    expect(title(2)).toBe('Revert max-iops (of #1)');   // the presets are not loaded here: the id
  });
});
