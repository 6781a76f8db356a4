import { fakeChange } from '../../testing/fixtures';
import { headerCell, phoneStyle } from '../../testing/tables';
import { render } from '../../testing/render';
import { READ_ONLY_ROLES, controlState, provideRoles } from '../../testing/roles';
import { PlanTableComponent } from './plan-table.component';

describe('PlanTableComponent on a phone', () => {
  it('is one block a row as wide as the screen, each heading above its value, long words wrapped', async () => {
    const row = fakeChange({ source: 'https://openzfs.github.io/openzfs-docs/Performance%20and%20Tuning/Workload%20Tuning.html' });
    const { q } = await render(PlanTableComponent, [], undefined, { changes: [row] });
    const table = q('table-plan-table')!;
    expect(phoneStyle(table)['display']).toBe('block');
    // Material's own tbody is made a block by the global `table.stacked tbody` rule (styles.scss, not loaded here)
    expect(table.classList).toContain('stacked');
    expect(phoneStyle(table.querySelector('tbody tr')!)['display']).toBe('block');
    const cells = [...table.querySelectorAll('td')];
    expect(cells.length).toBe(5);
    for (const td of cells) {
      expect(td.getAttribute('data-label')).toBeTruthy();
      expect(phoneStyle(td)['display']).toBe('block');
      expect(phoneStyle(td)['overflow-wrap']).toBe('anywhere');
      expect(phoneStyle(td)['white-space'] ?? 'normal').toBe('normal');
      // the heading is on its own line: it can no longer run into the value beside it
      expect(phoneStyle(td, '::before')['position']).toBe('static');
      expect(phoneStyle(td, '::before')['display']).toBe('block');
    }
    expect(q('cell-plan-values')!.textContent).toContain('→');
  });
});

describe('PlanTableComponent', () => {
  it('keeps the plan\'s order until sorted, then by risk (most dangerous first) or setting', async () => {
    const changes = [fakeChange(),
      fakeChange({ key: 'b', setting: 'sync', summary: 'handling of synchronous writes', risk: 'DANGEROUS' }),
      fakeChange({ key: 'c', setting: 'atime', summary: 'access times', risk: 'CAUTION' })];
    const { q, all, settle } = await render(PlanTableComponent, [], undefined, { changes });
    const rows = () => all('row-plan-row-').map((r) => r.dataset['test']);
    expect(rows()).toEqual(['row-plan-row-recordsize', 'row-plan-row-sync', 'row-plan-row-atime']);
    headerCell(q('table-plan-table')!, 'Risk').click();
    await settle();
    expect(rows()).toEqual(['row-plan-row-sync', 'row-plan-row-atime', 'row-plan-row-recordsize']);
    expect(q('row-plan-row-sync')!.classList).toContain('DANGEROUS');
    expect(q('row-plan-row-sync')!.querySelector('[data-test="checkbox-ack-sync"]')).not.toBeNull();
    headerCell(q('table-plan-table')!, 'Setting').click();   // by the words shown
    await settle();
    expect(rows()).toEqual(['row-plan-row-atime', 'row-plan-row-sync', 'row-plan-row-recordsize']);
  });

  it('says nothing changes now for a kernel setting already at its value (a revert cancelling a change waiting for a reboot)', async () => {
    const changes = [fakeChange({ key: 'p', kind: 'ZFS_PARAMETER', scope: 'global', setting: 'zfs_dirty_data_max_max',
      current: '8589934592', proposed: '8589934592', same_value: true, apply_mode: 'LIVE' }), fakeChange({ apply_mode: 'LIVE' })];
    const { all } = await render(PlanTableComponent, [], undefined, { changes });
    expect(all('cell-plan-mode').map((td) => td.textContent!.trim()))
      .toEqual(['Nothing changes now: only the value set at boot', 'Takes effect at once']);
  });
});

describe('PlanTableComponent: the consent to a dangerous row', () => {
  const dangerous = [fakeChange({ key: 'DATASET_PROPERTY:tank:sync', setting: 'sync', current: 'STANDARD', proposed: 'DISABLED',
    unit: null, risk: 'DANGEROUS' })];

  it('is locked for a read-only user, naming the role, as Apply is', async () => {
    const { el } = await render(PlanTableComponent, [provideRoles(READ_ONLY_ROLES)], undefined, { changes: dangerous });
    const state = controlState(el, 'checkbox-ack-sync');
    expect(state.disabled).toBe(true);
    expect(state.needs).not.toBeNull();
  });

  it('is the plain checkbox for a user who may apply', async () => {
    const { el } = await render(PlanTableComponent, [provideRoles(['FULL_ADMIN'])], undefined, { changes: dangerous });
    expect(controlState(el, 'checkbox-ack-sync')).toEqual({ disabled: false, needs: null, says: null });
  });
});
