// Pure helpers of the preset editor: searching the settings list, values in their unit for people and for typing.
import { SettingKind } from '../../api/models/tuning-common';
import { SettingUnit, TuningPresetSettingInfo, TuningPresetValueRisk } from '../../api/models/tuning-preset';
import { T } from '../../i18n/translate-marker';
import { formatSettingValue } from '../../shared/format';

export const KIND_WORDS: Record<SettingKind, string> = {
  DATASET_PROPERTY: T('Dataset property'),
  ZFS_PARAMETER: T('ZFS module parameter'),
  SYSCTL: T('Kernel network setting'),
  SERVICE: T('Sharing service'),
  POOL_DEVICE: T('Pool device'),
};

export const UNIT_WORDS: Record<SettingUnit, string> = {
  BYTES: T('size'),
  BYTES_PER_SECOND: T('size per second'),
  PERCENT: T('percent of RAM'),
  SECONDS: T('seconds'),
  COUNT: T('number'),
  SWITCH: T('off or on'),
};

const UNIT_EXAMPLES: Record<SettingUnit, string> = {
  BYTES: T('e.g. 8G, 512K or 1.5G'),
  BYTES_PER_SECOND: T('e.g. 64M (per second)'),
  PERCENT: T('e.g. 20%'),
  SECONDS: T('e.g. 10s'),
  COUNT: T('e.g. 16'),
  SWITCH: T('off or on'),
};

/** One name per setting across kinds: `KIND:setting`. */
export const settingKey = (kind: SettingKind, setting: string): string => `${kind}:${setting}`;

/** A list of values to choose from (a select), not a number or size to type. */
export const usesChoices = (info: TuningPresetSettingInfo | undefined): boolean => !!info?.choices && info.minimum == null;

/** Settings whose name in words, technical name, description or kind holds every word of `query`. */
export function searchSettings(settings: readonly TuningPresetSettingInfo[], query: string): TuningPresetSettingInfo[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  return settings.filter((s) => {
    const text = `${s.name} ${s.setting} ${s.description} ${KIND_WORDS[s.kind]}`.toLowerCase();
    return words.every((w) => text.includes(w));
  });
}

/** A value as people read it, by the one value formatter (formatSettingValue): sizes in KiB…TiB, switches as
 *  off/on, percentages and seconds with their sign; '—' when unknown. Without the settings list (`info` undefined)
 *  the formatter's guess for a row without a unit. */
export function shownValue(info: TuningPresetSettingInfo | undefined, value: string | null | undefined): string {
  return formatSettingValue(value, info?.unit, info?.zero_is_default ?? false);
}

const SIZE_SUFFIXES: [string, bigint][] = [['T', 1n << 40n], ['G', 1n << 30n], ['M', 1n << 20n], ['K', 1n << 10n]];

/** A stored (canonical) value as one would type it: 8589934592 bytes -> "8G" when exact, a percentage -> "20%". */
export function typedValue(info: TuningPresetSettingInfo | undefined, value: string): string {
  if (!/^\d+$/.test(value) || value === '0') {
    return value;
  }
  if (info?.unit === 'BYTES' || info?.unit === 'BYTES_PER_SECOND') {
    const bytes = BigInt(value);   // u64 module parameters do not fit a double exactly
    const exact = SIZE_SUFFIXES.find(([, unit]) => bytes % unit === 0n);
    return exact ? `${bytes / exact[1]}${exact[0]}` : value;
  }
  if (info?.unit === 'PERCENT') {
    return `${value}%`;
  }
  return value;
}

/** What to show in an empty value field: an example in the setting's unit. */
export function placeholderOf(info: TuningPresetSettingInfo | undefined): string {
  if (info?.default?.includes(' ')) {
    return info.default;    // three TCP buffer sizes: their default shows the form
  }
  if (info?.kind === 'DATASET_PROPERTY' && info.unit === 'BYTES') {
    return T('e.g. 1M or 16K');
  }
  return info?.unit ? UNIT_EXAMPLES[info.unit] : '';
}

/** The server's rating of `value` among the setting's choices on this box (`risky_values`), matched whatever its case;
 *  null for a safe value, or when the server rated none (an older server, or the settings list not loaded). */
export function valueRisk(info: TuningPresetSettingInfo | undefined, value: string | null | undefined): TuningPresetValueRisk | null {
  const typed = (value ?? '').trim().toUpperCase();
  return info?.risky_values?.find((r) => r.value.toUpperCase() === typed) ?? null;
}

/** A choice in words: as the server labels a risky one, else as the panel words values. */
export function choiceLabel(info: TuningPresetSettingInfo | undefined, value: string): string {
  return valueRisk(info, value)?.label ?? shownValue(info, value);
}

const POWER_LOSS = T('Writes acknowledged but not on disk are lost on power failure.');

/**
 * What the panel knows can lose data, for when the server does not say (`risky_values` came with the settings list
 * later; a preset card is drawn before or without that list): sync=disabled and the two cache-flush switches, the
 * values the server rates DANGEROUS.
 */
const DATA_LOSS: Record<string, { values: string[]; words: string }> = {
  [settingKey('DATASET_PROPERTY', 'sync')]: { values: ['DISABLED'], words: POWER_LOSS },
  [settingKey('ZFS_PARAMETER', 'zfs_nocacheflush')]: {
    values: ['1'], words: T('Writes acknowledged but not on disk are lost on power failure, and the pool itself can be corrupted.'),
  },
  [settingKey('ZFS_PARAMETER', 'zil_nocacheflush')]: {
    values: ['1'], words: T('Writes acknowledged but not on disk are lost on power failure, and the sync write log can be corrupted.'),
  },
};

/** What choosing this value can lose, in words (the server's reason when its settings list rates the value); null
 *  for a value that loses no data. */
export function dataLossWords(
  kind: SettingKind, setting: string, value: string | null | undefined, info?: TuningPresetSettingInfo,
): string | null {
  if (info?.risky_values) {
    const risk = valueRisk(info, value);
    return risk?.risk === 'DANGEROUS' ? risk.reason : null;
  }
  const rule = DATA_LOSS[settingKey(kind, setting)];
  return rule && rule.values.includes((value ?? '').trim().toUpperCase()) ? rule.words : null;
}

type SettingValue = { kind: SettingKind; setting: string; value: string };
/** A setting's description in the server's settings list, when it has been loaded. */
export type SettingInfoOf = (kind: SettingKind, setting: string) => TuningPresetSettingInfo | undefined;

/** What the first value of a preset that can lose data would lose, in words; null when none can. */
export function dataLossOf(settings: readonly SettingValue[] | undefined, infoOf?: SettingInfoOf): string | null {
  for (const s of settings ?? []) {
    const words = dataLossWords(s.kind, s.setting, s.value, infoOf?.(s.kind, s.setting));
    if (words !== null) {
      return words;
    }
  }
  return null;
}

/** A preset with at least one value that can lose data (its card gets a badge). */
export function losesData(settings: readonly SettingValue[] | undefined, infoOf?: SettingInfoOf): boolean {
  return dataLossOf(settings, infoOf) !== null;
}
