import { ChangeDetectionStrategy, Component, computed, effect, inject, signal, untracked } from '@angular/core';
import { MatButton } from '@angular/material/button';
import { MatCard } from '@angular/material/card';
import { MatFormField, MatLabel } from '@angular/material/form-field';
import { MatInput } from '@angular/material/input';
import { MatTableModule } from '@angular/material/table';
import { firstValueFrom } from 'rxjs';

import { ApiService } from '../../api/api.service';
import { LayoutAdvice } from '../../api/models/tuning-advice';
import { TranslatePipe } from '../../i18n/translate.pipe';
import { TranslateService } from '../../i18n/translate.service';
import { mapFieldErrors } from '../../shared/field-errors';
import { formatBytes, formatIops, formatMBps } from '../../shared/format';
import { TypedCellDef } from '../../shared/table/typed-cell';
import { TestIdDirective } from '../../shared/test-id/test-id.directive';
import { BoxStore } from '../../stores/box.store';
import { Choice, ChoiceFieldComponent } from './choice-field.component';
import { FIELD_LABELS, KINDS, LayoutForm, RECORD_SIZES, SOURCES, layoutOptions } from './layout-options';
import { RecordsizeAdviceComponent } from './recordsize-advice.component';
import { SlogAdviceComponent } from './slog-advice.component';

/**
 * Pool layouts side by side for a set of like disks, before a pool is built (or to see what another layout of a
 * pool's disks would trade): usable space as OpenZFS allocates it, what a record size fills, first-order estimates,
 * the disks each layout can lose, and why; then the record size a dataset's own files call for (both read only: every
 * role may use them); last, whether a log device would help, which writes to a scratch dataset: the write role's.
 */
@Component({
  selector: 'tp-layout-page',
  imports: [TestIdDirective, MatButton, MatCard, MatFormField, MatLabel, MatInput, MatTableModule, TypedCellDef, TranslatePipe,
    ChoiceFieldComponent, RecordsizeAdviceComponent, SlogAdviceComponent],
  changeDetection: ChangeDetectionStrategy.OnPush,
  styleUrls: ['../../shared/table/data-table.scss'],
  styles: `
    .row { align-items: flex-start; }
    .narrow { width: 140px; }
    .go { margin-top: 8px; white-space: nowrap; }   /* level with the fields' outlines, on one line (not min-content) */
    .name { min-width: 9.5em; }
    .tag { display: inline-block; margin-left: 6px; padding: 0 6px; border-radius: 3px; background: var(--info-bg, var(--bg3));
           border: 1px solid var(--primary); font-size: 0.85em; white-space: nowrap; }
    tr.current td { background: var(--bg2); }
    .small { font-size: 0.9em; }
    .caution { background: var(--warn-bg); border-radius: 3px; padding: 2px 6px; margin-bottom: 4px; }
    .nowrap { white-space: nowrap; }
    details ul { margin: 4px 0 0; padding-left: 18px; }
  `,
  template: `
    <h1>{{ 'Pool layout' | t }}</h1>
    <p class="muted">{{ 'How much a pool of these disks holds and how fast it can be, layout by layout, before you build it. Space is counted as OpenZFS allocates it; speeds are estimates from one disk’s figures.' | t }}</p>
    <form class="row" (submit)="$event.preventDefault(); load()">
      <tp-choice-field [label]="labels['source']" testId="layout-source" [choices]="sources" [value]="form().source"
                       (picked)="change({ source: $event }, true)" />
      @if (form().source === 'POOL') {
        <tp-choice-field [label]="labels['pool']" testId="layout-pool" [choices]="poolChoices()" [value]="form().pool"
                         (picked)="change({ pool: $event }, true)" />
      }
      @if (form().source === 'GIVEN') {
        <div class="field">
          <mat-form-field appearance="outline" subscriptSizing="dynamic" class="narrow">
            <mat-label>{{ 'How many' | t }}</mat-label>
            <input matInput type="number" inputmode="numeric" min="1" max="512" tpTest="layout-count"
                   [value]="form().count" (input)="change({ count: numberOf($event) })" />
          </mat-form-field>
        </div>
        <div class="field">
          <mat-form-field appearance="outline" subscriptSizing="dynamic" class="narrow">
            <mat-label>{{ 'Size of each (TB)' | t }}</mat-label>
            <input matInput type="number" inputmode="decimal" min="0.1" step="0.01" tpTest="layout-size"
                   [value]="form().sizeTb" (input)="change({ sizeTb: numberOf($event) })" />
          </mat-form-field>
        </div>
        <tp-choice-field [label]="labels['kind']" testId="layout-kind" [choices]="kinds" [value]="form().kind"
                         (picked)="change({ kind: $event }, true)" />
      }
      <tp-choice-field [label]="labels['recordsize_bytes']" testId="layout-record" [choices]="recordSizes" [value]="form().recordKib"
                       (picked)="change({ recordKib: $event }, true)" />
      @if (form().source === 'GIVEN') {
        <button matButton="filled" type="submit" class="primary go" tpTest="layout-show">{{ 'Compare layouts' | t }}</button>
      }
    </form>

    @if (error(); as e) { <p class="banner danger" role="alert" tpTest="layout-error">{{ e }}</p> }
    @if (advice(); as a) {
      <p tpTest="layout-disks"><strong>{{ a.disks.words }}</strong>@if (a.disks.left_out.length) { · <span class="muted">{{ 'Left out:' | t }} {{ a.disks.left_out.join(', ') }}</span> }</p>
      <p class="muted small" tpTest="layout-per-disk">{{ a.per_disk.words }}</p>
      @if (a.layouts.length) {
        <div class="table-wrap" tabindex="0" role="region" [attr.aria-label]="'Layouts side by side' | t">
          <table mat-table class="stacked" tpTest="layout-table" [dataSource]="a.layouts">
            <ng-container matColumnDef="name">
              <th mat-header-cell *matHeaderCellDef>{{ 'Layout' | t }}</th>
              <td mat-cell *matCellDef="let r; of: a.layouts" class="name" [attr.data-label]="'Layout' | t">
                <strong>{{ r.name }}</strong>@if (r.current) { <span class="tag">{{ 'this pool' | t }}</span> }
                @if (r.spares) { <div class="muted small">{{ 'Spare disks: {n}' | t: { n: r.spares } }}</div> }
              </td>
            </ng-container>
            <ng-container matColumnDef="space">
              <th mat-header-cell *matHeaderCellDef class="num">{{ 'Usable space' | t }}</th>
              <td mat-cell *matCellDef="let r; of: a.layouts" class="num nowrap" [attr.data-label]="'Usable space' | t">
                <div>{{ bytes(r.usable_bytes) }}</div>
                <div class="muted small">{{ 'data disks add up to {size}' | t: { size: bytes(r.naive_bytes) } }}</div>
              </td>
            </ng-container>
            <ng-container matColumnDef="fills">
              <th mat-header-cell *matHeaderCellDef class="num">{{ 'Holds in these records' | t }}</th>
              <td mat-cell *matCellDef="let r; of: a.layouts" class="num nowrap" [attr.data-label]="'Holds in these records' | t">{{ bytes(r.effective_bytes) }}</td>
            </ng-container>
            <ng-container matColumnDef="sequential">
              <th mat-header-cell *matHeaderCellDef class="num">{{ 'Sequential read / write' | t }}</th>
              <td mat-cell *matCellDef="let r; of: a.layouts" class="num nowrap" [attr.data-label]="'Sequential read / write' | t">
                {{ rate(r.read_bytes_per_second) }} / {{ rate(r.write_bytes_per_second) }}</td>
            </ng-container>
            <ng-container matColumnDef="random">
              <th mat-header-cell *matHeaderCellDef class="num">{{ 'Random 4 KiB read / write' | t }}</th>
              <td mat-cell *matCellDef="let r; of: a.layouts" class="num nowrap" [attr.data-label]="'Random 4 KiB read / write' | t">
                {{ iops(r.read_iops) }} / {{ iops(r.write_iops) }}</td>
            </ng-container>
            <ng-container matColumnDef="why">
              <th mat-header-cell *matHeaderCellDef>{{ 'Disks it can lose, and why' | t }}</th>
              <td mat-cell *matCellDef="let r; of: a.layouts" class="small" [attr.data-label]="'Disks it can lose, and why' | t">
                @for (c of r.cautions; track $index) { <div class="caution" [tpTest]="['layout-caution', r.name, $index]">{{ c }}</div> }
                <div>{{ r.tolerance }}</div>
                <details [tpTest]="['layout-why', r.name]">
                  <summary [tpTest]="['layout-why', r.name]">{{ 'Why' | t }}</summary>
                  <ul>@for (reason of r.reasons; track $index) { <li>{{ reason }}</li> }</ul>
                </details>
              </td>
            </ng-container>
            <tr mat-header-row *matHeaderRowDef="columns"></tr>
            <tr mat-row *matRowDef="let r; columns: columns; let i = index" [class.current]="r.current" [tpTest]="['layout-row', r.name]"></tr>
          </table>
        </div>
      }
      <ul class="muted small" tpTest="layout-notes">@for (n of a.notes; track $index) { <li>{{ n }}</li> }</ul>
    } @else if (!error()) {
      <p class="muted" tpTest="layout-loading">{{ 'Loading…' | t }}</p>
    }

    <mat-card appearance="outlined" class="card"><tp-recordsize-advice /></mat-card>
    <mat-card appearance="outlined" class="card"><tp-slog-advice /></mat-card>
  `,
})
export class LayoutPage {
  private readonly api = inject(ApiService);
  private readonly box = inject(BoxStore);
  private readonly translate = inject(TranslateService);

  protected readonly sources = SOURCES;
  protected readonly kinds = KINDS;
  protected readonly recordSizes = RECORD_SIZES;
  protected readonly labels = FIELD_LABELS;
  protected readonly columns = ['name', 'space', 'fills', 'sequential', 'random', 'why'];
  private readonly pools = computed(() => (this.box.profile()?.pools ?? []).map((p) => p.name));
  protected readonly poolChoices = computed((): Choice<string>[] => this.pools().map((value) => ({ value })));
  protected readonly form = signal<LayoutForm>({ source: 'UNUSED', pool: '', count: 12, sizeTb: 4, kind: 'HDD', recordKib: 128 });
  protected readonly advice = signal<LayoutAdvice | null>(null);
  protected readonly error = signal<string | null>(null);
  private asked = 0;

  constructor() {
    void this.load();
    // A pool's disks start with the first pool once the box is known (the profile may arrive after the page).
    effect(() => {
      const pools = this.pools();
      untracked(() => {
        if (pools.length && !pools.includes(this.form().pool)) {
          this.form.update((f) => ({ ...f, pool: pools[0] }));
          if (this.form().source === 'POOL') {
            void this.load();
          }
        }
      });
    });
  }

  /** A choice from a list asks again at once; typed numbers wait for "Compare layouts" (or Enter). */
  protected change(part: Partial<LayoutForm>, reload = false): void {
    this.form.update((f) => ({ ...f, ...part }));
    if (reload) {
      void this.load();
    }
  }

  protected numberOf(event: Event): number | null {
    const text = (event.target as HTMLInputElement).value;
    return text === '' ? null : Number(text);
  }

  protected async load(): Promise<void> {
    const asked = ++this.asked;   // only the latest question's answer is shown
    try {
      const advice = await firstValueFrom(this.api.call('tuning.advice.layout', [layoutOptions(this.form())]));
      if (asked === this.asked) {
        this.advice.set(advice);
        this.error.set(null);
      }
    } catch (error) {
      if (asked === this.asked) {
        this.advice.set(null);
        this.error.set(this.errorWords(error));
      }
    }
  }

  /** The server's words under the page's own name for each field it names ("How many: must be at least 1"). */
  private errorWords(error: unknown): string {
    const words = (w: { key: string; params?: Record<string, unknown> }) => this.translate.instant(w.key, w.params);
    const { fields, general } = mapFieldErrors(error, Object.keys(FIELD_LABELS), words);
    const named = Object.entries(fields).map(([field, text]) => `${this.translate.instant(FIELD_LABELS[field])}: ${text}`);
    return [...named, ...(general ? [general] : [])].join(' ');
  }

  protected bytes(size: number): string {
    return formatBytes(size);
  }

  protected rate(bytesPerSecond: number): string {
    return formatMBps(bytesPerSecond);
  }

  protected iops(value: number): string {
    return formatIops(value);
  }

}
