// Pure formatting for people: sizes in binary units, rates in decimal MB/s as fio and bonnie++ report them.
const BINARY_UNITS = ['B', 'KiB', 'MiB', 'GiB', 'TiB', 'PiB'];

export function formatBytes(bytes: number | null | undefined): string {
  if (bytes == null || !Number.isFinite(bytes)) {
    return '—';
  }
  let value = bytes;
  let unit = 0;
  while (Math.abs(value) >= 1024 && unit < BINARY_UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${unit === 0 ? value : value.toFixed(value >= 100 ? 0 : 1)} ${BINARY_UNITS[unit]}`;
}

export function formatNumber(value: number | null | undefined, digits = 1): string {
  if (value == null || !Number.isFinite(value)) {
    return '—';
  }
  return value >= 1000 ? Math.round(value).toLocaleString('en-US') : value.toFixed(digits);
}

/** `+12.3 %` / `−4.0 %` from a ratio of candidate to baseline. */
export function formatRatioPercent(ratio: number | null | undefined): string {
  if (ratio == null || !Number.isFinite(ratio)) {
    return '—';
  }
  const percent = (ratio - 1) * 100;
  const sign = percent > 0 ? '+' : percent < 0 ? '−' : '±';
  return `${sign}${Math.abs(percent).toFixed(1)} %`;
}

export function formatValue(value: string | null | undefined): string {
  return value == null || value === '' ? '—' : value;
}
