import { Directive, Signal, input } from '@angular/core';

/** What Material gives a cell's template with one row a datum (multiTemplateDataRows has no `index`). */
export interface CellContext<T> {
  $implicit: T;
  index: number;
}

/**
 * `*matCellDef="let r; of: table.rows"`: the template knows `r` as a row of that table (Material leaves it `any`),
 * so strict templates check every cell's bindings. `of` is only read by the type checker.
 */
@Directive({ selector: '[matCellDef][matCellDefOf]' })
export class TypedCellDef<T> {
  readonly matCellDefOf = input.required<Signal<readonly T[]> | readonly T[]>();

  static ngTemplateContextGuard<T>(_dir: TypedCellDef<T>, context: unknown): context is CellContext<T> {
    return true;
  }
}
