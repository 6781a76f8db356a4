import { givenErrors, layoutOptions } from './layout-options';

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

describe('givenErrors', () => {
  it('bounds described disks as sold: 1 to 512 of them, each 1 GB to 100 TB, said in TB', () => {
    expect(givenErrors({ count: 12, sizeTb: 4 })).toEqual({});
    expect(givenErrors({ count: 512, sizeTb: 100 })).toEqual({});
    expect(givenErrors({ count: 1, sizeTb: 0.001 })).toEqual({});
    expect(givenErrors({ count: 513, sizeTb: 100.5 })).toEqual({
      count: { key: 'must be from {min} to {max}', params: { min: 1, max: 512 } },
      size_bytes: { key: 'must be at most {size} TB (the largest disks sold are about 30 TB)', params: { size: 100 } },
    });
    expect(givenErrors({ count: 0, sizeTb: 0.0005 })['size_bytes']).toEqual({ key: 'must be at least {size} TB (1 GB)', params: { size: 0.001 } });
    expect(givenErrors({ count: 1.5, sizeTb: null })).toEqual({ count: { key: 'must be a whole number' }, size_bytes: { key: 'is required' } });
  });
});
