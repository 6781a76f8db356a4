import { ChangeDetectionStrategy, Component, inject, input, output, signal } from '@angular/core';
import { NonNullableFormBuilder, ReactiveFormsModule, Validators } from '@angular/forms';
import { MatButton } from '@angular/material/button';

import { ApiService } from '../../api/api.service';
import { ApiValidationError } from '../../api/api-errors';
import { DiskRead } from '../../api/models/tuning-ladder';
import { T } from '../../i18n/translate-marker';
import { RequiresRoleDirective } from '../../auth/requires-role/requires-role.directive';
import { ROLE } from '../../auth/roles';
import { TranslatePipe } from '../../i18n/translate.pipe';
import { JobProgressDialogComponent } from '../../jobs/job-progress-dialog.component';
import { JobRun } from '../../jobs/job-run';
import { wholeNumber } from '../../shared/benchmark-settings/benchmark-settings';
import { readyToSend, setServerErrors } from '../../shared/field-errors';
import { formatMBps } from '../../shared/format';
import { NumberFieldComponent } from '../../shared/number-field/number-field.component';
import { BoxStore } from '../../stores/box.store';
import { TestIdDirective } from '../../shared/test-id/test-id.directive';

/** The lowest rung: a bounded, read-only sequential read of each disk of the pool, as a job with its progress. */
@Component({
  selector: 'tp-read-disks',
  imports: [TestIdDirective, MatButton, ReactiveFormsModule, TranslatePipe, JobProgressDialogComponent, NumberFieldComponent,
    RequiresRoleDirective],
  changeDetection: ChangeDetectionStrategy.OnPush,
  styles: `
    .row { align-items: flex-start; }
    ul { margin: 4px 0; padding-left: 18px; }
  `,
  template: `
    <form [formGroup]="form" (ngSubmit)="start()" novalidate tpTest="ladder-read-form">
      <div class="row">
        <tp-number-field [control]="form.controls.seconds_per_disk" [label]="labels.seconds" testId="ladder-seconds"
          errorTestId="error-seconds_per_disk" />
        <button *tpRequiresRole="role.write" matButton="filled" type="submit" class="primary" tpTest="ladder-read"
                [disabled]="!pool() || run.phase() === 'running' || !!box.busy()">{{ 'Read the disks' | t }}</button>
      </div>
      <p class="muted">{{ 'Reads only, never writes: safe on a pool in use, though it competes with the pool’s own traffic while it runs.' | t }}</p>
      @if (general(); as e) { <p class="banner danger" role="alert" tpTest="ladder-read-error">{{ e }}</p> }
    </form>

    <tp-job-progress-dialog [run]="run" [abortable]="true" (closed)="run.close()">
      @if (run.phase() === 'done' && run.result(); as r) {
        <div tpTest="ladder-read-done">
          <p>{{ 'The disks of {pool} read {rate} together.' | t: { pool: r.pool, rate: rate(r.total_read_bytes_per_second) } }}</p>
          <ul tpTest="ladder-read-disks">
            @for (d of r.disks; track d.name) {
              <li>{{ d.name }}: @if (d.read_bytes_per_second != null) {<strong>{{ rate(d.read_bytes_per_second) }}</strong>} @else {{{ d.error ?? ('no figure' | t) }}}</li>
            }
          </ul>
          <p class="muted">{{ r.words }}</p>
          @if (r.stand_in) { <p class="muted">{{ 'Sandbox: files stood in for the disks; the figures say nothing about real disks.' | t }}</p> }
        </div>
      }
    </tp-job-progress-dialog>
  `,
})
export class ReadDisksComponent {
  protected readonly role = ROLE;
  private readonly api = inject(ApiService);
  protected readonly box = inject(BoxStore);
  readonly pool = input.required<string>();
  readonly done = output<DiskRead>();

  protected readonly labels = { seconds: T('Seconds per disk') };
  protected readonly rate = formatMBps;
  protected readonly form = inject(NonNullableFormBuilder).group({
    seconds_per_disk: [10 as number | null, [Validators.required, wholeNumber, Validators.min(3), Validators.max(60)]],
  });
  protected readonly general = signal<string | null>(null);
  protected readonly run = new JobRun<DiskRead>(T('Reading the disks'));

  protected start(): void {
    const controls = { ...this.form.controls };
    this.general.set(null);
    if (!readyToSend(this.form, controls)) {
      return;
    }
    const options = { pool: this.pool(), seconds_per_disk: this.form.getRawValue().seconds_per_disk ?? undefined };
    this.run.start(this.api.job('tuning.ladder.read_disks', [options]), (result) => this.done.emit(result), (error) => {
      if (error instanceof ApiValidationError) {
        this.general.set(setServerErrors(error, controls));
        this.run.close();
      }
    });
  }
}
