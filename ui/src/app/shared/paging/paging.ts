// A table that asks the server for one page at a time (pure parts and the page's state): the rows of the page with
// `limit`/`offset`, the number of matches with `{count: true}` under the same filters, as TrueNAS's tables do.
import { WritableSignal, signal } from '@angular/core';
import type { PageEvent } from '@angular/material/paginator';
import type { Sort } from '@angular/material/sort';

import { errorMessage } from '../../api/api-errors';
import { QueryOptions } from '../../api/models/auth';

/** The page sizes offered, and the one a table starts with (as the TrueNAS web UI's tables). */
export const PAGE_SIZES = [10, 25, 50, 100];
export const DEFAULT_PAGE_SIZE = 25;

export interface Page {
  /** From 0. */
  index: number;
  size: number;
}

/** The query options that fetch one page's rows in this order. */
export function pageOptions(page: Page, orderBy: string[]): QueryOptions {
  return { order_by: orderBy, limit: page.size, offset: page.index * page.size };
}

/** The last page with rows (0 when there are none). */
export function lastPageIndex(total: number, size: number): number {
  return Math.max(0, Math.ceil(total / size) - 1);
}

/** A page past the end (its last rows deleted, here or elsewhere) becomes the last page that has rows. */
export function clampPage(page: Page, total: number): Page {
  const last = lastPageIndex(total, page.size);
  return page.index > last ? { ...page, index: last } : page;
}

/** middlewared's order_by prefix that puts rows without the field last whichever the direction (without it a null
 *  is the smallest value: first going up). */
export const NULLS_LAST = 'nulls_last:';

/**
 * The server's `order_by` for a sort header: the column's field, `-` first when descending (after a `nulls_last:`
 * the field is written with); `fallback` when no column is chosen or the column has no field the server can sort by.
 */
export function orderByOf(sort: Sort, fields: Partial<Record<string, string>>, fallback: string[]): string[] {
  const field = sort.direction ? fields[sort.active] : undefined;
  if (!field) {
    return fallback;
  }
  const prefix = field.startsWith(NULLS_LAST) ? NULLS_LAST : '';
  return [`${prefix}${sort.direction === 'desc' ? '-' : ''}${field.slice(prefix.length)}`];
}

/** How a page's rows and the matches' count are fetched (the same filters for both). */
export interface PageQuery<T> {
  rows(options: QueryOptions): Promise<T[]>;
  count(): Promise<number>;
}

/**
 * One paged table's state: the page shown, its rows and how many match in all. `load` fetches the page and the
 * count together; a page that is past the end by then moves back to the last one. An answer that comes after a
 * newer load started is dropped.
 */
export class PagedRows<T> {
  readonly page = signal<Page>({ index: 0, size: DEFAULT_PAGE_SIZE });
  readonly rows = signal<T[]>([]);
  readonly total = signal(0);
  /** The first answer has come: until then no rows means nothing yet, not none. */
  readonly loaded = signal(false);
  private latest = 0;

  constructor(private readonly orderBy: () => string[]) {}

  async load(query: PageQuery<T>): Promise<void> {
    const mine = ++this.latest;
    let page = this.page();
    let [rows, total] = await Promise.all([query.rows(pageOptions(page, this.orderBy())), query.count()]);
    const clamped = clampPage(page, total);
    if (clamped.index !== page.index) {
      page = clamped;
      rows = await query.rows(pageOptions(page, this.orderBy()));
    }
    if (mine !== this.latest) {
      return;
    }
    this.page.set(page);
    this.rows.set(rows);
    this.total.set(total);
    this.loaded.set(true);
  }

  /** Back to the first page (a filter or the order changed), keeping the page size. */
  first(): void {
    this.page.set({ ...this.page(), index: 0 });
  }
}

/** A table of one query method's rows, and where its failures are told. */
export interface QueryTableSource<T> {
  /** The method called with these options under the table's filters: a page's rows, or with `{count: true}` how
   *  many match (TrueNAS's count option answers a number, not rows). */
  ask(options: QueryOptions): Promise<T[] | number>;
  /** The server's field for each column it can sort by (`orderByOf`). */
  fields: Partial<Record<string, string>>;
  /** Newest first unless told. */
  sort?: Sort;
  /** The order with no sortable column chosen; `-id` unless told. */
  fallback?: string[];
  /** A failed load's message (null again after one that works). */
  error: WritableSignal<string | null>;
}

/**
 * A paged table of a query method's rows, the glue its page would otherwise carry: the sort the server applies,
 * the page sizes offered, the paginator's and the sort header's events, each asking again:
 * `<mat-paginator [pageSizeOptions]="table.sizes" (page)="table.turn($event)">`,
 * `(matSortChange)="table.sortBy($event)"`.
 */
export class QueryTable<T> extends PagedRows<T> {
  readonly sort: WritableSignal<Sort>;
  readonly sizes = PAGE_SIZES;

  constructor(private readonly source: QueryTableSource<T>) {
    const sort = signal<Sort>(source.sort ?? { active: 'when', direction: 'desc' });
    super(() => orderByOf(sort(), source.fields, source.fallback ?? ['-id']));
    this.sort = sort;
  }

  /** The page shown and the number of matches, under the filters `ask` applies now; past the end, the last page. */
  async reload(): Promise<void> {
    try {
      await this.load({
        rows: async (options) => (await this.source.ask(options)) as T[],
        count: async () => (await this.source.ask({ count: true })) as number,
      });
      this.source.error.set(null);
    } catch (error) {
      this.source.error.set(errorMessage(error));
    }
  }

  /** From the first page again (a filter changed), keeping the page size. */
  restart(): Promise<void> {
    this.first();
    return this.reload();
  }

  /** A sort header picked: the server sorts every row, from the first page. */
  sortBy(sort: Sort): Promise<void> {
    this.sort.set(sort);
    return this.restart();
  }

  /** The paginator moved or changed its size. */
  turn(event: PageEvent): Promise<void> {
    this.page.set({ index: event.pageIndex, size: event.pageSize });
    return this.reload();
  }
}
