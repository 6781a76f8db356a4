import { Signal, computed, effect, inject, untracked } from '@angular/core';
import { FormControl } from '@angular/forms';

import { BoxStore } from '../../stores/box.store';

/**
 * The box's datasets for a form's dataset control, which holds the first of them until someone picks another (the
 * box's profile may arrive after the form, and a dataset may go away). Call in an injection context.
 */
export function datasetChoice(control: FormControl<string>): Signal<string[]> {
  const box = inject(BoxStore);
  const datasets = computed(() => (box.profile()?.pools ?? []).flatMap((p) => p.datasets));
  effect(() => {
    const all = datasets();
    untracked(() => {
      if (all.length && !all.includes(control.value)) {
        control.setValue(all[0]);
      }
    });
  });
  return datasets;
}
