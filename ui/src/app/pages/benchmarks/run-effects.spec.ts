import { fakeProfile } from '../../testing/fixtures';
import { inEnglish } from '../../shared/field-errors';
import { runEffects, scratchSpaceBound } from './run-effects';

const GIB = 1024 ** 3;

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
  it('says where it writes, how much of the pool it may take beside what is free, and what slows meanwhile', () => {
    const words = runEffects('tank/vms', { profile: 'QUICK', working_set_mib: null }, fakeProfile()).map(inEnglish);
    expect(words).toEqual([
      'The run writes its test files into a scratch dataset it creates under tank/vms, and removes it when it ends, '
        + 'also when it fails or is aborted.',
      'Its test files take up to 70.4 GiB of pool tank (9 TiB free now).',
      'It checks the space first and refuses, writing nothing, when there is not enough.',
      'For as long as it runs (the estimate above), it keeps pool tank busy: other reads and writes on that pool are '
        + 'slower until it ends.',
    ]);
  });

  it('states a typed working set exactly, and no figure while the box is unknown', () => {
    expect(inEnglish(runEffects('tank', { profile: 'QUICK', working_set_mib: 512 }, fakeProfile())[1]))
      .toBe('Its test files take 563 MiB of pool tank (9 TiB free now).');
    expect(inEnglish(runEffects('tank', { profile: 'QUICK', working_set_mib: null }, null)[1]))
      .toBe('Its test files need free space on pool tank.');
  });

  it('on the sandbox names a scratch directory under the stand-in, on this machine’s disk, and no pool', () => {
    const words = runEffects('tank/vms', { profile: 'QUICK', working_set_mib: null }, fakeProfile(), true)
      .map(inEnglish);
    expect(words).toEqual([
      'The run writes its test files into a scratch directory it creates under the sandbox’s stand-in for tank/vms '
        + '(a plain directory on this machine’s disk, no ZFS pool), and removes it when it ends, also when it fails '
        + 'or is aborted.',
      'Its test files take 282 MiB of this machine’s disk (9 TiB free now).',
      'It checks the space first and refuses, writing nothing, when there is not enough.',
      'For as long as it runs (the estimate above), it keeps this machine’s disk busy: other reads and writes on that '
        + 'disk are slower until it ends.',
    ]);
    expect(inEnglish(runEffects('tank', { profile: 'QUICK', working_set_mib: 512 }, null, true)[1]))
      .toBe('Its test files take 563 MiB of this machine’s disk.');
    expect(inEnglish(runEffects('tank', { profile: 'QUICK', working_set_mib: null }, null, true)[1]))
      .toBe('Its test files take 282 MiB of this machine’s disk.');
  });

  it('warns in words when the space said is more than is free: refused for sure, or unless Direct I/O needs less', () => {
    const box = fakeProfile();
    const short = { ...box, pools: box.pools.map((p) => ({ ...p, free_bytes: 25.7 * GIB })) };
    const upTo = runEffects('tank/vms', { profile: 'QUICK', working_set_mib: null }, short).map(inEnglish);
    expect(upTo.slice(1, 3)).toEqual([
      'Its test files take up to 70.4 GiB of pool tank (25.7 GiB free now).',
      'That most is more than the 25.7 GiB free now: the run is refused before it writes anything, unless ZFS Direct '
        + 'I/O lets this dataset do with 1.1 GiB (it checks the space first).',
    ]);
    expect(inEnglish(runEffects('tank', { profile: 'QUICK', working_set_mib: 30 * 1024 }, short)[2]))
      .toBe('That is more than the 25.7 GiB free now: the run will be refused before it writes anything.');
    // the sandbox's stand-in directory is no ZFS: the profile's modest set, well within what is free
    expect(runEffects('tank', { profile: 'STANDARD', working_set_mib: null }, short, true).map(inEnglish)[1])
      .toBe('Its test files take 2.2 GiB of this machine’s disk (25.7 GiB free now).');
  });

  it('says nothing before a dataset is chosen', () => {
    expect(runEffects('', { profile: 'QUICK', working_set_mib: null }, fakeProfile())).toEqual([]);
  });
});
