import { TestBed } from '@angular/core/testing';

import { PresetsStore } from '../../stores/presets.store';
import { fakePreset } from '../../testing/fixtures';
import { mockApi } from '../../testing/mock-api';
import { render } from '../../testing/render';
import { READ_ONLY_ROLES, controlState, sessionRoles } from '../../testing/roles';
import { fakeSettingInfos } from '../../testing/setting-fixtures';
import { OwnPresetsPage } from './own-presets.page';

const mine = fakePreset({
  id: 'mine', name: 'Mine', builtin: false, settings: [{ kind: 'DATASET_PROPERTY', setting: 'recordsize', value: '1M' }],
});

async function renderPage() {
  const { api, providers } = mockApi((m) => m
    .mockCall('tuning.preset.query', [fakePreset(), mine])
    .mockCall('tuning.preset.settings', fakeSettingInfos()));
  const view = await render(OwnPresetsPage, providers, () => TestBed.inject(PresetsStore).load());
  return { api, ...view };
}

describe('OwnPresetsPage', () => {
  it('a read-only user sees the own presets and their settings, but may not create, edit or delete one', async () => {
    const { el, q, settle } = await renderPage();
    expect(q('own-row-mine')!.textContent).toContain('Mine');
    await sessionRoles(READ_ONLY_ROLES, settle);
    for (const id of ['own-new', 'own-from-builtin', 'own-edit-mine', 'own-delete-mine']) {
      expect(controlState(el, id)).toMatchObject({ disabled: true, needs: 'SYSTEM_ADVANCED_WRITE' });
    }
    q('own-edit-mine')!.click();
    q('own-delete-mine')!.click();
    q('own-new')!.click();
    await settle();
    expect(q('preset-slide-in')).toBeNull();
    expect(q('own-delete-confirm-mine')).toBeNull();
  });

  it('an admin opens the editor and the delete confirmation', async () => {
    const { q, settle } = await renderPage();
    q('own-delete-mine')!.click();
    await settle();
    expect(q('own-delete-confirm-mine')).not.toBeNull();
  });
});
