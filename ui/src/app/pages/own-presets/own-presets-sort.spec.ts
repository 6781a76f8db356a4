import { fakePreset } from '../../testing/fixtures';
import { sortedPresets } from './own-presets-sort';

const rows = [
  fakePreset({ id: 'b', name: 'preset 10', builtin: false, base: 'max-iops', created_at: '2026-01-02T00:00:00Z', updated_at: null }),
  fakePreset({ id: 'a', name: 'Preset 2', builtin: false, base: null, created_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-03-01T00:00:00Z' }),
  fakePreset({ id: 'c', name: 'archive', builtin: false, base: 'max-seq-write', created_at: '2026-02-01T00:00:00Z', updated_at: null }),
];
const names: Record<string, string> = { 'max-iops': 'Max IOPS', 'max-seq-write': 'Max sequential write' };
const ids = (sort: Parameters<typeof sortedPresets>[1]) => sortedPresets(rows, sort, (id) => names[id]).map((p) => p.id);

describe('sortedPresets', () => {
  it('keeps the store\'s order until a column is chosen', () => {
    expect(ids({ active: '', direction: '' })).toEqual(['b', 'a', 'c']);
    expect(ids({ active: 'name', direction: '' })).toEqual(['b', 'a', 'c']);
  });

  it('sorts names as a person reads them: numbers by value, case aside', () => {
    expect(ids({ active: 'name', direction: 'asc' })).toEqual(['c', 'a', 'b']);
    expect(ids({ active: 'name', direction: 'desc' })).toEqual(['b', 'a', 'c']);
  });

  it('sorts by the base\'s name as shown, no base first', () => {
    expect(ids({ active: 'base', direction: 'asc' })).toEqual(['a', 'b', 'c']);
  });

  it('sorts by the last change, the creation standing in for a preset never updated', () => {
    expect(ids({ active: 'updated', direction: 'asc' })).toEqual(['b', 'c', 'a']);
    expect(ids({ active: 'updated', direction: 'desc' })).toEqual(['a', 'c', 'b']);
  });
});
