import { Signal, computed, effect, inject, untracked } from '@angular/core';
import { FormControl } from '@angular/forms';

import { T } from '../../i18n/translate-marker';
import { BoxStore } from '../../stores/box.store';

/**
 * What a list of the box's datasets says when it opens with none (a disabled option, not an empty list): the box
 * is still being read, or it reports none. Call in an injection context.
 */
export function noDatasetsWords(): Signal<string> {
  const box = inject(BoxStore);
  return computed(() => (box.profile() ? T('This box reports no datasets.') : T('Reading the box’s datasets…')));
}

/**
 * The box's datasets for a form's dataset control. A benchmark (it writes a scratch child only) holds the first of
 * them until someone picks another; a form that applies presets passes `pickFirst: false` and starts empty, since
 * the first dataset is a pool root whose every child would inherit the change. Either way a dataset that went away
 * is dropped (the box's profile may arrive after the form). Call in an injection context.
 */
export function datasetChoice(control: FormControl<string>, { pickFirst = true } = {}): Signal<string[]> {
  const box = inject(BoxStore);
  const datasets = computed(() => (box.profile()?.pools ?? []).flatMap((p) => p.datasets));
  effect(() => {
    const all = datasets();
    untracked(() => {
      if (all.length && !all.includes(control.value)) {
        const next = pickFirst ? all[0] : '';
        if (control.value !== next) {
          control.setValue(next);
        }
      }
    });
  });
  return datasets;
}
