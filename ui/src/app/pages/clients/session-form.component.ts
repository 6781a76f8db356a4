import { ChangeDetectionStrategy, Component, computed, inject, output, signal } from '@angular/core';
import { NonNullableFormBuilder, ReactiveFormsModule } from '@angular/forms';
import { MatButton } from '@angular/material/button';
import { MatCard } from '@angular/material/card';
import { MatCheckbox } from '@angular/material/checkbox';
import { MatFormField, MatLabel } from '@angular/material/form-field';
import { MatInput } from '@angular/material/input';
import { MatOption, MatSelect } from '@angular/material/select';
import { firstValueFrom } from 'rxjs';

import { ApiService } from '../../api/api.service';
import { BENCHMARK_TESTS, BenchmarkTest } from '../../api/models/tuning-benchmark';
import { CLIENT_PROTOCOLS, ClientSessionCreated } from '../../api/models/tuning-client';
import { T } from '../../i18n/translate-marker';
import { RequiresRoleDirective } from '../../auth/requires-role/requires-role.directive';
import { ROLE } from '../../auth/roles';
import { TranslatePipe } from '../../i18n/translate.pipe';
import { TEST_WORDS } from '../../shared/benchmark-metrics';
import { toggleInList } from '../../shared/benchmark-settings/form-state';
import { FieldErrorComponent } from '../../shared/field-error.component';
import { readyToSend, setServerErrors } from '../../shared/field-errors';
import { NumberFieldComponent } from '../../shared/number-field/number-field.component';
import { BoxStore } from '../../stores/box.store';
import { nicWords } from '../network/network-form';
import { PROTOCOL_WORDS } from './client-words';
import { sessionControls, sessionForm, sessionOptions } from './session-form';
import { TestIdDirective } from '../../shared/test-id/test-id.directive';

/** The whole-number settings: the server's field name, the control's test id, the label. */
const NUMBER_FIELDS = [
  { name: 'runs', testId: 'client-runs', label: T('Runs per test') },
  { name: 'runtime_seconds', testId: 'client-runtime', label: T('Seconds per run') },
  { name: 'expires_minutes', testId: 'client-expires', label: T('Expires after (minutes)') },
] as const;

/** Create a client session: what to measure over which protocol, and for how long its token works. */
@Component({
  selector: 'tp-session-form',
  imports: [TestIdDirective, MatCard, MatCheckbox, MatFormField, MatLabel, MatInput, MatSelect, MatOption, MatButton, ReactiveFormsModule, TranslatePipe,
    FieldErrorComponent, NumberFieldComponent, RequiresRoleDirective],
  changeDetection: ChangeDetectionStrategy.OnPush,
  styles: `
    .row { align-items: flex-start; }
    .tests { display: flex; flex-wrap: wrap; gap: 0 8px; border: 0; padding: 6px 0; margin: 8px 0 0; }
    /* a select shows its chosen words whole (a port's speed and MTU, a long dataset name), never cut */
    .wide { width: 22rem; max-width: 100%; }
    .protocol { width: 14rem; max-width: 100%; }
  `,
  template: `
    <mat-card appearance="outlined" class="card"><form [formGroup]="form" (ngSubmit)="create()" novalidate tpTest="client-form">
      <h2>{{ 'New client session' | t }}</h2>
      <p class="muted">{{ 'A session gives one client a token that can only submit results for it, and the commands to run the kit.' | t }}</p>
      <div class="row">
        <div class="field">
          <mat-form-field appearance="outline" subscriptSizing="dynamic">
            <mat-label>{{ labels.label | t }}</mat-label>
            <input matInput type="text" formControlName="label" tpTest="client-label" />
          </mat-form-field>
          <tp-field-error [control]="form.controls.label" [label]="labels.label" testId="error-label" />
        </div>
        <div class="field">
          <mat-form-field appearance="outline" subscriptSizing="dynamic" class="protocol">
            <mat-label>{{ labels.protocol | t }}</mat-label>
            <mat-select formControlName="protocol" tpTest="client-protocol">
              @for (p of protocols; track p) { <mat-option [value]="p" [attr.data-value]="p">{{ protocolWords[p] | t }}</mat-option> }
            </mat-select>
          </mat-form-field>
          <tp-field-error [control]="form.controls.protocol" [label]="labels.protocol" testId="error-protocol" />
        </div>
        <div class="field">
          <mat-form-field appearance="outline" subscriptSizing="dynamic" class="wide">
            <mat-label>{{ labels.dataset | t }}</mat-label>
            @if (datasets().length) {
              <mat-select formControlName="dataset" tpTest="client-dataset">
                <mat-option value="" data-value="">{{ 'Not said' | t }}</mat-option>
                @for (d of datasets(); track d) { <mat-option [value]="d" [attr.data-value]="d">{{ d }}</mat-option> }
              </mat-select>
            } @else {
              <input matInput type="text" formControlName="dataset" tpTest="client-dataset" placeholder="tank/share" />
            }
          </mat-form-field>
          <tp-field-error [control]="form.controls.dataset" [label]="labels.dataset" testId="error-dataset" />
        </div>
      </div>
      <fieldset class="tests">
        <legend>{{ labels.tests | t }}</legend>
        @for (test of tests; track test) {
          <mat-checkbox [checked]="chosen().includes(test)" (change)="toggleTest(test)"
                        [tpTest]="['client-test', test]">{{ testWords[test] | t }}</mat-checkbox>
        }
      </fieldset>
      <tp-field-error [control]="form.controls.tests" [label]="labels.tests" testId="error-tests" />
      <div class="row">
        @for (f of numberFields; track f.name) {
          <tp-number-field [control]="form.controls[f.name]" [label]="f.label" [testId]="f.testId" [errorTestId]="'error-' + f.name" />
        }
        <div class="field">
          <mat-form-field appearance="outline" subscriptSizing="dynamic" class="wide">
            <mat-label>{{ labels.nic | t }}</mat-label>
            <mat-select formControlName="network_interface" tpTest="client-nic">
              <mat-option value="" data-value="">{{ 'No network measurement' | t }}</mat-option>
              @for (n of nics(); track n.name) {
                <mat-option [value]="n.name" [attr.data-value]="n.name">{{ nicWords(n).key | t: nicWords(n).params }}</mat-option>
              }
            </mat-select>
          </mat-form-field>
          <tp-field-error [control]="form.controls.network_interface" [label]="labels.nic" testId="error-network_interface" />
        </div>
      </div>
      @if (general(); as e) { <p class="banner danger" role="alert" tpTest="client-error">{{ e }}</p> }
      <div class="actions">
        <button *tpRequiresRole="role.write" matButton="filled" type="submit" class="primary" tpTest="client-create"
                [disabled]="busy()">{{ 'Create session' | t }}</button>
      </div>
    </form></mat-card>
  `,
})
export class SessionFormComponent {
  protected readonly role = ROLE;
  private readonly api = inject(ApiService);
  private readonly box = inject(BoxStore);
  readonly created = output<ClientSessionCreated>();

  protected readonly labels = {
    label: T('Label'), protocol: T('Measured over'), dataset: T('Dataset or zvol shared'), tests: T('Tests'),
    nic: T('Network ceiling on port'),
  };
  protected readonly numberFields = NUMBER_FIELDS;
  protected readonly protocols = CLIENT_PROTOCOLS;
  protected readonly protocolWords = PROTOCOL_WORDS;
  protected readonly tests = BENCHMARK_TESTS;
  protected readonly testWords = TEST_WORDS;
  protected readonly nicWords = nicWords;

  protected readonly form = sessionForm(inject(NonNullableFormBuilder));
  protected readonly chosen = signal<BenchmarkTest[]>(this.form.controls.tests.value);
  protected readonly datasets = computed(() => (this.box.profile()?.pools ?? []).flatMap((p) => p.datasets));
  protected readonly nics = computed(() => this.box.profile()?.nics ?? []);
  protected readonly general = signal<string | null>(null);
  protected readonly busy = signal(false);

  protected toggleTest(test: BenchmarkTest): void {
    toggleInList(this.form.controls.tests, test);
    this.chosen.set(this.form.controls.tests.value);
  }

  protected async create(): Promise<void> {
    const controls = sessionControls(this.form);
    this.general.set(null);
    if (!readyToSend(this.form, controls)) {
      return;
    }
    this.busy.set(true);
    try {
      const options = sessionOptions(this.form.getRawValue(), window.location.origin);
      this.created.emit(await firstValueFrom(this.api.call('tuning.client.session.create', [options])));
    } catch (error) {
      this.general.set(setServerErrors(error, controls));
    } finally {
      this.busy.set(false);
    }
  }
}
