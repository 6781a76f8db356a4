import { TestBed } from '@angular/core/testing';

import { PresetsStore } from '../../stores/presets.store';
import { dialogOf, withDialogs } from '../../testing/dialog';
import { fakePreset } from '../../testing/fixtures';
import { mockApi } from '../../testing/mock-api';
import { render } from '../../testing/render';
import { READ_ONLY_ROLES, controlState, sessionRoles } from '../../testing/roles';
import { fakeSettingInfos } from '../../testing/setting-fixtures';
import { CustomPresetsPage } from './custom-presets.page';

describe('CustomPresetsPage', () => {
  it('lists custom presets with their settings in words and values in their unit, and edits one with its base', async () => {
    const own = fakePreset({
      id: 'mine', name: 'Mine', builtin: false, base: 'max-iops',
      settings: [
        { kind: 'ZFS_PARAMETER', setting: 'zfs_arc_max', value: String(8 * 2 ** 30) },
        { kind: 'ZFS_PARAMETER', setting: 'zfs_dirty_data_max_percent', value: '20' },
      ],
    });
    const { providers } = mockApi((m) => m
      .mockCall('tuning.preset.query', [fakePreset(), own])
      .mockCall('tuning.preset.settings', fakeSettingInfos()));
    const { q, settle, selected } = withDialogs(await render(CustomPresetsPage, providers,
      () => TestBed.inject(PresetsStore).load()));

    expect(q('custom-setting-mine-zfs_arc_max')!.textContent).toBe('Maximum ARC size = 8 GiB');
    expect(q('custom-setting-mine-zfs_dirty_data_max_percent')!.textContent).toBe('Write buffer, % of RAM = 20 %');
    expect(q('custom-row-mine')!.textContent).toContain('Max IOPS');
    expect(q('custom-danger-mine')).toBeNull();   // nothing here can lose data
    q('custom-edit-mine')!.click();
    await settle();
    expect(selected('preset-base')).toBe('max-iops');
    expect(q<HTMLInputElement>('setting-value-1')!.value).toBe('20%');
  });

  it('marks an custom preset with a value that can lose data (sync disabled) with a badge in words', async () => {
    const risky = fakePreset({ id: 'fast', name: 'Fast', builtin: false,
      settings: [{ kind: 'DATASET_PROPERTY', setting: 'sync', value: 'DISABLED' }] });
    const { providers } = mockApi((m) => m
      .mockCall('tuning.preset.query', [fakePreset(), risky])
      .mockCall('tuning.preset.settings', fakeSettingInfos()));
    const { q } = withDialogs(await render(CustomPresetsPage, providers,
      () => TestBed.inject(PresetsStore).load()));
    expect(q('custom-danger-fast')!.textContent).toContain('Can lose data');
    expect(q('custom-danger-fast')!.title).toContain('lost on power failure');
  });

  it('edits in a slide-in titled for the preset; Esc in the settings list closes only the list', async () => {
    const own = fakePreset({ id: 'mine', name: 'Mine', builtin: false, settings: [] });
    const { providers } = mockApi((m) => m
      .mockCall('tuning.preset.query', [fakePreset(), own])
      .mockCall('tuning.preset.settings', fakeSettingInfos()));
    const { q, settle } = withDialogs(await render(CustomPresetsPage, providers,
      () => TestBed.inject(PresetsStore).load()));

    q('custom-edit-mine')!.click();
    await settle();
    expect(dialogOf(q('preset-slide-in')!).getAttribute('aria-modal')).toBe('true');
    expect(q('preset-slide-in')!.textContent).toContain('Edit Mine');
    q('setting-add')!.click();
    await settle();
    q('setting-search')!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    await settle();
    expect(q('setting-search')).toBeNull();
    expect(q('preset-form')).not.toBeNull();
    document.activeElement!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    await settle();
    expect(q('preset-slide-in')).toBeNull();
  });

  it('a read-only user sees the custom presets and their settings, but may not create, edit or delete one', async () => {
    const mine = fakePreset({
      id: 'mine', name: 'Mine', builtin: false,
      settings: [{ kind: 'ZFS_PARAMETER', setting: 'zfs_dirty_data_max_percent', value: '20' }],
    });
    const { providers } = mockApi((m) => m
      .mockCall('tuning.preset.query', [fakePreset(), mine])
      .mockCall('tuning.preset.settings', fakeSettingInfos()));
    const { el, q, settle } = withDialogs(await render(CustomPresetsPage, providers,
      () => TestBed.inject(PresetsStore).load()));
    await sessionRoles(READ_ONLY_ROLES, settle);
    expect(q('custom-setting-mine-zfs_dirty_data_max_percent')!.textContent).toBe('Write buffer, % of RAM = 20 %');
    for (const id of ['custom-new', 'custom-from-builtin', 'custom-edit-mine', 'custom-delete-mine']) {
      expect(controlState(el, id)).toMatchObject({ disabled: true, needs: 'SYSTEM_ADVANCED_WRITE' });
    }
    q('custom-edit-mine')!.click();
    q('custom-delete-mine')!.click();
    q('custom-new')!.click();
    await settle();
    expect(q('preset-slide-in')).toBeNull();
    expect(q('custom-delete-confirm-mine')).toBeNull();
  });
});
