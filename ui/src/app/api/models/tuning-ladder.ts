// The API's shapes of middleware/tuning/ladder_models.py, from the generated types (scripts/gen-api-types.py): the
// component ladder (disks, pool, network, protocol) and the bottleneck named in words.
import * as api from './generated/api-types.generated';

export type LadderLayerKind = api.TuningLadderLayer['layer'];
export type LadderSourceKind = NonNullable<api.TuningLadderLayer['source']>['kind'];

/** `tuning.ladder.read_disks` options: a bounded, read-only sequential read of each of the pool's data disks. */
export type LadderReadDisksOptions = api.TuningLadderReadDisksOptions;
export type LadderGetOptions = api.TuningLadderGetOptions;
/** One rung: what this layer moves, and where the figure comes from. */
export type LadderLayer = api.TuningLadderLayer;
export type LadderSettingThen = api.TuningLadderSettingThen;
export type LadderBottleneckSide = api.TuningLadderSide;
export type Ladder = api.TuningLadderEntry;
/** One disk's raw sequential read. */
export type DiskReadFigure = api.TuningLadderDiskRead;
/** What `tuning.ladder.read_disks` stores and answers. */
export type DiskRead = api.TuningLadderDiskReadEntry;
