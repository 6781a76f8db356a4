import { ChangeDetectionStrategy, Component, computed, effect, inject, signal, untracked } from '@angular/core';
import { MatButton } from '@angular/material/button';
import { MatCard } from '@angular/material/card';
import { MatFormField, MatLabel } from '@angular/material/form-field';
import { MatInput } from '@angular/material/input';
import { MatTableModule } from '@angular/material/table';
import { firstValueFrom } from 'rxjs';

import { ApiService } from '../../api/api.service';
import { LayoutAdvice, LayoutOptions } from '../../api/models/tuning-advice';
import { T } from '../../i18n/translate-marker';
import { TranslatePipe } from '../../i18n/translate.pipe';
import { TranslateService } from '../../i18n/translate.service';
import { Words, mapFieldErrors } from '../../shared/field-errors';
import { formatBytes, formatIops, formatMBps } from '../../shared/format';
import { TypedCellDef } from '../../shared/table/typed-cell';
import { TestIdDirective } from '../../shared/test-id/test-id.directive';
import { BoxStore } from '../../stores/box.store';
import { Choice, ChoiceFieldComponent } from './choice-field.component';
import {
  FIELD_LABELS, FORM_FIELDS, GIVEN_LIMITS, KINDS, LayoutForm, RECORD_SIZES, SOURCES, givenErrors, layoutOptions, shownFields,
} from './layout-options';
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
    /* on the figures, never on a cell: a phone's stacked cell draws its label (::before) with the cell's white-space */
    .nowrap { white-space: nowrap; }
    /* A phone: each label in a column of its own beside its value, wrapping onto as many lines as it needs and the
       row as tall as the taller of the two (the global stacked label, drawn over the cell's padding, runs over the
       figures and the next row when it is longer than its column). */
    @media (max-width: 600px) {
      table.stacked td[data-label] { display: grid; grid-template-columns: 35% minmax(0, 1fr); column-gap: 16px;
                                     padding-left: 8px; text-align: left; }
      table.stacked td[data-label]::before { position: static; width: auto; }
    }
    details ul { margin: 4px 0 0; padding-left: 18px; }
    /* results of an input since changed: greyed and outlined, never faded (faded text fails contrast) */
    .stale { color: var(--fg2); outline: 2px dashed var(--warn); outline-offset: 4px; border-radius: 2px;
             --mat-table-row-item-label-text-color: var(--fg2); }
  `,
  template: `
    <h1>{{ 'Pool layout' | t }}</h1>
    <p class="muted">{{ 'How much a pool of these disks holds and how fast it can be, layout by layout, before you build it. Space is counted as OpenZFS allocates it; speeds are estimates from one disk’s figures.' | t }}</p>
    <form class="row" novalidate (submit)="$event.preventDefault(); compare()">
      <tp-choice-field [label]="labels['source']" testId="layout-source" [choices]="sources" [value]="form().source"
                       [error]="fieldErrors()['source']" (picked)="change({ source: $event }, true)" />
      @if (form().source === 'POOL') {
        <tp-choice-field [label]="labels['pool']" testId="layout-pool" [choices]="poolChoices()" [value]="form().pool"
                         [error]="fieldErrors()['pool']" (picked)="change({ pool: $event }, true)" />
      }
      @if (form().source === 'GIVEN') {
        <div class="field">
          <mat-form-field appearance="outline" subscriptSizing="dynamic" class="narrow">
            <mat-label>{{ 'How many' | t }}</mat-label>
            <input matInput type="number" inputmode="numeric" [min]="limits.count.min" [max]="limits.count.max" tpTest="layout-count"
                   [value]="form().count" (input)="change({ count: numberOf($event) })" />
          </mat-form-field>
          @if (fieldErrors()['count']; as e) { <div class="field-error" tpTest="error-layout-count">{{ e }}</div> }
        </div>
        <div class="field">
          <mat-form-field appearance="outline" subscriptSizing="dynamic" class="narrow">
            <mat-label>{{ 'Size of each (TB)' | t }}</mat-label>
            <input matInput type="number" inputmode="decimal" [min]="limits.sizeTb.min" [max]="limits.sizeTb.max" step="any"
                   tpTest="layout-size" [value]="form().sizeTb" (input)="change({ sizeTb: numberOf($event) })" />
          </mat-form-field>
          @if (fieldErrors()['size_bytes']; as e) { <div class="field-error" tpTest="error-layout-size">{{ e }}</div> }
        </div>
        <tp-choice-field [label]="labels['kind']" testId="layout-kind" [choices]="kinds" [value]="form().kind"
                         [error]="fieldErrors()['kind']" (picked)="change({ kind: $event }, true)" />
      }
      <tp-choice-field [label]="labels['recordsize_bytes']" testId="layout-record" [choices]="recordSizes" [value]="form().recordKib"
                       [error]="fieldErrors()['recordsize_bytes']" (picked)="change({ recordKib: $event }, true)" />
      @if (form().source === 'GIVEN') {
        <button matButton="filled" type="submit" class="primary go" tpTest="layout-show">{{ 'Compare layouts' | t }}</button>
      }
    </form>

    @if (error(); as e) { <p class="banner danger" role="alert" tpTest="layout-error">{{ e }}</p> }
    @if (advice(); as a) {
      @if (stale()) {
        <p class="banner warn" role="status" tpTest="layout-stale">{{ (form().source === 'GIVEN'
          ? 'These figures are for the previous input: press Compare layouts to update.'
          : 'These figures are for the previous input.') | t }}</p>
      }
      <section [class.stale]="stale()" tpTest="layout-results" [attr.aria-label]="'Layouts' | t">
      <p tpTest="layout-disks"><strong>{{ a.disks.words }}</strong>@if (a.disks.left_out.length) { · <span class="muted">{{ 'Left out:' | t }} {{ a.disks.left_out.join(', ') }}</span> }</p>
      <p class="muted small" tpTest="layout-per-disk">{{ a.per_disk.words }}</p>
      @if (a.layouts.length) {
        <div class="table-wrap" tabindex="0" role="region" [attr.aria-label]="'Layouts side by side' | t">
          <table mat-table class="stacked" tpTest="layout-table" [dataSource]="a.layouts">
            <ng-container matColumnDef="name">
              <th mat-header-cell *matHeaderCellDef>{{ 'Layout' | t }}</th>
              <td mat-cell *matCellDef="let r; of: a.layouts" class="name" [attr.data-label]="'Layout' | t">
                <div class="value"><strong>{{ r.name }}</strong>@if (r.current) { <span class="tag">{{ 'this pool' | t }}</span> }
                @if (r.spares) { <div class="muted small">{{ 'Spare disks: {n}' | t: { n: r.spares } }}</div> }</div>
              </td>
            </ng-container>
            <ng-container matColumnDef="space">
              <th mat-header-cell *matHeaderCellDef class="num">{{ 'Usable space' | t }}</th>
              <td mat-cell *matCellDef="let r; of: a.layouts" class="num" [attr.data-label]="'Usable space' | t">
                <div class="value"><div class="nowrap">{{ bytes(r.usable_bytes) }}</div>
                <div class="muted small">{{ 'data disks add up to {size}' | t: { size: bytes(r.naive_bytes) } }}</div></div>
              </td>
            </ng-container>
            <ng-container matColumnDef="fills">
              <th mat-header-cell *matHeaderCellDef class="num">{{ 'Holds in these records' | t }}</th>
              <td mat-cell *matCellDef="let r; of: a.layouts" class="num" [attr.data-label]="'Holds in these records' | t">
                <div class="value"><span class="nowrap">{{ bytes(r.effective_bytes) }}</span></div>
              </td>
            </ng-container>
            <ng-container matColumnDef="sequential">
              <th mat-header-cell *matHeaderCellDef class="num">{{ 'Sequential read / write' | t }}</th>
              <td mat-cell *matCellDef="let r; of: a.layouts" class="num" [attr.data-label]="'Sequential read / write' | t">
                <div class="value"><span class="nowrap">{{ rate(r.read_bytes_per_second) }}</span> / <span class="nowrap">{{ rate(r.write_bytes_per_second) }}</span></div>
              </td>
            </ng-container>
            <ng-container matColumnDef="random">
              <th mat-header-cell *matHeaderCellDef class="num">{{ 'Random 4 KiB read / write' | t }}</th>
              <td mat-cell *matCellDef="let r; of: a.layouts" class="num" [attr.data-label]="'Random 4 KiB read / write' | t">
                <div class="value"><span class="nowrap">{{ iops(r.read_iops) }}</span> / <span class="nowrap">{{ iops(r.write_iops) }}</span></div>
              </td>
            </ng-container>
            <ng-container matColumnDef="why">
              <th mat-header-cell *matHeaderCellDef>{{ 'Disks it can lose, and why' | t }}</th>
              <td mat-cell *matCellDef="let r; of: a.layouts" class="small" [attr.data-label]="'Disks it can lose, and why' | t">
                <div class="value">@for (c of r.cautions; track $index) { <div class="caution" [tpTest]="['layout-caution', r.name, $index]">{{ c }}</div> }
                <div>{{ r.tolerance }}</div>
                <details [tpTest]="['layout-why', r.name]">
                  <summary [tpTest]="['layout-why', r.name]">{{ 'Why' | t }}</summary>
                  <ul>@for (reason of r.reasons; track $index) { <li>{{ reason }}</li> }</ul>
                </details></div>
              </td>
            </ng-container>
            <tr mat-header-row *matHeaderRowDef="columns"></tr>
            <tr mat-row *matRowDef="let r; columns: columns; let i = index" [class.current]="r.current" [tpTest]="['layout-row', r.name]"></tr>
          </table>
        </div>
      }
      <ul class="muted small" tpTest="layout-notes">@for (n of a.notes; track $index) { <li>{{ n }}</li> }</ul>
      </section>
    } @else if (!error() && !refusedField()) {
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
  protected readonly limits = GIVEN_LIMITS;
  protected readonly columns = ['name', 'space', 'fills', 'sequential', 'random', 'why'];
  private readonly pools = computed(() => (this.box.profile()?.pools ?? []).map((p) => p.name));
  protected readonly poolChoices = computed((): Choice<string>[] => this.pools().map((value) => ({ value })));
  protected readonly form = signal<LayoutForm>({ source: 'UNUSED', pool: '', count: 12, sizeTb: 4, kind: 'HDD', recordKib: 128 });
  protected readonly advice = signal<LayoutAdvice | null>(null);
  protected readonly error = signal<string | null>(null);
  /** Refusals (the form's own check's or the server's) under the field they concern, by the server's field name. */
  protected readonly fieldErrors = signal<Record<string, string | undefined>>({});
  protected readonly refusedField = computed(() => Object.values(this.fieldErrors()).some(Boolean));
  /** The options the figures on screen answer: once the form says otherwise, they are marked out of date. */
  private readonly shownFor = signal<LayoutOptions | null>(null);
  protected readonly stale = computed(() => !!this.advice() && !sameOptions(layoutOptions(this.form()), this.shownFor()));
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
    const changed = Object.keys(part).map((key) => FORM_FIELDS[key as keyof LayoutForm]);
    this.fieldErrors.update((errors) => Object.fromEntries(Object.entries(errors).filter(([field]) => !changed.includes(field))));
    if (reload) {
      void this.load();
    }
  }

  protected numberOf(event: Event): number | null {
    const text = (event.target as HTMLInputElement).value;
    return text === '' ? null : Number(text);
  }

  /** "Compare layouts": typed figures out of bounds are said under their fields, in TB, and not sent. */
  protected compare(): void {
    const refused = this.form().source === 'GIVEN' ? givenErrors(this.form()) : {};
    if (Object.keys(refused).length) {
      this.asked++;   // an answer still on its way is for figures since changed
      this.fieldErrors.set(Object.fromEntries(Object.entries(refused).map(([field, w]) => [field, this.named(field, this.words(w))])));
      return;
    }
    void this.load();
  }

  protected async load(): Promise<void> {
    const asked = ++this.asked;   // only the latest question's answer is shown
    const options = layoutOptions(this.form());
    try {
      const advice = await firstValueFrom(this.api.call('tuning.advice.layout', [options]));
      if (asked === this.asked) {
        this.advice.set(advice);
        this.shownFor.set(options);
        this.error.set(null);
        this.fieldErrors.set({});
      }
    } catch (error) {
      if (asked === this.asked) {
        this.refused(error);   // figures already shown stay, marked as out of date
      }
    }
  }

  /**
   * The server's words under the page's own name for each field it names ("How many: must be at least 1"): under
   * the field when the form shows it, else above the results with what no field shows.
   */
  private refused(error: unknown): void {
    const { fields, general } = mapFieldErrors(error, Object.keys(FIELD_LABELS), (w) => this.words(w));
    const shown = shownFields(this.form().source);
    const under: Record<string, string> = {};
    const above: string[] = [];
    for (const [field, text] of Object.entries(fields)) {
      if (text && shown.includes(field)) {
        under[field] = this.named(field, text);
      } else if (text) {
        above.push(this.named(field, text));
      }
    }
    this.fieldErrors.set(under);
    const banner = [...above, ...(general ? [general] : [])].join(' ');
    this.error.set(banner || null);
  }

  private named(field: string, text: string): string {
    return this.words({ key: T('{label}: {message}'), params: { label: this.words({ key: FIELD_LABELS[field] }), message: text } });
  }

  private words(w: Words): string {
    return this.translate.instant(w.key, w.params);
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

/** Whether two questions are the same (the options are flat: names, numbers, null). */
function sameOptions(a: LayoutOptions, b: LayoutOptions | null): boolean {
  return !!b && JSON.stringify(a, Object.keys(a).sort()) === JSON.stringify(b, Object.keys(b).sort());
}
