import {
  formatBytes, formatDateTime, formatIops, formatLinkSpeed, formatLatencyNs, formatMBps, formatNumber, formatP, formatRatioPercent,
  formatValue, keepUnitsWithFigures,
} from './format';
import { formatSettingValue, settingValueTitle } from './format';

describe('format', () => {
  it('spells sizes by the one figure rule: a decimal below 100 unless it is 0, whole and grouped from 100', () => {
    // the server's table is the same (tests/unit/presets/test_format_bytes.py): change both or neither
    const [KiB, MiB, GiB, TiB] = [2 ** 10, 2 ** 20, 2 ** 30, 2 ** 40];
    const spellings: [number, string][] = [
      [0, '0 B'], [512, '512 B'], [1023, '1,023 B'], [1024, '1 KiB'], [1536, '1.5 KiB'],
      [64 * KiB, '64 KiB'], [64 * KiB + 1, '64 KiB'],                // no trailing '.0'
      [500 * MiB, '500 MiB'], [499_961_036, '477 MiB'], [GiB - 1, '1,024 MiB'], [512_000_000_000, '477 GiB'],
      [252 * GiB + GiB / 50, '252 GiB'], [99.97 * GiB, '100 GiB'],
      [24 * GiB, '24 GiB'], [64 * GiB, '64 GiB'], [3_435_973_836, '3.2 GiB'], [(3 * GiB) / 2, '1.5 GiB'],
      [GiB + GiB / 4, '1.2 GiB'], [2 * GiB + GiB / 4, '2.2 GiB'], [GiB + (3 * GiB) / 4, '1.8 GiB'],   // ties: to even
      [100 * GiB, '100 GiB'], [1000 * GiB, '1,000 GiB'], [9 * TiB, '9 TiB'], [2 ** 50, '1 PiB'], [3 * 2 ** 60, '3 EiB'],
      [-2 * GiB, '-2 GiB'], [-1536, '-1.5 KiB'],                     // a shrink
    ];
    expect(spellings.map(([size]) => [size, formatBytes(size)])).toEqual(spellings);
    expect(formatBytes(null)).toBe('—');
    expect(formatBytes(Number.NaN)).toBe('—');
  });

  it('prints numbers to about three significant figures at every size, grouped, as the reports do', () => {
    // one rule a reader does not trip on: "1,000 MB/s" beside "912 MB/s", never "912.0 MB/s"
    expect([999.6, 912.04, 412.345, 91.23, 9.123, 0.9123, 0.01234, 0].map((n) => formatNumber(n)))
      .toEqual(['1,000', '912', '412', '91.2', '9.12', '0.912', '0.0123', '0']);
    expect(formatNumber(123456.7)).toBe('123,457');
    expect(formatNumber(-9.123)).toBe('-9.12');
    expect(formatNumber(9.6, 0)).toBe('10');   // a count: whole
  });

  it('prints a ratio as a signed percentage', () => {
    expect(formatRatioPercent(1.123)).toBe('+12.3 %');
    expect(formatRatioPercent(0.96)).toBe('−4.00 %');
    expect(formatRatioPercent(1)).toBe('±0 %');
    // the figure rule, as the reports (walk s9: '+309.9 %', '+1639.1 %')
    expect(formatRatioPercent(1 + 3.099)).toBe('+310 %');
    expect(formatRatioPercent(1 + 16.391)).toBe('+1,639 %');
    expect(formatRatioPercent(1.34)).toBe('+34.0 %');
  });

  it('shows a dash for an absent value', () => {
    expect(formatValue(null)).toBe('—');
    expect(formatValue('128K')).toBe('128K');
  });
  it('says a link speed with thousands separated, as every figure', () => {
    expect(formatLinkSpeed(1000)).toBe('1,000 Mb/s');
    expect(formatLinkSpeed(100)).toBe('100 Mb/s');
    expect(formatLinkSpeed(25000)).toBe('25,000 Mb/s');
  });
  it('prints bandwidth in decimal MB/s, IOPS whole', () => {
    expect(formatMBps(412_345_678)).toBe('412 MB/s');
    expect(formatMBps(91_234_000)).toBe('91.2 MB/s');
    expect(formatMBps(9_123_400)).toBe('9.12 MB/s');
    expect(formatMBps(1_922_900_000)).toBe('1,923 MB/s');
    expect(formatMBps(null)).toBe('—');
    expect(formatIops(12345.6)).toBe('12,346 IOPS');
    expect(formatIops(87.4)).toBe('87 IOPS');
  });

  it('prints latency from nanoseconds in µs, ms or s', () => {
    expect(formatLatencyNs(850)).toBe('0.85 µs');
    expect(formatLatencyNs(123_456)).toBe('123 µs');
    expect(formatLatencyNs(1_368_064)).toBe('1.37 ms');
    expect(formatLatencyNs(25_000_000)).toBe('25.0 ms');
    expect(formatLatencyNs(2.5e9)).toBe('2.50 s');
  });

  it('holds a figure to its unit in a server sentence, never a figure to a word', () => {
    const nb = '\u00a0';
    expect(keepUnitsWithFigures('5 runs × 2 tests × 4 s (3 s + 1 s warm-up) ≈ 40 s (up to 80 s when noisy runs add '
      + 'runs); can detect a change of about 10 % at this noise (5 % run-to-run variation)'))
      .toBe(`5 runs × 2 tests × 4${nb}s (3${nb}s + 1${nb}s warm-up) ≈ 40${nb}s (up to 80${nb}s when noisy runs add `
        + `runs); can detect a change of about 10${nb}% at this noise (5${nb}% run-to-run variation)`);
    expect(keepUnitsWithFigures('18 min, 1.1 GiB, 412 MB/s, 2 MiB/s, 393 IOPS, 2.54 ms, 90.0 µs, 3 sets'))
      .toBe(`18${nb}min, 1.1${nb}GiB, 412${nb}MB/s, 2${nb}MiB/s, 393${nb}IOPS, 2.54${nb}ms, 90.0${nb}µs, 3 sets`);
  });

  it('prints dates to the minute and p-values short', () => {
    expect(formatDateTime('not a date')).toBe('not a date');
    expect(formatDateTime('2026-03-04T05:06:00', 'en-GB')).toBe('4 Mar 2026, 05:06');
    expect(formatDateTime('2026-03-04T05:06:00', 'de-DE')).toBe('04.03.2026, 05:06');
    expect(formatDateTime(Date.UTC(2026, 2, 4, 5, 6) + new Date(2026, 2, 4).getTimezoneOffset() * 60_000, 'en-GB'))
      .toBe('4 Mar 2026, 05:06');
    expect(formatDateTime(null)).toBe('—');
    expect(formatP(0.0123)).toBe('0.0123');
    expect(formatP(0.4286)).toBe('0.429');   // the report's p for the same row (walk s9: '0.43' beside 'p 0.429')
    expect(formatP(0.0001)).toBe('< 0.001');
    expect(formatP(null)).toBe('—');
  });
});

describe('formatSettingValue', () => {
  it('says sizes in IEC units with the exact count on hover, booleans as on/off, the rest as it is', () => {
    expect(formatSettingValue('3435973836')).toBe('3.2 GiB');
    expect(settingValueTitle('3435973836')).toBe('3,435,973,836 bytes');
    expect(formatSettingValue('25769803776')).toBe('24 GiB');
    expect(formatSettingValue('false')).toBe('off');
    expect(formatSettingValue('true')).toBe('on');
    expect(formatSettingValue('1M')).toBe('1 MiB');   // no unit sent: ZFS's spelling of a size is a size
    expect(settingValueTitle('1M')).toBe('1,048,576 bytes');
    expect(formatSettingValue('5')).toBe('5');
    expect(formatSettingValue(null)).toBe('—');
  });

  it('uses the unit the server gives: bytes, rates, percent, durations, counts; none means as sent', () => {
    expect(formatSettingValue('3435973836', 'BYTES')).toBe('3.2 GiB');
    expect(settingValueTitle('3435973836', 'BYTES')).toBe('3,435,973,836 bytes');
    expect(formatSettingValue('131072', 'BYTES')).toBe('128 KiB');
    expect(formatSettingValue('512', 'BYTES')).toBe('512 B');
    expect(settingValueTitle('512', 'BYTES')).toBeNull();
    expect(formatSettingValue('67108864', 'BYTES_PER_SECOND')).toBe('64 MiB/s');
    expect(settingValueTitle('67108864', 'BYTES_PER_SECOND')).toBe('67,108,864 bytes per second');
    expect(formatSettingValue('25', 'PERCENT')).toBe('25 %');
    expect(formatSettingValue('5', 'SECONDS')).toBe('5 s');
    expect(formatSettingValue('90', 'SECONDS')).toBe('1 min 30 s');
    expect(formatSettingValue('7260', 'SECONDS')).toBe('2 h 1 min');
    expect(settingValueTitle('90', 'SECONDS')).toBe('90 seconds');
    expect(formatSettingValue('0', 'SECONDS')).toBe('0 s');
    expect(formatSettingValue('2500000', 'COUNT')).toBe('2,500,000');
    expect(settingValueTitle('2500000', 'COUNT')).toBeNull();
    // null: no unit, so a large number is not taken for bytes.
    expect(formatSettingValue('4194304', null)).toBe('4194304');
    expect(settingValueTitle('4194304', null)).toBeNull();
    expect(formatSettingValue('true', null)).toBe('on');
    expect(formatSettingValue('128K', 'BYTES')).toBe('128 KiB');   // ZFS's spelling, as the record size advice says it
    expect(settingValueTitle('128K', 'BYTES')).toBe('131,072 bytes');
    expect(formatSettingValue('64k', 'BYTES')).toBe('64 KiB');
    expect(formatSettingValue('1.5G', 'BYTES')).toBe('1.5 GiB');
    expect(formatSettingValue('512', 'BYTES')).toBe('512 B');
    expect(formatSettingValue('-1', 'COUNT')).toBe('-1');
  });

  it('says 0 of a setting whose 0 is the OpenZFS default as that default, other values in their unit', () => {
    expect(formatSettingValue('0', 'BYTES', true)).toBe('0 (OpenZFS default)');
    expect(settingValueTitle('0', 'BYTES', true)).toBeNull();
    expect(formatSettingValue('0', 'BYTES')).toBe('0 B');
    expect(formatSettingValue('4294967296', 'BYTES', true)).toBe('4 GiB');
  });
});

describe('formatSettingValue: switches, automatic and several sizes in words', () => {
  it('says a SWITCH (a 0/1 module parameter) as off/on, never 0/1; a 0 or 1 of a count stays a figure', () => {
    expect(formatSettingValue('0', 'SWITCH')).toBe('off');
    expect(formatSettingValue('1', 'SWITCH')).toBe('on');
    expect(settingValueTitle('1', 'SWITCH')).toBeNull();
    expect(formatSettingValue('1', 'COUNT')).toBe('1');
    expect(formatSettingValue('1', null)).toBe('1');
  });

  it('says AUTO (NFS server threads) as "automatic" and true/false as on/off whatever the unit', () => {
    expect(formatSettingValue('AUTO', 'COUNT')).toBe('automatic');
    expect(formatSettingValue('false', null)).toBe('off');
  });

  it('says the three sizes of a TCP buffer in units, with what each is, the exact bytes on hover', () => {
    expect(formatSettingValue('4096 131072 6291456', 'BYTES')).toBe('4 KiB, 128 KiB, 6 MiB (min, default, max)');
    expect(settingValueTitle('4096 131072 6291456', 'BYTES')).toBe('4,096, 131,072, 6,291,456 bytes');
    expect(formatSettingValue('4K 128K 16M', 'BYTES')).toBe('4 KiB, 128 KiB, 16 MiB (min, default, max)');
    expect(formatSettingValue('4096 131072', null)).toBe('4096 131072');   // not a size: as sent
  });
});

describe('formatSettingValue: enums as words', () => {
  it('shows a unit-less ZFS enum capitalised as a word, with the raw value on hover; names and sizes stay as sent', () => {
    expect(formatSettingValue('THROUGHPUT', null)).toBe('Throughput');
    expect(formatSettingValue('LATENCY')).toBe('Latency');
    expect(formatSettingValue('DISABLED', null)).toBe('Disabled');
    expect(formatSettingValue('METADATA_ONLY', null)).toBe('Metadata only');
    expect(settingValueTitle('ALWAYS', null)).toBe('ALWAYS');
    expect(formatSettingValue('LZ4', null)).toBe('LZ4');
    expect(formatSettingValue('ZSTD', null)).toBe('ZSTD');
    expect(formatSettingValue('1M', null)).toBe('1M');
    expect(settingValueTitle('1M', null)).toBeNull();
  });
});
