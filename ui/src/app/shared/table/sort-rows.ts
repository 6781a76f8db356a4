// A Material table's sort header applied to its rows (pure): by each column's underlying value, never the text shown.
import { Signal, WritableSignal, computed, signal } from '@angular/core';
import type { Sort } from '@angular/material/sort';

/** What a column sorts by: a figure, a date's time, a rank, or text; null when the row has no value there. */
export type SortValue = number | string | null | undefined;
/** Per sortable column id (its matColumnDef), the row's value to sort by. */
export type SortKeys<T> = Partial<Record<string, (row: T) => SortValue>>;

/** No column chosen: the rows in the order they came (the server's). */
export const UNSORTED: Sort = { active: '', direction: '' };

// Natural order for text in the reader's language: sdb2 before sdb10, tank/c2 before tank/c10, case ignored.
const TEXT = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

function missing(value: SortValue): value is null | undefined {
  return value === null || value === undefined || (typeof value === 'number' && Number.isNaN(value));
}

function compareValues(a: string | number, b: string | number): number {
  return typeof a === 'number' && typeof b === 'number' ? a - b : TEXT.compare(String(a), String(b));
}

/**
 * The rows in the order the sort header asks for: figures and dates by their number, text in natural order, rows
 * without a value last whichever the direction, equal rows in the order they came. No direction or a column without
 * a key: the rows as they came.
 */
export function sortRows<T>(rows: readonly T[], sort: Sort, keys: SortKeys<T>): readonly T[] {
  const key = sort.direction ? keys[sort.active] : undefined;
  if (!key) {
    return rows;
  }
  const sign = sort.direction === 'asc' ? 1 : -1;
  return rows.map((row) => ({ row, value: key(row) }))
    .sort((a, b) => {
      if (missing(a.value) || missing(b.value)) {
        return Number(missing(a.value)) - Number(missing(b.value));
      }
      return sign * compareValues(a.value, b.value);
    })
    .map((entry) => entry.row);
}

/** A timestamp as a number to sort by (ms since the epoch); null when absent or unreadable. */
export function timeOf(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined || value === '') {
    return null;
  }
  const time = typeof value === 'number' ? value : Date.parse(value);
  return Number.isNaN(time) ? null : time;
}

/** A value's place in a fixed order (risks, verdicts, tests); values the order does not know come after it. */
export function rankOf(order: readonly string[], value: string | null | undefined): number {
  const i = value == null ? -1 : order.indexOf(value);
  return i < 0 ? order.length : i;
}

/**
 * One sortable table's state: the sort the header shows (bind `matSortActive`/`matSortDirection` to `sort()` and
 * `(matSortChange)` to `sort.set($event)`) and the rows in that order (the table's `dataSource`).
 */
export class SortedRows<T> {
  readonly sort: WritableSignal<Sort>;
  readonly rows: Signal<readonly T[]>;

  constructor(source: () => readonly T[], keys: SortKeys<T>, initial: Sort = UNSORTED) {
    this.sort = signal(initial);
    this.rows = computed(() => sortRows(source(), this.sort(), keys));
  }
}
