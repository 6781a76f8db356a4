import { ChangeDetectionStrategy, Component, computed, input, signal } from '@angular/core';

import { BenchmarkResult, TheoreticalMax } from '../../api/models/tuning-benchmark';
import { TranslatePipe } from '../../i18n/translate.pipe';
import { TEST_WORDS } from '../../shared/benchmark-metrics';
import { LatencyChoice, bandwidthGroups, iopsGroups, latencyChoices, latencySeries } from './compare-data';
import { GroupedBarChartComponent, MaxLine } from './grouped-bar-chart.component';
import { LatencyChartComponent } from './latency-chart.component';

/** The three chart panels of a comparison; loaded on demand (`@defer`) so the SVG code stays out of the first load. */
@Component({
  selector: 'tp-compare-charts',
  imports: [TranslatePipe, GroupedBarChartComponent, LatencyChartComponent],
  changeDetection: ChangeDetectionStrategy.OnPush,
  styles: `
    :host { display: grid; grid-template-columns: repeat(auto-fit, minmax(420px, 1fr)); gap: 12px; }
    @media (max-width: 700px) { :host { grid-template-columns: 1fr; } }
  `,
  template: `
    @if (seqGroups().length) {
      <section class="card" data-test="chart-seq">
        <h2>{{ 'Sequential throughput (MB/s)' | t }}</h2>
        <tp-grouped-bar-chart [groups]="seqGroups()" [series]="series()" unit="MB/s" [maxLine]="maxLine()"
                              [title]="'Sequential throughput in MB/s with 95% intervals' | t" />
        @if (theoreticalMax(); as m) { <p class="muted small" data-test="chart-max-basis">{{ 'Dashed line' | t }}: {{ m.basis }}</p> }
      </section>
    }
    @if (iopsGroups().length) {
      <section class="card" data-test="chart-iops">
        <h2>{{ 'IOPS (log scale)' | t }}</h2>
        <tp-grouped-bar-chart [groups]="iopsGroups()" [series]="series()" unit="IOPS" [log]="true"
                              [title]="'IOPS on a log scale with 95% intervals' | t" />
      </section>
    }
    @if (choices().length) {
      <section class="card" data-test="chart-latency">
        <h2>{{ 'Latency percentiles' | t }}</h2>
        <label>{{ 'Test' | t }}
          <select data-test="latency-test" [value]="choice()?.key" (change)="picked.set($any($event.target).value)">
            @for (c of choices(); track c.key) { <option [value]="c.key">{{ testWords[c.test] | t }} · {{ c.direction }}</option> }
          </select>
        </label>
        <tp-latency-chart [data]="latency()" [series]="series()" [title]="'Latency by percentile, log scale' | t" />
      </section>
    }
  `,
})
export class CompareChartsComponent {
  /** Baseline first. */
  readonly results = input.required<BenchmarkResult[]>();
  readonly series = input.required<string[]>();
  readonly theoreticalMax = input<TheoreticalMax | null>(null);
  protected readonly testWords = TEST_WORDS;
  protected readonly picked = signal<string | null>(null);

  protected readonly seqGroups = computed(() => bandwidthGroups(this.results()));
  protected readonly iopsGroups = computed(() => iopsGroups(this.results()));
  protected readonly maxLine = computed((): MaxLine | null => {
    const m = this.theoreticalMax();
    return m ? { value: m.bytes_per_second / 1e6, label: 'theoretical max' } : null;
  });
  protected readonly choices = computed(() => latencyChoices(this.results()));
  protected readonly choice = computed((): LatencyChoice | undefined => this.choices().find((c) => c.key === this.picked()) ?? this.choices()[0]);
  protected readonly latency = computed(() => latencySeries(this.results(), this.choice()));
}
