import { ChangeDetectionStrategy, Component, computed, input, signal } from '@angular/core';
import { MatCard } from '@angular/material/card';
import { MatFormField, MatLabel } from '@angular/material/form-field';
import { MatOption, MatSelect } from '@angular/material/select';

import { ChartLayout, CompareChart } from '../../api/models/tuning-benchmark';
import { TranslatePipe } from '../../i18n/translate.pipe';
import { SeriesChartComponent } from '../../shared/charts/series-chart.component';
import { TestIdDirective } from '../../shared/test-id/test-id.directive';

/** The charts of a comparison, as the server computed and laid them out; loaded on demand (`@defer`): the SVG code
 *  stays out of the first load. Latency has one chart per test and direction: one is shown at a time. */
@Component({
  selector: 'tp-compare-charts',
  imports: [TestIdDirective, MatCard, MatFormField, MatLabel, MatSelect, MatOption, TranslatePipe, SeriesChartComponent],
  changeDetection: ChangeDetectionStrategy.OnPush,
  styles: `
    /* One chart per row, full width: long result names stay whole beside their bars. */
    :host { display: grid; grid-template-columns: minmax(0, 1fr); gap: 12px; }
    mat-card { min-width: 0; }
    h2 { margin-top: 0; }
    /* a chart's title shows whole in the select ('Sequential write 1 MiB: write latency') */
    .latency-test { width: 26rem; max-width: 100%; }
  `,
  template: `
    @if (byId()['throughput']; as c) {
      <mat-card appearance="outlined" class="card" tpTest="chart-seq">
        <h2>{{ c.title }}</h2>
        <tp-series-chart [chart]="c" [layouts]="layoutsOf(c)" />
        @if (c.reference; as limit) {
          <!-- the server lays the line out only beside client-measured results -->
          @if (layoutsOf(c)[0]?.reference) {
            <p class="muted small" tpTest="chart-max-basis">{{ 'Dashed line' | t }}: {{ limit.label }}</p>
          } @else {
            <p class="muted small" tpTest="chart-max-left-out">{{ 'No network line: the link’s theoretical maximum bounds only results measured on a client, and these were measured on the box.' | t }}</p>
          }
        }
      </mat-card>
    }
    @if (byId()['iops']; as c) {
      <mat-card appearance="outlined" class="card" tpTest="chart-iops">
        <h2>{{ c.title }}</h2>
        <tp-series-chart [chart]="c" [layouts]="layoutsOf(c)" />
      </mat-card>
    }
    @if (latency(); as c) {
      <mat-card appearance="outlined" class="card" tpTest="chart-latency">
        <h2>{{ 'Latency percentiles' | t }}</h2>
        <mat-form-field appearance="outline" subscriptSizing="dynamic" class="latency-test">
          <mat-label>{{ 'Test' | t }}</mat-label>
          <mat-select tpTest="latency-test" [value]="c.id" (selectionChange)="picked.set($event.value)">
            @for (l of latencies(); track l.id) { <mat-option [value]="l.id" [attr.data-value]="l.id">{{ l.title }}</mat-option> }
          </mat-select>
        </mat-form-field>
        <tp-series-chart [chart]="c" [layouts]="layoutsOf(c)" />
      </mat-card>
    }
  `,
})
export class CompareChartsComponent {
  readonly charts = input.required<CompareChart[]>();
  /** Each chart laid out by the server at the widths the panel may have; the network line is in them only beside
   *  client-measured results (a figure measured on the box never crossed the link). */
  readonly layouts = input.required<Record<string, ChartLayout[]>>();
  protected readonly layoutsOf = (c: CompareChart): ChartLayout[] => this.layouts()[c.id] ?? [];
  protected readonly picked = signal<string | null>(null);
  protected readonly byId = computed(() => Object.fromEntries(this.charts().map((c) => [c.id, c])) as Record<string, CompareChart | undefined>);
  protected readonly latencies = computed(() => this.charts().filter((c) => c.id.startsWith('latency_')));
  protected readonly latency = computed(() => this.latencies().find((c) => c.id === this.picked()) ?? this.latencies()[0] ?? null);
}
