// The API's shapes of middleware/tuning/common_models.py, from the generated types (scripts/gen-api-types.py).
import * as api from './generated/api-types.generated';
import { Narrowed } from './api-shapes';
import { TuningDeviceChoices } from './tuning-devices';

export type SettingKind = api.TuningChange['kind'];
export type ApplyMode = api.TuningChange['apply_mode'];
export type Risk = api.TuningChange['risk'];
/** What a setting's value counts (SettingUnit): the panel shows "24.0 GiB" for BYTES "25769803776". */
export type SettingUnit = NonNullable<api.TuningChange['unit']>;
export type ValueSource = NonNullable<api.TuningChange['proposed_source']>;

/** A target as the API takes it (a plan's target, with every field, is one too). */
export type TuningTarget = api.TuningTarget;

export type {
  TuningApplyOutcome, TuningChange, TuningDataLossSetting, TuningPrerequisite, TuningSettingValue, TuningTunableState,
} from './generated/api-types.generated';

export type TuningPlan = Narrowed<api.TuningPlan, { devices?: TuningDeviceChoices | null }>;
