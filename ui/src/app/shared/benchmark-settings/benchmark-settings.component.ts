import { ChangeDetectionStrategy, Component, computed, input } from '@angular/core';
import { ReactiveFormsModule } from '@angular/forms';
import { MatFormField, MatLabel } from '@angular/material/form-field';
import { MatOption, MatSelect } from '@angular/material/select';
import { MatCheckbox } from '@angular/material/checkbox';

import { BENCHMARK_TESTS, BenchmarkTest } from '../../api/models/tuning-benchmark';
import { TranslatePipe } from '../../i18n/translate.pipe';
import { T } from '../../i18n/translate-marker';
import { TEST_WORDS } from '../benchmark-metrics';
import { FieldErrorComponent } from '../field-error.component';
import { Words } from '../field-errors';
import { NumberFieldComponent } from '../number-field/number-field.component';
import { PlanEstimateComponent } from '../plan-estimate/plan-estimate.component';
import { BenchmarkSettingsForm, PROFILES, PROFILE_WORDS, estimateSpec } from './benchmark-settings';
import { formState, toggleInList } from './form-state';
import { TestIdDirective } from '../test-id/test-id.directive';

/**
 * How to measure, for the benchmark and the campaign forms alike: tests, profile, runs (and a campaign's rounds),
 * the expert overrides, and what those choices take and can prove. The host owns the form group; every control's
 * test id is `<kind>-<prefix>-<field>` (`input-bench-runs`, `select-camp-profile`), its error line
 * `text-error-<server field>`.
 */
@Component({
  selector: 'tp-benchmark-settings',
  imports: [TestIdDirective, MatCheckbox, MatFormField, MatLabel, MatSelect, MatOption, ReactiveFormsModule, TranslatePipe, FieldErrorComponent, NumberFieldComponent, PlanEstimateComponent],
  changeDetection: ChangeDetectionStrategy.OnPush,
  styles: `
    .tests { display: flex; flex-wrap: wrap; gap: 0 8px; border: 0; padding: 6px 0; margin: 8px 0 0; }
    :host { --tp-number-width: 96px; }
    /* an error line under one field must not push its neighbours down */
    .row { align-items: flex-start; }
    /* a select shows its chosen words whole ('Thorough (180 s per run)'), never cut */
    .profile { width: 16rem; max-width: 100%; }
    /* the overrides' labels ('Measured seconds per run', 196 px at the panel's 14 px rem) show whole, never cut,
       down to a phone's width (a field is as wide as its box: Material's own width cuts them) */
    .expert tp-number-field { width: 17rem; max-width: 100%; }
    .hint { margin: 4px 0 0; }
  `,
  template: `
    <div [formGroup]="form()">
      <fieldset class="tests">
        <legend>{{ labels.tests | t }}</legend>
        @for (test of tests; track test) {
          <mat-checkbox [checked]="chosen().includes(test)" (change)="toggleTest(test)"
                        [tpTest]="[prefix(), 'test', test]">{{ testWords[test] | t }}</mat-checkbox>
        }
      </fieldset>
      <tp-field-error [control]="form().controls.tests" [label]="labels.tests" testId="error-tests" />
      <div class="row">
        <div class="field">
          <mat-form-field appearance="outline" subscriptSizing="dynamic" class="profile">
            <mat-label>{{ labels.profile | t }}</mat-label>
            <mat-select formControlName="profile" [tpTest]="[prefix(), 'profile']">
              @for (p of profiles; track p) { <mat-option [value]="p" [attr.data-value]="p">{{ profileWords[p] | t }}</mat-option> }
            </mat-select>
          </mat-form-field>
          <tp-field-error [control]="form().controls.profile" [label]="labels.profile" testId="error-profile" />
        </div>
        <tp-number-field [control]="form().controls.runs" [label]="runsLabel()" [testId]="prefix() + '-runs'" errorTestId="error-runs" />
        @if (form().controls.rounds; as rounds) {
          <tp-number-field [control]="rounds" [label]="labels.rounds" [testId]="prefix() + '-rounds'" errorTestId="error-rounds" />
        }
      </div>
      @if (form().controls.adaptive; as adaptive) {
        <div style="margin-top: 8px">
          <mat-checkbox formControlName="adaptive" [tpTest]="[prefix(), 'adaptive']">{{ labels.adaptive | t }}</mat-checkbox>
          <tp-field-error [control]="adaptive" [label]="labels.adaptive" testId="error-adaptive" />
        </div>
      }
      <details [tpTest]="[prefix(), 'advanced']" style="margin-top: 8px">
        <summary>{{ 'Expert overrides (empty = the profile decides)' | t }}</summary>
        <div class="row expert">
          <tp-number-field [control]="form().controls.runtime_seconds" [label]="labels.runtime_seconds" [testId]="prefix() + '-runtime'"
            errorTestId="error-runtime_seconds" />
          <tp-number-field [control]="form().controls.ramp_seconds" [label]="labels.ramp_seconds" [testId]="prefix() + '-ramp'"
            errorTestId="error-ramp_seconds" />
          @if (form().controls.working_set_mib; as workingSet) {
            <tp-number-field [control]="workingSet" [label]="labels.working_set_bytes" [testId]="prefix() + '-working-set'"
              errorTestId="error-working_set_bytes" />
          }
        </div>
        @if (form().controls.working_set_mib && workingSetHint(); as hint) {
          <p class="muted hint" [tpTest]="[prefix(), 'working-set-hint']">{{ hint.key | t: hint.params }}</p>
        }
      </details>
      <tp-plan-estimate [spec]="estimate()" />
    </div>
  `,
})
export class BenchmarkSettingsComponent {
  readonly form = input.required<BenchmarkSettingsForm>();
  /** Starts every control's test id after its kind: `bench`, `camp`. */
  readonly prefix = input.required<string>();
  /** A campaign's configurations (its presets and the baseline), for the estimate. */
  readonly configurations = input(1);
  /** Under the working-set override (a benchmark's own): the size an empty field leaves to the run, and what a
   *  smaller one risks; the host knows the box. */
  readonly workingSetHint = input<Words | null>(null);

  protected readonly tests = BENCHMARK_TESTS;
  protected readonly testWords = TEST_WORDS;
  protected readonly profiles = PROFILES;
  protected readonly profileWords = PROFILE_WORDS;
  protected readonly labels = {
    tests: T('Tests'),
    profile: T('Profile'),
    rounds: T('Rounds'),
    adaptive: T('Adaptive: add runs while the spread stays high'),
    runtime_seconds: T('Measured seconds per run'),
    ramp_seconds: T('Warm-up seconds per run'),
    working_set_bytes: T('Working set (MiB)'),
  };
  protected readonly runsLabel = computed(() => (this.form().controls.rounds ? T('Runs per round') : T('Runs')));

  private readonly state = formState(this.form);
  protected readonly chosen = computed(() => this.state().value.tests);
  /** Only choices the form accepts are asked about. */
  protected readonly estimate = computed(() => {
    const state = this.state();
    return state.valid ? estimateSpec(state.value, this.configurations()) : null;
  });

  protected toggleTest(test: BenchmarkTest): void {
    toggleInList(this.form().controls.tests, test);
  }
}
