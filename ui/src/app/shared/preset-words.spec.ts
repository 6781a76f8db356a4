import { interpolate } from '../i18n/translate.service';
import { PresetContext, resultPresetWords } from './preset-words';

const say = (key: string, params?: Record<string, unknown>) => interpolate(key, params);
const nameOf = (id: string) => ({ 'boot-buffer': 'Boot buffer' })[id] ?? id;
const words = (context: PresetContext | null | undefined) => resultPresetWords(context, nameOf, say);
const BOOT = { id: 'boot-buffer', name: 'Boot buffer' };
const DIRTY = 'ZFS_PARAMETER:GLOBAL:zfs_dirty_data_max_max';

describe('resultPresetWords', () => {
  it('names a preset whose settings waited for a reboot as not (or not all) in effect, as the report does', () => {
    // the server's core/measured_preset.py says the same (tests/unit/report/test_measured_preset.py)
    expect(words({ preset: { ...BOOT, changed: 1, pending_reboot: [DIRTY] }, pending_reboot: [DIRTY] }))
      .toBe('Boot buffer (not yet in effect: waiting for a reboot)');
    expect(words({ preset: { ...BOOT, changed: 3, pending_reboot: [DIRTY] } }))
      .toBe('Boot buffer (partly: 1 setting waiting for a reboot)');
    expect(words({ preset: { ...BOOT, changed: 5, pending_reboot: ['A', 'B'] } }))
      .toBe('Boot buffer (partly: 2 settings waiting for a reboot)');
  });

  it('credits the preset when none of its own settings waited (another preset’s may have)', () => {
    expect(words({ preset: { ...BOOT, changed: 1, pending_reboot: [] }, pending_reboot: [DIRTY] })).toBe('Boot buffer');
  });

  it('says what waited of an older result without crediting or blaming the preset', () => {
    expect(words({ preset: BOOT, pending_reboot: [DIRTY] })).toBe('Boot buffer (1 setting waiting for a reboot)');
    expect(words({ preset: BOOT, pending_reboot: [DIRTY, 'B'] })).toBe('Boot buffer (2 settings waiting for a reboot)');
    expect(words({ preset: BOOT, pending_reboot: [] })).toBe('Boot buffer');
    expect(words({ preset: BOOT })).toBe('Boot buffer');   // a history row asks for the preset alone
  });

  it('names a preset gone since by the name recorded with the result', () => {
    expect(words({ preset: { id: 'my-own', name: 'My own' } })).toBe('My own');
    expect(words({ preset: { id: 'my-own' } })).toBe('my-own');
  });

  it('says None without a preset and imported for another tool’s file', () => {
    expect(words({ preset: null })).toBe('None');
    expect(words({ preset: null, pending_reboot: [] })).toBe('None');
    // a preset reverted but not rebooted away: no plain baseline
    expect(words({ preset: null, pending_reboot: [DIRTY] })).toBe('None (1 setting waiting for a reboot)');
    expect(words({ preset: null, pending_reboot: [DIRTY, 'X'] })).toBe('None (2 settings waiting for a reboot)');
    expect(words(undefined)).toBe('None');
    expect(words({ imported: { format: 'FIO_JSON' } })).toBe('imported');
  });
});
