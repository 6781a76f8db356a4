import { TestBed } from '@angular/core/testing';

import { PresetsStore } from '../../stores/presets.store';
import { fakePreset } from '../../testing/fixtures';
import { mockApi } from '../../testing/mock-api';
import { render } from '../../testing/render';
import { withDialogs } from '../../testing/dialog';
import { READ_ONLY_ROLES, sessionRoles } from '../../testing/roles';
import { headerCell } from '../../testing/tables';
import { fakeSettingInfos } from '../../testing/setting-fixtures';
import { CustomPresetsPage } from './custom-presets.page';

async function renderPage(presets = [fakePreset(), fakePreset({ id: 'max-seq', name: 'Max sequential' })]) {
  const { providers } = mockApi((m) => m
    .mockCall('tuning.preset.query', presets)
    .mockCall('tuning.preset.settings', fakeSettingInfos()));
  // the slide-in with the preset's form opens in the CDK's overlay
  return withDialogs(await render(CustomPresetsPage, providers, () => TestBed.inject(PresetsStore).load()));
}

describe('CustomPresetsPage: the built-in choice and the table', () => {
  it('starts a new preset from the built-in chosen, and the choice is empty again for the next one', async () => {
    const { q, choose, selected } = await renderPage();
    expect(q('select-custom-from-builtin')!.textContent).toContain('Choose…');
    await choose('select-custom-from-builtin', 'max-seq');
    expect(q('section-preset-slide-in')!.textContent).toContain('New preset from Max sequential');
    expect(q<HTMLInputElement>('input-preset-name')!.value).toBe('Max sequential (mine)');
    expect(selected('select-custom-from-builtin')).toBe('');
  });

  it('a read-only user cannot open the built-in choice: the Material select is disabled itself, not only its lock', async () => {
    const { q, settle, choose } = await renderPage();
    await sessionRoles(READ_ONLY_ROLES, settle);
    // the lock's disabled fieldset holds back native controls only
    expect(q('select-custom-from-builtin')!.getAttribute('aria-disabled')).toBe('true');
    await expect(choose('select-custom-from-builtin', 'max-iops')).rejects.toThrow('it is disabled');
    expect(q('section-preset-slide-in')).toBeNull();
  });

  it('sorts the table by name, base or last change when a column header is clicked', async () => {
    const { el, q, all, settle } = await renderPage([
      fakePreset(), fakePreset({ id: 'max-seq', name: 'Max sequential' }),
      fakePreset({ id: 'b', name: 'Backups', builtin: false, base: 'max-seq', created_at: '2026-01-01T00:00:00Z' }),
      fakePreset({ id: 'a', name: 'Archive', builtin: false, base: 'max-iops', created_at: '2026-02-01T00:00:00Z' }),
    ]);
    const order = () => all('row-custom-row-').map((r) => r.getAttribute('data-test'));
    const header = (words: string) => headerCell(q('table-custom-presets-table')!, words);
    const click = async (words: string) => {
      header(words).click();
      await settle();
    };
    expect([...el.querySelectorAll('th[mat-sort-header]')].map((h) => h.textContent!.trim())).toEqual(['Name', 'Based on', 'Updated']);
    expect(order()).toEqual(['row-custom-row-b', 'row-custom-row-a']);   // as the server lists them
    await click('Name');
    expect(order()).toEqual(['row-custom-row-a', 'row-custom-row-b']);
    expect(header('Name').getAttribute('aria-sort')).toBe('ascending');
    await click('Name');
    expect(order()).toEqual(['row-custom-row-b', 'row-custom-row-a']);
    expect(header('Name').getAttribute('aria-sort')).toBe('descending');
    await click('Based on');
    expect(order()).toEqual(['row-custom-row-a', 'row-custom-row-b']);   // Max IOPS before Max sequential
    await click('Updated');
    expect(order()).toEqual(['row-custom-row-b', 'row-custom-row-a']);
    await click('Updated');
    expect(order()).toEqual(['row-custom-row-a', 'row-custom-row-b']);   // the newest first
    expect(header('Updated').getAttribute('aria-sort')).toBe('descending');
  });
});
