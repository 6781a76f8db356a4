// The own presets table's order (pure): by the column a person sorts by, the store's order otherwise.
import { TuningPreset } from '../../api/models/tuning-preset';

/** The columns a person sorts by: the name, the built-in it is based on, when it last changed. */
export type PresetSortColumn = 'name' | 'base' | 'updated';

/** As MatSort's `Sort` has it: an empty direction is no sorting. */
export interface PresetSort {
  active: string;
  direction: 'asc' | 'desc' | '';
}

/** Names in a person's order: 'preset 2' before 'Preset 10', case aside. */
const byWords = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/**
 * The rows in the chosen order; `baseName` names a base preset (what the table shows). Presets without a base and
 * never-changed dates come first in ascending order; equal keys keep the store's order.
 */
export function sortedPresets(rows: readonly TuningPreset[], sort: PresetSort,
  baseName: (id: string) => string): TuningPreset[] {
  const keys: Record<PresetSortColumn, (p: TuningPreset) => string | number> = {
    name: (p) => p.name,
    base: (p) => (p.base ? baseName(p.base) : ''),
    updated: (p) => Date.parse(p.updated_at ?? p.created_at ?? '') || 0,
  };
  const key = keys[sort.active as PresetSortColumn];
  if (!key || !sort.direction) {
    return [...rows];
  }
  const sign = sort.direction === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const [x, y] = [key(a), key(b)];
    return sign * (typeof x === 'number' ? x - (y as number) : byWords.compare(x, y as string));
  });
}
