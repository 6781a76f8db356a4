import { fakeSettingInfos } from '../../testing/setting-fixtures';
import { dataLossWords, losesData, placeholderOf, searchSettings, shownValue, typedValue, usesChoices } from './preset-settings';

const [arc, percent, sync, recordsize] = fakeSettingInfos();

describe('preset settings', () => {
  it('finds settings by every word of the query in their name, technical name, description or kind', () => {
    const settings = fakeSettingInfos();
    expect(searchSettings(settings, 'arc').map((s) => s.setting)).toEqual(['zfs_arc_max']);
    expect(searchSettings(settings, 'WRITE buffer').map((s) => s.setting)).toEqual(['zfs_dirty_data_max_percent']);
    expect(searchSettings(settings, 'dataset').map((s) => s.setting)).toEqual(['sync', 'recordsize']);
    expect(searchSettings(settings, 'zfs_arc')).toHaveLength(1);
    expect(searchSettings(settings, '  ')).toHaveLength(4);
    expect(searchSettings(settings, 'nothing like this')).toEqual([]);
  });

  it('shows values in their unit and writes stored ones as one would type them', () => {
    expect(shownValue(arc, String(16 * 2 ** 30))).toBe('16.0 GiB');
    expect(shownValue(percent, '10')).toBe('10 %');
    expect(shownValue(sync, 'STANDARD')).toBe('Standard');
    expect(shownValue(arc, null)).toBe('—');
    expect(shownValue(arc, '0')).toBe('0 (OpenZFS decides)');
    expect(shownValue(recordsize, '0')).toBe('0 B');
    expect(typedValue(arc, String(8 * 2 ** 30))).toBe('8G');
    expect(typedValue(arc, String(1536 * 2 ** 20))).toBe('1536M');
    expect(typedValue(arc, '18446744073709551615')).toBe('18446744073709551615');   // exact, not a rounded double
    expect(typedValue(arc, '0')).toBe('0');
    expect(typedValue(percent, '20')).toBe('20%');
    expect(typedValue(recordsize, '1M')).toBe('1M');
  });

  it('offers a list for settings with choices only and an example in the unit otherwise', () => {
    expect(usesChoices(sync)).toBe(true);
    expect(usesChoices(arc)).toBe(false);
    expect(usesChoices({ ...sync, minimum: 1, maximum: 256, choices: ['AUTO'] })).toBe(false);   // AUTO or a number
    expect(placeholderOf(arc)).toContain('8G');
    expect(placeholderOf(percent)).toContain('%');
    expect(placeholderOf(recordsize)).toContain('1M');
    expect(placeholderOf({ ...arc, default: '4096 131072 6291456' })).toBe('4096 131072 6291456');
  });
});

describe('dataLossWords', () => {
  it('words the values the server rates DANGEROUS, whatever their case, and nothing else', () => {
    expect(dataLossWords('DATASET_PROPERTY', 'sync', 'disabled')).toContain('lost on power failure');
    expect(dataLossWords('DATASET_PROPERTY', 'sync', 'ALWAYS')).toBeNull();
    expect(dataLossWords('ZFS_PARAMETER', 'zfs_nocacheflush', '1')).toContain('corrupted');
    expect(dataLossWords('ZFS_PARAMETER', 'zfs_nocacheflush', '0')).toBeNull();
    expect(losesData([{ kind: 'DATASET_PROPERTY', setting: 'sync', value: 'DISABLED' }])).toBe(true);
    expect(losesData(undefined)).toBe(false);
  });
});
