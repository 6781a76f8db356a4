import { WritableSignal } from '@angular/core';

/** Add or remove one item of a signal holding a set (a new set each time, so OnPush views see the change). */
export function toggleIn<T>(set: WritableSignal<ReadonlySet<T>>, item: T): void {
  set.update((now) => {
    const next = new Set(now);
    if (!next.delete(item)) {
      next.add(item);
    }
    return next;
  });
}
