// What a benchmark run does to the box, said before Start (pure): its scratch dataset, the space it takes, the load.
import { BenchmarkProfile } from '../../api/models/tuning-benchmark';
import { TuningBenchmarkSpaceEntry, TuningBenchmarkSpaceNeed } from '../../api/models/generated/api-types.generated';
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

/** One bullet of what the run does; `why` follows in the same bullet (the space figure, then why it is that large). */
export type Effect = Words & { why?: Words };

/** The working set the server picks when none is typed (before the 10 % quota): on ZFS twice the ARC's maximum
 *  unless the profile's own set is larger (core/bench/cache_defeat.py; the panel does not know the write buffer's
 *  size, usually well below the ARC's); off ZFS (`plain`: the sandbox's stand-in directories) the profile's modest
 *  set. Null while the box is unknown. */
function defaultWorkingSet(profile: BenchmarkProfile, box: Pick<TuningProfile, 'memory'> | null,
  plain: boolean): number | null {
  if (plain) {
    return PLAIN_WORKING_SET[profile];
  }
  return box ? Math.max(2 * box.memory.arc_max_bytes, DIRECT_WORKING_SET[profile]) : null;
}

/**
 * The most space the run's scratch dataset may take: its quota over the working set. An override is used as typed;
 * off ZFS (`plain`: the sandbox's plain directories) the profile's modest set is the whole of it; otherwise the
 * server picks twice the ARC's maximum (so reads reach the disks) unless ZFS Direct I/O lets the profile's smaller
 * set do, which the panel cannot tell (it depends on the dataset's recordsize): the larger of the two is the bound.
 * Null while the box's memory is unknown.
 */
export function scratchSpaceBound(settings: Pick<BenchmarkSettingsValue, 'profile' | 'working_set_mib'>,
  box: Pick<TuningProfile, 'memory'> | null, plain = false): number | null {
  if (settings.working_set_mib != null) {
    return Math.ceil(settings.working_set_mib * MIB * QUOTA_FACTOR);
  }
  const size = defaultWorkingSet(settings.profile, box, plain);
  return size === null ? null : Math.ceil(size * QUOTA_FACTOR);
}

/** Why the test files take that much, said beside the figure (the size is what keeps caches out of the numbers). */
function whyThatMuch(settings: Pick<BenchmarkSettingsValue, 'profile' | 'working_set_mib'>,
  box: Pick<TuningProfile, 'memory'> | null, plain: boolean): Words | undefined {
  const typed = settings.working_set_mib != null;
  if (plain) {
    return typed
      ? { key: T('That is the working set you typed plus 10 %; the files are opened past the page cache (O_DIRECT), '
        + 'so reads come from the disk, not RAM. They are removed when the run ends.') }
      : { key: T('That is this profile’s modest working set plus 10 %: the files are opened past the page cache '
        + '(O_DIRECT), so reads come from the disk, not RAM. They are removed when the run ends.') };
  }
  if (!box) {
    return undefined;
  }
  const arc = box.memory.arc_max_bytes;
  if (typed) {
    return settings.working_set_mib! * MIB < 2 * arc
      ? { key: T('That is the working set you typed plus 10 %. Below twice the ARC’s maximum ({floor}) reads may come '
        + 'from RAM, so the run refuses it for a test ZFS Direct I/O cannot take past the ARC. The files are removed '
        + 'when the run ends.'), params: { floor: formatBytes(2 * arc) } }
      : { key: T('That is the working set you typed plus 10 %. The files are removed when the run ends.') };
  }
  const direct = DIRECT_WORKING_SET[settings.profile];
  if (direct > 2 * arc) {
    return { key: T('That is this profile’s working set ({set}) plus 10 %, more than twice the ARC’s maximum ({arc}), '
      + 'so reads come from the disks, not RAM. The files are removed when the run ends.'),
    params: { set: formatBytes(direct), arc: formatBytes(arc) } };
  }
  return { key: T('That is twice the ARC’s maximum ({arc}) plus 10 %, so reads come from the disks, not RAM; where ZFS '
    + 'Direct I/O bypasses the ARC (OpenZFS 2.3 or later, blocks aligned to the recordsize), {direct} is enough. The '
    + 'files are removed when the run ends.'),
  params: { arc: formatBytes(arc), direct: formatBytes(Math.ceil(direct * QUOTA_FACTOR)) } };
}

/** Why the run takes what the server says it would (`need`): how its largest test keeps caches out. */
function whyTheNeed(need: TuningBenchmarkSpaceNeed, typed: boolean): Words {
  if (need.method === 'O_DIRECT') {
    return typed
      ? { key: T('That is the working set you typed plus 10 %; the files are opened past the page cache (O_DIRECT), '
        + 'so reads come from the disk, not RAM. They are removed when the run ends.') }
      : { key: T('That is this profile’s modest working set plus 10 %: the files are opened past the page cache '
        + '(O_DIRECT), so reads come from the disk, not RAM. They are removed when the run ends.') };
  }
  if (need.method === 'ARC_METADATA_ONLY') {
    return typed
      ? { key: T('That is the working set you typed plus 10 %: while a random-read test runs, the ARC keeps none of its '
        + 'file data (only metadata), so reads come from the disks, not RAM. The files are removed when the run ends.') }
      : { key: T('That is the working set plus 10 %: while a random-read test runs, the ARC keeps none of its file data '
        + '(only metadata), so a small working set is enough and reads come from the disks, not RAM. The files are '
        + 'removed when the run ends.') };
  }
  if (need.method === 'DIRECT_IO') {
    return typed
      ? { key: T('That is the working set you typed plus 10 %: ZFS Direct I/O bypasses the ARC, so reads come from the '
        + 'disks, not RAM. The files are removed when the run ends.') }
      : { key: T('That is this profile’s working set plus 10 %: ZFS Direct I/O bypasses the ARC, so a small working set '
        + 'is enough and reads come from the disks, not RAM. The files are removed when the run ends.') };
  }
  return typed
    ? { key: T('That is the working set you typed plus 10 %, at least twice the ARC’s maximum ({arc}), so reads come '
      + 'from the disks, not RAM. The files are removed when the run ends.'), params: { arc: formatBytes(need.arc_max_bytes) } }
    : { key: T('That is at least twice the ARC’s maximum ({arc}) plus 10 %, so reads come from the disks, not RAM (ZFS '
      + 'Direct I/O cannot keep the ARC out for these tests here). The files are removed when the run ends.'),
    params: { arc: formatBytes(need.arc_max_bytes) } };
}

/**
 * The expert working-set field's hint: the size an empty field leaves to the run, and what a smaller one risks.
 * Null while the box is unknown.
 */
export function workingSetHint(profile: BenchmarkProfile, box: Pick<TuningProfile, 'memory'> | null,
  plain = false): Words | null {
  const size = defaultWorkingSet(profile, box, plain);
  if (size === null) {
    return null;
  }
  if (plain) {
    return { key: T('Working set: empty = {size}, this profile’s (the files are opened past the page cache, so reads '
      + 'come from the disk, not RAM).'), params: { size: formatBytes(size) } };
  }
  return {
    key: T('Working set: empty = up to {size} (twice the ARC’s maximum, so reads come from the disks, not RAM; {direct} '
      + 'where ZFS Direct I/O bypasses the ARC). A smaller one lets reads come from RAM: the run refuses it unless '
      + 'Direct I/O keeps the ARC out, or the test reads at random (the ARC then keeps none of its file data).'),
    params: { size: formatBytes(size), direct: formatBytes(DIRECT_WORKING_SET[profile]) },
  };
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

/** The sandbox's pools are stand-ins: the test files land on this machine's own disk (its real free space, not
 *  the stand-in pool's). */
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
 * A warning when the space said is more than the space check lets the run take now (`room`): an exact figure is
 * refused for sure; an "up to" is the most (twice the ARC), and the run needs only the profile's smaller set where
 * ZFS Direct I/O keeps the ARC out.
 */
function shortOfSpace(space: number | null, exact: boolean, room: number | undefined,
  profile: BenchmarkProfile): Words | null {
  if (space === null || room === undefined || space <= room) {
    return null;
  }
  if (exact) {
    return { key: T('That is more than the {room} it may take now: the run will be refused before it writes anything.'),
      params: { room: formatBytes(room) } };
  }
  return {
    key: T('That most is more than the {room} it may take now: the run is refused before it writes anything, unless '
      + 'ZFS Direct I/O lets this dataset do with {direct} (it checks the space first).'),
    params: { room: formatBytes(room), direct: formatBytes(Math.ceil(DIRECT_WORKING_SET[profile] * QUOTA_FACTOR)) },
  };
}

/**
 * The sentences shown above Start, in the order a person weighs them: what is written, how much, what slows.
 * `sandbox`: the sandbox backend (as its banner decides), where a dataset is a plain directory standing in for it on
 * this machine's disk and there is no ZFS pool to name. `room`: the server's answer for the dataset (no free figure
 * until it comes; it also says whether the dataset is on ZFS, and with the run's choices what the run would take).
 */
export function runEffects(dataset: string, settings: Pick<BenchmarkSettingsValue, 'profile' | 'working_set_mib'>,
  box: Pick<TuningProfile, 'memory'> | null, sandbox = false,
  room: TuningBenchmarkSpaceEntry | null = null): Effect[] {
  if (!dataset) {
    return [];
  }
  const pool = dataset.split('/')[0];
  // the dataset's own free space as the space check reads it (tuning.benchmark.space), never the pool's nominal
  // free: raidz parity, quotas and the sandbox's simulated pools would overstate it
  const free = room?.free_bytes;
  // off ZFS (the sandbox's stand-ins; a test box's plain directories) fio's O_DIRECT keeps the page cache out
  const plain = sandbox || room?.on_zfs === false;
  const typed = settings.working_set_mib != null;
  // what the server says this run would take (its tests on this dataset) is exact; until it answers, the most
  const need = room?.need ?? null;
  const bound = need ? need.refquota_bytes : scratchSpaceBound(settings, box, plain);
  const exact = need !== null || typed || plain;
  const space: Effect = { ...spaceWords(bound, exact, pool, free, sandbox),
    why: need ? whyTheNeed(need, typed) : whyThatMuch(settings, box, plain) };
  const refuses = shortOfSpace(bound, exact, room?.room_bytes, settings.profile)
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
