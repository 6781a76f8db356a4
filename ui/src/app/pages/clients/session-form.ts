// The client session form's model: typed controls with the server's limits (docs/clients.md) and its options.
import { AbstractControl, FormControl, FormGroup, NonNullableFormBuilder, Validators } from '@angular/forms';

import { BENCHMARK_TESTS, BenchmarkTest } from '../../api/models/tuning-benchmark';
import { ClientProtocol, ClientSessionCreateOptions } from '../../api/models/tuning-client';
import { atLeastOne, wholeNumber } from '../../shared/benchmark-settings/benchmark-settings';

export type SessionForm = FormGroup<{
  label: FormControl<string>;
  protocol: FormControl<ClientProtocol>;
  dataset: FormControl<string>;
  tests: FormControl<BenchmarkTest[]>;
  runs: FormControl<number | null>;
  runtime_seconds: FormControl<number | null>;
  network_interface: FormControl<string>;
  expires_minutes: FormControl<number | null>;
}>;

const counted = (min: number, max: number) => [Validators.required, wholeNumber, Validators.min(min), Validators.max(max)];

/** The server's defaults and limits (tuning.client.session.create). */
export function sessionForm(fb: NonNullableFormBuilder): SessionForm {
  return fb.group({
    label: fb.control('', Validators.maxLength(120)),
    protocol: fb.control<ClientProtocol>('NFS'),
    dataset: fb.control(''),
    tests: fb.control<BenchmarkTest[]>(['SEQ_WRITE', 'SEQ_READ', 'RAND_READ_4K', 'RAND_WRITE_4K'], atLeastOne),
    runs: fb.control<number | null>(3, counted(1, 20)),
    runtime_seconds: fb.control<number | null>(30, counted(5, 600)),
    network_interface: fb.control(''),
    expires_minutes: fb.control<number | null>(240, counted(5, 10080)),
  });
}

/**
 * `tuning.client.session.create`'s options: tests in the catalog's order, blank text fields left to the server, and
 * the address the client reaches the box at (the panel's own origin: the client opens the same address).
 */
export function sessionOptions(value: ReturnType<SessionForm['getRawValue']>, boxUrl: string): ClientSessionCreateOptions {
  const label = value.label.trim();
  const dataset = value.dataset.trim();
  return {
    protocol: value.protocol,
    tests: BENCHMARK_TESTS.filter((t) => value.tests.includes(t)),
    runs: value.runs ?? undefined,
    runtime_seconds: value.runtime_seconds ?? undefined,
    expires_minutes: value.expires_minutes ?? undefined,
    box_url: boxUrl,
    ...(label ? { label } : {}),
    ...(dataset ? { dataset } : {}),
    ...(value.network_interface ? { network_interface: value.network_interface } : {}),
  };
}

/** The options' field names → their controls (the server names them `options.<field>`). */
export function sessionControls(form: SessionForm): Record<string, AbstractControl> {
  return { ...form.controls };
}
