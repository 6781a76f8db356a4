// The API's shapes of middleware/tuning/profile_models.py, from the generated types (scripts/gen-api-types.py).
import * as api from './generated/api-types.generated';

export type DiskKind = api.TuningProfileDisk['kind'];
export type PoolDiskKind = api.TuningProfilePool['disk_kind'];

export type {
  TuningProfile, TuningProfileDisk, TuningProfileNic, TuningProfilePool, TuningProfileVdev, TuningState,
  TuningStateAccepted, TuningStateActive, TuningStateDrift, TuningStateInEffect, TuningStatePending,
} from './generated/api-types.generated';
