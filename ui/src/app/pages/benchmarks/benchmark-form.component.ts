import { ChangeDetectionStrategy, Component, computed, inject, output, signal } from '@angular/core';
import { toObservable, toSignal } from '@angular/core/rxjs-interop';
import { catchError, debounce, distinctUntilChanged, of, startWith, switchMap, timer } from 'rxjs';
import { NonNullableFormBuilder, ReactiveFormsModule } from '@angular/forms';
import { MatButton } from '@angular/material/button';
import { MatFormField, MatLabel } from '@angular/material/form-field';
import { MatInput } from '@angular/material/input';
import { MatOption, MatSelect } from '@angular/material/select';
import { MatCard } from '@angular/material/card';
import { MatProgressBar } from '@angular/material/progress-bar';

import { ApiService } from '../../api/api.service';
import { ApiValidationError } from '../../api/api-errors';
import { BenchmarkResult } from '../../api/models/tuning-benchmark';
import { T } from '../../i18n/translate-marker';
import { RequiresRoleDirective } from '../../auth/requires-role/requires-role.directive';
import { ROLE } from '../../auth/roles';
import { TranslatePipe } from '../../i18n/translate.pipe';
import { JobProgressDialogComponent } from '../../jobs/job-progress-dialog.component';
import { JobRun } from '../../jobs/job-run';
import { Job } from '../../api/models/job';
import { AuthService } from '../../auth/auth.service';
import { BusyNoticeComponent } from '../../jobs/busy-notice.component';
import { abortRole, jobTime, jobWords } from '../../jobs/job-words';
import { JobsStore } from '../../jobs/jobs.store';
import { TEST_WORDS, headlines } from '../../shared/benchmark-metrics';
import { BenchmarkSettingsComponent } from '../../shared/benchmark-settings/benchmark-settings.component';
import { datasetChoice, noDatasetsWords } from '../../shared/benchmark-settings/dataset-choice';
import { formState } from '../../shared/benchmark-settings/form-state';
import { FieldErrorComponent } from '../../shared/field-error.component';
import { readyToSend, setServerErrors } from '../../shared/field-errors';
import { BoxStore } from '../../stores/box.store';
import { liveFigure, spaceRefusal, wasAborted } from './bench-progress';
import { benchmarkControls, benchmarkForm, benchmarkSpec } from './benchmark-form';
import { runEffects, workingSetHint } from './run-effects';
import { ESTIMATE_DEBOUNCE_MS } from '../../shared/plan-estimate/plan-estimate.component';
import { ApiCallParams } from '../../api/api-directory';
import { settingsSpec } from '../../shared/benchmark-settings/benchmark-settings';
import { TestIdDirective } from '../../shared/test-id/test-id.directive';

/** Start a benchmark: dataset, label and the benchmark settings; live progress; abort. */
@Component({
  selector: 'tp-benchmark-form',
  imports: [TestIdDirective, BusyNoticeComponent, MatCard, MatProgressBar, MatFormField, MatLabel, MatInput, MatSelect, MatOption, MatButton, ReactiveFormsModule, TranslatePipe,
    JobProgressDialogComponent, BenchmarkSettingsComponent, FieldErrorComponent, RequiresRoleDirective],
  changeDetection: ChangeDetectionStrategy.OnPush,
  styles: `
    /* an error line under one field must not push its neighbours down */
    .row { align-items: flex-start; }
    .live { display: flex; gap: 24px; align-items: baseline; flex-wrap: wrap; }
    .live strong { font-size: 1.6em; }
    dl { display: grid; grid-template-columns: max-content 1fr; gap: 2px 12px; margin: 8px 0; }
    dt { color: var(--fg2); }
    dd { margin: 0; }
    .busy-job mat-progress-bar { margin: 8px 0 4px; }
    .busy-row { display: flex; justify-content: space-between; align-items: center; gap: 8px; flex-wrap: wrap; }
    /* a dataset's whole name shows in the select */
    .dataset { width: 20rem; max-width: 100%; }
    .effects { margin: 8px 0 0; }
    .effects h3 { margin: 0 0 4px; }
    .effects ul { margin: 0; padding-left: 18px; }
  `,
  template: `
    <mat-card appearance="outlined" class="card"><form [formGroup]="form" (ngSubmit)="start()" novalidate tpTest="bench-form">
      <h2>{{ 'Run a benchmark' | t }}</h2>
      @if (busyJob(); as job) {
        <!-- Come back to the page during a run (or another tab's): the running job itself, not only "busy". -->
        <div class="banner warn busy-job" role="status" tpTest="bench-running">
          @let since = jobTime(job.time_started);
          <strong>@if (since) { {{ '{what} is running since {since}; benchmarks and applies exclude each other.' | t: { what: (jobWords(job) | t), since } }} } @else { {{ '{what} is running; benchmarks and applies exclude each other.' | t: { what: (jobWords(job) | t) } }} }</strong>
          <mat-progress-bar [mode]="job.progress.percent == null ? 'indeterminate' : 'determinate'" [value]="job.progress.percent ?? 0"
                            [attr.aria-label]="jobWords(job) | t" tpTest="bench-running-progress" />
          <div class="busy-row">
            <span tpTest="bench-running-description">{{ job.progress.description ?? ('Starting…' | t) }}
              @if (busyLive(); as f) { <span class="muted"> · {{ f.mbps }} · {{ f.iops }}</span> }</span>
            @if (job.abortable) {
              <button *tpRequiresRole="abortRoleOf(job)" matButton="filled" type="button" class="danger"
                      tpTest="bench-running-abort" (click)="jobs.abort(job)">{{ 'Abort' | t }}</button>
            }
          </div>
        </div>
      } @else if (box.busy(); as busy) {
        <tp-busy-notice [busy]="busy" [then]="busyThen" testId="bench-busy" />
      }
      <div class="row">
        <div class="field">
          <mat-form-field appearance="outline" subscriptSizing="dynamic" class="dataset">
            <mat-label>{{ labels.dataset | t }}</mat-label>
            <mat-select formControlName="dataset" tpTest="bench-dataset">
              @for (d of datasets(); track d) { <mat-option [value]="d" [attr.data-value]="d">{{ d }}</mat-option> }
              @empty { <mat-option disabled [tpTest]="['bench-dataset', 'none']">{{ noDatasets() | t }}</mat-option> }
            </mat-select>
          </mat-form-field>
          <tp-field-error [control]="form.controls.dataset" [label]="labels.dataset" testId="error-dataset" />
        </div>
        <div class="field">
          <mat-form-field appearance="outline" subscriptSizing="dynamic">
            <mat-label>{{ labels.label | t }}</mat-label>
            <input matInput type="text" formControlName="label" tpTest="bench-label" />
          </mat-form-field>
          <tp-field-error [control]="form.controls.label" [label]="labels.label" testId="error-label" />
        </div>
      </div>
      <tp-benchmark-settings [form]="form.controls.settings" prefix="bench" [workingSetHint]="workingSetHint()" />
      @if (effects().length) {
        <section class="effects" tpTest="bench-effects">
          <h3>{{ 'What the run does to the box' | t }}</h3>
          <ul>@for (e of effects(); track $index) {
            <li>{{ e.key | t: e.params }}@if (e.why; as why) { {{ why.key | t: why.params }}}</li>
          }</ul>
        </section>
      }
      @if (general(); as e) { <p class="banner danger" role="alert" tpTest="bench-error">{{ e }}</p> }
      <div class="actions">
        <button *tpRequiresRole="role.write" matButton="filled" type="submit" class="primary" tpTest="bench-start"
                [disabled]="!datasets().length || run.phase() === 'running' || !!box.busy()">{{ 'Start' | t }}</button>
      </div>
    </form></mat-card>

    <tp-job-progress-dialog [run]="run" [abortable]="true" (closed)="run.close()">
      @if (run.phase() === 'running' && live(); as f) {
        <div class="live" tpTest="bench-live" aria-live="polite">
          <span><strong tpTest="bench-live-mbps">{{ f.mbps }}</strong></span>
          <span><strong tpTest="bench-live-iops">{{ f.iops }}</strong></span>
          <span class="muted">{{ f.test | t }} · {{ 'run {run}' | t: { run: f.run } }} · {{ f.phase | t }}</span>
        </div>
      }
      @if (run.phase() === 'failed') {
        @if (aborted()) {
          <p class="muted" tpTest="bench-aborted">{{ 'Aborted: fio was stopped, its scratch data removed, nothing stored.' | t }}</p>
        }
        @if (space(); as s) {
          <div tpTest="bench-space">
            <p>{{ 'Refused before writing anything: not enough space.' | t }}</p>
            <dl>@for (f of s.figures; track f[0]) { <dt>{{ f[0] | t }}</dt><dd>{{ f[1] }}</dd> }</dl>
            <p class="muted">{{ 'Choose a smaller working set or another dataset, or free some space.' | t }}</p>
          </div>
        }
      }
      @if (run.phase() === 'done' && run.result(); as r) {
        <div tpTest="bench-done">
          <p>{{ 'Stored as #{id} “{label}”.' | t: { id: r.id, label: r.label } }}</p>
          <dl>@for (h of headlinesOf(r); track h.test + h.metric) { <dt>{{ testWords[h.test] | t }}{{ h.detail }}</dt><dd>{{ h.text }}</dd> }</dl>
        </div>
      }
    </tp-job-progress-dialog>
  `,
})
export class BenchmarkFormComponent {
  protected readonly role = ROLE;
  private readonly api = inject(ApiService);
  protected readonly box = inject(BoxStore);
  readonly stored = output<BenchmarkResult>();

  protected readonly testWords = TEST_WORDS;
  protected readonly jobWords = jobWords;
  protected readonly jobTime = (value: unknown) => jobTime(value);
  protected readonly busyThen = T('Benchmarks and applies exclude each other.');
  protected readonly headlinesOf = (r: BenchmarkResult) => headlines(r.summary);
  protected readonly labels = { dataset: T('Dataset'), label: T('Label') };

  protected readonly form = benchmarkForm(inject(NonNullableFormBuilder));
  protected readonly noDatasets = noDatasetsWords();
  protected readonly datasets = datasetChoice(this.form.controls.dataset);
  /** What the server refused that no field shows. */
  protected readonly general = signal<string | null>(null);
  private readonly state = formState(this.form);
  protected readonly run = new JobRun<BenchmarkResult>('Benchmark');
  /** The chosen dataset's free space, the most a run may take of it, and what this run would take, as the server
   *  reads them; asked again when the choices settle and when a run ends (it changed them). Null while asked, or when
   *  the server could not say. */
  private readonly room = toSignal(toObservable(computed(() => {
    const { dataset, settings } = this.state().value;
    const spec = settingsSpec(settings);
    const benchmark = spec.tests.length
      ? { tests: spec.tests, profile: spec.profile, working_set_bytes: spec.working_set_bytes ?? null } : null;
    return JSON.stringify(this.run.phase() === 'running' || !dataset ? null : [dataset, benchmark]);
  })).pipe(
    distinctUntilChanged(),
    debounce((json) => (json === 'null' ? of(0) : timer(ESTIMATE_DEBOUNCE_MS))),
    switchMap((json) => {
      const args = JSON.parse(json) as ApiCallParams<'tuning.benchmark.space'> | null;
      return args ? this.api.call('tuning.benchmark.space', args).pipe(startWith(null), catchError(() => of(null))) : of(null);
    }),
  ), { initialValue: null });
  /** Said before Start: the scratch dataset, the space it may take, the load on the pool (in the sandbox's words). */
  protected readonly effects = computed(() => {
    const { dataset, settings } = this.state().value;
    return runEffects(dataset, settings, this.box.profile(), this.box.isSandbox(), this.room());
  });
  /** Under the expert working-set field: what an empty one leaves to the run, and what a smaller one risks. */
  protected readonly workingSetHint = computed(() =>
    workingSetHint(this.state().value.settings.profile, this.box.profile(),
      this.box.isSandbox() || this.room()?.on_zfs === false));

  protected readonly live = computed(() => liveFigure(this.run.job()?.progress?.extra));
  protected readonly space = computed(() => spaceRefusal(this.run.error()));
  protected readonly aborted = computed(() => wasAborted(this.run.error()));
  protected readonly jobs = inject(JobsStore);
  private readonly auth = inject(AuthService);
  /** The job the box is busy with, as the jobs panel has it, unless this form's own dialog already shows it. */
  protected readonly busyJob = computed(() => {
    const busy = this.box.busy();
    if (!busy || busy.job_id === null || (this.run.phase() === 'running' && !this.run.minimized())) {
      return null;
    }
    return this.jobs.running().find((job) => job.id === busy.job_id) ?? null;
  });
  protected readonly busyLive = computed(() => liveFigure(this.busyJob()?.progress?.extra));
  protected abortRoleOf(job: Job): string | null {
    return abortRole(job, this.auth.username());
  }

  protected start(): void {
    const controls = benchmarkControls(this.form);
    this.general.set(null);
    if (!readyToSend(this.form, controls)) {
      return;
    }
    this.run.start(this.api.job('tuning.benchmark.run', [benchmarkSpec(this.form.getRawValue())]), (result) => this.stored.emit(result), (error) => {
      if (error instanceof ApiValidationError) {
        // The form shows what the server named; the dialog would only repeat it.
        this.general.set(setServerErrors(error, controls));
        this.run.close();
      }
    });
  }
}
