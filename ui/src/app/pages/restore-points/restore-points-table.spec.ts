import { provideRouter } from '@angular/router';

import { fakeChange, fakeRestorePoint, fakeState } from '../../testing/fixtures';
import { mockApi } from '../../testing/mock-api';
import { render } from '../../testing/render';
import { headerCell } from '../../testing/tables';
import { RestorePointsPage } from './restore-points.page';

describe('RestorePointsPage table', () => {
  it('lists newest first and sorts by the date, the number of changes and the state behind the words', async () => {
    const { providers } = mockApi((m) => m
      .mockCall('tuning.restore_point.query', [
        fakeRestorePoint({ id: 12, created_at: '2026-02-01T10:00:00Z', changes: [fakeChange()] }),
        fakeRestorePoint({ id: 11, created_at: '2026-01-20T10:00:00Z', state: 'REVERTED',
          changes: Array.from({ length: 10 }, (_, i) => fakeChange({ key: `k${i}` })) }),
        fakeRestorePoint({ id: 9, created_at: '2026-01-31T23:30:00-05:00', kind: 'REVERT', reverts: 2,
          state: 'REVERTED',
          changes: [fakeChange(), fakeChange({ key: 'k' })] }),
      ])
      .mockCall('tuning.state', fakeState()));
    const { q, all, settle } = await render(RestorePointsPage, providers);
    const table = q('restore-points-table')!;
    const order = () => all('restore-point-').filter((e) => e.tagName === 'TR').map((r) => r.dataset['test']);
    // by date, newest first: #9 was made 04:30 UTC on 1 February, after #11
    expect(order()).toEqual(['restore-point-12', 'restore-point-9', 'restore-point-11']);
    // rows are still table rows (screen readers, the browser tests), one block each on a phone
    expect(table.tagName).toBe('TABLE');
    expect(table.classList).toContain('stacked');
    expect(q('restore-point-12')!.querySelector('td')!.getAttribute('data-label')).toBe('#');

    headerCell(table, 'When').click();
    await settle();
    expect(order()).toEqual(['restore-point-11', 'restore-point-9', 'restore-point-12']);
    headerCell(table, 'Changes').click();   // counts start with the most; "10" above "2" only as numbers
    await settle();
    expect(order()).toEqual(['restore-point-11', 'restore-point-9', 'restore-point-12']);
    headerCell(table, 'Changes').click();
    await settle();
    expect(order()).toEqual(['restore-point-12', 'restore-point-9', 'restore-point-11']);
    headerCell(table, 'State').click();   // applied first, the way a restore point lives
    await settle();
    expect(order()[0]).toBe('restore-point-12');
    expect(q('revert-preview-12')).not.toBeNull();
  });

  it('says what each restore point is in the server’s words, links a campaign’s to its results', async () => {
    const { providers } = mockApi((m) => m
      .mockCall('tuning.restore_point.query', [
        fakeRestorePoint({ id: 4, kind: 'REVERT', reverts: 2, title: 'Max IOPS reverted, undoing restore point 2',
          campaign_id: null }),
        fakeRestorePoint({ id: 3, title: 'Campaign 1, round 2: Max IOPS applied', campaign_id: 1, campaign_round: 2,
          campaign_stage: 'ROUND' }),
        fakeRestorePoint({ id: 2, kind: 'REVERT', reverts: 1 }),   // an older server: no title
      ])
      .mockCall('tuning.state', fakeState()));
    const { q } = await render(RestorePointsPage, [...providers, provideRouter([])]);
    const title = (id: number) => q(`restore-point-title-${id}`)!.textContent!.replace(/\s+/g, ' ').trim();
    expect(title(4)).toBe('Max IOPS reverted, undoing restore point 2');
    expect(title(3)).toBe('Campaign 1, round 2: Max IOPS applied');
    expect(q('restore-point-4')!.textContent).not.toContain('(of #2)');   // the title says it
    const link = q<HTMLAnchorElement>('restore-point-campaign-3')!;
    expect(link.textContent!.trim()).toBe('results of campaign #1');
    expect(link.getAttribute('href')).toBe('/campaigns?campaign=1');
    expect(q('restore-point-campaign-4')).toBeNull();
    expect(q('restore-point-campaign-2')).toBeNull();
    expect(title(2)).toBe('Revert max-iops (of #1)');   // the presets are not loaded here: the id
  });
});
