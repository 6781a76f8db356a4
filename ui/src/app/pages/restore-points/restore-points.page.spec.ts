import { withDialogs } from '../../testing/dialog';
import { fakeChange, fakePlan, fakeRestorePoint, fakeState } from '../../testing/fixtures';
import { fakeSuccessfulJob, mockApi } from '../../testing/mock-api';
import { render } from '../../testing/render';
import { RestorePointsPage } from './restore-points.page';
import { TuningRestorePoint } from '../../api/models/tuning-preset';
import { fakeQuery } from '../../shared/paging/fake-query';

/** The query answered as the server does: pages, counts and `get` over these restore points. */
const stored = (rows: TuningRestorePoint[]) => (params: unknown[]) => fakeQuery(rows, params) as TuningRestorePoint[];
import { READ_ONLY_ROLES, controlState, sessionRoles } from '../../testing/roles';

const slogOut = fakeChange({
  key: 'POOL_DEVICE:tank:log', kind: 'POOL_DEVICE', scope: 'tank', setting: 'log', current: 'sdh', proposed: '',
  apply_mode: 'LIVE',
});
const outcome = { restore_point_id: 9, preset: 'max-iops', target: { pool: 'tank' }, applied: [slogOut], pending_reboot: [], verified: [] };

function page(plan = fakePlan([fakeChange(), slogOut])) {
  return mockApi((m) => m
    .mockCall('tuning.restore_point.query',
      stored([fakeRestorePoint({ id: 3 }), fakeRestorePoint({ id: 1, state: 'REVERTED' })]))
    .mockCall('tuning.restore_point.preview', plan)
    .mockCall('tuning.state', fakeState())
    .mockJob('tuning.restore_point.revert', fakeSuccessfulJob(outcome)));
}

describe('RestorePointsPage', () => {
  it('shows states and times in words, not as the API sends them', async () => {
    const { providers } = page();
    const { q, settle } = withDialogs(await render(RestorePointsPage, providers));
    await settle();
    const states = [...document.querySelectorAll('[data-test="text-restore-point-state"]')].map((e) => e.textContent!.trim());
    expect(states).toEqual(['Applied', 'Reverted']);
    expect(q('row-restore-point-3')!.textContent).not.toMatch(/\d{4}-\d{2}-\d{2}T/);
  });

  it('confirms taking a SLOG out of the pool before reverting, and reverts only once confirmed', async () => {
    const { api, providers } = page();
    const { q, settle } = withDialogs(await render(RestorePointsPage, providers));
    q<HTMLButtonElement>('button-revert-preview-3')!.click();
    await settle();
    q<HTMLButtonElement>('button-revert-confirm')!.click();
    await settle();
    expect(q('heading-confirm-title')!.textContent).toContain('Revert restore point #3?');
    expect(q('item-confirm-effect-pool-device')!.textContent).toContain('Removes the SLOG (sync write log) devices sdh from pool tank');
    expect(api.callsOf('tuning.restore_point.revert')).toEqual([]);
    q('checkbox-confirm-checkbox')!.querySelector('input')!.click();
    await settle();
    q<HTMLButtonElement>('button-confirm-continue')!.click();
    await settle();
    expect(api.callsOf('tuning.restore_point.revert')).toEqual([[3, []]]);
    expect(q('text-revert-outcome')!.textContent).toContain('Reverted. 1 setting was put back.');
  });

  it('reverts at once when the plan only changes values', async () => {
    const { api, providers } = page(fakePlan([fakeChange()]));
    const { q, settle } = withDialogs(await render(RestorePointsPage, providers));
    q<HTMLButtonElement>('button-revert-preview-3')!.click();
    await settle();
    q<HTMLButtonElement>('button-revert-confirm')!.click();
    await settle();
    expect(q('text-confirm-dialog')).toBeNull();
    expect(api.callsOf('tuning.restore_point.revert')).toEqual([[3, []]]);
  });

  it('opens the revert preview of the restore point a link names (?revert=3)', async () => {
    const { api, providers } = page();
    const { q, settle, fixture } = withDialogs(await render(RestorePointsPage, providers));
    fixture.componentRef.setInput('revert', '3');
    await settle();
    expect(api.callsOf('tuning.restore_point.preview')).toEqual([[3]]);
    expect(q('card-revert-section')!.textContent).toContain('Reverting restore point #3');
  });

  it('opens the preview a link names when that restore point is on another page, asking for it alone', async () => {
    const many = Array.from({ length: 30 }, (_, i) => fakeRestorePoint({ id: i + 1, state: i ? 'REVERTED' : 'APPLIED',
      created_at: new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString() }));
    const { api, providers } = mockApi((m) => m
      .mockCall('tuning.restore_point.query', stored(many))
      .mockCall('tuning.restore_point.preview', fakePlan([fakeChange()]))
      .mockCall('tuning.state', fakeState()));
    const { q, settle, fixture } = withDialogs(await render(RestorePointsPage, providers));
    expect(q('row-restore-point-1')).toBeNull();   // #1, the oldest, is on page 2
    fixture.componentRef.setInput('revert', '1');
    await settle();
    expect(api.callsOf('tuning.restore_point.query').at(-1)).toEqual([[['id', '=', 1]], { get: true }]);
    expect(api.callsOf('tuning.restore_point.preview')).toEqual([[1]]);
    expect(q('card-revert-section')!.textContent).toContain('Reverting restore point #1');
  });

  it('a read-only user previews what a revert would change but may not revert', async () => {
    const { api, providers } = page();
    const { el, q, settle } = withDialogs(await render(RestorePointsPage, providers));
    await sessionRoles(READ_ONLY_ROLES, settle);
    q<HTMLButtonElement>('button-revert-preview-3')!.click();
    await settle();
    expect(q('table-plan-table')).not.toBeNull();
    expect(controlState(el, 'button-revert-confirm')).toMatchObject({ disabled: true, needs: 'SYSTEM_ADVANCED_WRITE' });
    q<HTMLButtonElement>('button-revert-confirm')!.click();
    await settle();
    expect(q('text-confirm-dialog')).toBeNull();
    expect(api.callsOf('tuning.restore_point.revert')).toEqual([]);
  });

  it('names a put-back restore point as such, and a revert row whose value is already there as "already"', async () => {
    const inheritAgain = fakeChange({ current: '128K', proposed: '128K', proposed_source: 'INHERIT', same_value: true });
    const { providers } = mockApi((m) => m
      .mockCall('tuning.restore_point.query', stored([fakeRestorePoint({ id: 4, kind: 'PUT_BACK' }),
        fakeRestorePoint({ id: 3, kind: 'REVERT', state: 'REVERTED' }), fakeRestorePoint({ id: 2 })]))
      .mockCall('tuning.restore_point.preview', fakePlan([inheritAgain]))
      .mockCall('tuning.state', fakeState()));
    const { q, settle } = withDialogs(await render(RestorePointsPage, providers));
    await settle();
    expect(q('row-restore-point-4')!.textContent).toContain('Put back');
    expect(q('row-restore-point-4')!.textContent).not.toContain('Revert max');
    expect(q('row-restore-point-3')!.textContent).toContain('Revert');
    expect(q('row-restore-point-2')!.textContent).toContain('Apply');
    q<HTMLButtonElement>('button-revert-preview-2')!.click();
    await settle();
    const values = q('cell-plan-values')!.textContent!.replace(/\s+/g, ' ').trim();
    expect(values).toBe('already 128 KiB (inherits again)');
  });

  it('a revert row’s button says it re-applies; a put back a later revert outlived is no longer in effect, no button',
    async () => {
      const { providers } = mockApi((m) => m
        .mockCall('tuning.restore_point.query', stored([
          fakeRestorePoint({ id: 5, kind: 'REVERT', reverts: 3 }),
          fakeRestorePoint({ id: 4, kind: 'REVERT', reverts: 2 }),
          fakeRestorePoint({ id: 3, kind: 'PUT_BACK', outlived_by: 4 }),
          fakeRestorePoint({ id: 2, state: 'REVERTED', reverted_by: 4 }),
        ]))
        .mockCall('tuning.state', fakeState()));
      const { q, settle } = withDialogs(await render(RestorePointsPage, providers));
      await settle();
      expect(q('button-revert-preview-4')!.textContent!.trim()).toBe('Re-apply max-iops…');   // it undid an apply
      expect(q('button-revert-preview-5')!.textContent!.trim()).toBe('Put back again…');   // it undid a put back
      expect(q('row-restore-point-3')!.textContent).toContain('No longer in effect (since #4)');
      expect(q('row-restore-point-3')!.textContent).not.toContain('Applied');
      expect(q('button-revert-preview-3')).toBeNull();
    });
});
