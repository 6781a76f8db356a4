// The benchmark form's model: the dataset and label around the shared benchmark settings (pure).
import { AbstractControl, FormControl, FormGroup, NonNullableFormBuilder, Validators } from '@angular/forms';

import { BenchmarkSpec } from '../../api/models/tuning-benchmark';
import {
  BenchmarkSettingsForm, benchmarkSettingsForm, settingsControls, settingsSpec,
} from '../../shared/benchmark-settings/benchmark-settings';

export type BenchmarkForm = FormGroup<{
  dataset: FormControl<string>;
  label: FormControl<string>;
  settings: BenchmarkSettingsForm;
}>;

export function benchmarkForm(fb: NonNullableFormBuilder): BenchmarkForm {
  return fb.group({
    dataset: fb.control('', Validators.required),
    label: fb.control('', Validators.maxLength(120)),
    settings: benchmarkSettingsForm(fb),
  });
}

/** `tuning.benchmark.run`'s spec; a blank label is left to the server (it names the result itself). */
export function benchmarkSpec(value: ReturnType<BenchmarkForm['getRawValue']>): BenchmarkSpec {
  const label = value.label.trim();
  return { dataset: value.dataset, ...settingsSpec(value.settings), ...(label ? { label } : {}) };
}

/** The spec's field names → the controls their server errors go on. */
export function benchmarkControls(form: BenchmarkForm): Record<string, AbstractControl> {
  return { dataset: form.controls.dataset, label: form.controls.label, ...settingsControls(form.controls.settings) };
}
