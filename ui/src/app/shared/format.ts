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

/** Bandwidth in decimal MB/s (10^6 bytes per second), as fio and disk vendors count. */
export function formatMBps(bytesPerSecond: number | null | undefined): string {
  return bytesPerSecond == null || !Number.isFinite(bytesPerSecond) ? '—' : `${formatNumber(bytesPerSecond / 1e6)} MB/s`;
}

export function formatIops(iops: number | null | undefined): string {
  return iops == null || !Number.isFinite(iops) ? '—' : `${formatNumber(iops, 0)} IOPS`;
}

/** A latency given in nanoseconds, in µs below a millisecond, then ms, then s; three significant digits. */
export function formatLatencyNs(ns: number | null | undefined): string {
  if (ns == null || !Number.isFinite(ns)) {
    return '—';
  }
  const [value, unit] = ns >= 1e9 ? [ns / 1e9, 's'] : ns >= 1e6 ? [ns / 1e6, 'ms'] : [ns / 1e3, 'µs'];
  const digits = value >= 100 ? 0 : value >= 10 ? 1 : 2;
  return `${value.toFixed(digits)} ${unit}`;
}

/** A timestamp (ISO text, or milliseconds since the epoch) as date and time to the minute in the browser's locale
 *  (`locale` for tests); an unreadable text as itself, none as '—'. */
export function formatDateTime(value: string | number | null | undefined, locale?: string): string {
  if (value == null || value === '') {
    return '—';
  }
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) {
    return String(value);
  }
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

/** A p-value for a table: two significant digits, very small ones as `< 0.001`. */
export function formatP(p: number | null | undefined): string {
  if (p == null || !Number.isFinite(p)) {
    return '—';
  }
  return p < 0.001 ? '< 0.001' : p.toPrecision(2);
}

/** From here up a setting's whole number is taken for a size in bytes (the plan's values carry no unit). */
const BYTES_FROM = 1024 * 1024;
const BOOLEAN_WORDS: Record<string, string> = { true: 'on', false: 'off' };

/** A setting's value as a person reads it: a byte count in IEC units, true/false as on/off, the rest as it is. */
export function formatSettingValue(value: string | null | undefined): string {
  if (value == null || value === '') {
    return '—';
  }
  if (value in BOOLEAN_WORDS) {
    return BOOLEAN_WORDS[value];
  }
  return /^\d+$/.test(value) && Number(value) >= BYTES_FROM ? formatBytes(Number(value)) : value;
}

/** The exact value behind `formatSettingValue`, for a hover title; null when the text already is exact. */
export function settingValueTitle(value: string | null | undefined): string | null {
  return value != null && /^\d+$/.test(value) && Number(value) >= BYTES_FROM
    ? `${BigInt(value).toLocaleString('en-US')} bytes` : null;
}
