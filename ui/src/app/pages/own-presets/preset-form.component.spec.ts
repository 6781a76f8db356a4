import { TestBed } from '@angular/core/testing';

import { ApiValidationError } from '../../api/api-errors';
import { fakePreset } from '../../testing/fixtures';
import { mockApi } from '../../testing/mock-api';
import { PresetFormComponent } from './preset-form.component';

describe('PresetFormComponent', () => {
  it('sends the settings and puts the server error on the named setting row', async () => {
    const { api, providers } = mockApi((m) => m
      .mockCall('tuning.preset.query', [fakePreset()])
      .mockCall('tuning.preset.create', () => {
        throw new ApiValidationError([
          { attribute: 'tuning.preset.create.data.settings.0.value', message: 'must be 1..100', errno: 22 },
        ]);
      }));
    TestBed.configureTestingModule({ imports: [PresetFormComponent], providers });
    const fixture = TestBed.createComponent(PresetFormComponent);
    await fixture.whenStable();
    const el = fixture.nativeElement as HTMLElement;
    const q = <T extends HTMLElement>(id: string) => el.querySelector<T>(`[data-test="${id}"]`)!;
    const type = (id: string, value: string) => {
      const input = q<HTMLInputElement>(id);
      input.value = value;
      input.dispatchEvent(new Event('input'));
    };

    type('preset-name', 'Mine');
    q('setting-add').click();
    await fixture.whenStable();
    const kind = q<HTMLSelectElement>('setting-kind-0');
    kind.value = 'ZFS_PARAMETER';
    kind.dispatchEvent(new Event('change'));
    type('setting-name-0', 'zfs_dirty_data_max_percent');
    type('setting-value-0', '500');
    await fixture.whenStable();
    q('preset-save').click();
    await new Promise((r) => setTimeout(r));
    await fixture.whenStable();

    expect(api.callsOf('tuning.preset.create')[0]).toEqual([{
      name: 'Mine', description: '', base: null,
      settings: [{ kind: 'ZFS_PARAMETER', setting: 'zfs_dirty_data_max_percent', value: '500' }],
    }]);
    expect(q('error-value-0').textContent).toContain('must be 1..100');
  });
});
