import { SortedRows, UNSORTED, rankOf, sortRows, timeOf } from './sort-rows';

interface Row { id: number; name: string; when: string | null; size: number | null }

const rows: Row[] = [
  { id: 1, name: 'sdb10', when: '2026-01-02T09:00:00Z', size: 900 },
  { id: 2, name: 'sdb2', when: '2026-01-10T08:00:00Z', size: 10_000 },
  { id: 3, name: 'SDA', when: null, size: null },
  { id: 4, name: 'sdb2', when: '2025-12-31T23:00:00+00:00', size: 900 },
];
const keys = {
  name: (r: Row) => r.name,
  when: (r: Row) => timeOf(r.when),
  size: (r: Row) => r.size,
};
const ids = (sorted: readonly Row[]) => sorted.map((r) => r.id);

describe('sortRows', () => {
  it('sorts figures by their number, not by the text shown ("10,000" after "900")', () => {
    expect(ids(sortRows(rows, { active: 'size', direction: 'asc' }, keys))).toEqual([1, 4, 2, 3]);
    expect(ids(sortRows(rows, { active: 'size', direction: 'desc' }, keys))).toEqual([2, 1, 4, 3]);
  });

  it('sorts dates by their time, whatever their offset, rows without one last in both directions', () => {
    expect(ids(sortRows(rows, { active: 'when', direction: 'desc' }, keys))).toEqual([2, 1, 4, 3]);
    expect(ids(sortRows(rows, { active: 'when', direction: 'asc' }, keys))).toEqual([4, 1, 2, 3]);
  });

  it('sorts names in natural order, case ignored, equal ones in the order they came', () => {
    expect(ids(sortRows(rows, { active: 'name', direction: 'asc' }, keys))).toEqual([3, 2, 4, 1]);
    expect(ids(sortRows(rows, { active: 'name', direction: 'desc' }, keys))).toEqual([1, 2, 4, 3]);
  });

  it('keeps the order rows came in with no direction or a column it cannot sort', () => {
    expect(sortRows(rows, UNSORTED, keys)).toBe(rows);
    expect(sortRows(rows, { active: 'name', direction: '' }, keys)).toBe(rows);
    expect(sortRows(rows, { active: 'model', direction: 'asc' }, keys)).toBe(rows);
    expect(ids(rows)).toEqual([1, 2, 3, 4]);   // never sorted in place
  });
});

describe('timeOf and rankOf', () => {
  it('reads a timestamp into a number, nothing or nonsense into null', () => {
    expect(timeOf('2026-01-01T00:00:00Z')).toBe(Date.UTC(2026, 0, 1));
    expect(timeOf(5)).toBe(5);
    expect(timeOf(null)).toBeNull();
    expect(timeOf('')).toBeNull();
    expect(timeOf('yesterday')).toBeNull();
  });

  it('places a value in a fixed order, unknown ones after it', () => {
    const risk = ['SAFE', 'CAUTION', 'DANGEROUS'];
    expect(rankOf(risk, 'DANGEROUS')).toBe(2);
    expect(rankOf(risk, 'NEW')).toBe(3);
    expect(rankOf(risk, null)).toBe(3);
  });
});

describe('SortedRows', () => {
  it('follows its source and the sort the header sets', () => {
    let source = rows.slice(0, 2);
    const table = new SortedRows(() => source, keys, { active: 'size', direction: 'desc' });
    expect(ids(table.rows())).toEqual([2, 1]);
    table.sort.set({ active: 'name', direction: 'desc' });
    expect(ids(table.rows())).toEqual([1, 2]);
    source = rows;   // a plain getter is not tracked: the next sort change reads it
    table.sort.set({ active: 'when', direction: 'asc' });
    expect(ids(table.rows())).toEqual([4, 1, 2, 3]);
  });
});
