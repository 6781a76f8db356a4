import { SYNC_DISABLED_REASON, fakeCautionInfo, fakeSettingInfos } from '../../testing/setting-fixtures';
import {
  choiceLabel, dataLossOf, dataLossWords, losesData, placeholderOf, searchSettings, shownValue, typedValue, usesChoices, valueRisk,
} from './preset-settings';

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
    expect(shownValue(arc, String(16 * 2 ** 30))).toBe('16 GiB');
    expect(shownValue(percent, '10')).toBe('10 %');
    expect(shownValue(sync, 'STANDARD')).toBe('Standard');
    expect(shownValue(arc, null)).toBe('—');
    expect(shownValue(arc, '0')).toBe('0 (OpenZFS default)');   // as the plan says it: one formatter
    expect(shownValue(recordsize, '0')).toBe('0 B');
    expect(typedValue(arc, String(8 * 2 ** 30))).toBe('8G');
    expect(typedValue(arc, String(1536 * 2 ** 20))).toBe('1536M');
    expect(typedValue(arc, '18446744073709551615')).toBe('18446744073709551615');   // exact, not a rounded double
    expect(typedValue(arc, '0')).toBe('0');
    expect(typedValue(percent, '20')).toBe('20%');
    expect(typedValue(recordsize, '1M')).toBe('1M');
  });

  it('words what the setting picker shows as "Now" and "Default" as the plan does: switches, sizes, automatic', () => {
    const flush = { ...sync, kind: 'ZFS_PARAMETER' as const, setting: 'zfs_nocacheflush', unit: 'SWITCH' as const, choices: ['0', '1'] };
    expect(shownValue(flush, '1')).toBe('on');
    expect(choiceLabel(flush, '0')).toBe('off');   // the editor's choices: "off | on", not "0 | 1"
    const tcp = { ...arc, setting: 'net.ipv4.tcp_rmem', unit: 'BYTES' as const, zero_is_default: false };
    expect(shownValue(tcp, '4096 131072 6291456')).toBe('4 KiB, 128 KiB, 6 MiB (min, default, max)');
    expect(shownValue({ ...sync, unit: null }, 'false')).toBe('off');   // SMB multichannel
    expect(shownValue({ ...sync, unit: 'COUNT' }, 'AUTO')).toBe('automatic');   // NFS server threads
    expect(shownValue(recordsize, '128K')).toBe('128 KiB');
    expect(shownValue(undefined, '1')).toBe('1');   // the settings list not loaded: no unit to go by
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
  it("reads the server's rating of the typed value in its settings list, whatever its case, and says its reason", () => {
    expect(valueRisk(sync, ' disabled ')).toEqual(sync.risky_values![0]);
    expect(valueRisk(sync, 'ALWAYS')).toBeNull();
    expect(valueRisk(undefined, 'DISABLED')).toBeNull();
    expect(dataLossWords('DATASET_PROPERTY', 'sync', 'disabled', sync)).toBe(SYNC_DISABLED_REASON);
    expect(dataLossWords('DATASET_PROPERTY', 'sync', 'ALWAYS', sync)).toBeNull();
    expect(choiceLabel(sync, 'DISABLED')).toBe('Disabled');
    expect(choiceLabel(sync, 'ALWAYS')).toBe('Always');   // a safe choice in words all the same
  });

  it('counts only what can lose data: a Caution value has a cost, not a loss', () => {
    const logbias = fakeCautionInfo();
    expect(valueRisk(logbias, 'throughput')!.risk).toBe('CAUTION');
    expect(dataLossWords('DATASET_PROPERTY', 'logbias', 'THROUGHPUT', logbias)).toBeNull();
  });

  it("follows the server's rating over the panel's table, and falls back to the table when the server sends none", () => {
    const older = { ...sync, risky_values: undefined };   // a server from before risky_values
    expect(dataLossWords('DATASET_PROPERTY', 'sync', 'DISABLED', older)).toContain('lost on power failure');
    const flush = { ...sync, kind: 'ZFS_PARAMETER' as const, setting: 'zfs_nocacheflush', choices: ['0', '1'], risky_values: [] };
    expect(dataLossWords('ZFS_PARAMETER', 'zfs_nocacheflush', '1', flush)).toBeNull();
    const infoOf = (kind: string, setting: string) => (kind === 'DATASET_PROPERTY' && setting === 'sync' ? sync : undefined);
    const loose = [{ kind: 'ZFS_PARAMETER' as const, setting: 'zfs_arc_max', value: '0' },
      { kind: 'DATASET_PROPERTY' as const, setting: 'sync', value: 'DISABLED' }];
    expect(dataLossOf(loose, infoOf)).toBe(SYNC_DISABLED_REASON);
    expect(dataLossOf(loose)).toContain('lost on power failure');   // the settings list not loaded
    expect(losesData(loose, infoOf)).toBe(true);
    expect(dataLossOf([{ kind: 'DATASET_PROPERTY', setting: 'sync', value: 'ALWAYS' }], infoOf)).toBeNull();
  });

  it('words the values the panel knows can lose data, whatever their case, and nothing else', () => {
    expect(dataLossWords('DATASET_PROPERTY', 'sync', 'disabled')).toContain('lost on power failure');
    expect(dataLossWords('DATASET_PROPERTY', 'sync', 'ALWAYS')).toBeNull();
    expect(dataLossWords('ZFS_PARAMETER', 'zfs_nocacheflush', '1')).toContain('corrupted');
    expect(dataLossWords('ZFS_PARAMETER', 'zfs_nocacheflush', '0')).toBeNull();
    expect(losesData([{ kind: 'DATASET_PROPERTY', setting: 'sync', value: 'DISABLED' }])).toBe(true);
    expect(losesData(undefined)).toBe(false);
  });
});
