import { ChangeDetectionStrategy, Component, computed, input } from '@angular/core';

import { formatTick, logScale } from './chart-scale';
import { SERIES_COLOURS } from './grouped-bar-chart.component';

export interface LatencySeries {
  series: string;
  /** [percentile label, latency] in plot order. */
  points: [string, number][];
}

const W = 640;
const H = 240;
const LEFT = 56;
const BOTTOM = 30;

/** Latency by percentile (p50 → p99.9), one line per run, on a log axis. */
@Component({
  selector: 'tp-latency-chart',
  changeDetection: ChangeDetectionStrategy.OnPush,
  styles: `
    svg { width: 100%; height: auto; max-width: 760px; display: block; }
    text { fill: var(--fg2); font-size: 11px; }
    .grid { stroke: var(--line); }
    polyline { fill: none; stroke-width: 2; }
  `,
  template: `
    <svg [attr.viewBox]="'0 0 ' + width + ' ' + height" role="img" [attr.aria-label]="title()">
      @for (t of scale().ticks; track t) {
        <line class="grid" [attr.x1]="left" [attr.x2]="width" [attr.y1]="scale()(t)" [attr.y2]="scale()(t)" />
        <text [attr.x]="left - 6" [attr.y]="scale()(t) + 4" text-anchor="end">{{ fmt(t) }}</text>
      }
      <text x="4" y="10">{{ unit() }}</text>
      @for (label of labels(); track label; let i = $index) {
        <text [attr.x]="x(i)" [attr.y]="height - 10" text-anchor="middle">{{ label }}</text>
      }
      @for (line of lines(); track line.series) {
        <polyline [attr.points]="line.points" [attr.stroke]="line.colour"><title>{{ line.series }}</title></polyline>
      }
    </svg>
  `,
})
export class LatencyChartComponent {
  readonly data = input.required<LatencySeries[]>();
  readonly series = input.required<string[]>();
  readonly unit = input('µs');
  readonly title = input('');
  protected readonly width = W;
  protected readonly height = H;
  protected readonly left = LEFT;
  protected readonly fmt = formatTick;

  protected readonly labels = computed(() => this.data()[0]?.points.map(([label]) => label) ?? []);
  protected readonly scale = computed(() => {
    const values = this.data().flatMap((s) => s.points.map(([, v]) => v)).filter((v) => v > 0);
    return logScale(Math.min(...(values.length ? values : [1])), Math.max(1, ...values), H - BOTTOM);
  });

  protected x(index: number): number {
    const n = Math.max(1, this.labels().length - 1);
    return LEFT + 20 + (index / n) * (W - LEFT - 40);
  }

  protected readonly lines = computed(() => this.data().map((s) => ({
    series: s.series,
    colour: SERIES_COLOURS[Math.max(0, this.series().indexOf(s.series)) % SERIES_COLOURS.length],
    points: s.points.map(([, v], i) => `${this.x(i)},${this.scale()(v)}`).join(' '),
  })));
}
