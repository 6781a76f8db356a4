import { ChangeDetectionStrategy, Component, DestroyRef, computed, inject, signal } from '@angular/core';
import { MatButton } from '@angular/material/button';
import { MatCheckbox } from '@angular/material/checkbox';
import { MatFormField, MatHint, MatLabel } from '@angular/material/form-field';
import { MatInput } from '@angular/material/input';
import { MatProgressBar } from '@angular/material/progress-bar';
import { MatTableModule } from '@angular/material/table';

import { ApiService } from '../../api/api.service';
import { RequiresRoleDirective } from '../../auth/requires-role/requires-role.directive';
import { ROLE } from '../../auth/roles';
import { RolesStore } from '../../auth/roles.store';
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
import { isBusyRefusal, wasStopped, withoutErrname } from './recordsize-advice';
import {
  SLOG_FIGURES, SLOG_LABELS, SLOG_LIMITS, SlogAnswer, SlogForm, SlogSide, cannotMeasureWords, datasetRefusal, diskWords, effectWords, loadWords, logDevicesWords,
  readyToMeasure, sideFigures, slogBusyWords, slogHeadline, slogJob, slogOptions, ssdChoices,
} from './slog-advice';

/** One row of the two measurements' table. */
interface SideRow {
  id: string;
  label: string;
  figures: { iops: string; typical: string; p99: string };
}

/** One tested SSD's row: its figures, or why there is none. */
interface SsdRow {
  disk: string;
  /** The disk with its size, model and serial, as it was offered. */
  name: string;
  figures: { iops: string; typical: string; p99: string };
  /** How much was written over its start, as a size; a dash with no figure. */
  written: string;
  error: string | null;
}

/**
 * Whether a separate log device (SLOG) would raise the pool's sync writes, before one is bought
 * (`tuning.advice.slog`): the box's own sync writes are watched, then 4 KiB sync writes are measured on a scratch
 * dataset with the intent log and without it (sync off on the scratch dataset only). It writes and holds the box like
 * a benchmark, so it needs the write role; the answer comes in words. Unused SSDs may be tested too, by writing over
 * their start (each ticked as erased first; Full admin only, as a reboot): what each would add to every sync write as a log device.
 */
@Component({
  selector: 'tp-slog-advice',
  imports: [TestIdDirective, MatButton, MatCheckbox, MatFormField, MatLabel, MatHint, MatInput, MatProgressBar, MatTableModule, TypedCellDef,
    TranslatePipe, ChoiceFieldComponent, RequiresRoleDirective],
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
    .small { font-size: 0.9em; }
    ul { margin: 4px 0; padding-left: 18px; }
    fieldset.ssds { border: 0; padding: 0; margin: 8px 0; min-width: 0; }
    fieldset.ssds legend { font-weight: 500; padding: 0; }
    .ssd { display: grid; gap: 2px; margin: 4px 0; }
    .ssd .ack { margin-left: 28px; }
  `,
  template: `
    <h2>{{ 'Log device (SLOG)' | t }}</h2>
    <p class="muted">{{ 'Whether a separate log device would speed up this pool’s synchronous writes (NFS, iSCSI, databases), before you buy one.' | t }}</p>
    @if (cannotMeasure(); as why) { <p class="banner warn" role="note" id="slog-cannot-measure" tpTest="slog-cannot-measure">{{ why }}</p> }
    <form (submit)="$event.preventDefault(); start()" novalidate tpTest="slog-form">
      <div class="row">
        <tp-choice-field [label]="labels['dataset']" testId="slog-dataset" [choices]="datasets()" [emptyText]="noDatasets()" [value]="form().dataset || null"
                         [error]="datasetError()" [disabled]="box.isSandbox()" (picked)="change({ dataset: $event })" />
        <button *tpRequiresRole="role.write" matButton="filled" type="submit" class="primary start" tpTest="slog-start"
                [attr.aria-describedby]="cannotMeasure() ? 'slog-cannot-measure' : null"
                [disabled]="!ready() || running() || !!box.busy()">{{ 'Measure' | t }}</button>
      </div>
      <div *tpRequiresRole="role.fullAdmin">
        <fieldset class="ssds" tpTest="slog-ssds">
          <legend>{{ 'Unused SSDs to test as a log device' | t }}</legend>
          @if (ssds().length) {
            <p class="banner warn" role="note" tpTest="slog-ssd-warning">{{ 'Testing an SSD writes over the start of the disk, its partition table included: treat everything on it as erased. Choose only a disk with nothing on it you need.' | t }}</p>
          }
          @for (d of ssds(); track d.name) {
            <div class="ssd">
              <mat-checkbox [checked]="chosen(d.name)" (change)="toggle('ssdDisks', d.name)" [tpTest]="['slog-ssd', d.name]"
                            [disabled]="running()">{{ 'Test {disk}' | t: { disk: words(diskOf(d)) } }}</mat-checkbox>
              @if (chosen(d.name)) {
                <mat-checkbox class="ack" [checked]="erased(d.name)" (change)="toggle('erased', d.name)" [tpTest]="['slog-ssd-erase', d.name]"
                              [disabled]="running()">{{ 'I understand: testing {name} writes over its start and erases everything on it.' | t: { name: words(diskOf(d)) } }}</mat-checkbox>
              }
            </div>
          } @empty {
            <p class="muted small" tpTest="slog-no-ssds">{{ 'This box has no unused SSD to test.' | t }}</p>
          }
          @if (errors()['ssd_disks']; as e) { <div class="field-error" tpTest="error-slog-ssds">{{ e }}</div> }
        </fieldset>
      </div>
      <details tpTest="slog-limits" [open]="limitsOpen()" (toggle)="limitsOpen.set(isOpen($event))">
        <summary tpTest="slog-limits">{{ 'Limits' | t }}</summary>
        <div class="row">
          <div class="field">
            <mat-form-field appearance="outline" subscriptSizing="dynamic" class="limit">
              <mat-label>{{ labels['window_seconds'] | t }}</mat-label>
              <input matInput type="number" inputmode="numeric" [min]="limits.window.min" [max]="limits.window.max"
                     tpTest="slog-window" [value]="form().windowSeconds" (input)="change({ windowSeconds: numberOf($event) })" />
              <mat-hint>{{ '{min} to {max}; empty: {default}' | t: bounds(limits.window) }}</mat-hint>
            </mat-form-field>
            @if (errors()['window_seconds']; as e) { <div class="field-error" tpTest="error-slog-window">{{ e }}</div> }
          </div>
          <div class="field">
            <mat-form-field appearance="outline" subscriptSizing="dynamic" class="limit">
              <mat-label>{{ labels['runtime_seconds'] | t }}</mat-label>
              <input matInput type="number" inputmode="numeric" [min]="limits.runtime.min" [max]="limits.runtime.max"
                     tpTest="slog-runtime" [value]="form().runtimeSeconds" (input)="change({ runtimeSeconds: numberOf($event) })" />
              <mat-hint>{{ '{min} to {max}; empty: {default}' | t: bounds(limits.runtime) }}</mat-hint>
            </mat-form-field>
            @if (errors()['runtime_seconds']; as e) { <div class="field-error" tpTest="error-slog-runtime">{{ e }}</div> }
          </div>
        </div>
      </details>
      <p class="muted small" tpTest="slog-effects">{{ effects() }}</p>
    </form>

    @if (box.busy(); as busy) {
      @if (!running()) { <p class="banner warn" role="status" tpTest="slog-busy-now">{{ busyText(busy) }}</p> }
    }
    @if (running()) {
      <div class="running" tpTest="slog-running">
        <mat-progress-bar [mode]="run.percent() == null ? 'indeterminate' : 'determinate'" [value]="run.percent() ?? 0"
                          [attr.aria-label]="'Measuring sync writes' | t" tpTest="slog-progress" />
        <div class="running-row">
          <span role="status" tpTest="slog-progress-words">{{ run.description() ?? ('Starting…' | t) }}</span>
          <button matButton="filled" type="button" class="danger" tpTest="slog-stop" [disabled]="!stoppable()"
                  (click)="stop()">{{ (stopping() ? 'Stopping…' : 'Stop') | t }}</button>
        </div>
      </div>
    }
    @if (refusal(); as r) { <p class="banner danger" role="alert" tpTest="slog-error">{{ r }}</p> }
    @if (stopped()) {
      <p class="muted" role="status" tpTest="slog-stopped">{{ 'Stopped before the measurements ended: no advice. The scratch dataset is removed; nothing else was changed.' | t }}</p>
    }

    @if (answer(); as a) {
      <section tpTest="slog-answer" [attr.aria-label]="'Log device advice' | t">
        <p class="headline" tpTest="slog-headline"><strong>{{ words(headlineOf(a)) }}</strong></p>
        @if (a.dataset) {
        <p class="muted">{{ '4 KiB synchronous writes, one at a time, on a scratch dataset under {dataset}.' | t: { dataset: a.dataset } }}</p>
        <div class="table-wrap" tabindex="0" role="region" [attr.aria-label]="'Sync writes measured' | t">
          <table mat-table class="stacked" tpTest="slog-sides" [dataSource]="sides()">
            <ng-container matColumnDef="side">
              <th mat-header-cell *matHeaderCellDef>{{ 'Measured' | t }}</th>
              <td mat-cell *matCellDef="let s; of: sides()" [attr.data-label]="'Measured' | t">{{ s.label | t }}</td>
            </ng-container>
            <ng-container matColumnDef="iops">
              <th mat-header-cell *matHeaderCellDef class="num">{{ 'Writes a second' | t }}</th>
              <td mat-cell *matCellDef="let s; of: sides()" class="num" [attr.data-label]="'Writes a second' | t">{{ s.figures.iops }}</td>
            </ng-container>
            <ng-container matColumnDef="typical">
              <th mat-header-cell *matHeaderCellDef class="num">{{ 'Typical wait' | t }}</th>
              <td mat-cell *matCellDef="let s; of: sides()" class="num" [attr.data-label]="'Typical wait' | t">{{ s.figures.typical }}</td>
            </ng-container>
            <ng-container matColumnDef="p99">
              <th mat-header-cell *matHeaderCellDef class="num">{{ 'Wait of the slowest 1 % (p99)' | t }}</th>
              <td mat-cell *matCellDef="let s; of: sides()" class="num" [attr.data-label]="'Wait of the slowest 1 % (p99)' | t">{{ s.figures.p99 }}</td>
            </ng-container>
            <tr mat-header-row *matHeaderRowDef="sideColumns"></tr>
            <tr mat-row *matRowDef="let s; columns: sideColumns" [tpTest]="['slog-side', s.id]"></tr>
          </table>
        </div>
        <p tpTest="slog-load">{{ words(loadOf(a.load)) }}</p>
        <p class="muted small" tpTest="slog-log-devices">{{ words(devicesOf(a.pool ?? '', a.log_devices)) }}</p>
        }
        @if (ssdRows().length) {
          <h3>{{ 'Unused SSDs, written raw' | t }}</h3>
          <p class="muted">{{ (a.stand_in ? '4 KiB synchronous writes, one at a time, to a file standing in for each disk (the sandbox never writes a real one).' : '4 KiB synchronous writes, one at a time, from the start of each disk, never past its first {region}: what it would add to every sync write as a log device.') | t: { region: ssdRegion } }}</p>
          <div class="table-wrap" tabindex="0" role="region" [attr.aria-label]="'SSDs tested' | t">
            <table mat-table class="stacked" tpTest="slog-ssd-results" [dataSource]="ssdRows()">
              <ng-container matColumnDef="disk">
                <th mat-header-cell *matHeaderCellDef>{{ 'Disk' | t }}</th>
                <td mat-cell *matCellDef="let r; of: ssdRows()" [attr.data-label]="'Disk' | t">{{ r.name }}</td>
              </ng-container>
              <ng-container matColumnDef="iops">
                <th mat-header-cell *matHeaderCellDef class="num">{{ 'Writes a second' | t }}</th>
                <td mat-cell *matCellDef="let r; of: ssdRows()" class="num" [attr.data-label]="'Writes a second' | t">{{ r.error ?? r.figures.iops }}</td>
              </ng-container>
              <ng-container matColumnDef="typical">
                <th mat-header-cell *matHeaderCellDef class="num">{{ 'Typical wait' | t }}</th>
                <td mat-cell *matCellDef="let r; of: ssdRows()" class="num" [attr.data-label]="'Typical wait' | t">{{ r.figures.typical }}</td>
              </ng-container>
              <ng-container matColumnDef="p99">
                <th mat-header-cell *matHeaderCellDef class="num">{{ 'Wait of the slowest 1 % (p99)' | t }}</th>
                <td mat-cell *matCellDef="let r; of: ssdRows()" class="num" [attr.data-label]="'Wait of the slowest 1 % (p99)' | t">{{ r.figures.p99 }}</td>
              </ng-container>
              <ng-container matColumnDef="written">
                <th mat-header-cell *matHeaderCellDef class="num">{{ 'Written over its start' | t }}</th>
                <td mat-cell *matCellDef="let r; of: ssdRows()" class="num" [attr.data-label]="'Written over its start' | t">{{ r.written }}</td>
              </ng-container>
              <tr mat-header-row *matHeaderRowDef="ssdColumns"></tr>
              <tr mat-row *matRowDef="let r; columns: ssdColumns" [tpTest]="['slog-ssd-result', r.disk]"></tr>
            </table>
          </div>
        }
        <ul tpTest="slog-words">@for (w of a.words; track $index) { <li>{{ w }}</li> }</ul>
      </section>
    }
  `,
})
export class SlogAdviceComponent {
  private readonly api = inject(ApiService);
  protected readonly box = inject(BoxStore);
  private readonly roles = inject(RolesStore);
  private readonly translate = inject(TranslateService);

  protected readonly role = ROLE;
  protected readonly labels = SLOG_LABELS;
  protected readonly limits = SLOG_LIMITS;
  protected readonly ssdRegion = formatBytes(SLOG_FIGURES.ssdRegionBytes);
  protected readonly sideColumns = ['side', 'iops', 'typical', 'p99'];
  protected readonly ssdColumns = ['disk', 'iops', 'typical', 'p99', 'written'];
  protected readonly diskOf = diskWords;
  protected readonly headlineOf = slogHeadline;
  protected readonly loadOf = loadWords;
  protected readonly devicesOf = logDevicesWords;

  /** The box's datasets, as every page lists them (a zvol or a dataset off ZFS is refused by the server, under the field). */
  protected readonly noDatasets = noDatasetsWords();
  protected readonly datasets = computed((): Choice<string>[] =>
    (this.box.profile()?.pools ?? []).flatMap((p) => p.datasets).map((value) => ({ value })));
  /** The box's unused SSDs: the only disks offered to be written. */
  protected readonly ssds = computed(() => ssdChoices(this.box.profile()?.unused_disks ?? []));
  protected readonly form = signal<SlogForm>({ dataset: '', windowSeconds: null, runtimeSeconds: null, ssdDisks: [], erased: [] });
  protected readonly ready = computed(() => readyToMeasure(this.form(), this.box.isSandbox()));
  /** Before any choice: what this box cannot measure at all (the sandbox's datasets), so nobody picks one to learn it. */
  protected readonly cannotMeasure = computed(() => {
    const why = cannotMeasureWords(this.box.isSandbox(), this.ssds().length, this.roles.lacks(ROLE.fullAdmin) === null);
    return why && this.words(why);
  });
  protected readonly limitsOpen = signal(false);

  protected readonly run = new JobRun<SlogAnswer>(T('Measuring sync writes'));
  protected readonly running = computed(() => this.run.phase() === 'running');
  protected readonly stopping = signal(false);
  /** Stop needs the job's id, which its first progress row brings. */
  protected readonly stoppable = computed(() => (this.run.job()?.id ?? -1) >= 0 && !this.stopping());
  protected readonly answer = computed(() => (this.run.phase() === 'done' ? this.run.result() : null));
  protected readonly stopped = computed(() => wasStopped(this.run.error()) || (this.run.phase() === 'done' && !this.run.result()));
  protected readonly sides = computed((): SideRow[] => {
    const a = this.answer();
    const row = (id: string, label: string, side: SlogSide | null): SideRow => ({ id, label, figures: sideFigures(side) });
    return a ? [row('with-log', T('With the intent log, as the pool has it'), a.with_log),
      row('without-log', T('Without it (sync off on the scratch dataset): the ceiling'), a.without_log)] : [];
  });
  protected readonly ssdRows = computed((): SsdRow[] => (this.answer()?.ssd_latency ?? []).map((r) =>
    ({ disk: r.disk, name: this.named(r.disk), figures: sideFigures(r.error ? null : r), written: formatBytes(r.written_bytes), error: r.error ? this.words({ key: T('No figure: {why}'), params: { why: r.error } }) : null })));
  /** The server's refusal per field, and what no field shows, in words. */
  protected readonly errors = signal<Record<string, string | undefined>>({});
  protected readonly refusal = signal<string | null>(null);
  /** Under Dataset: why the chosen one cannot be measured, as soon as it is chosen (the sandbox's), else the server's. */
  protected readonly datasetError = computed(() => {
    const why = datasetRefusal(this.form().dataset, this.box.isSandbox());
    return why ? this.labelled('dataset', this.words(why)) : this.errors()['dataset'];
  });

  constructor() {
    // Leaving the page stops listening; the job goes on, bounded, and the jobs panel shows it (and can stop it).
    inject(DestroyRef).onDestroy(() => this.run.stop());
  }

  protected change(part: Partial<SlogForm>): void {
    this.form.update((f) => ({ ...f, ...part }));
  }

  protected chosen(disk: string): boolean {
    return (this.form().ssdDisks ?? []).includes(disk);
  }

  protected erased(disk: string): boolean {
    return (this.form().erased ?? []).includes(disk);
  }

  /** Ticks or unticks a disk; unticking one to test drops its erase tick too, so choosing it again asks again. */
  protected toggle(list: 'ssdDisks' | 'erased', disk: string): void {
    this.form.update((f) => {
      const had = (f[list] ?? []).includes(disk);
      const next = had ? (f[list] ?? []).filter((d) => d !== disk) : [...(f[list] ?? []), disk];
      const erased = list === 'ssdDisks' && had ? (f.erased ?? []).filter((d) => d !== disk) : f.erased;
      return { ...f, erased, [list]: next };
    });
  }

  protected numberOf(event: Event): number | null {
    const text = (event.target as HTMLInputElement).value;
    return text === '' ? null : Number(text);
  }

  protected isOpen(event: Event): boolean {
    return (event.target as HTMLDetailsElement).open;
  }

  protected start(): void {
    // Enter in a limit submits the form too: without the write role nothing starts (the server would refuse anyway).
    // Erasing an SSD needs Full admin, as the server says (the ticks are locked without it).
    if (!this.ready() || this.running() || this.roles.lacks(ROLE.write)
      || ((this.form().ssdDisks ?? []).length > 0 && this.roles.lacks(ROLE.fullAdmin))) {
      return;
    }
    this.errors.set({});
    this.refusal.set(null);
    this.stopping.set(false);
    this.run.start(slogJob(this.api, slogOptions(this.form())), undefined, (error) => this.refused(error));
    // Each consent to erase is spent by the run it started: measuring again asks again.
    this.form.update((f) => ({ ...f, erased: [] }));
  }

  protected stop(): void {
    const job = this.run.job();
    if (job && job.id >= 0) {
      this.stopping.set(true);
      this.api.abortJob(job.id).subscribe({ error: () => this.stopping.set(false) });
    }
  }

  /** The server's answer when it would not measure: under the field it names, a busy box in a sentence, else whole. */
  private refused(error: unknown): void {
    if (wasStopped(error)) {
      return;
    }
    if (isBusyRefusal(error)) {
      this.refusal.set(this.busyText(this.box.busy()));
      return;
    }
    const words = (w: Words) => this.words(w);
    const { fields, general } = mapFieldErrors(error, Object.keys(SLOG_LABELS), words);
    const named: Record<string, string> = {};
    for (const [field, text] of Object.entries(fields)) {
      named[field] = this.labelled(field, text);
    }
    this.errors.set(named);
    if ((named['window_seconds'] || named['runtime_seconds']) && !this.limitsOpen()) {
      this.limitsOpen.set(true);   // an error under a closed "Limits" would go unseen
    }
    this.refusal.set(general && withoutErrname(general));
  }

  private labelled(field: string, message: string | undefined): string {
    return this.words({ key: T('{label}: {message}'), params: { label: this.words({ key: SLOG_LABELS[field] }), message } });
  }

  /** What a run does to the box and for how long, said before it starts. */
  protected effects(): string {
    return this.words(effectWords(this.form(), (w) => this.words(w), this.box.isSandbox(), (disk) => this.named(disk)));
  }

  /** A disk by its name, with size, model and serial when the box's profile has it. */
  protected named(disk: string): string {
    const known = (this.box.profile()?.disks ?? []).find((d) => d.name === disk)
      ?? (this.box.profile()?.unused_disks ?? []).find((d) => d.name === disk);
    return known && known.kind !== 'HDD' ? this.words(diskWords(known)) : disk;
  }

  protected busyText(busy: { job_id: number | null; method: string } | null): string {
    return this.words(slogBusyWords(busy, (key) => this.translate.instant(key)));
  }

  protected words(w: Words): string {
    return this.translate.instant(w.key, w.params);
  }

  protected bounds(limit: { min: number; max: number; default: number }): Record<string, string> {
    return { min: formatNumber(limit.min, 0), max: formatNumber(limit.max, 0), default: formatNumber(limit.default, 0) };
  }
}
