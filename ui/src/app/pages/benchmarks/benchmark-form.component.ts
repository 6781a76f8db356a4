import { ChangeDetectionStrategy, Component, computed, inject, output, signal } from '@angular/core';

import { ApiService } from '../../api/api.service';
import { ApiValidationError } from '../../api/api-errors';
import {
  BENCHMARK_TESTS, BenchmarkProfile, BenchmarkResult, BenchmarkSpec, BenchmarkTest, PlanEstimateSpec,
} from '../../api/models/tuning-benchmark';
import { TranslatePipe } from '../../i18n/translate.pipe';
import { JobProgressDialogComponent } from '../../jobs/job-progress-dialog.component';
import { JobRun } from '../../jobs/job-run';
import { TEST_WORDS, headlines } from '../../shared/benchmark-metrics';
import { MappedErrors, mapFieldErrors } from '../../shared/field-errors';
import { PlanEstimateComponent } from '../../shared/plan-estimate/plan-estimate.component';
import { BoxStore } from '../../stores/box.store';
import { liveFigure, spaceRefusal, wasAborted } from './bench-progress';
import { toggleIn } from '../../shared/toggle-in';

const SPEC_FIELDS = [
  'dataset', 'tests', 'profile', 'runs', 'adaptive', 'label', 'runtime_seconds', 'ramp_seconds', 'working_set_bytes',
] as const;
const MIB = 1024 * 1024;

/** Optional whole number from a text field: empty → null (the server's default), otherwise the number typed. */
function optionalNumber(text: string): number | null {
  return text.trim() === '' ? null : Number(text);
}

/** Start a benchmark: dataset, tests, profile, runs, adaptive, label, expert overrides; live progress; abort. */
@Component({
  selector: 'tp-benchmark-form',
  imports: [TranslatePipe, JobProgressDialogComponent, PlanEstimateComponent],
  changeDetection: ChangeDetectionStrategy.OnPush,
  styles: `
    .tests { display: flex; flex-wrap: wrap; gap: 4px 16px; border: 0; padding: 6px 0; margin: 0; }
    .tests label { display: flex; gap: 6px; align-items: center; }
    .live { display: flex; gap: 24px; align-items: baseline; flex-wrap: wrap; }
    .live strong { font-size: 1.6em; }
    input[type='number'] { width: 96px; }
    dl { display: grid; grid-template-columns: max-content 1fr; gap: 2px 12px; margin: 8px 0; }
    dt { color: var(--fg2); }
    dd { margin: 0; }
  `,
  template: `
    <form class="card" (submit)="$event.preventDefault(); start()" data-test="bench-form">
      <h2>{{ 'Run a benchmark' | t }}</h2>
      @if (box.busy(); as busy) {
        <p class="banner warn" role="status" data-test="bench-busy">
          {{ 'The box is busy with {method} (job {id}); benchmarks and applies exclude each other.' | t: { method: busy.method, id: busy.job_id } }}</p>
      }
      <label>{{ 'Dataset' | t }}<br />
        <select data-test="bench-dataset" [value]="targetDataset()" (change)="dataset.set($any($event.target).value)">
          @for (d of datasets(); track d) { <option [value]="d">{{ d }}</option> }
        </select>
      </label>
      @if (errors().fields['dataset']; as e) { <div class="field-error" data-test="error-dataset">{{ e }}</div> }
      <fieldset class="tests">
        <legend>{{ 'Tests' | t }}</legend>
        @for (test of tests; track test) {
          <label><input type="checkbox" [checked]="chosenTests().has(test)" (change)="toggleTest(test)"
                        [attr.data-test]="'bench-test-' + test" /> {{ testWords[test] | t }}</label>
        }
      </fieldset>
      @if (errors().fields['tests']; as e) { <div class="field-error" data-test="error-tests">{{ e }}</div> }
      <div class="row">
        <label>{{ 'Profile' | t }}<br />
          <select data-test="bench-profile" [value]="profile()" (change)="profile.set($any($event.target).value)">
            <option value="QUICK">{{ 'Quick (about 2 minutes for all tests)' | t }}</option>
            <option value="STANDARD">{{ 'Standard (60 s per run)' | t }}</option>
            <option value="THOROUGH">{{ 'Thorough (180 s per run)' | t }}</option>
          </select>
          @if (errors().fields['profile']; as e) { <div class="field-error" data-test="error-profile">{{ e }}</div> }
        </label>
        <label>{{ 'Runs' | t }}<br />
          <input type="number" min="1" max="30" [value]="runs()" data-test="bench-runs"
                 (input)="runs.set(+$any($event.target).value)" />
          @if (errors().fields['runs']; as e) { <div class="field-error" data-test="error-runs">{{ e }}</div> }
        </label>
        <label>{{ 'Label' | t }}<br />
          <input type="text" maxlength="120" [value]="label()" (input)="label.set($any($event.target).value)" data-test="bench-label" />
          @if (errors().fields['label']; as e) { <div class="field-error" data-test="error-label">{{ e }}</div> }
        </label>
      </div>
      <label style="margin-top: 8px">
        <input type="checkbox" [checked]="adaptive()" (change)="adaptive.set($any($event.target).checked)" data-test="bench-adaptive" />
        {{ 'Adaptive: add runs while the spread stays high' | t }}
      </label>
      <details data-test="bench-advanced" style="margin-top: 8px">
        <summary>{{ 'Expert overrides (empty = the profile decides)' | t }}</summary>
        <div class="row">
          <label>{{ 'Measured seconds per run' | t }}<br />
            <input type="number" min="1" [value]="runtime()" (input)="runtime.set($any($event.target).value)" data-test="bench-runtime" />
            @if (errors().fields['runtime_seconds']; as e) { <div class="field-error" data-test="error-runtime_seconds">{{ e }}</div> }
          </label>
          <label>{{ 'Warm-up seconds per run' | t }}<br />
            <input type="number" min="0" [value]="ramp()" (input)="ramp.set($any($event.target).value)" data-test="bench-ramp" />
            @if (errors().fields['ramp_seconds']; as e) { <div class="field-error" data-test="error-ramp_seconds">{{ e }}</div> }
          </label>
          <label>{{ 'Working set (MiB)' | t }}<br />
            <input type="number" min="1" [value]="workingSetMib()" (input)="workingSetMib.set($any($event.target).value)" data-test="bench-working-set" />
            @if (errors().fields['working_set_bytes']; as e) { <div class="field-error" data-test="error-working_set_bytes">{{ e }}</div> }
          </label>
        </div>
      </details>
      <tp-plan-estimate [spec]="estimateSpec()" />
      @if (errors().general; as e) { <p class="banner danger" role="alert" data-test="bench-error">{{ e }}</p> }
      <div class="actions">
        <button type="submit" class="primary" data-test="bench-start"
                [disabled]="!chosenTests().size || !targetDataset() || run.phase() === 'running' || !!box.busy()">{{ 'Start' | t }}</button>
      </div>
    </form>

    <tp-job-progress-dialog [run]="run" [abortable]="true" (closed)="run.close()">
      @if (run.phase() === 'running' && live(); as f) {
        <div class="live" data-test="bench-live" aria-live="polite">
          <span><strong data-test="bench-live-mbps">{{ f.mbps }}</strong></span>
          <span><strong data-test="bench-live-iops">{{ f.iops }}</strong></span>
          <span class="muted">{{ f.test | t }} · {{ 'run {run}' | t: { run: f.run } }} · {{ f.phase | t }}</span>
        </div>
      }
      @if (run.phase() === 'failed') {
        @if (aborted()) {
          <p class="muted" data-test="bench-aborted">{{ 'Aborted: fio was stopped, its scratch data removed, nothing stored.' | t }}</p>
        }
        @if (space(); as s) {
          <div data-test="bench-space">
            <p>{{ 'Refused before writing anything: not enough space.' | t }}</p>
            <dl>@for (f of s.figures; track f[0]) { <dt>{{ f[0] | t }}</dt><dd>{{ f[1] }}</dd> }</dl>
            <p class="muted">{{ 'Choose a smaller working set or another dataset, or free some space.' | t }}</p>
          </div>
        }
      }
      @if (run.phase() === 'done' && run.result(); as r) {
        <div data-test="bench-done">
          <p>{{ 'Stored as #{id} “{label}”.' | t: { id: r.id, label: r.label } }}</p>
          <dl>@for (h of headlinesOf(r); track h.test + h.metric) { <dt>{{ testWords[h.test] | t }}</dt><dd>{{ h.text }}</dd> }</dl>
        </div>
      }
    </tp-job-progress-dialog>
  `,
})
export class BenchmarkFormComponent {
  private readonly api = inject(ApiService);
  protected readonly box = inject(BoxStore);
  readonly stored = output<BenchmarkResult>();

  protected readonly tests = BENCHMARK_TESTS;
  protected readonly testWords = TEST_WORDS;
  protected readonly headlinesOf = (r: BenchmarkResult) => headlines(r.summary);

  protected readonly datasets = computed(() => (this.box.profile()?.pools ?? []).flatMap((p) => p.datasets));
  protected readonly dataset = signal('');
  protected readonly chosenTests = signal<ReadonlySet<BenchmarkTest>>(new Set(['SEQ_WRITE', 'SEQ_READ']));
  protected readonly profile = signal<BenchmarkProfile>('QUICK');
  protected readonly runs = signal(5);
  protected readonly adaptive = signal(true);
  protected readonly label = signal('');
  protected readonly runtime = signal('');
  protected readonly ramp = signal('');
  protected readonly workingSetMib = signal('');
  protected readonly errors = signal<MappedErrors>({ fields: {}, general: null });

  protected readonly run = new JobRun<BenchmarkResult>('Benchmark');
  protected readonly live = computed(() => liveFigure(this.run.job()?.progress?.extra));
  protected readonly space = computed(() => spaceRefusal(this.run.error()));
  protected readonly aborted = computed(() => wasAborted(this.run.error()));

  /** What the estimate is asked about: the spec without what does not change its duration or power. */
  protected readonly estimateSpec = computed((): PlanEstimateSpec => {
    const { tests, profile, runs, adaptive, runtime_seconds, ramp_seconds } = this.spec();
    return { tests, profile, runs, adaptive, runtime_seconds: runtime_seconds ?? null, ramp_seconds: ramp_seconds ?? null };
  });

  protected targetDataset(): string {
    return this.dataset() || this.datasets()[0] || '';
  }

  protected toggleTest(test: BenchmarkTest): void {
    toggleIn(this.chosenTests, test);
  }

  /** The spec as typed: empty optional fields are left out so the server's defaults apply. */
  protected spec(): BenchmarkSpec {
    const workingSet = optionalNumber(this.workingSetMib());
    const spec: BenchmarkSpec = {
      dataset: this.targetDataset(),
      tests: this.tests.filter((t) => this.chosenTests().has(t)),
      profile: this.profile(),
      runs: this.runs(),
      adaptive: this.adaptive(),
    };
    const label = this.label().trim();
    const runtime = optionalNumber(this.runtime());
    const ramp = optionalNumber(this.ramp());
    return {
      ...spec,
      ...(label ? { label } : {}),
      ...(runtime !== null ? { runtime_seconds: runtime } : {}),
      ...(ramp !== null ? { ramp_seconds: ramp } : {}),
      ...(workingSet !== null ? { working_set_bytes: Math.round(workingSet * MIB) } : {}),
    };
  }

  protected start(): void {
    this.errors.set({ fields: {}, general: null });
    this.run.start(this.api.job('tuning.benchmark.run', [this.spec()]), (result) => this.stored.emit(result), (error) => {
      if (error instanceof ApiValidationError) {
        // The form shows what the server named; the dialog would only repeat it.
        this.errors.set(mapFieldErrors(error, SPEC_FIELDS));
        this.run.close();
      }
    });
  }
}
