import { signal } from '@angular/core';

import { QueryOptions } from '../../api/models/auth';
import { fakeQuery } from './fake-query';
import { PagedRows, PageQuery, QueryTable, clampPage, lastPageIndex, orderByOf, pageOptions } from './paging';

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
    const speed = { speed: 'nulls_last:link_speed_mbps' };
    expect(orderByOf({ active: 'speed', direction: 'desc' }, speed, ['-id'])).toEqual(['nulls_last:-link_speed_mbps']);
    expect(orderByOf({ active: 'speed', direction: 'asc' }, speed, ['-id'])).toEqual(['nulls_last:link_speed_mbps']);
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

  describe('a query method’s table', () => {
    interface Row { id: number; label: string; created_at: number }
    const stored: Row[] = Array.from({ length: 30 },
      (_, i) => ({ id: i + 1, label: `r${30 - i}`, created_at: 1000 + i }));

    function table(ask?: (options: QueryOptions) => Promise<Row[] | number>) {
      const asked: QueryOptions[] = [];
      const error = signal<string | null>('an older failure');
      const rows = new QueryTable<Row>({
        ask: async (options) => {
          asked.push(options);
          return ask ? ask(options) : fakeQuery(stored, [[], options]) as Row[] | number;
        },
        fields: { id: 'id', when: 'created_at' },
        error,
      });
      return { rows, asked, error, ids: () => rows.rows().map((r) => r.id) };
    }

    it('asks for the first page newest first and for the count, and clears an older failure', async () => {
      const { rows, asked, error, ids } = table();
      expect(rows.sizes).toEqual([10, 25, 50, 100]);
      await rows.reload();
      expect(asked).toEqual([{ order_by: ['-created_at'], limit: 25, offset: 0 }, { count: true }]);
      expect(ids()).toEqual(Array.from({ length: 25 }, (_, i) => 30 - i));
      expect(rows.total()).toBe(30);
      expect(rows.loaded()).toBe(true);
      expect(error()).toBeNull();
    });

    it('turns the page and changes its size as the paginator says', async () => {
      const { rows, asked, ids } = table();
      await rows.turn({ pageIndex: 1, pageSize: 25, previousPageIndex: 0, length: 30 });
      expect(asked[0]).toEqual({ order_by: ['-created_at'], limit: 25, offset: 25 });
      expect(ids()).toEqual([5, 4, 3, 2, 1]);
      await rows.turn({ pageIndex: 2, pageSize: 10, previousPageIndex: 1, length: 30 });
      expect(rows.page()).toEqual({ index: 2, size: 10 });
      expect(ids()).toEqual([10, 9, 8, 7, 6, 5, 4, 3, 2, 1]);
    });

    it('a sort goes back to the first page, keeps its size; the server sorts by the column’s field', async () => {
      const { rows, asked, ids } = table();
      await rows.turn({ pageIndex: 2, pageSize: 10, previousPageIndex: 0, length: 30 });
      asked.length = 0;
      await rows.sortBy({ active: 'id', direction: 'asc' });
      expect(rows.sort()).toEqual({ active: 'id', direction: 'asc' });
      expect(rows.page()).toEqual({ index: 0, size: 10 });
      expect(asked[0]).toEqual({ order_by: ['id'], limit: 10, offset: 0 });
      expect(ids()).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
      await rows.sortBy({ active: 'label', direction: 'asc' });   // no field the server sorts by: the fallback
      expect(asked.at(-2)).toEqual({ order_by: ['-id'], limit: 10, offset: 0 });
    });

    it('tells a failed load in words, keeping the rows it had', async () => {
      let fail = false;
      const { rows, error, ids } = table(async (options) => {
        if (fail) {
          throw new Error('Not authenticated');
        }
        return fakeQuery(stored, [[], options]) as Row[] | number;
      });
      await rows.reload();
      fail = true;
      await rows.restart();
      expect(error()).toBe('Not authenticated');
      expect(ids().length).toBe(25);
    });
  });
});
