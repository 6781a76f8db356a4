import { ChangeDetectionStrategy, Component, computed, inject, input, output } from '@angular/core';
import { MatButton } from '@angular/material/button';
import { MatTooltip } from '@angular/material/tooltip';
import { MatProgressBar } from '@angular/material/progress-bar';

import { JobRun } from './job-run';
import { ApiService } from '../api/api.service';
import { TranslatePipe } from '../i18n/translate.pipe';
import { DialogDirective } from '../shared/dialog/dialog.directive';
import { TestIdDirective } from '../shared/test-id/test-id.directive';

/**
 * Modal progress of a job in words: bar, current step, Abort when the job allows it, result slot when done. A CDK
 * dialog (tpDialog) while the run is on screen; a click beside it does nothing, Esc is `escape()`.
 */
@Component({
  selector: 'tp-job-progress-dialog',
  imports: [TestIdDirective, MatProgressBar, MatButton, MatTooltip, TranslatePipe, DialogDirective],
  changeDetection: ChangeDetectionStrategy.OnPush,
  styles: `
    /* as wide as its pane: tpDialog sizes that */
    .dialog { width: 100%; }
  `,
  template: `
    @if (run().phase() !== 'idle' && !run().minimized()) {
      <ng-template tpDialog [tpDialogLabel]="run().title | t" tpDialogBackdropDismisses="false"
                   (tpDialogDismiss)="escape()">
        <div class="dialog" tpTest="job-dialog">
          <h2>{{ run().title | t }}</h2>
          @switch (run().phase()) {
            @case ('running') {
              <!-- Indeterminate until the first percentage arrives. -->
              <mat-progress-bar [mode]="run().percent() == null ? 'indeterminate' : 'determinate'" [value]="run().percent() ?? 0"
                                [attr.aria-label]="run().title | t" tpTest="job-progress" />
              <p role="status" tpTest="job-description">{{ run().description() ?? ('Starting…' | t) }}</p>
            }
            @case ('done') {
              <p class="banner ok" role="status" tpTest="job-done">{{ 'Finished.' | t }}</p>
            }
            @case ('failed') {
              <p class="banner danger" role="alert" tpTest="job-error">{{ run().errorText() }}</p>
            }
          }
          <ng-content />
          <div class="actions">
            @if (run().phase() === 'running') {
              <button matButton="outlined" type="button" tpTest="job-minimize" (click)="run().minimize()"
                      [matTooltip]="'The job goes on; find it under Jobs at the top' | t">{{ 'Run in background' | t }}</button>
            }
            @if (canAbort()) {
              <button matButton="filled" type="button" class="danger" tpTest="job-abort" (click)="abort()">{{ 'Abort' | t }}</button>
            }
            @if (run().phase() !== 'running') {
              <button matButton="filled" type="button" class="primary" tpTest="job-close" (click)="closed.emit()">{{ 'Close' | t }}</button>
            }
          </div>
        </div>
      </ng-template>
    }
  `,
})
export class JobProgressDialogComponent {
  private readonly api = inject(ApiService);
  readonly run = input.required<JobRun<unknown>>();
  readonly abortable = input(false);
  readonly closed = output();
  protected readonly canAbort = computed(() => {
    const job = this.run().job();
    return this.run().phase() === 'running' && (this.abortable() || !!job?.abortable) && !!job && job.id >= 0;
  });

  /** Esc sends a running job to the background and closes a finished one. */
  protected escape(): void {
    const run = this.run();
    if (run.phase() === 'running' && !run.minimized()) {
      run.minimize();
    } else if (run.phase() === 'done' || run.phase() === 'failed') {
      if (!run.minimized()) {
        this.closed.emit();
      }
    }
  }

  protected abort(): void {
    const job = this.run().job();
    if (job) {
      this.api.abortJob(job.id).subscribe({ error: () => undefined });
    }
  }
}
