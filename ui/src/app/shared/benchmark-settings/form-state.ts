import { Signal, computed, isSignal, signal } from '@angular/core';
import { toObservable, toSignal } from '@angular/core/rxjs-interop';
import { AbstractControl, FormControl } from '@angular/forms';
import { scan, switchMap } from 'rxjs';

export interface FormState<V> {
  value: V;
  valid: boolean;
}

/**
 * A reactive form's whole value and validity as a signal, read again after each of its events (a value typed, a
 * server error set), so OnPush views and computed signals follow whoever changed it. Call in an injection context.
 */
export function formState<F extends AbstractControl>(form: F | Signal<F>): Signal<FormState<ReturnType<F['getRawValue']>>> {
  const source = isSignal(form) ? form : signal(form);
  const events = toSignal(toObservable(source).pipe(switchMap((f) => f.events), scan((n) => n + 1, 0)), { initialValue: 0 });
  return computed(() => {
    events();
    const f = source();
    return { value: f.getRawValue() as ReturnType<F['getRawValue']>, valid: f.valid };
  });
}

/** Add or remove one item of a list control (a new array, in the order chosen), as a person's choice (dirty). */
export function toggleInList<T>(control: FormControl<T[]>, item: T): void {
  const now = control.value;
  control.setValue(now.includes(item) ? now.filter((i) => i !== item) : [...now, item]);
  control.markAsDirty();
}
