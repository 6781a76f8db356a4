import type { SettingUnit } from '../api/models/tuning-common';

// Pure formatting for people: sizes in binary units, rates in decimal MB/s as fio and bonnie++ report them.
const BINARY_UNITS: [string, number][] = [
  ['EiB', 2 ** 60], ['PiB', 2 ** 50], ['TiB', 2 ** 40], ['GiB', 2 ** 30], ['MiB', 2 ** 20], ['KiB', 2 ** 10],
];

/**
 * A size in binary units by the one figure rule (core/figures.py significant()): one decimal below 100 and none when
 * it is 0 ("3.2 GiB", "1.5 GiB", "64 KiB" for a few bytes past 64 KiB), whole from 100 with thousands separated
 * ("477 GiB", "1,024 MiB"), "512 B" below a KiB, "-2 GiB" for a shrink, as the server's format_bytes
 * (core/presets/units.py) writes them.
 */
export function formatBytes(bytes: number | null | undefined): string {
  if (bytes == null || !Number.isFinite(bytes)) {
    return '—';
  }
  if (bytes < 0) {
    return `-${formatBytes(-bytes)}`;
  }
  const found = BINARY_UNITS.find(([, size]) => bytes >= size);
  if (!found) {
    return `${bytes.toLocaleString('en-US')} B`;
  }
  const value = bytes / found[1];
  const figure = value >= 99.95 ? Math.round(value).toLocaleString('en-US') : oneDecimal(value).replace(/\.0$/, '');
  return `${figure} ${found[0]}`;
}

/** Python's `f'{value:.1f}'`: correctly rounded like toFixed, but a tie goes to the even digit. A size over a power of
 *  two ties only at a quarter: x.75 reads x.8 both ways, x.25 reads x.2 there and x.3 with toFixed. */
function oneDecimal(value: number): string {
  const quarters = value * 4;   // exact: a power of two
  return Number.isInteger(quarters) && quarters % 4 === 1 ? `${Math.floor(value)}.2` : value.toFixed(1);
}

/**
 * A figure as people read it, one rule at every size (the reports' `significant` in core/report/numbers.py): about
 * three significant figures, whole numbers from 100 with thousands separated. 1,234 / 912 / 91.2 / 9.12 / 0.912, so
 * "1,000 MB/s" sits beside "912 MB/s", not "912.0 MB/s". `digits` 0: a count, always whole ("12 files").
 */
export function formatNumber(value: number | null | undefined, digits = 1): string {
  if (value == null || !Number.isFinite(value)) {
    return '—';
  }
  const size = Math.abs(value);
  if (digits === 0 || size >= 100 || size === 0) {
    return Math.round(value).toLocaleString('en-US');
  }
  return value.toFixed(size >= 10 ? 1 : size >= 1 ? 2 : Math.min(9, 2 - Math.floor(Math.log10(size))));
}

/** `+12.3 %` / `−4.00 %` / `+310 %` / `+1,639 %` from a ratio of candidate to baseline: the figure rule
 *  (`formatNumber`) with a typographic minus, as the reports' format_change (core/report/numbers.py). */
export function formatRatioPercent(ratio: number | null | undefined): string {
  if (ratio == null || !Number.isFinite(ratio)) {
    return '—';
  }
  const percent = (ratio - 1) * 100;
  const sign = percent > 0 ? '+' : percent < 0 ? '−' : '±';
  return `${sign}${formatNumber(Math.abs(percent))} %`;
}

export function formatValue(value: string | null | undefined): string {
  return value == null || value === '' ? '—' : value;
}

/** A figure's unit where a sentence writes one after it: "5 %", "70 s", "10 min", "1.1 GiB", "412 MB/s", "393 IOPS". */
const UNIT_AFTER_FIGURE = /(\d) (?=(?:%|[KMGTPE]iB(?:\/s)?|[kKMG]B\/s|[kMG]b\/s|IOPS|[mµn]s|s|min|h)(?![\p{L}\d/]))/gu;

/** A server's sentence with each figure held to its unit by a no-break space, so a line never ends between them
 *  ("(5" then "% run-to-run variation)" on the next). The panel's own figures are kept whole by their markup. */
export function keepUnitsWithFigures(text: string): string {
  return text.replace(UNIT_AFTER_FIGURE, '$1\u00a0');
}

/** Bandwidth in decimal MB/s (10^6 bytes per second), as fio and disk vendors count. */
export function formatMBps(bytesPerSecond: number | null | undefined): string {
  return bytesPerSecond == null || !Number.isFinite(bytesPerSecond) ? '—' : `${formatNumber(bytesPerSecond / 1e6)} MB/s`;
}

/** A link's nominal speed, figures as everywhere: "1,000 Mb/s", "100 Mb/s". */
export function formatLinkSpeed(mbps: number): string {
  return `${formatNumber(mbps, 0)} Mb/s`;
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

/** A p-value by the figure rule (`0.429`, `0.0693`), very small ones as `< 0.001`: as the reports' format_p. */
export function formatP(p: number | null | undefined): string {
  if (p == null || !Number.isFinite(p)) {
    return '—';
  }
  return p < 0.001 ? '< 0.001' : formatNumber(p);
}

/** Without a unit from the server (a row that does not say, the ladder's settings then), a whole number from here up
 *  is taken for a size in bytes. */
const BYTES_FROM = 1024 * 1024;
/** Values that read as a word whatever the unit (the server's value_word in core/presets/setting_words.py). */
const VALUE_WORDS: Record<string, string> = { true: 'on', false: 'off', AUTO: 'automatic' };
/** A SWITCH (a 0/1 module parameter such as zfs_nocacheflush): off and on, never 0 and 1. */
const SWITCH_WORDS: Record<string, string> = { 0: 'off', 1: 'on' };
/** After the three sizes of a TCP buffer: what each is (the server's TRIPLE_WORDS). */
const TRIPLE_WORDS = '(min, default, max)';
const WHOLE = /^\d+$/;
/** ZFS's spelling of a size, as `zfs get` prints recordsize, volblocksize, special_small_blocks ("128K", "1M", "1.5G"). */
const ZFS_SIZE = /^(\d+(?:\.\d+)?)([KMGTP])$/i;
const ZFS_SIZE_POWER: Record<string, number> = { K: 1, M: 2, G: 3, T: 4, P: 5 };

/** A size in ZFS's spelling as whole bytes ("64K" -> "65536") where the value is a size (unit BYTES, a rate, or no
 *  unit sent: an older server, the ladder), so "64K → 128K" reads "64 KiB → 128 KiB" as the record size advice
 *  does; null for anything else (a name, an enum, a unit-less value). */
function zfsSizeBytes(value: string, unit: SettingUnit | null | undefined): string | null {
  const found = unit === undefined || unit === 'BYTES' || unit === 'BYTES_PER_SECOND' ? ZFS_SIZE.exec(value) : null;
  return found ? String(Math.round(Number(found[1]) * 1024 ** ZFS_SIZE_POWER[found[2].toUpperCase()])) : null;
}
/** A ZFS enum as the API spells it (LATENCY, METADATA_ONLY): letters only, so LZ4 or SHA256 stay as they are. */
const ENUM = /^[A-Z]+(_[A-Z]+)*$/;
/** Upper-case values that are names, not words: left as sent. */
const ACRONYMS = new Set(['ZSTD', 'GZIP', 'ZLE', 'LZJB', 'SMB', 'NFS', 'ISCSI', 'ARC', 'SLOG', 'HDD', 'SSD', 'NVME']);

/** An enum value as a word ("THROUGHPUT" -> "Throughput", "METADATA_ONLY" -> "Metadata only"); null if not one. */
export function enumWords(value: string): string | null {
  if (!ENUM.test(value) || ACRONYMS.has(value)) {
    return null;
  }
  const words = value.toLowerCase().replaceAll('_', ' ');
  return words[0].toUpperCase() + words.slice(1);
}

/** Seconds as a duration: "45 s", "1 min 30 s", "2 h 5 min"; zero parts are left out. */
export function formatSeconds(seconds: number): string {
  const parts: [number, string][] = [
    [Math.floor(seconds / 3600), 'h'], [Math.floor(seconds / 60) % 60, 'min'], [seconds % 60, 's'],
  ];
  const shown = parts.filter(([n]) => n > 0).map(([n, u]) => `${n} ${u}`);
  return shown.length ? shown.join(' ') : '0 s';
}

/**
 * A setting's value as a person reads it, by the unit the server gives (`unit`, `zero_is_default` of a plan or state
 * row): BYTES in IEC units, BYTES_PER_SECOND as a rate, PERCENT with %, SECONDS as a duration, COUNT grouped, 0 as
 * "0 (OpenZFS default)" where 0 leaves the setting to OpenZFS, SWITCH 0/1 as off/on; true/false as on/off and
 * AUTO as "automatic" whatever the unit; no unit (null): as sent, enums as words ("LATENCY" -> "Latency"). ZFS's
 * spelling of a size reads as any size ("128K" -> "128 KiB"), the three sizes of a TCP buffer as
 * "4 KiB, 128 KiB, 6 MiB (min, default, max)", as the server's value_words writes them.
 * Any other value that is not a whole number is shown as sent whatever the unit ("-1").
 */
export function formatSettingValue(
  value: string | null | undefined, unit?: SettingUnit | null, zeroIsDefault = false,
): string {
  if (value == null || value === '') {
    return '—';
  }
  if (value in VALUE_WORDS) {
    return VALUE_WORDS[value];
  }
  if (unit === 'SWITCH' && value in SWITCH_WORDS) {
    return SWITCH_WORDS[value];
  }
  const sizes = sizeParts(value, unit);
  if (sizes) {
    const words = sizes.map((part) => formatSettingValue(part, unit, false)).join(', ');
    return sizes.length === 3 ? `${words} ${TRIPLE_WORDS}` : words;
  }
  const bytes = zfsSizeBytes(value, unit);
  if (bytes !== null) {
    return formatSettingValue(bytes, unit ?? 'BYTES', zeroIsDefault);
  }
  if (!WHOLE.test(value)) {
    // an enum reads as a word where the server gives no unit ("Throughput"); its raw value is the hover title
    return (unit == null ? enumWords(value) : null) ?? value;
  }
  if (zeroIsDefault && Number(value) === 0) {
    return '0 (OpenZFS default)';
  }
  switch (unit === undefined ? guessedUnit(value) : unit) {
    case 'BYTES': return formatBytes(Number(value));
    case 'BYTES_PER_SECOND': return `${formatBytes(Number(value))}/s`;
    case 'PERCENT': return `${value} %`;
    case 'SECONDS': return formatSeconds(Number(value));
    case 'COUNT': return BigInt(value).toLocaleString('en-US');
    default: return value;
  }
}

/** The exact value behind `formatSettingValue`, for a hover title; null when the text already is exact. */
export function settingValueTitle(
  value: string | null | undefined, unit?: SettingUnit | null, zeroIsDefault = false,
): string | null {
  if (value != null && unit == null && enumWords(value) !== null) {
    return value;   // the API's spelling behind the word
  }
  const sizes = value == null ? null : sizeParts(value, unit);
  if (sizes) {   // the exact bytes of each ("4,096, 131,072, 6,291,456 bytes")
    return `${sizes.map((part) => BigInt(zfsSizeBytes(part, unit) ?? part).toLocaleString('en-US')).join(', ')} bytes`;
  }
  const bytes = value == null ? null : zfsSizeBytes(value, unit);
  if (bytes !== null) {
    return settingValueTitle(bytes, unit ?? 'BYTES', zeroIsDefault);   // "65,536 bytes" behind "64 KiB"
  }
  if (value == null || !WHOLE.test(value) || (zeroIsDefault && Number(value) === 0)) {
    return null;
  }
  const exact = BigInt(value).toLocaleString('en-US');
  switch (unit === undefined ? guessedUnit(value) : unit) {
    case 'BYTES': return Number(value) >= 1024 ? `${exact} bytes` : null;
    case 'BYTES_PER_SECOND': return Number(value) >= 1024 ? `${exact} bytes per second` : null;
    case 'SECONDS': return Number(value) >= 60 ? `${exact} seconds` : null;
    default: return null;
  }
}

/** The parts of a value of several sizes (a TCP buffer's "4096 131072 6291456", "4K 128K 6M"); null for one value
 *  or a setting that is not a size. */
function sizeParts(value: string, unit: SettingUnit | null | undefined): string[] | null {
  const parts = value.trim().split(/\s+/);
  const sized = unit === 'BYTES' || unit === 'BYTES_PER_SECOND';
  return sized && parts.length > 1 && parts.every((p) => WHOLE.test(p) || ZFS_SIZE.test(p)) ? parts : null;
}

/** For rows without `unit` only (older servers, the ladder): a large whole number is most likely a size. */
function guessedUnit(value: string): SettingUnit | null {
  return Number(value) >= BYTES_FROM ? 'BYTES' : null;
}
