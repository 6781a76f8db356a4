// The API's shapes of middleware/tuning/preset_models.py and restore_point_models.py, from the generated types
// (scripts/gen-api-types.py).
import * as api from './generated/api-types.generated';

export type {
  TuningPresetApplyOptions, TuningPresetCreate, TuningPresetSetting, TuningPresetSettingInfo,
  TuningPresetSettingsTarget, TuningPresetUpdate, TuningPresetValueRisk,
} from './generated/api-types.generated';
export type { SettingUnit } from './tuning-common';

export type TuningPreset = api.TuningPresetEntry;
export type TuningRestorePoint = api.TuningRestorePointEntry;
export type RestorePointState = TuningRestorePoint['state'];
