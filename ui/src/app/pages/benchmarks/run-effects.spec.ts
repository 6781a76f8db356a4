import { BoxCacheDefeatMethod } from '../../api/models/tuning-benchmark';
import { fakeProfile } from '../../testing/fixtures';
import { Words, inEnglish } from '../../shared/field-errors';
import { Effect, runEffects, scratchSpaceBound, workingSetHint } from './run-effects';

const GIB = 1024 ** 3;
/** A bullet as shown: its sentence, then why, in the same bullet. */
const shown = (e: Effect): string => [e, e.why].filter((w): w is Words => !!w).map(inEnglish).join(' ');
/** The server's answer for the dataset (tuning.benchmark.space): its real free space, the most a run may take. */
const room = (free: number, most = free, onZfs = true) => ({ on_zfs: onZfs, free_bytes: free, room_bytes: most });

describe('scratchSpaceBound', () => {
  it('is twice the ARC maximum plus the 10 % quota margin, or the profile\'s own set when that is larger', () => {
    const box = { memory: { ...fakeProfile().memory, arc_max_bytes: 32 * GIB } };
    expect(scratchSpaceBound({ profile: 'QUICK', working_set_mib: null }, box)).toBe(Math.ceil(64 * GIB * 1.1));
    const small = { memory: { ...box.memory, arc_max_bytes: 2 * GIB } };
    expect(scratchSpaceBound({ profile: 'THOROUGH', working_set_mib: null }, small)).toBe(Math.ceil(32 * GIB * 1.1));
  });

  it('takes a typed working set as it is, and knows nothing without the box', () => {
    expect(scratchSpaceBound({ profile: 'QUICK', working_set_mib: 1024 }, null)).toBe(Math.ceil(GIB * 1.1));
    expect(scratchSpaceBound({ profile: 'QUICK', working_set_mib: null }, null)).toBeNull();
  });
});

describe('runEffects', () => {
  it('says where it writes, how much of the pool it may take and why, beside what is free, and what slows meanwhile', () => {
    const words = runEffects('tank/vms', { profile: 'QUICK', working_set_mib: null }, fakeProfile(), false,
      room(9 * 1024 * GIB)).map(shown);
    expect(words).toEqual([
      'The run writes its test files into a scratch dataset it creates under tank/vms, and removes it when it ends, '
        + 'also when it fails or is aborted.',
      'Its test files take up to 70.4 GiB of pool tank (9 TiB free now). That is twice the ARC’s maximum (32 GiB) '
        + 'plus 10 %, so reads come from the disks, not RAM; where ZFS Direct I/O bypasses the ARC (OpenZFS 2.3 or '
        + 'later, blocks aligned to the recordsize), 1.1 GiB is enough. The files are removed when the run ends.',
      'It checks the space first and refuses, writing nothing, when there is not enough.',
      'For as long as it runs (the estimate above), it keeps pool tank busy: other reads and writes on that pool are '
        + 'slower until it ends.',
    ]);
  });

  it('says a profile’s set larger than twice the ARC is the profile’s, and a typed one as typed with its risk', () => {
    const small = { ...fakeProfile(), memory: { ...fakeProfile().memory, arc_max_bytes: 4 * GIB } };
    expect(shown(runEffects('tank', { profile: 'THOROUGH', working_set_mib: null }, small)[1]))
      .toBe('Its test files take up to 35.2 GiB of pool tank. That is this profile’s working set (32 GiB) plus 10 %, '
        + 'more than twice the ARC’s maximum (4 GiB), so reads come from the disks, not RAM. The files are removed '
        + 'when the run ends.');
    expect(shown(runEffects('tank', { profile: 'QUICK', working_set_mib: 512 }, fakeProfile())[1]))
      .toBe('Its test files take 563 MiB of pool tank. That is the working set you typed plus 10 %. Below twice the '
        + 'ARC’s maximum (64 GiB) reads may come from RAM, so the run refuses it for a test ZFS Direct I/O cannot '
        + 'take past the ARC. The files are removed when the run ends.');
    expect(shown(runEffects('tank', { profile: 'QUICK', working_set_mib: 100 * 1024 }, fakeProfile())[1]))
      .toBe('Its test files take 110 GiB of pool tank. That is the working set you typed plus 10 %. The files are '
        + 'removed when the run ends.');
    expect(shown(runEffects('tank', { profile: 'QUICK', working_set_mib: null }, null)[1]))
      .toBe('Its test files need free space on pool tank.');
  });

  it('says the free space the server reads for the dataset, never the pool’s nominal free (none until it answers)', () => {
    // the fixture's pool reports 9 TiB free: a sandbox's simulated pool, or a raidz pool's free with its parity
    const sandbox = runEffects('tank', { profile: 'QUICK', working_set_mib: null }, fakeProfile(), true);
    expect(inEnglish(sandbox[1])).toBe('Its test files take 282 MiB of this machine’s disk.');
    expect(inEnglish(runEffects('tank', { profile: 'QUICK', working_set_mib: null }, fakeProfile(), true,
      room(74 * GIB))[1])).toBe('Its test files take 282 MiB of this machine’s disk (74 GiB free now).');
  });

  it('states what the server says this run would take, exactly, and why by how it keeps caches out', () => {
    const need = (method: BoxCacheDefeatMethod, size: number) => ({
      ...room(73.5 * GIB, 60 * GIB), need: { method, working_set_bytes: size, refquota_bytes: Math.ceil(size * 1.1),
        arc_max_bytes: 16 * GIB } });
    const quick = { profile: 'QUICK' as const, working_set_mib: null };
    expect(shown(runEffects('tank', quick, fakeProfile(), false, need('DIRECT_IO', GIB))[1]))
      .toBe('Its test files take 1.1 GiB of pool tank (73.5 GiB free now). That is this profile’s working set plus '
        + '10 %: ZFS Direct I/O bypasses the ARC, so a small working set is enough and reads come from the disks, not '
        + 'RAM. The files are removed when the run ends.');
    const arc = runEffects('tank', quick, fakeProfile(), false, need('WORKING_SET', 32 * GIB)).map(shown);
    expect(arc[1]).toBe('Its test files take 35.2 GiB of pool tank (73.5 GiB free now). That is at least twice the '
      + 'ARC’s maximum (16 GiB) plus 10 %, so reads come from the disks, not RAM (ZFS Direct I/O cannot keep the ARC '
      + 'out for these tests here). The files are removed when the run ends.');
    expect(arc[2]).toBe('It checks the space first and refuses, writing nothing, when there is not enough.');
    expect(shown(runEffects('tank', { profile: 'QUICK', working_set_mib: 512 }, fakeProfile(), false,
      need('DIRECT_IO', 512 * 1024 ** 2))[1])).toBe('Its test files take 563 MiB of pool tank (73.5 GiB free now). That '
      + 'is the working set you typed plus 10 %: ZFS Direct I/O bypasses the ARC, so reads come from the disks, not RAM. '
      + 'The files are removed when the run ends.');
    expect(shown(runEffects('tank', quick, fakeProfile(), false, need('ARC_METADATA_ONLY', GIB))[1]))
      .toBe('Its test files take 1.1 GiB of pool tank (73.5 GiB free now). That is the working set plus 10 %: while a '
        + 'random-read test runs, the ARC keeps none of its file data (only metadata), so a small working set is enough '
        + 'and reads come from the disks, not RAM. The files are removed when the run ends.');
    expect(inEnglish(runEffects('tank', quick, fakeProfile(), false, need('WORKING_SET', 64 * GIB))[2]))
      .toBe('That is more than the 60 GiB it may take now: the run will be refused before it writes anything.');
  });

  it('off ZFS (a test box’s plain directories) states the profile’s modest set, as the server takes it', () => {
    expect(shown(runEffects('tank', { profile: 'QUICK', working_set_mib: null }, fakeProfile(), false,
      room(74 * GIB, 73 * GIB, false))[1])).toBe('Its test files take 282 MiB of pool tank (74 GiB free now). That is '
      + 'this profile’s modest working set plus 10 %: the files are opened past the page cache (O_DIRECT), so reads '
      + 'come from the disk, not RAM. They are removed when the run ends.');
  });

  it('on the sandbox names a scratch directory under the stand-in, on this machine’s disk, and no pool', () => {
    const words = runEffects('tank/vms', { profile: 'QUICK', working_set_mib: null }, fakeProfile(), true,
      room(74 * GIB)).map(shown);
    expect(words).toEqual([
      'The run writes its test files into a scratch directory it creates under the sandbox’s stand-in for tank/vms '
        + '(a plain directory on this machine’s disk, no ZFS pool), and removes it when it ends, also when it fails '
        + 'or is aborted.',
      'Its test files take 282 MiB of this machine’s disk (74 GiB free now). That is this profile’s modest working '
        + 'set plus 10 %: the files are opened past the page cache (O_DIRECT), so reads come from the disk, not RAM. '
        + 'They are removed when the run ends.',
      'It checks the space first and refuses, writing nothing, when there is not enough.',
      'For as long as it runs (the estimate above), it keeps this machine’s disk busy: other reads and writes on that '
        + 'disk are slower until it ends.',
    ]);
    expect(inEnglish(runEffects('tank', { profile: 'QUICK', working_set_mib: 512 }, null, true)[1]))
      .toBe('Its test files take 563 MiB of this machine’s disk.');
  });

  it('warns in words when the space said is more than the space check lets it take now', () => {
    const short = room(25.7 * GIB, 20 * GIB);
    const upTo = runEffects('tank/vms', { profile: 'QUICK', working_set_mib: null }, fakeProfile(), false, short)
      .map(inEnglish);
    expect(upTo.slice(1, 3)).toEqual([
      'Its test files take up to 70.4 GiB of pool tank (25.7 GiB free now).',
      'That most is more than the 20 GiB it may take now: the run is refused before it writes anything, unless ZFS '
        + 'Direct I/O lets this dataset do with 1.1 GiB (it checks the space first).',
    ]);
    expect(inEnglish(runEffects('tank', { profile: 'QUICK', working_set_mib: 19 * 1024 }, fakeProfile(), false,
      short)[2])).toBe('That is more than the 20 GiB it may take now: the run will be refused before it writes anything.');
    // the sandbox's stand-in directory is no ZFS: the profile's modest set, well within what is free
    expect(runEffects('tank', { profile: 'STANDARD', working_set_mib: null }, fakeProfile(), true, short)
      .map(inEnglish)[1]).toBe('Its test files take 2.2 GiB of this machine’s disk (25.7 GiB free now).');
  });

  it('says nothing before a dataset is chosen', () => {
    expect(runEffects('', { profile: 'QUICK', working_set_mib: null }, fakeProfile())).toEqual([]);
  });
});

describe('workingSetHint', () => {
  it('says what an empty field leaves to the run, and what a smaller one risks', () => {
    expect(inEnglish(workingSetHint('QUICK', fakeProfile())!)).toBe('Working set: empty = up to 64 GiB (twice the '
      + 'ARC’s maximum, so reads come from the disks, not RAM; 1 GiB where ZFS Direct I/O bypasses the ARC). A smaller '
      + 'one lets reads come from RAM: the run refuses it unless Direct I/O keeps the ARC out, or the test reads at '
      + 'random (the ARC then keeps none of its file data).');
    expect(inEnglish(workingSetHint('STANDARD', null, true)!)).toBe('Working set: empty = 2 GiB, this profile’s (the '
      + 'files are opened past the page cache, so reads come from the disk, not RAM).');
    expect(workingSetHint('QUICK', null)).toBeNull();
  });
});
