import { ChangeDetectionStrategy, Component, computed, effect, inject, signal, untracked } from '@angular/core';
import { MatButton } from '@angular/material/button';
import { MatFormField, MatLabel } from '@angular/material/form-field';
import { MatInput } from '@angular/material/input';
import { MatOption, MatSelect } from '@angular/material/select';
import { MatTableModule } from '@angular/material/table';
import { firstValueFrom } from 'rxjs';

import { ApiService } from '../../api/api.service';
import { LayoutAdvice, LayoutSource } from '../../api/models/tuning-advice';
import { TranslatePipe } from '../../i18n/translate.pipe';
import { TranslateService } from '../../i18n/translate.service';
import { mapFieldErrors } from '../../shared/field-errors';
import { formatBytes, formatIops, formatMBps } from '../../shared/format';
import { TypedCellDef } from '../../shared/table/typed-cell';
import { TestIdDirective } from '../../shared/test-id/test-id.directive';
import { BoxStore } from '../../stores/box.store';
import { FIELD_LABELS, KINDS, LayoutForm, RECORD_SIZES, SOURCES, layoutOptions } from './layout-options';

/**
 * Pool layouts side by side for a set of like disks, before a pool is built (or to see what another layout of a
 * pool's disks would trade): usable space as OpenZFS allocates it, what a record size fills, first-order estimates,
 * the disks each layout can lose, and why. Reads only: every role may use it.
 */
@Component({
  selector: 'tp-layout-page',
  imports: [TestIdDirective, MatButton, MatFormField, MatLabel, MatInput, MatSelect, MatOption, MatTableModule, TypedCellDef,
    TranslatePipe],
  changeDetection: ChangeDetectionStrategy.OnPush,
  styleUrls: ['../../shared/table/data-table.scss'],
  styles: `
    .row { align-items: flex-start; }
    .wide { width: 280px; max-width: 100%; }
    .narrow { width: 140px; }
    .name { min-width: 9.5em; }
    .tag { display: inline-block; margin-left: 6px; padding: 0 6px; border-radius: 3px; background: var(--info-bg, var(--bg3));
           border: 1px solid var(--primary); font-size: 0.85em; white-space: nowrap; }
    tr.current td { background: var(--bg2); }
    .small { font-size: 0.9em; }
    .nowrap { white-space: nowrap; }
    details ul { margin: 4px 0 0; padding-left: 18px; }
  `,
  template: `
    <h1>{{ 'Pool layout' | t }}</h1>
    <p class="muted">{{ 'How much a pool of these disks holds and how fast it can be, layout by layout, before you build it. Space is counted as OpenZFS allocates it; speeds are estimates from one disk’s figures.' | t }}</p>
    <form class="row" (submit)="$event.preventDefault(); load()">
      <div class="field">
        <mat-form-field appearance="outline" subscriptSizing="dynamic" class="wide">
          <mat-label>{{ 'Disks' | t }}</mat-label>
          <mat-select tpTest="layout-source" [value]="form().source" (selectionChange)="pickSource($event.value)">
            @for (s of sources; track s.value) { <mat-option [value]="s.value" [attr.data-value]="s.value" [tpTest]="['layout-source', s.value]">{{ s.label | t }}</mat-option> }
          </mat-select>
        </mat-form-field>
      </div>
      @if (form().source === 'POOL') {
        <div class="field">
          <mat-form-field appearance="outline" subscriptSizing="dynamic" class="wide">
            <mat-label>{{ 'Pool' | t }}</mat-label>
            <mat-select tpTest="layout-pool" [value]="form().pool" (selectionChange)="change({ pool: $event.value }, true)">
              @for (p of pools(); track p) { <mat-option [value]="p" [attr.data-value]="p" [tpTest]="['layout-pool', p]">{{ p }}</mat-option> }
            </mat-select>
          </mat-form-field>
        </div>
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
        <div class="field">
          <mat-form-field appearance="outline" subscriptSizing="dynamic" class="wide">
            <mat-label>{{ 'Kind' | t }}</mat-label>
            <mat-select tpTest="layout-kind" [value]="form().kind" (selectionChange)="change({ kind: $event.value }, true)">
              @for (k of kinds; track k.value) { <mat-option [value]="k.value" [attr.data-value]="k.value" [tpTest]="['layout-kind', k.value]">{{ k.label | t }}</mat-option> }
            </mat-select>
          </mat-form-field>
        </div>
      }
      <div class="field">
        <mat-form-field appearance="outline" subscriptSizing="dynamic" class="wide">
          <mat-label>{{ 'Data written in records of' | t }}</mat-label>
          <mat-select tpTest="layout-record" [value]="form().recordKib" (selectionChange)="change({ recordKib: $event.value }, true)">
            @for (r of recordSizes; track r.kib) { <mat-option [value]="r.kib" [attr.data-value]="r.kib" [tpTest]="['layout-record', r.kib]">{{ r.label | t }}</mat-option> }
          </mat-select>
        </mat-form-field>
      </div>
      @if (form().source === 'GIVEN') {
        <div class="field"><button matButton="filled" type="submit" class="primary" tpTest="layout-show">{{ 'Compare layouts' | t }}</button></div>
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
  `,
})
export class LayoutPage {
  private readonly api = inject(ApiService);
  private readonly box = inject(BoxStore);
  private readonly translate = inject(TranslateService);

  protected readonly sources = SOURCES;
  protected readonly kinds = KINDS;
  protected readonly recordSizes = RECORD_SIZES;
  protected readonly columns = ['name', 'space', 'fills', 'sequential', 'random', 'why'];
  protected readonly pools = computed(() => (this.box.profile()?.pools ?? []).map((p) => p.name));
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

  protected pickSource(source: LayoutSource): void {
    this.change({ source }, true);
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
