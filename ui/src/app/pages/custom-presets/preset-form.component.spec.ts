import { ApiValidationError } from '../../api/api-errors';
import { TuningPreset, TuningPresetCreate, TuningPresetSettingInfo } from '../../api/models/tuning-preset';
import { fakePreset } from '../../testing/fixtures';
import { mockApi } from '../../testing/mock-api';
import { render } from '../../testing/render';
import { SYNC_DISABLED_REASON, fakeCautionInfo, fakeSettingInfos } from '../../testing/setting-fixtures';
import { PresetFormComponent } from './preset-form.component';

const GiB = 2 ** 30;
const BUILTIN = fakePreset({ id: 'max-iops', name: 'Max IOPS', description: 'Small random I/O' });
const OWN = fakePreset({
  id: 'mine', name: 'Mine', builtin: false, base: 'max-iops', description: 'nightly',
  settings: [{ kind: 'ZFS_PARAMETER', setting: 'zfs_arc_max', value: String(8 * GiB) }],
});

function setup(refuse?: (data: TuningPresetCreate) => void, settings: TuningPresetSettingInfo[] = fakeSettingInfos()) {
  const fail = (data: TuningPresetCreate): TuningPreset => {
    refuse?.(data);
    return { ...OWN, name: data.name, base: data.base ?? null };
  };
  return mockApi((m) => m
    .mockCall('tuning.preset.query', [BUILTIN, OWN])
    .mockCall('tuning.preset.settings', settings)
    .mockCall('tuning.preset.create', ([data]) => fail(data))
    .mockCall('tuning.preset.update', ([, data]) => fail(data as TuningPresetCreate)));
}

describe('PresetFormComponent', () => {
  it('picks a setting from the searchable list, shows it in words and puts the server error on its row', async () => {
    const { api, providers } = setup((data) => {
      if (data.settings?.[0]?.value === '64G') {
        throw new ApiValidationError([{
          attribute: 'tuning.preset.create.data.settings.0.value', errno: 22,
          message: "64 GiB exceeds this box's 32 GiB of RAM; the ARC must stay below it",
        }]);
      }
    });
    const { q, all, type, choose, settle } = await render(PresetFormComponent, providers);

    await type('input-preset-name', 'Mine');
    q('button-setting-add')!.click();
    await settle();
    expect(all('button-setting-option-')).toHaveLength(4);
    expect(document.activeElement).toBe(q('input-setting-search'));   // opened to type a search at once
    await type('input-setting-search', 'arc');
    expect(all('button-setting-option-').map((b) => b.dataset['test'])).toEqual(['button-setting-option-zfs-arc-max']);
    const option = q('button-setting-option-zfs-arc-max')!;
    expect(option.textContent).toContain('Maximum ARC size');
    expect(option.textContent).toContain('Now: 16 GiB');
    expect(option.textContent).toContain("less than 32 GiB (this box's RAM)");
    option.click();
    await settle();

    expect(q('text-setting-picker')).toBeNull();
    expect(q('text-setting-title-0')!.textContent).toContain('Maximum ARC size');
    expect(q('facts-setting-facts-0')!.textContent).toContain('Unit: size');
    expect(q<HTMLInputElement>('input-setting-value-0')!.placeholder).toContain('8G');
    await type('input-setting-value-0', '64G');
    q('button-preset-save')!.click();
    await settle();

    expect(api.callsOf('tuning.preset.create')[0]).toEqual([{
      name: 'Mine', description: '', base: null,
      settings: [{ kind: 'ZFS_PARAMETER', setting: 'zfs_arc_max', value: '64G' }],
    }]);
    expect(q('text-error-value-0')!.textContent).toBe("Maximum ARC size: 64 GiB exceeds this box's 32 GiB of RAM; the ARC must stay below it");
    expect(q('text-preset-form-error')).toBeNull();

    await type('input-setting-value-0', '24G');   // a new value: the old refusal goes
    expect(q('text-error-value-0')).toBeNull();
    q('button-setting-add')!.click();
    await settle();
    expect(q<HTMLButtonElement>('button-setting-option-zfs-arc-max')!.disabled).toBe(true);   // not offered twice
    q('input-setting-search')!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    await settle();
    expect(q('text-setting-picker')).toBeNull();   // Esc closes the list
    q('button-setting-add')!.click();
    await settle();
    await type('input-setting-search', 'sync');
    q('button-setting-option-sync')!.click();
    await settle();
    expect(q('select-setting-value-1')!.tagName).toBe('MAT-SELECT');
    await choose('select-setting-value-1', 'STANDARD');
    expect(q('text-setting-danger-1')).toBeNull();
    await choose('select-setting-value-1', 'DISABLED');
    expect(q('text-setting-danger-1')!.textContent).toContain(SYNC_DISABLED_REASON);   // the server's reason for this box
    expect(q('text-setting-danger-0')).toBeNull();
    q('button-preset-save')!.click();
    await settle();
    expect(api.callsOf('tuning.preset.create')[1]).toEqual([{
      name: 'Mine', description: '', base: null,
      settings: [
        { kind: 'ZFS_PARAMETER', setting: 'zfs_arc_max', value: '24G' },
        { kind: 'DATASET_PROPERTY', setting: 'sync', value: 'DISABLED' },
      ],
    }]);
  });

  it('edits a preset saved with a base: shows the base, stored sizes as typed, and can clear the base', async () => {
    const { api, providers } = setup();
    const { fixture, q, settle, selected } = await render(PresetFormComponent, providers);
    fixture.componentRef.setInput('preset', OWN);
    await settle();

    expect(selected('select-preset-base')).toBe('max-iops');
    expect(q('select-preset-base')!.textContent).toContain('Max IOPS');
    expect(q('text-preset-base-description')!.textContent).toContain('Small random I/O');
    expect(q<HTMLInputElement>('input-setting-value-0')!.value).toBe('8G');
    q('button-preset-base-clear')!.click();
    await settle();
    expect(selected('select-preset-base')).toBe('');
    q('button-preset-save')!.click();
    await settle();

    expect(api.callsOf('tuning.preset.update')[0]).toEqual(['mine', {
      name: 'Mine', description: 'nightly', base: null,
      settings: [{ kind: 'ZFS_PARAMETER', setting: 'zfs_arc_max', value: '8G' }],
    }]);
  });

  it('checks what it can before sending and says what nothing on the form shows', async () => {
    const { api, providers } = setup(() => {
      throw new ApiValidationError([{ attribute: 'tuning.preset.create.data.other', message: 'odd', errno: 22 }]);
    });
    const { q, type, settle } = await render(PresetFormComponent, providers);

    q('button-setting-add')!.click();
    await settle();
    q('button-setting-option-zfs-dirty-data-max-percent')!.click();
    await settle();
    q('button-preset-save')!.click();
    await settle();
    expect(api.callsOf('tuning.preset.create')).toEqual([]);
    expect(q('text-error-name')!.textContent).toBe('Name: is required');
    expect(q('text-error-value-0')!.textContent).toBe('Write buffer, % of RAM: is required');

    await type('input-preset-name', 'Mine');
    await type('input-setting-value-0', '20%');
    q('button-preset-save')!.click();
    await settle();
    expect(api.callsOf('tuning.preset.create')).toHaveLength(1);
    expect(q('text-preset-form-error')!.textContent).toContain('odd');
  });

  it('starts from a built-in with its name and base filled in, its description shown as the base\'s, not copied', async () => {
    const { providers } = setup();
    const { fixture, q, settle, selected } = await render(PresetFormComponent, providers);
    fixture.componentRef.setInput('preset', BUILTIN);
    fixture.componentRef.setInput('fromBuiltin', true);
    await settle();
    expect(q<HTMLInputElement>('input-preset-name')!.value).toBe('Max IOPS (mine)');
    expect(selected('select-preset-base')).toBe('max-iops');
    expect(q<HTMLTextAreaElement>('textarea-preset-description')!.value).toBe('');
    expect(q('text-preset-base-description')!.textContent).toContain('Small random I/O');
  });

  it('lists choices in words, each risky one marked with its reason, and says the risk of the chosen one', async () => {
    const { providers } = setup(undefined, [...fakeSettingInfos(), fakeCautionInfo()]);
    const { q, type, choose, settle, options } = await render(PresetFormComponent, providers);
    for (const setting of ['sync', 'logbias']) {
      q('button-setting-add')!.click();
      await settle();
      await type('input-setting-search', setting);
      q(`button-setting-option-${setting}`)!.click();
      await settle();
    }
    const [standard, always, disabled] = options('select-setting-value-0');
    expect([standard.text, always.text]).toEqual(['Standard', 'Always']);   // safe choices: their words only
    expect(disabled.value).toBe('DISABLED');
    expect(disabled.text).toContain('Disabled');
    expect(disabled.text).toContain('Can lose data');
    expect(disabled.text).toContain(SYNC_DISABLED_REASON);
    const throughput = options('select-setting-value-1')[1];
    expect(throughput.text).toContain('Throughput');
    expect(throughput.text).toContain('Caution');
    expect(throughput.text).toContain('Small synchronous writes get slower');

    await choose('select-setting-value-0', 'DISABLED');
    expect(q('select-setting-value-0')!.querySelector('.mat-mdc-select-value')!.textContent!.trim()).toBe('Disabled');
    expect(q('text-setting-danger-0')!.getAttribute('role')).toBe('alert');
    await choose('select-setting-value-1', 'THROUGHPUT');
    expect(q('text-setting-danger-1')).toBeNull();   // a cost, not a loss
    expect(q('text-setting-caution-1')!.textContent).toContain('Small synchronous writes get slower');
    expect(q('text-setting-caution-1')!.getAttribute('role')).toBeNull();
    await choose('select-setting-value-1', 'LATENCY');
    expect(q('text-setting-caution-1')).toBeNull();
  });

  it("still marks a value that can lose data when an older server's list rates no choice", async () => {
    const older = fakeSettingInfos().map(({ risky_values: _, ...info }) => info);
    const { providers } = setup(undefined, older);
    const { q, type, choose, settle } = await render(PresetFormComponent, providers);
    q('button-setting-add')!.click();
    await settle();
    await type('input-setting-search', 'sync');
    q('button-setting-option-sync')!.click();
    await settle();
    await choose('select-setting-value-0', 'DISABLED');
    expect(q('text-setting-danger-0')!.textContent).toContain('Writes acknowledged but not on disk are lost on power failure');
  });
});
