// Mirrors middleware/tuning/preset_models.py and restore_point_models.py.
import { SettingKind, TuningChange, TuningSettingValue, TuningTarget } from './tuning-common';

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

export interface TuningPresetUpdate {
  name?: string | null;
  description?: string | null;
  base?: string | null;
  settings?: TuningPresetSetting[] | null;
}

export interface TuningPresetApplyOptions {
  acknowledge?: string[];
}

export type RestorePointState = 'IN_PROGRESS' | 'APPLIED' | 'ROLLED_BACK' | 'REVERTED' | 'FAILED';

export interface TuningRestorePoint {
  id: number;
  created_at: string;
  kind: 'APPLY' | 'REVERT';
  preset: string | null;
  target: TuningTarget | null;
  state: RestorePointState;
  entries: TuningSettingValue[];
  changes: TuningChange[];
  reverts: number | null;
  reverted_by: number | null;
  message: string | null;
}
