import { ChangeDetectionStrategy, Component, DestroyRef, computed, inject, signal } from '@angular/core';
import { MatButton } from '@angular/material/button';
import { MatFormField, MatHint, MatLabel } from '@angular/material/form-field';
import { MatInput } from '@angular/material/input';
import { MatProgressBar } from '@angular/material/progress-bar';
import { MatTableModule } from '@angular/material/table';

import { ApiService } from '../../api/api.service';
import { T } from '../../i18n/translate-marker';
import { TranslatePipe } from '../../i18n/translate.pipe';
import { TranslateService } from '../../i18n/translate.service';
import { JobRun } from '../../jobs/job-run';
import { Words, mapFieldErrors } from '../../shared/field-errors';
import { formatBytes, formatNumber } from '../../shared/format';
import { TypedCellDef } from '../../shared/table/typed-cell';
import { noDatasetsWords } from '../../shared/benchmark-settings/dataset-choice';
import { TestIdDirective } from '../../shared/test-id/test-id.directive';
import { BoxStore } from '../../stores/box.store';
import { Choice, ChoiceFieldComponent } from './choice-field.component';
import {
  LIMITS, RECORDSIZE_LABELS, RecordsizeAnswer, RecordsizeForm, busyWords, hasAdvice, headline, isBusyRefusal,
  lessSpaceElsewhere, recordId, recordsizeJob, recordsizeOptions, shareWords, wasStopped, withoutErrname,
} from './recordsize-advice';

/**
 * The record size a dataset's own files call for (`tuning.advice.recordsize`): a bounded, read-only walk of its files
 * as a job, its progress in words and a Stop; then the answer in words, the sizes the walk saw and what each record
 * size would leave unused in the last record of larger files. Reads only: every role may run it.
 */
@Component({
  selector: 'tp-recordsize-advice',
  imports: [TestIdDirective, MatButton, MatFormField, MatLabel, MatHint, MatInput, MatProgressBar, MatTableModule, TypedCellDef,
    TranslatePipe, ChoiceFieldComponent],
  changeDetection: ChangeDetectionStrategy.OnPush,
  styleUrls: ['../../shared/table/data-table.scss'],
  styles: `
    .row { align-items: flex-start; }
    .start { margin-top: 8px; white-space: nowrap; }   /* level with the select's outline */
    .limit { width: 270px; max-width: 100%; }
    details { margin: 8px 0; }
    details .row { margin-top: 8px; }
    .running { margin: 12px 0; display: grid; gap: 6px; }
    .running-row { display: flex; gap: 12px; align-items: center; justify-content: space-between; flex-wrap: wrap; }
    .headline { font-size: 1.6em; margin: 16px 0 4px; }
    .tag { display: inline-block; margin-left: 6px; padding: 0 6px; border-radius: 3px; background: var(--info-bg, var(--bg3));
           border: 1px solid var(--primary); font-size: 0.85em; white-space: nowrap; }
    tr.advised td { background: var(--bg2); }
    .small { font-size: 0.9em; }
    ul { margin: 4px 0; padding-left: 18px; }
    .tables { display: flex; gap: 24px; flex-wrap: wrap; align-items: flex-start; }
    .tables > div { flex: 1 1 320px; min-width: 0; }
  `,
  template: `
    <h2>{{ 'Record size' | t }}</h2>
    <p class="muted">{{ 'The record size a dataset’s own files call for. Its files are looked at, sizes only and never their contents; nothing is changed.' | t }}</p>
    <form (submit)="$event.preventDefault(); start()" novalidate tpTest="recordsize-form">
      <div class="row">
        <tp-choice-field [label]="labels['dataset']" testId="recordsize-dataset" [choices]="datasets()" [emptyText]="noDatasets()" [value]="form().dataset || null"
                         [error]="errors()['dataset']" (picked)="change({ dataset: $event })" />
        <button matButton="filled" type="submit" class="primary start" tpTest="recordsize-start"
                [disabled]="!form().dataset || running() || !!box.busy()">{{ 'Look at the files' | t }}</button>
      </div>
      <details tpTest="recordsize-limits" [open]="limitsOpen()" (toggle)="limitsOpen.set(isOpen($event))">
        <summary tpTest="recordsize-limits">{{ 'Limits' | t }}</summary>
        <div class="row">
          <div class="field">
            <mat-form-field appearance="outline" subscriptSizing="dynamic" class="limit">
              <mat-label>{{ labels['max_entries'] | t }}</mat-label>
              <input matInput type="number" inputmode="numeric" [min]="limits.entries.min" [max]="limits.entries.max"
                     tpTest="recordsize-entries" [value]="form().maxEntries" (input)="change({ maxEntries: numberOf($event) })" />
              <mat-hint>{{ '{min} to {max}; empty: {default}' | t: bounds(limits.entries) }}</mat-hint>
            </mat-form-field>
            @if (errors()['max_entries']; as e) { <div class="field-error" tpTest="error-max-entries">{{ e }}</div> }
          </div>
          <div class="field">
            <mat-form-field appearance="outline" subscriptSizing="dynamic" class="limit">
              <mat-label>{{ labels['max_seconds'] | t }}</mat-label>
              <input matInput type="number" inputmode="numeric" [min]="limits.seconds.min" [max]="limits.seconds.max"
                     tpTest="recordsize-seconds" [value]="form().maxSeconds" (input)="change({ maxSeconds: numberOf($event) })" />
              <mat-hint>{{ '{min} to {max}; empty: {default}' | t: bounds(limits.seconds) }}</mat-hint>
            </mat-form-field>
            @if (errors()['max_seconds']; as e) { <div class="field-error" tpTest="error-max-seconds">{{ e }}</div> }
          </div>
        </div>
      </details>
    </form>

    @if (box.busy(); as busy) {
      @if (!running()) { <p class="banner warn" role="status" tpTest="recordsize-busy-now">{{ busyText(busy) }}</p> }
    }
    @if (running()) {
      <div class="running" tpTest="recordsize-running">
        <mat-progress-bar [mode]="run.percent() == null ? 'indeterminate' : 'determinate'" [value]="run.percent() ?? 0"
                          [attr.aria-label]="'Looking at the files' | t" tpTest="recordsize-progress" />
        <div class="running-row">
          <span role="status" tpTest="recordsize-progress-words">{{ run.description() || ('Starting…' | t) }}</span>
          <button matButton="filled" type="button" class="danger" tpTest="recordsize-stop" [disabled]="!stoppable()"
                  (click)="stop()">{{ (stopping() ? 'Stopping…' : 'Stop') | t }}</button>
        </div>
      </div>
    }
    @if (refusal(); as r) { <p class="banner danger" role="alert" tpTest="recordsize-error">{{ r }}</p> }
    @if (stopped()) { <p class="muted" role="status" tpTest="recordsize-stopped">{{ 'Stopped before the walk ended: no advice. Nothing was changed.' | t }}</p> }

    @if (answer(); as a) {
      <section tpTest="recordsize-answer" [attr.aria-label]="'Record size advice' | t">
        <p class="headline" tpTest="recordsize-headline"><strong>{{ words(headlineOf(a)) }}</strong></p>
        <p class="muted">{{ 'For the files of {dataset}.' | t: { dataset: a.dataset } }}</p>
        <ul tpTest="recordsize-reasons">@for (r of a.reasons; track $index) { <li>{{ r }}</li> }</ul>
        <p [class]="a.scan.complete ? 'muted small' : 'banner warn small'" tpTest="recordsize-scan">{{ a.scan.words }}</p>

        <div class="tables">
          <div>
            <h3>{{ 'Files by size' | t }}</h3>
            @if (a.histogram.length) {
              <div class="table-wrap" tabindex="0" role="region" [attr.aria-label]="'Files by size' | t">
                <table mat-table class="stacked" tpTest="recordsize-sizes" [dataSource]="a.histogram">
                  <ng-container matColumnDef="size">
                    <th mat-header-cell *matHeaderCellDef>{{ 'File size up to' | t }}</th>
                    <td mat-cell *matCellDef="let b; of: a.histogram" [attr.data-label]="'File size up to' | t">
                      {{ b.up_to_bytes ? b.up_to_words : ('empty files' | t) }}</td>
                  </ng-container>
                  <ng-container matColumnDef="files">
                    <th mat-header-cell *matHeaderCellDef class="num">{{ 'Files' | t }}</th>
                    <td mat-cell *matCellDef="let b; of: a.histogram" class="num" [attr.data-label]="'Files' | t">{{ count(b.files) }}</td>
                  </ng-container>
                  <ng-container matColumnDef="data">
                    <th mat-header-cell *matHeaderCellDef class="num">{{ 'Data' | t }}</th>
                    <td mat-cell *matCellDef="let b; of: a.histogram" class="num" [attr.data-label]="'Data' | t">{{ b.bytes_words }}</td>
                  </ng-container>
                  <tr mat-header-row *matHeaderRowDef="sizeColumns"></tr>
                  <tr mat-row *matRowDef="let b; columns: sizeColumns" [tpTest]="['recordsize-size', b.up_to_bytes]"></tr>
                </table>
              </div>
            } @else {
              <p class="muted" tpTest="recordsize-no-files">{{ 'No files: nothing to count.' | t }}</p>
            }
          </div>
          <div>
            <h3>{{ 'Space the last record of each file adds' | t }}</h3>
            @if (!advises(a)) {
              <p class="muted" tpTest="recordsize-no-candidates">{{ 'No files: nothing to count.' | t }}</p>
            } @else {
            <div class="table-wrap" tabindex="0" role="region" [attr.aria-label]="'Space the last record of each file adds' | t">
              <table mat-table class="stacked" tpTest="recordsize-candidates" [dataSource]="a.candidates">
                <ng-container matColumnDef="record">
                  <th mat-header-cell *matHeaderCellDef>{{ 'Record size' | t }}</th>
                  <td mat-cell *matCellDef="let c; of: a.candidates" [attr.data-label]="'Record size' | t">
                    <strong>{{ c.record_words }}</strong>
                    @if (c.record === a.recommended && advises(a)) { <span class="tag">{{ 'advised' | t }}</span> }
                    @if (c.record === a.current) { <span class="tag">{{ 'now' | t }}</span> }
                  </td>
                </ng-container>
                <ng-container matColumnDef="space">
                  <th mat-header-cell *matHeaderCellDef class="num">{{ 'Space the last records add' | t }}</th>
                  <td mat-cell *matCellDef="let c; of: a.candidates" class="num" [attr.data-label]="'Space the last records add' | t">
                    {{ bytes(c.tail_bytes) }}</td>
                </ng-container>
                <ng-container matColumnDef="share">
                  <th mat-header-cell *matHeaderCellDef class="num">{{ 'Share of the data' | t }}</th>
                  <td mat-cell *matCellDef="let c; of: a.candidates" class="num" [attr.data-label]="'Share of the data' | t">
                    {{ share(c.tail_share) }}</td>
                </ng-container>
                <tr mat-header-row *matHeaderRowDef="candidateColumns"></tr>
                <tr mat-row *matRowDef="let c; columns: candidateColumns" [class.advised]="c.record === a.recommended"
                    [tpTest]="['recordsize-candidate', idOf(c.record)]"></tr>
              </table>
            </div>
            @if (lessSpaceElsewhere(a)) {
              <p class="small" tpTest="recordsize-why-not-least">{{ 'Why the advised size is not the one that adds least: this column counts only each file’s last, partial record, with compression off, which would compress most of it away. The advice goes by what the files’ sizes hold: where files of 1 MiB or more hold most of the data (media, backups, usually read and written whole), larger records mean fewer blocks and faster streaming. The scan saw sizes only, not how the files are used.' | t }}</p>
            }
            }
            <p class="muted small">{{ 'A file larger than the record size ends in a partial record; counted here with compression off, which would compress most of it away.' | t }}</p>
          </div>
        </div>

        <h3>{{ 'Special vdev' | t }}</h3>
        <p class="muted small">{{ 'What a special vdev would hold of this dataset’s data for each small block size, before metadata:' | t }}</p>
        <ul class="small" tpTest="recordsize-special">@for (s of a.special; track s.limit) { <li>{{ s.words }}</li> }</ul>
      </section>
    }
  `,
})
export class RecordsizeAdviceComponent {
  private readonly api = inject(ApiService);
  protected readonly box = inject(BoxStore);
  private readonly translate = inject(TranslateService);

  protected readonly labels = RECORDSIZE_LABELS;
  protected readonly limits = LIMITS;
  protected readonly sizeColumns = ['size', 'files', 'data'];
  protected readonly candidateColumns = ['record', 'space', 'share'];
  protected readonly headlineOf = headline;
  protected readonly advises = hasAdvice;
  protected readonly lessSpaceElsewhere = lessSpaceElsewhere;
  protected readonly idOf = recordId;
  protected readonly share = shareWords;
  protected readonly bytes = formatBytes;

  /** The box's datasets, as every page lists them (a zvol among them is refused by the server, under the field). */
  protected readonly noDatasets = noDatasetsWords();
  protected readonly datasets = computed((): Choice<string>[] =>
    (this.box.profile()?.pools ?? []).flatMap((p) => p.datasets).map((value) => ({ value })));
  protected readonly form = signal<RecordsizeForm>({ dataset: '', maxEntries: null, maxSeconds: null });
  protected readonly limitsOpen = signal(false);

  protected readonly run = new JobRun<RecordsizeAnswer>(T('Looking at the files'));
  protected readonly running = computed(() => this.run.phase() === 'running');
  protected readonly stopping = signal(false);
  /** Stop needs the job's id, which its first progress row brings. */
  protected readonly stoppable = computed(() => (this.run.job()?.id ?? -1) >= 0 && !this.stopping());
  protected readonly answer = computed(() => (this.run.phase() === 'done' ? this.run.result() : null));
  protected readonly stopped = computed(() => wasStopped(this.run.error()) || (this.run.phase() === 'done' && !this.run.result()));
  /** The server's refusal per field, and what no field shows, in words. */
  protected readonly errors = signal<Record<string, string | undefined>>({});
  protected readonly refusal = signal<string | null>(null);

  constructor() {
    // Leaving the page stops listening; the walk itself is bounded and ends on its own (the jobs panel shows it).
    inject(DestroyRef).onDestroy(() => this.run.stop());
  }

  protected change(part: Partial<RecordsizeForm>): void {
    this.form.update((f) => ({ ...f, ...part }));
  }

  protected numberOf(event: Event): number | null {
    const text = (event.target as HTMLInputElement).value;
    return text === '' ? null : Number(text);
  }

  protected isOpen(event: Event): boolean {
    return (event.target as HTMLDetailsElement).open;
  }

  protected start(): void {
    if (!this.form().dataset || this.running()) {
      return;
    }
    this.errors.set({});
    this.refusal.set(null);
    this.stopping.set(false);
    this.run.start(recordsizeJob(this.api, recordsizeOptions(this.form())), undefined, (error) => this.refused(error));
  }

  protected stop(): void {
    const job = this.run.job();
    if (job && job.id >= 0) {
      this.stopping.set(true);
      this.api.abortJob(job.id).subscribe({ error: () => this.stopping.set(false) });
    }
  }

  /** The server's answer when it would not advise: under the field it names, a busy box in a sentence, else whole. */
  private refused(error: unknown): void {
    if (wasStopped(error)) {
      return;
    }
    if (isBusyRefusal(error)) {
      this.refusal.set(this.busyText(this.box.busy()));
      return;
    }
    const words = (w: Words) => this.words(w);
    const { fields, general } = mapFieldErrors(error, Object.keys(RECORDSIZE_LABELS), words);
    const named: Record<string, string> = {};
    for (const [field, text] of Object.entries(fields)) {
      named[field] = this.words({ key: T('{label}: {message}'), params: { label: this.words({ key: RECORDSIZE_LABELS[field] }), message: text } });
    }
    this.errors.set(named);
    if ((named['max_entries'] || named['max_seconds']) && !this.limitsOpen()) {
      this.limitsOpen.set(true);   // an error under a closed "Limits" would go unseen
    }
    this.refusal.set(general && withoutErrname(general));
  }

  protected busyText(busy: { job_id: number | null; method: string } | null): string {
    return this.words(busyWords(busy, (key) => this.translate.instant(key)));
  }

  protected words(w: Words): string {
    return this.translate.instant(w.key, w.params);
  }

  protected count(files: number): string {
    return formatNumber(files, 0);
  }

  protected bounds(limit: { min: number; max: number; default: number }): Record<string, string> {
    return { min: this.count(limit.min), max: this.count(limit.max), default: this.count(limit.default) };
  }
}
