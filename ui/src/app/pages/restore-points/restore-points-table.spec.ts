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
});
