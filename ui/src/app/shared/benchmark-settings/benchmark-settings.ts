// How a benchmark measures, as both forms ask it (a benchmark alone, or each configuration of a campaign): the
// typed form, its validators, and the pure readings of its value into the server's spec and the plan estimate.
import { AbstractControl, FormControl, FormGroup, NonNullableFormBuilder, ValidationErrors, Validators } from '@angular/forms';

import { BENCHMARK_TESTS, BenchmarkProfile, BenchmarkTest, PlanEstimateSpec } from '../../api/models/tuning-benchmark';
import { T } from '../../i18n/translate-marker';

const MIB = 1024 * 1024;

export const PROFILES: BenchmarkProfile[] = ['QUICK', 'STANDARD', 'THOROUGH'];

/** core/bench/catalog.py PROFILES: measured seconds per run of each profile. */
export const PROFILE_WORDS: Record<BenchmarkProfile, string> = {
  QUICK: T('Quick (3 s per run)'),
  STANDARD: T('Standard (60 s per run)'),
  THOROUGH: T('Thorough (180 s per run)'),
};

/** A profile's name alone, where the seconds actually used are shown beside it (overrides may change them). */
export const PROFILE_NAMES: Record<BenchmarkProfile, string> = {
  QUICK: T('Quick'),
  STANDARD: T('Standard'),
  THOROUGH: T('Thorough'),
};

/**
 * The controls; `adaptive` and the working set are a benchmark's own, `rounds` a campaign's. Empty number fields
 * are null: the optional ones then leave the choice to the profile.
 */
export interface BenchmarkSettingsControls {
  tests: FormControl<BenchmarkTest[]>;
  profile: FormControl<BenchmarkProfile>;
  runs: FormControl<number | null>;
  rounds?: FormControl<number | null>;
  adaptive?: FormControl<boolean>;
  runtime_seconds: FormControl<number | null>;
  ramp_seconds: FormControl<number | null>;
  working_set_mib?: FormControl<number | null>;
}

export type BenchmarkSettingsForm = FormGroup<BenchmarkSettingsControls>;
export type BenchmarkSettingsValue = ReturnType<BenchmarkSettingsForm['getRawValue']>;

/** The part of `tuning.benchmark.run`'s spec (and of a campaign's `benchmark`) these settings fill in. */
export interface BenchmarkSettingsSpec {
  tests: BenchmarkTest[];
  profile: BenchmarkProfile;
  runs?: number;
  adaptive?: boolean;
  runtime_seconds?: number;
  ramp_seconds?: number;
  working_set_bytes?: number;
}

/** A list field must hold at least one item. */
export function atLeastOne(control: AbstractControl<readonly unknown[]>): ValidationErrors | null {
  return control.value.length ? null : { minItems: { min: 1 } };
}

/** Runs, rounds and seconds are counted in whole numbers (the server takes integers). */
export function wholeNumber(control: AbstractControl<number | null>): ValidationErrors | null {
  return control.value == null || Number.isInteger(control.value) ? null : { wholeNumber: true };
}

// The limits the server states too (TuningBenchmarkSpec); above the overrides' minimums the server decides alone
// (at most an hour measured, ten minutes of warm-up), and says so on the field.
function common(fb: NonNullableFormBuilder, tests: BenchmarkTest[], runs: number) {
  return {
    tests: fb.control(tests, atLeastOne),
    profile: fb.control<BenchmarkProfile>('QUICK'),
    runs: fb.control<number | null>(runs, [Validators.required, wholeNumber, Validators.min(1), Validators.max(30)]),
    runtime_seconds: fb.control<number | null>(null, [wholeNumber, Validators.min(1)]),
    ramp_seconds: fb.control<number | null>(null, [wholeNumber, Validators.min(0)]),
  };
}

/** A benchmark alone: 5 runs (the fewest a comparison can reach a verdict with), adaptive, sequential tests. */
export function benchmarkSettingsForm(fb: NonNullableFormBuilder): BenchmarkSettingsForm {
  return fb.group<BenchmarkSettingsControls>({
    ...common(fb, ['SEQ_WRITE', 'SEQ_READ'], 5),
    adaptive: fb.control(true),
    working_set_mib: fb.control<number | null>(null, [Validators.min(1)]),
  });
}

/** Each configuration of a campaign: 2 runs in each of 3 rounds (6 a side, enough for a verdict). */
export function campaignSettingsForm(fb: NonNullableFormBuilder): BenchmarkSettingsForm {
  return fb.group<BenchmarkSettingsControls>({
    ...common(fb, ['SEQ_WRITE', 'SEQ_READ', 'RAND_READ_4K'], 2),
    rounds: fb.control<number | null>(3, [Validators.required, wholeNumber, Validators.min(1), Validators.max(10)]),
  });
}

const present = <K extends string, V>(key: K, value: V | null | undefined): Partial<Record<K, V>> =>
  (value == null ? {} : { [key]: value }) as Partial<Record<K, V>>;

/** The spec as chosen: tests in the catalog's order; empty optional fields left out so the server's defaults apply. */
export function settingsSpec(value: BenchmarkSettingsValue): BenchmarkSettingsSpec {
  return {
    tests: BENCHMARK_TESTS.filter((t) => value.tests.includes(t)),
    profile: value.profile,
    ...present('runs', value.runs),
    ...present('adaptive', value.adaptive),
    ...present('runtime_seconds', value.runtime_seconds),
    ...present('ramp_seconds', value.ramp_seconds),
    ...present('working_set_bytes', value.working_set_mib == null ? null : Math.round(value.working_set_mib * MIB)),
  };
}

/**
 * What the plan estimate is asked about: what changes the duration or the power. A campaign measures every
 * configuration (its presets and the baseline) in every round, never adaptively.
 */
export function estimateSpec(value: BenchmarkSettingsValue, configurations: number): PlanEstimateSpec {
  const spec = settingsSpec(value);
  return {
    tests: spec.tests, profile: spec.profile, runs: spec.runs,
    runtime_seconds: spec.runtime_seconds ?? null, ramp_seconds: spec.ramp_seconds ?? null,
    adaptive: spec.adaptive ?? false,
    ...(value.rounds === undefined ? {} : { rounds: value.rounds, configurations }),
  };
}

/** Server field names → the controls that show their errors (`working_set_bytes` is typed in MiB). */
export function settingsControls(form: BenchmarkSettingsForm): Record<string, AbstractControl> {
  const c = form.controls;
  return {
    tests: c.tests, profile: c.profile, runs: c.runs, runtime_seconds: c.runtime_seconds, ramp_seconds: c.ramp_seconds,
    ...(c.rounds ? { rounds: c.rounds } : {}),
    ...(c.adaptive ? { adaptive: c.adaptive } : {}),
    ...(c.working_set_mib ? { working_set_bytes: c.working_set_mib } : {}),
  };
}
