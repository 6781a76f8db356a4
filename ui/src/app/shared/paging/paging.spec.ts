import { PagedRows, PageQuery, clampPage, lastPageIndex, orderByOf, pageOptions } from './paging';

describe('paging', () => {
  it('asks for a page by offset and limit, in the order given', () => {
    expect(pageOptions({ index: 0, size: 25 }, ['-id'])).toEqual({ order_by: ['-id'], limit: 25, offset: 0 });
    expect(pageOptions({ index: 2, size: 10 }, ['label'])).toEqual({ order_by: ['label'], limit: 10, offset: 20 });
  });

  it('a page past the end becomes the last page with rows', () => {
    expect(lastPageIndex(0, 25)).toBe(0);
    expect(lastPageIndex(25, 25)).toBe(0);
    expect(lastPageIndex(26, 25)).toBe(1);
    expect(clampPage({ index: 1, size: 25 }, 25)).toEqual({ index: 0, size: 25 });
    expect(clampPage({ index: 3, size: 10 }, 0)).toEqual({ index: 0, size: 10 });
    const inside = { index: 1, size: 25 };
    expect(clampPage(inside, 26)).toBe(inside);
  });

  it('sorts by the column’s field on the server, or by the fallback', () => {
    const fields = { when: 'created_at', id: 'id' };
    expect(orderByOf({ active: 'when', direction: 'desc' }, fields, ['-id'])).toEqual(['-created_at']);
    expect(orderByOf({ active: 'id', direction: 'asc' }, fields, ['-id'])).toEqual(['id']);
    expect(orderByOf({ active: 'preset', direction: 'asc' }, fields, ['-id'])).toEqual(['-id']);
    expect(orderByOf({ active: 'id', direction: '' }, fields, ['-id'])).toEqual(['-id']);
  });

  it('drops an answer that comes after a newer load started', async () => {
    const paged = new PagedRows<number>(() => ['-id']);
    let release!: () => void;
    const slow: PageQuery<number> = {
      rows: () => new Promise((resolve) => { release = () => resolve([1]); }),
      count: async () => 1,
    };
    const first = paged.load(slow);
    await paged.load({ rows: async () => [2, 3], count: async () => 2 });
    release();
    await first;
    expect(paged.rows()).toEqual([2, 3]);
    expect(paged.total()).toBe(2);
  });
});
