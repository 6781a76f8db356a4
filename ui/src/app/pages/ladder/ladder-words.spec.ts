import { fakeLadder, fakeLayer } from '../../testing/ladder-fixtures';
import { bottleneckWords, ladderBars, limits, nextStep, settingsThenWords } from './ladder-words';

describe('ladder words', () => {
  it('draws every bar against the fastest figure of either direction; no figure, no bar', () => {
    expect(ladderBars(fakeLadder().layers)).toEqual([
      { read: 100, write: null },
      { read: 50, write: 400 / 12 },
      { read: 118 / 12, write: 117 / 12 },
      { read: 112 / 12, write: 5 },
    ]);
    expect(ladderBars([fakeLayer({ read_bytes_per_second: 0, write_bytes_per_second: null })])).toEqual([{ read: 0, write: null }]);
    expect(ladderBars([])).toEqual([]);
  });

  it('marks the rung that limits each direction, a protocol rung only for its own protocol', () => {
    const ladder = fakeLadder();
    const [disks, pool, network, nfs] = ladder.layers;
    expect(limits(ladder, network, 'read')).toBe(true);
    expect(limits(ladder, network, 'write')).toBe(false);
    expect(limits(ladder, nfs, 'write')).toBe(true);
    expect(limits(ladder, fakeLayer({ layer: 'PROTOCOL', protocol: 'SMB' }), 'write')).toBe(false);
    expect([disks, pool].some((l) => limits(ladder, l, 'read') || limits(ladder, l, 'write'))).toBe(false);
    expect(limits(fakeLadder({ bottleneck: { read: null, write: null } }), network, 'read')).toBe(false);
  });

  it('names the limiting layer per direction in words', () => {
    const { read, write } = fakeLadder().bottleneck;
    expect(bottleneckWords(read)).toEqual({ key: 'Network (iperf3)' });
    expect(bottleneckWords(write)).toEqual({ key: 'the protocol ({protocol}) or the client', params: { protocol: 'NFS' } });
    expect(bottleneckWords(null).key).toContain('not named yet');
    expect(bottleneckWords({ ...write!, protocol: null })).toEqual({ key: 'the protocol or the client' });
  });

  it('reads a next step into its words, its method and the page that takes it', () => {
    expect(nextStep('Measure the network ceiling (tuning.network.measure)'))
      .toEqual({ words: 'Measure the network ceiling', method: 'tuning.network.measure', place: { route: '/network' } });
    expect(nextStep('Benchmark the pool locally (tuning.benchmark.run with SEQ_READ and SEQ_WRITE)'))
      .toEqual({ words: 'Benchmark the pool locally', method: 'tuning.benchmark.run', place: { route: '/benchmarks' } });
    expect(nextStep('Run the client kit (tuning.client.session.create)').place).toEqual({ route: '/clients' });
    expect(nextStep('Read the disks (tuning.ladder.read_disks)').place).toEqual({ here: true });
    expect(nextStep('Something else (tuning.other.thing)')).toEqual({ words: 'Something else', method: 'tuning.other.thing', place: null });
    expect(nextStep('Plain words')).toEqual({ words: 'Plain words', method: null, place: null });
  });

  it('says in words and units what a pool figure was measured under when the box no longer holds it', () => {
    const pool = fakeLayer({ layer: 'POOL', current_settings: false, settings_then: [
      { kind: 'DATASET_PROPERTY', scope: 'tank/media', setting: 'recordsize', name: 'Record size', then: '1M', now: '128K',
        unit: 'BYTES', zero_is_default: false },
      { kind: 'DATASET_PROPERTY', scope: 'tank/media', setting: 'sync', name: 'Synchronous writes', then: 'DISABLED',
        now: 'STANDARD', unit: null, zero_is_default: false },
      { kind: 'ZFS_PARAMETER', scope: 'global', setting: 'zfs_arc_max', name: 'Maximum ARC size', then: '0',
        now: String(24 * 2 ** 30), unit: 'BYTES', zero_is_default: true },
    ] });
    const words = settingsThenWords(pool)!;
    expect(words).toBe('Measured under settings the box no longer holds: Record size 1 MiB on tank/media (now 128 KiB); '
      + 'Synchronous writes Disabled on tank/media (now Standard); Maximum ARC size 0 (OpenZFS default) (now 24 GiB).');
    // an older server sends neither name nor unit: the setting's id, the unit guessed from the value
    const older = fakeLayer({ layer: 'POOL', current_settings: false, settings_then: [
      { kind: 'ZFS_PARAMETER', scope: 'global', setting: 'zfs_dirty_data_max', then: '4294967296', now: '3435973836' },
    ] });
    expect(settingsThenWords(older)).toContain('zfs_dirty_data_max 4 GiB (now 3.2 GiB)');
    expect(words).not.toMatch(/\d{7,}/);
    expect(settingsThenWords(fakeLayer({ layer: 'POOL', current_settings: true }))).toBeNull();
    expect(settingsThenWords(fakeLayer({ layer: 'POOL' }))).toBeNull();
  });
});
