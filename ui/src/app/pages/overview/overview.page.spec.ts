import { TestBed } from '@angular/core/testing';
import { provideRouter } from '@angular/router';

import { TuningStateInEffect } from '../../api/models/tuning-profile';
import { BoxStore } from '../../stores/box.store';
import { PresetsStore } from '../../stores/presets.store';
import { fakePreset, fakeProfile, fakeState } from '../../testing/fixtures';
import { mockApi } from '../../testing/mock-api';
import { render } from '../../testing/render';
import { OverviewPage } from './overview.page';

function row(partial: Partial<TuningStateInEffect>): TuningStateInEffect {
  return {
    key: 'DATASET_PROPERTY:tank/media:recordsize', kind: 'DATASET_PROPERTY', setting: 'recordsize',
    summary: 'maximum block size', scope: 'tank/media', value: '1M', inherited: false, apply_mode: 'NEW_DATA',
    risk: 'SAFE', risk_reason: null, preset: 'max-seq-write', restore_point_id: 2, applied_at: '2026-01-02T10:00:00Z',
    pending_reboot: false, ...partial,
  };
}

const sync = row({
  key: 'DATASET_PROPERTY:tank/media:sync', setting: 'sync', summary: 'handling of synchronous writes', value: 'DISABLED',
  apply_mode: 'LIVE', risk: 'DANGEROUS', risk_reason: 'on a power cut or crash, writes the clients were told are safe can be lost',
  preset: 'loose', restore_point_id: 1,
});

async function open(state = fakeState()) {
  const { providers } = mockApi((m) => m
    .mockCall('tuning.profile', fakeProfile()).mockCall('tuning.state', state)
    .mockCall('tuning.preset.query', [fakePreset({ id: 'max-seq-write', name: 'Max sequential write' }),
      fakePreset({ id: 'loose', name: 'Loose', builtin: false })]));
  return render(OverviewPage, [...providers, provideRouter([])], async () => {
    await TestBed.inject(BoxStore).load();
    await TestBed.inject(PresetsStore).load();
  });
}

describe('OverviewPage', () => {
  it('keeps a dangerous setting of an earlier preset in sight, first, in words, with the restore point that undoes it', async () => {
    const { q, all } = await open(fakeState({
      active: { preset: 'max-seq-write', target: { pool: 'tank', dataset: 'tank/media' }, restore_point_id: 2, applied_at: '2026-01-02T10:00:00Z' },
      in_effect: [sync, row({}), row({ key: 'k2', setting: 'zfs_dirty_data_max', risk: 'CAUTION', scope: 'global' })],
    }));
    expect(q('active-preset-name')!.textContent).toContain('Max sequential write');
    expect(q('latest-preset')!.textContent).toContain('Latest preset applied');
    const banner = q('dangerous-in-effect')!;
    expect(banner.getAttribute('role')).toBe('alert');
    expect(banner.textContent).toContain('A dangerous setting is in effect');
    expect(q('dangerous-sync')!.textContent).toContain('sync = DISABLED on tank/media (handling of synchronous writes)');
    expect(q('dangerous-sync')!.textContent).toContain('writes the clients were told are safe can be lost');
    expect(q('dangerous-sync')!.textContent).toContain('set by Loose');
    const undo = q<HTMLAnchorElement>('dangerous-undo-sync')!;
    expect(undo.textContent).toContain('Revert restore point #1 to undo it');
    expect(undo.getAttribute('href')).toBe('/restore-points?revert=1');

    expect(all('in-effect-').filter((el) => el.tagName === 'TR').map((el) => el.dataset['test']))
      .toEqual(['in-effect-sync', 'in-effect-recordsize', 'in-effect-zfs_dirty_data_max']);
    expect(q('in-effect-intro')!.textContent).toContain('3 settings tuning changed are in effect now, from 2 restore points');
    expect(q<HTMLAnchorElement>('in-effect-undo-recordsize')!.getAttribute('href')).toBe('/restore-points?revert=2');
    expect(q('in-effect-sync')!.textContent).toContain('Dangerous');
    expect(q('no-drift')).not.toBeNull();
  });

  it('says nothing is in effect when tuning changed nothing', async () => {
    const { q } = await open();
    expect(q('no-active-preset')!.textContent).toContain('Nothing tuning changed is in effect');
    expect(q('dangerous-in-effect')).toBeNull();
    expect(q('in-effect-table')).toBeNull();
  });

  it('shows a setting waiting for a reboot as such', async () => {
    const { q } = await open(fakeState({
      active: { preset: 'max-seq-write', target: { pool: 'tank' }, restore_point_id: 2, applied_at: 't' },
      in_effect: [row({ setting: 'zfs_dirty_data_max_percent', pending_reboot: true, scope: 'global' })],
    }));
    expect(q('in-effect-zfs_dirty_data_max_percent')!.textContent).toContain('after the next reboot');
    expect(q('in-effect-intro')!.textContent).toContain('from one restore point');
  });

  it('merges notices said more than once into one with a count, and a dismissed one stays dismissed', async () => {
    localStorage.clear();
    const said = 'Campaign 3 is waiting for the box to restart.';
    const state = fakeState({ recovered: [said, said, said, 'Scratch of job 9 was removed.', said] });
    const first = await open(state);
    const notices = first.all('recovered').filter((e) => e.dataset['test'] === 'recovered');
    expect(notices.map((n) => n.querySelector('span')!.textContent)).toEqual([`${said}4 times`, 'Scratch of job 9 was removed.']);
    expect(notices[0].querySelector('[data-test="recovered-count"]')!.textContent).toBe('4 times');
    expect(notices[1].querySelector('[data-test="recovered-count"]')).toBeNull();
    notices[0].querySelector<HTMLButtonElement>('[data-test="recovered-dismiss"]')!.click();
    await first.settle();
    expect(first.all('recovered').filter((e) => e.dataset['test'] === 'recovered').length).toBe(1);

    TestBed.resetTestingModule();
    const again = await open(state);
    expect(again.all('recovered').filter((e) => e.dataset['test'] === 'recovered').map((n) => n.textContent))
      .toEqual([expect.stringContaining('Scratch of job 9')]);
    localStorage.clear();
  });
});
