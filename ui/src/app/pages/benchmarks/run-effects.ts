// What a benchmark run does to the box, said before Start (pure): its scratch dataset, the space it takes, the load.
import { BenchmarkProfile } from '../../api/models/tuning-benchmark';
import { TuningProfile } from '../../api/models/tuning-profile';
import { T } from '../../i18n/translate-marker';
import { BenchmarkSettingsValue } from '../../shared/benchmark-settings/benchmark-settings';
import { Words } from '../../shared/field-errors';
import { formatBytes } from '../../shared/format';

const MIB = 1024 ** 2;
const GIB = 1024 ** 3;

/** core/bench/catalog.py PROFILES (direct_working_set_bytes): the working set when ZFS Direct I/O keeps the ARC out. */
const DIRECT_WORKING_SET: Record<BenchmarkProfile, number> = { QUICK: GIB, STANDARD: 8 * GIB, THOROUGH: 32 * GIB };
/** core/bench/catalog.py PROFILES (plain_directory_working_set_bytes): the working set off ZFS (the sandbox's
 *  stand-in directories), where O_DIRECT keeps the page cache out. */
const PLAIN_WORKING_SET: Record<BenchmarkProfile, number> = { QUICK: 256 * MIB, STANDARD: 2 * GIB, THOROUGH: 8 * GIB };
/** core/bench/space.py QUOTA_FACTOR: the scratch dataset's refquota is the working set plus 10 %. */
const QUOTA_FACTOR = 1.1;

/**
 * The most space the run's scratch dataset may take: its quota over the working set. An override is used as typed;
 * on the sandbox (a plain directory, no ZFS) the profile's modest set is the whole of it; otherwise the server picks
 * twice the ARC's maximum (so reads reach the disks) unless ZFS Direct I/O lets the profile's smaller set do, which
 * the panel cannot tell (it depends on the dataset's recordsize): the larger of the two is the bound. Null while the
 * box's memory is unknown.
 */
export function scratchSpaceBound(settings: Pick<BenchmarkSettingsValue, 'profile' | 'working_set_mib'>,
  box: Pick<TuningProfile, 'memory'> | null, sandbox = false): number | null {
  if (settings.working_set_mib != null) {
    return Math.ceil(settings.working_set_mib * MIB * QUOTA_FACTOR);
  }
  if (sandbox) {
    return Math.ceil(PLAIN_WORKING_SET[settings.profile] * QUOTA_FACTOR);
  }
  if (!box) {
    return null;
  }
  return Math.ceil(Math.max(2 * box.memory.arc_max_bytes, DIRECT_WORKING_SET[settings.profile]) * QUOTA_FACTOR);
}

/** How much of the pool the test files take, as far as the panel can tell. */
function spaceWords(space: number | null, exact: boolean, pool: string, free: number | undefined,
  sandbox: boolean): Words {
  if (sandbox) {
    return sandboxSpaceWords(space, exact, free);
  }
  if (space === null) {
    return { key: T('Its test files need free space on pool {pool}.'), params: { pool } };
  }
  const params = { space: formatBytes(space), pool, free: formatBytes(free) };
  if (free === undefined) {
    return {
      key: exact ? T('Its test files take {space} of pool {pool}.')
        : T('Its test files take up to {space} of pool {pool}.'),
      params,
    };
  }
  return {
    key: exact ? T('Its test files take {space} of pool {pool} ({free} free now).')
      : T('Its test files take up to {space} of pool {pool} ({free} free now).'),
    params,
  };
}

/** The sandbox's pools are stand-ins: the test files land on this machine's own disk, whose free space the
 *  stand-in pool reports. */
function sandboxSpaceWords(space: number | null, exact: boolean, free: number | undefined): Words {
  if (space === null) {
    return { key: T('Its test files need free space on this machine’s disk.') };
  }
  const params = { space: formatBytes(space), free: formatBytes(free) };
  if (free === undefined) {
    return {
      key: exact ? T('Its test files take {space} of this machine’s disk.')
        : T('Its test files take up to {space} of this machine’s disk.'),
      params,
    };
  }
  return {
    key: exact ? T('Its test files take {space} of this machine’s disk ({free} free now).')
      : T('Its test files take up to {space} of this machine’s disk ({free} free now).'),
    params,
  };
}

/**
 * A warning when the space said is more than is free now: an exact figure is refused for sure; an "up to" is the
 * most (twice the ARC), and the run needs only the profile's smaller set where ZFS Direct I/O keeps the ARC out.
 */
function shortOfSpace(space: number | null, exact: boolean, free: number | undefined,
  profile: BenchmarkProfile): Words | null {
  if (space === null || free === undefined || space <= free) {
    return null;
  }
  if (exact) {
    return { key: T('That is more than the {free} free now: the run will be refused before it writes anything.'),
      params: { free: formatBytes(free) } };
  }
  return {
    key: T('That most is more than the {free} free now: the run is refused before it writes anything, unless ZFS '
      + 'Direct I/O lets this dataset do with {direct} (it checks the space first).'),
    params: { free: formatBytes(free), direct: formatBytes(Math.ceil(DIRECT_WORKING_SET[profile] * QUOTA_FACTOR)) },
  };
}

/**
 * The sentences shown above Start, in the order a person weighs them: what is written, how much, what slows.
 * `sandbox`: the sandbox backend (as its banner decides), where a dataset is a plain directory standing in for it on
 * this machine's disk and there is no ZFS pool to name.
 */
export function runEffects(dataset: string, settings: Pick<BenchmarkSettingsValue, 'profile' | 'working_set_mib'>,
  box: Pick<TuningProfile, 'memory' | 'pools'> | null, sandbox = false): Words[] {
  if (!dataset) {
    return [];
  }
  const pool = dataset.split('/')[0];
  const free = box?.pools.find((p) => p.name === pool)?.free_bytes;
  const bound = scratchSpaceBound(settings, box, sandbox);
  const exact = settings.working_set_mib != null || sandbox;
  const space = spaceWords(bound, exact, pool, free, sandbox);
  const refuses = shortOfSpace(bound, exact, free, settings.profile)
    ?? { key: T('It checks the space first and refuses, writing nothing, when there is not enough.') };
  if (sandbox) {
    return [
      { key: T('The run writes its test files into a scratch directory it creates under the sandbox’s stand-in for '
        + '{dataset} (a plain directory on this machine’s disk, no ZFS pool), and removes it when it ends, also when '
        + 'it fails or is aborted.'), params: { dataset } },
      space,
      refuses,
      { key: T('For as long as it runs (the estimate above), it keeps this machine’s disk busy: other reads and writes '
        + 'on that disk are slower until it ends.') },
    ];
  }
  return [
    { key: T('The run writes its test files into a scratch dataset it creates under {dataset}, and removes it when it '
      + 'ends, also when it fails or is aborted.'), params: { dataset } },
    space,
    refuses,
    { key: T('For as long as it runs (the estimate above), it keeps pool {pool} busy: other reads and writes on that '
      + 'pool are slower until it ends.'), params: { pool } },
  ];
}
