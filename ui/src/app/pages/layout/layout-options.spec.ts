import { layoutOptions } from './layout-options';

describe('layoutOptions', () => {
  const form = { source: 'UNUSED' as const, pool: 'tank', count: 12, sizeTb: 4, kind: 'HDD' as const, recordKib: 128 };

  it('asks for the unused disks with the record size in bytes, nothing else', () => {
    expect(layoutOptions(form)).toEqual({ source: 'UNUSED', recordsize_bytes: 131072 });
  });

  it('names the pool for a pool’s disks', () => {
    expect(layoutOptions({ ...form, source: 'POOL', recordKib: 1024 })).toEqual({ source: 'POOL', pool: 'tank', recordsize_bytes: 1048576 });
  });

  it('turns decimal terabytes into bytes as disk vendors count them', () => {
    expect(layoutOptions({ ...form, source: 'GIVEN', sizeTb: 3.84 }))
      .toEqual({ source: 'GIVEN', count: 12, size_bytes: 3_840_000_000_000, kind: 'HDD', recordsize_bytes: 131072 });
    expect(layoutOptions({ ...form, source: 'GIVEN', sizeTb: null, count: null }))
      .toEqual({ source: 'GIVEN', count: null, size_bytes: null, kind: 'HDD', recordsize_bytes: 131072 });
  });
});
