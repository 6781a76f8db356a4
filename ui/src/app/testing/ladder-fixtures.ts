import { DiskRead, Ladder, LadderLayer } from '../api/models/tuning-ladder';

export function fakeLayer(partial: Partial<LadderLayer> = {}): LadderLayer {
  return {
    layer: 'POOL', name: 'pool tank (tank/media)', protocol: null, read_bytes_per_second: 600e6,
    write_bytes_per_second: 400e6, measured_at: '2026-11-24T10:00:00Z', source: { kind: 'BENCHMARK', id: 3 }, note: null,
    nominal: [], ...partial,
  };
}

/** A 1 GbE box: the disks and the pool far above the link, an NFS client at the link's ceiling. */
export function fakeLadder(partial: Partial<Ladder> = {}): Ladder {
  return {
    pool: 'tank', dataset: null,
    layers: [
      fakeLayer({ layer: 'DISKS', name: '6 disks of tank', read_bytes_per_second: 1200e6, write_bytes_per_second: null,
        source: { kind: 'DISK_READ', id: 1 } }),
      fakeLayer(),
      fakeLayer({ layer: 'NETWORK', name: 'eno1 (1 GbE)', read_bytes_per_second: 118e6, write_bytes_per_second: 117e6,
        source: { kind: 'NETWORK', id: 2 } }),
      fakeLayer({ layer: 'PROTOCOL', name: 'NFS 4.2 from ws1', protocol: 'NFS', read_bytes_per_second: 112e6,
        write_bytes_per_second: 60e6, source: { kind: 'CLIENT', id: 11 }, note: 'sync=standard' }),
    ],
    bottleneck: {
      read: { layer: 'NETWORK', protocol: null, words: 'Clients are limited by the 1 GbE link (112 of 118 MB/s measured).' },
      write: { layer: 'PROTOCOL', protocol: 'NFS', words: 'Clients get 60 MB/s over NFS although the 1 GbE link carries 117 MB/s.' },
    },
    verdict: 'Reads: Clients are limited by the 1 GbE link (112 of 118 MB/s measured); tuning the pool cannot raise sequential throughput.',
    missing: [],
    ...partial,
  };
}

export function fakeDiskRead(partial: Partial<DiskRead> = {}): DiskRead {
  return {
    id: 1, created_at: '2026-11-24T10:00:00Z', pool: 'tank',
    disks: [
      { name: 'sda', device: '/tmp/stand-in/sda', read_bytes_per_second: 400e6, seconds: 3, error: null },
      { name: 'sdb', device: '/tmp/stand-in/sdb', read_bytes_per_second: null, seconds: null, error: 'fio: read failed' },
    ],
    total_read_bytes_per_second: 400e6, options: { seconds_per_disk: 3 }, stand_in: true, skipped: ['nvme0n1 (cache)'],
    words: 'Read 2 data disks of tank for 3 s each.', ...partial,
  };
}
