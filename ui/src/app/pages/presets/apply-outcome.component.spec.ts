import { TuningApplyOutcome } from '../../api/models/tuning-common';
import { interpolate } from '../../i18n/translate.service';
import { fakeChange } from '../../testing/fixtures';
import { render } from '../../testing/render';
import { provideRoles } from '../../testing/roles';
import { ApplyOutcomeComponent, checkedWords } from './apply-outcome.component';

const bootParam = fakeChange({ key: 'ZFS_PARAMETER:global:zfs_dirty_data_max_max', kind: 'ZFS_PARAMETER', scope: 'global',
  setting: 'zfs_dirty_data_max_max', summary: 'Write buffer limit', current: String(8 * 2 ** 30),
  proposed: String(6 * 2 ** 30), apply_mode: 'REBOOT' });

function outcome(partial: Partial<TuningApplyOutcome>): TuningApplyOutcome {
  return { restore_point_id: 3, preset: 'custom-1', target: { pool: 'tank' }, applied: [], pending_reboot: [], verified: [], ...partial };
}

describe('ApplyOutcomeComponent', () => {
  it('says "Checked" for one, both or all n changed settings', () => {
    expect(interpolate(checkedWords(1), { n: 1 })).toBe('Checked: the changed setting, read back from the box, holds its new value.');
    expect(interpolate(checkedWords(2), { n: 2 })).toBe('Checked: both changed settings, read back from the box, hold their new values.');
    expect(interpolate(checkedWords(3), { n: 3 })).toBe('Checked: all 3 changed settings, read back from the box, hold their new values.');
  });

  it('names a setting waiting for a reboot by its title as the plan does, its id only on hover', async () => {
    const { q, settle } = await render(ApplyOutcomeComponent, [provideRoles(['FULL_ADMIN'])], undefined, {
      outcome: outcome({ applied: [bootParam], pending_reboot: [bootParam.key] }),
    });
    await settle();
    const banner = q('text-apply-pending-reboot')!;
    expect(banner.textContent!.replace(/\s+/g, ' ').trim()).toBe('Waiting for a reboot: Write buffer limit');
    expect(banner.querySelector('span')!.getAttribute('title')).toBe('zfs_dirty_data_max_max');
    expect(q('button-apply-reboot')).not.toBeNull();
  });

  it('finds a waiting setting among the plan rows when the outcome does not hold it', async () => {
    const { q, settle } = await render(ApplyOutcomeComponent, [provideRoles(['FULL_ADMIN'])], undefined, {
      outcome: outcome({ applied: [fakeChange()], verified: [fakeChange().key], pending_reboot: [bootParam.key] }),
      changes: [bootParam],
    });
    await settle();
    expect(q('text-apply-pending-reboot')!.textContent).toContain('Write buffer limit');
    expect(q('text-apply-verified')!.textContent).toContain('Checked: the changed setting');
  });
});
