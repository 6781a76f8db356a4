import { ChangeDetectionStrategy, Component, computed, input } from '@angular/core';

import { LATENCY_PERCENTILES } from '../../shared/benchmark-metrics';
import { formatLatencyNs } from '../../shared/format';
import { LatencySeries } from './compare-data';
import { SERIES_COLOURS, formatLatencyTick, logScale } from './chart-scale';

const W = 640;
const H = 250;
const LEFT = 60;
const BOTTOM = 30;
const TOP = 24;
const LABELS = LATENCY_PERCENTILES.map((p) => `p${p}`);

/** Latency by percentile (p50 → p99.9), one line per result, on a log axis of nanoseconds. */
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
        <line class="grid" [attr.x1]="left" [attr.x2]="width" [attr.y1]="y(t)" [attr.y2]="y(t)" />
        <text [attr.x]="left - 6" [attr.y]="y(t) + 4" text-anchor="end">{{ tick(t) }}</text>
      }
      <text x="4" y="10">latency (log)</text>
      @for (label of labels; track label; let i = $index) {
        <text [attr.x]="x(i)" [attr.y]="height - 10" text-anchor="middle">{{ label }}</text>
      }
      @for (line of lines(); track line.series) {
        <g data-test="latency-line">
          <polyline [attr.points]="line.polyline" [attr.stroke]="line.colour"><title>{{ line.series }}</title></polyline>
          @for (p of line.points; track p.label) {
            <circle [attr.cx]="p.x" [attr.cy]="p.y" r="3.5" [attr.fill]="line.colour">
              <title>{{ line.series }} {{ p.label }}: {{ p.text }}</title>
            </circle>
          }
        </g>
      }
    </svg>
  `,
})
export class LatencyChartComponent {
  readonly data = input.required<LatencySeries[]>();
  readonly series = input.required<string[]>();
  readonly title = input('');
  protected readonly width = W;
  protected readonly height = H;
  protected readonly left = LEFT;
  protected readonly labels = LABELS;
  protected readonly tick = formatLatencyTick;

  protected readonly scale = computed(() => {
    const values = this.data().flatMap((s) => s.points.map(([, v]) => v)).filter((v) => v > 0);
    return logScale(Math.min(...(values.length ? values : [1])), Math.max(1, ...values), H - BOTTOM - TOP);
  });

  protected y(value: number): number {
    return TOP + this.scale()(value);
  }

  protected x(index: number): number {
    return LEFT + 24 + (index / (LABELS.length - 1)) * (W - LEFT - 48);
  }

  protected readonly lines = computed(() => this.data().map((s) => {
    const points = s.points.map(([label, v]) => ({
      label, x: this.x(LABELS.indexOf(label)), y: this.y(v), text: formatLatencyNs(v),
    }));
    return {
      series: s.series,
      colour: SERIES_COLOURS[Math.max(0, this.series().indexOf(s.series)) % SERIES_COLOURS.length],
      points,
      polyline: points.map((p) => `${p.x},${p.y}`).join(' '),
    };
  }));
}
