// For specs: a query method's answer over stored rows, as the server's filter_list gives it (`=` and `in` filters, one
// order_by (`nulls_last:` too), offset/limit, count, get, select of top-level and dotted names).
import { QueryFilter, QueryOptions } from '../../api/models/auth';

function valueAt(row: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>(
    (v, key) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[key] : undefined), row);
}

function selected(row: object, names: string[]): object {
  const out: Record<string, unknown> = {};
  for (const name of names) {
    const parts = name.split('.');
    const value = valueAt(row, name);
    if (value === undefined) {
      continue;
    }
    let node = out;
    for (const part of parts.slice(0, -1)) {
      node = (node[part] ??= {}) as Record<string, unknown>;
    }
    node[parts.at(-1)!] = value;
  }
  return out;
}

/** `params` as a mock call gets them: `[filters?, options?]`. */
export function fakeQuery<T extends object>(rows: readonly T[], params: readonly unknown[] = []): T[] | T | number {
  const [filters, options] = params as [QueryFilter[]?, QueryOptions?];
  let out = rows.filter((row) => (filters ?? []).every((f) => {
    const [name, op, value] = f as [string, string, unknown];
    const found = valueAt(row, name) ?? null;   // the fixtures leave out fields that are null
    if (op === 'in') {
      return (value as unknown[]).includes(found);
    }
    if (op !== '=') {
      throw new Error(`fakeQuery knows only "=" and "in", not ${op}`);
    }
    return found === value;
  }));
  if (options?.count) {
    return out.length;
  }
  const [order] = options?.order_by ?? [];
  if (order) {
    const nullsLast = order.startsWith('nulls_last:');
    const bare = nullsLast ? order.slice('nulls_last:'.length) : order;
    const desc = bare.startsWith('-');
    const field = desc ? bare.slice(1) : bare;
    const known = (row: T) => valueAt(row, field) != null;
    const present = out.filter(known).sort((a, b) => {
      const [x, y] = [valueAt(a, field), valueAt(b, field)] as [number | string, number | string];
      return (x < y ? -1 : x > y ? 1 : 0) * (desc ? -1 : 1);
    });
    const absent = out.filter((row) => !known(row));
    // as the server: a null is the smallest value unless `nulls_last:`
    out = nullsLast || desc ? [...present, ...absent] : [...absent, ...present];
  }
  if (options?.get) {
    if (!out.length) {
      throw new Error('MatchNotFound');
    }
    out = out.slice(0, 1);
  }
  const offset = options?.offset ?? 0;
  out = out.slice(offset, options?.limit ? offset + options.limit : undefined);
  out = options?.select ? out.map((row) => selected(row, options.select!) as T) : out;
  return options?.get ? out[0] : out;
}
