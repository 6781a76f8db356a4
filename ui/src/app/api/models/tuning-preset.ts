// Mirrors middleware/tuning/preset_models.py and restore_point_models.py.
import { Risk, SettingKind, SettingUnit, TuningChange, TuningSettingValue, TuningTarget } from './tuning-common';

export interface TuningPresetSetting {
  kind: SettingKind;
  setting: string;
  value: string;
}

export interface TuningPreset {
  id: string;
  name: string;
  description: string;
  builtin: boolean;
  optimizes: string[];
  costs: string[];
  base: string | null;
  settings: TuningPresetSetting[];
  created_at: string | null;
  updated_at: string | null;
}

export interface TuningPresetCreate {
  id?: string | null;
  name: string;
  description?: string;
  base?: string | null;
  settings?: TuningPresetSetting[];
}

/** Only the fields given change; `base: null` removes the base. */
export interface TuningPresetUpdate {
  name?: string;
  description?: string;
  base?: string | null;
  settings?: TuningPresetSetting[];
}

/** How a value may be typed: sizes with K/M/G/T ("64G"), percentages with "%", seconds with "s" (one type for
 *  every row that carries a unit). */
export type { SettingUnit } from './tuning-common';

export interface TuningPresetSettingsTarget {
  pool: string;
  dataset?: string | null;
}

/** One setting a custom preset may change, as `tuning.preset.settings` describes it for this box. */
export interface TuningPresetSettingInfo {
  kind: SettingKind;
  setting: string;
  /** The setting's name in words. */
  name: string;
  /** What it does, in one sentence. */
  description: string;
  unit: SettingUnit | null;
  choices: string[] | null;
  /** The allowed range on this box (inclusive), in bytes, %, seconds or a count. */
  minimum: number | null;
  maximum: number | null;
  /** The allowed values in words. */
  allowed: string;
  /** 0 leaves the value to OpenZFS (the ARC sizes). */
  zero_is_default: boolean;
  /** Where the current value was read (dataset, service, `global`); null when not read. */
  scope: string | null;
  exists: boolean | null;
  current: string | null;
  default: string | null;
  /** The values of `choices` that are risky on this box, with why; choices not listed are safe (absent from older
   * servers). */
  risky_values?: TuningPresetValueRisk[];
}

/** One risky value of a setting, as `tuning.preset.settings` rates it on this box. */
export interface TuningPresetValueRisk {
  /** As the API takes it and `choices` lists it ("DISABLED"). */
  value: string;
  /** In words ("Disabled"). */
  label: string;
  /** DANGEROUS: can lose data (a plan with it needs the change acknowledged); CAUTION: has a cost. */
  risk: Risk;
  /** Why, in plain words, as the plan would say it on this box. */
  reason: string;
}

export interface TuningPresetApplyOptions {
  acknowledge?: string[];
}

export type RestorePointState = 'IN_PROGRESS' | 'APPLIED' | 'ROLLED_BACK' | 'REVERTED' | 'FAILED';

export interface TuningRestorePoint {
  id: number;
  created_at: string;
  kind: 'APPLY' | 'REVERT' | 'PUT_BACK';
  preset: string | null;
  target: TuningTarget | null;
  state: RestorePointState;
  entries: TuningSettingValue[];
  changes: TuningChange[];
  reverts: number | null;
  reverted_by: number | null;
  message: string | null;
  /** What it is and who made it, in words: "Max IOPS applied", "Max IOPS reverted, undoing restore point 2";
   * a campaign's step says so first: "Campaign 1, round 2: Max IOPS applied" (absent from older servers). */
  title?: string;
  /** The campaign whose step made it; null: an admin's own (absent from older servers). */
  campaign_id?: number | null;
  campaign_round?: number | null;
  /** ROUND: configuring a round; FINISH: the configuration it ends with; RESTORE: the original put back. */
  campaign_stage?: 'ROUND' | 'FINISH' | 'RESTORE' | null;
}
