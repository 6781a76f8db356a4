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

    expect(q('text-custom-setting-mine-zfs-arc-max')!.textContent).toBe('Maximum ARC size = 8 GiB');
    expect(q('text-custom-setting-mine-zfs-dirty-data-max-percent')!.textContent).toBe('Write buffer, % of RAM = 20 %');
    expect(q('row-custom-row-mine')!.textContent).toContain('Max IOPS');
    expect(q('text-custom-danger-mine')).toBeNull();   // nothing here can lose data
    q('button-custom-edit-mine')!.click();
    await settle();
    expect(selected('select-preset-base')).toBe('max-iops');
    expect(q<HTMLInputElement>('input-setting-value-1')!.value).toBe('20%');
  });

  it('marks an custom preset with a value that can lose data (sync disabled) with a badge in words', async () => {
    const risky = fakePreset({ id: 'fast', name: 'Fast', builtin: false,
      settings: [{ kind: 'DATASET_PROPERTY', setting: 'sync', value: 'DISABLED' }] });
    const { providers } = mockApi((m) => m
      .mockCall('tuning.preset.query', [fakePreset(), risky])
      .mockCall('tuning.preset.settings', fakeSettingInfos()));
    const { q } = withDialogs(await render(CustomPresetsPage, providers,
      () => TestBed.inject(PresetsStore).load()));
    expect(q('text-custom-danger-fast')!.textContent).toContain('Can lose data');
    expect(q('text-custom-danger-fast')!.title).toContain('lost on power failure');
  });

  it('edits in a slide-in titled for the preset; Esc in the settings list closes only the list', async () => {
    const own = fakePreset({ id: 'mine', name: 'Mine', builtin: false, settings: [] });
    const { providers } = mockApi((m) => m
      .mockCall('tuning.preset.query', [fakePreset(), own])
      .mockCall('tuning.preset.settings', fakeSettingInfos()));
    const { q, settle } = withDialogs(await render(CustomPresetsPage, providers,
      () => TestBed.inject(PresetsStore).load()));

    q('button-custom-edit-mine')!.click();
    await settle();
    expect(dialogOf(q('section-preset-slide-in')!).getAttribute('aria-modal')).toBe('true');
    expect(q('section-preset-slide-in')!.textContent).toContain('Edit Mine');
    q('button-setting-add')!.click();
    await settle();
    q('input-setting-search')!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    await settle();
    expect(q('input-setting-search')).toBeNull();
    expect(q('form-preset-form')).not.toBeNull();
    document.activeElement!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    await settle();
    expect(q('section-preset-slide-in')).toBeNull();
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
    expect(q('text-custom-setting-mine-zfs-dirty-data-max-percent')!.textContent).toBe('Write buffer, % of RAM = 20 %');
    for (const id of ['button-custom-new', 'select-custom-from-builtin', 'button-custom-edit-mine', 'button-custom-delete-mine']) {
      expect(controlState(el, id)).toMatchObject({ disabled: true, needs: 'SYSTEM_ADVANCED_WRITE' });
    }
    q('button-custom-edit-mine')!.click();
    q('button-custom-delete-mine')!.click();
    q('button-custom-new')!.click();
    await settle();
    expect(q('section-preset-slide-in')).toBeNull();
    expect(q('button-custom-delete-confirm-mine')).toBeNull();
  });
});
