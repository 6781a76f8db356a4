import { formatBytes, formatNumber, formatRatioPercent, formatValue } from './format';

describe('format', () => {
  it('prints binary sizes', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1.5 KiB');
    expect(formatBytes(64 * 1024 ** 3)).toBe('64.0 GiB');
    expect(formatBytes(null)).toBe('—');
  });

  it('prints numbers with grouping above a thousand', () => {
    expect(formatNumber(412.345)).toBe('412.3');
    expect(formatNumber(123456.7)).toBe('123,457');
  });

  it('prints a ratio as a signed percentage', () => {
    expect(formatRatioPercent(1.123)).toBe('+12.3 %');
    expect(formatRatioPercent(0.96)).toBe('−4.0 %');
    expect(formatRatioPercent(1)).toBe('±0.0 %');
  });

  it('shows a dash for an absent value', () => {
    expect(formatValue(null)).toBe('—');
    expect(formatValue('128K')).toBe('128K');
  });
});
