import { ChangeDetectionStrategy, Component, computed, effect, inject, output, signal } from '@angular/core';
import { NonNullableFormBuilder, ReactiveFormsModule } from '@angular/forms';
import { MatButton } from '@angular/material/button';
import { MatCard } from '@angular/material/card';
import { MatFormField, MatLabel } from '@angular/material/form-field';
import { MatInput } from '@angular/material/input';
import { MatOption, MatSelect } from '@angular/material/select';

import { ApiService } from '../../api/api.service';
import { ApiValidationError } from '../../api/api-errors';
import { NetworkResult } from '../../api/models/tuning-network';
import { T } from '../../i18n/translate-marker';
import { RequiresRoleDirective } from '../../auth/requires-role/requires-role.directive';
import { ROLE } from '../../auth/roles';
import { TranslatePipe } from '../../i18n/translate.pipe';
import { JobProgressDialogComponent } from '../../jobs/job-progress-dialog.component';
import { JobRun } from '../../jobs/job-run';
import { BusyNoticeComponent } from '../../jobs/busy-notice.component';
import { FieldErrorComponent } from '../../shared/field-error.component';
import { readyToSend, setServerErrors } from '../../shared/field-errors';
import { NumberFieldComponent } from '../../shared/number-field/number-field.component';
import { BoxStore } from '../../stores/box.store';
import { firstLinked, networkControls, networkForm, networkOptions, nicWords } from './network-form';
import { formatBitRate, networkWait } from './network-words';
import { TestIdDirective } from '../../shared/test-id/test-id.directive';

/** The whole-number settings: the server's field name, the control's test id, the label. */
const NUMBER_FIELDS = [
  { name: 'port', testId: 'net-port', label: T('TCP port') },
  { name: 'duration_seconds', testId: 'net-duration', label: T('Seconds per test') },
  { name: 'parallel_streams', testId: 'net-streams', label: T('Parallel streams') },
  { name: 'client_timeout_seconds', testId: 'net-timeout', label: T('Wait for the client (s)') },
] as const;

/** Start a network measurement: the port and iperf3's settings; the progress says what to run on the client. */
@Component({
  selector: 'tp-network-form',
  imports: [TestIdDirective, MatCard, MatFormField, MatLabel, MatInput, MatSelect, MatOption, MatButton, ReactiveFormsModule, TranslatePipe,
    JobProgressDialogComponent, FieldErrorComponent, NumberFieldComponent, RequiresRoleDirective, BusyNoticeComponent],
  changeDetection: ChangeDetectionStrategy.OnPush,
  styles: `
    /* an error line under one field must not push its neighbours down */
    .row { align-items: flex-start; }
    /* the port's speed and MTU must be readable in the select */
    .nic { width: 22rem; max-width: 100%; }
    .command { display: flex; gap: 8px; align-items: center; flex-wrap: wrap; margin: 8px 0; }
    .command code { padding: 6px 8px; background: var(--bg1); border-radius: 4px; overflow-wrap: anywhere; user-select: all; }
  `,
  template: `
    <mat-card appearance="outlined" class="card"><form [formGroup]="form" (ngSubmit)="start()" novalidate tpTest="net-form">
      <h2>{{ 'Measure the network ceiling' | t }}</h2>
      <p class="muted">{{ 'The box serves four iperf3 tests in turn; run each on a client as the progress says.' | t }}</p>
      @if (box.busy(); as busy) {
        <tp-busy-notice [busy]="busy" testId="net-busy" />
      }
      <div class="row">
        <div class="field">
          <mat-form-field appearance="outline" subscriptSizing="dynamic" class="nic">
            <mat-label>{{ labels.interface | t }}</mat-label>
            <mat-select formControlName="interface" tpTest="net-interface">
              @for (n of nics(); track n.name) {
                <mat-option [value]="n.name" [attr.data-value]="n.name">{{ nicWords(n).key | t: nicWords(n).params }}</mat-option>
              }
            </mat-select>
          </mat-form-field>
          <tp-field-error [control]="form.controls.interface" [label]="labels.interface" testId="error-interface" />
        </div>
        @for (f of numberFields; track f.name) {
          <tp-number-field [control]="form.controls[f.name]" [label]="f.label" [testId]="f.testId" [errorTestId]="'error-' + f.name" />
        }
        <div class="field">
          <mat-form-field appearance="outline" subscriptSizing="dynamic">
            <mat-label>{{ labels.label | t }}</mat-label>
            <input matInput type="text" formControlName="label" tpTest="net-label" />
          </mat-form-field>
          <tp-field-error [control]="form.controls.label" [label]="labels.label" testId="error-label" />
        </div>
      </div>
      @if (!nics().length) { <p class="muted" tpTest="net-no-ports">{{ 'This box reports no network ports.' | t }}</p> }
      @if (general(); as e) { <p class="banner danger" role="alert" tpTest="net-error">{{ e }}</p> }
      <div class="actions">
        <button *tpRequiresRole="role.write" matButton="filled" type="submit" class="primary" tpTest="net-start"
                [disabled]="!nics().length || run.phase() === 'running' || !!box.busy()">{{ 'Start' | t }}</button>
      </div>
    </form></mat-card>

    <tp-job-progress-dialog [run]="run" [abortable]="true" (closed)="run.close()">
      @if (run.phase() === 'running' && wait(); as w) {
        <div tpTest="net-wait" aria-live="polite">
          <p tpTest="net-waiting-for">{{ 'Test {index} of {total}: {test}' | t: { index: w.index, total: w.total, test: w.test } }}</p>
          @if (w.command; as c) {
            <p>{{ 'Run this on the client:' | t }}</p>
            <div class="command">
              <code tpTest="net-command">{{ c }}</code>
              @if (canCopy) {
                <button matButton="outlined" type="button" tpTest="net-copy" (click)="copy(c)">{{ (copied() === c ? 'Copied' : 'Copy') | t }}</button>
              }
            </div>
          }
        </div>
      }
      @if (run.phase() === 'done' && run.result(); as r) {
        <div tpTest="net-done">
          <p>{{ 'Stored as #{id} “{label}”: the ceiling is {rate}.' | t: { id: r.id, label: r.label, rate: rate(r.ceiling_bits_per_second) } }}</p>
        </div>
      }
    </tp-job-progress-dialog>
  `,
})
export class NetworkFormComponent {
  protected readonly role = ROLE;
  private readonly api = inject(ApiService);
  protected readonly box = inject(BoxStore);
  readonly stored = output<NetworkResult>();

  protected readonly nicWords = nicWords;
  protected readonly rate = formatBitRate;
  protected readonly labels = { interface: T('Network port'), label: T('Label') };
  protected readonly numberFields = NUMBER_FIELDS;

  protected readonly form = networkForm(inject(NonNullableFormBuilder));
  protected readonly nics = computed(() => this.box.profile()?.nics ?? []);
  protected readonly general = signal<string | null>(null);
  protected readonly copied = signal<string | null>(null);
  protected readonly canCopy = typeof navigator !== 'undefined' && !!navigator.clipboard;

  protected readonly run = new JobRun<NetworkResult>(T('Network ceiling'));
  protected readonly wait = computed(() => networkWait(this.run.description()));

  constructor() {
    // The form starts on the first port with a link once the box is known.
    effect(() => {
      const control = this.form.controls.interface;
      if (!control.value && this.nics().length) {
        control.setValue(firstLinked(this.nics()));
      }
    });
  }

  protected async copy(command: string): Promise<void> {
    try {
      await navigator.clipboard.writeText(command);
      this.copied.set(command);
    } catch {
      this.copied.set(null);   // the text stays selectable by hand
    }
  }

  protected start(): void {
    const controls = networkControls(this.form);
    this.general.set(null);
    if (!readyToSend(this.form, controls)) {
      return;
    }
    const options = networkOptions(this.form.getRawValue());
    this.copied.set(null);
    this.run.start(this.api.job('tuning.network.measure', [options]), (result) => this.stored.emit(result), (error) => {
      if (error instanceof ApiValidationError) {
        // The form shows what the server named; the dialog would only repeat it.
        this.general.set(setServerErrors(error, controls));
        this.run.close();
      }
    });
  }
}
