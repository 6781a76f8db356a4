import { ChangeDetectionStrategy, Component, computed, input } from '@angular/core';

import { Bar, BarGroup } from './compare-data';
import { SERIES_COLOURS, formatTick, linearScale, logScale } from './chart-scale';

const W = 640;
const H = 280;
const LEFT = 56;
const BOTTOM = 40;
const TOP = 16;

export interface MaxLine {
  value: number;
  label: string;
}

/** Grouped bars with CI error bars on a linear or log axis, and an optional dashed theoretical-maximum line. */
@Component({
  selector: 'tp-grouped-bar-chart',
  changeDetection: ChangeDetectionStrategy.OnPush,
  styles: `
    svg { width: 100%; height: auto; max-width: 760px; display: block; }
    text { fill: var(--fg2); font-size: 11px; }
    .grid { stroke: var(--line); }
    .err { stroke: var(--fg1); stroke-width: 1.2; }
    .max { stroke: var(--danger); stroke-dasharray: 6 4; stroke-width: 1.5; }
    .max-label { fill: var(--danger); }
  `,
  template: `
    <svg [attr.viewBox]="'0 0 ' + width + ' ' + height" role="img" [attr.aria-label]="title()">
      @for (t of scale().ticks; track t) {
        <line class="grid" [attr.x1]="left" [attr.x2]="width" [attr.y1]="y(t)" [attr.y2]="y(t)" />
        <text [attr.x]="left - 6" [attr.y]="y(t) + 4" text-anchor="end">{{ fmt(t) }}</text>
      }
      <text x="4" y="10">{{ unit() }}{{ log() ? ' (log)' : '' }}</text>
      @for (g of layout(); track g.label) {
        @for (b of g.bars; track b.series) {
          <rect [attr.x]="b.x" [attr.y]="b.y" [attr.width]="b.w" [attr.height]="b.h" [attr.fill]="b.colour" data-test="chart-bar">
            <title>{{ b.series }}: {{ fmt(b.value) }} {{ unit() }}{{ ciText(b) }}</title>
          </rect>
          @if (b.errLow !== null && b.errHigh !== null) {
            <g data-test="chart-error-bar">
              <line class="err" [attr.x1]="b.x + b.w / 2" [attr.x2]="b.x + b.w / 2" [attr.y1]="b.errLow" [attr.y2]="b.errHigh" />
              <line class="err" [attr.x1]="b.x + b.w / 4" [attr.x2]="b.x + 3 * b.w / 4" [attr.y1]="b.errHigh" [attr.y2]="b.errHigh" />
              <line class="err" [attr.x1]="b.x + b.w / 4" [attr.x2]="b.x + 3 * b.w / 4" [attr.y1]="b.errLow" [attr.y2]="b.errLow" />
            </g>
          }
        }
        <text [attr.x]="g.center" [attr.y]="height - BOTTOM_TEXT" text-anchor="middle">{{ g.label }}</text>
      }
      @if (maxLine(); as m) {
        <g data-test="chart-max-line">
          <line class="max" [attr.x1]="left" [attr.x2]="width" [attr.y1]="y(m.value)" [attr.y2]="y(m.value)" />
          <text class="max-label" [attr.x]="width - 4" [attr.y]="y(m.value) - 4" text-anchor="end">{{ fmt(m.value) }} {{ unit() }}: {{ m.label }}</text>
        </g>
      }
    </svg>
  `,
})
export class GroupedBarChartComponent {
  readonly groups = input.required<BarGroup[]>();
  readonly series = input.required<string[]>();
  readonly log = input(false);
  readonly unit = input('');
  readonly title = input('');
  readonly maxLine = input<MaxLine | null>(null);
  protected readonly width = W;
  protected readonly height = H;
  protected readonly left = LEFT;
  protected readonly BOTTOM_TEXT = BOTTOM - 16;
  protected readonly plotHeight = H - BOTTOM - TOP;
  protected readonly fmt = formatTick;

  protected readonly scale = computed(() => {
    const values = this.groups().flatMap((g) => g.bars.flatMap((b) => [b.value, b.ciHigh ?? b.value, b.ciLow ?? b.value]));
    const max = Math.max(1, ...values, this.maxLine()?.value ?? 0);
    if (this.log()) {
      const positive = values.filter((v) => v > 0);
      return logScale(Math.min(...(positive.length ? positive : [1])), max, this.plotHeight);
    }
    return linearScale(max, this.plotHeight);
  });

  protected ciText(bar: Bar): string {
    return bar.ciLow === null || bar.ciHigh === null ? '' : ` (CI ${formatTick(bar.ciLow)}–${formatTick(bar.ciHigh)})`;
  }

  /** Plot y with the top margin that keeps the highest label inside the picture. */
  protected y(value: number): number {
    return TOP + this.scale()(value);
  }

  protected readonly layout = computed(() => {
    const groups = this.groups();
    const series = this.series();
    const slot = (W - LEFT) / Math.max(1, groups.length);
    const barW = Math.min(40, (slot * 0.8) / Math.max(1, series.length));
    const floor = TOP + this.plotHeight;
    return groups.map((g, gi) => {
      const start = LEFT + gi * slot + (slot - barW * series.length) / 2;
      return {
        label: g.label,
        center: LEFT + gi * slot + slot / 2,
        bars: g.bars.map((b) => {
          const si = Math.max(0, series.indexOf(b.series));
          const top = this.y(b.value);
          return {
            ...b, x: start + si * barW, w: barW * 0.9, y: top, h: Math.max(0, floor - top),
            colour: SERIES_COLOURS[si % SERIES_COLOURS.length],
            errLow: b.ciLow === null ? null : this.y(b.ciLow), errHigh: b.ciHigh === null ? null : this.y(b.ciHigh),
          };
        }),
      };
    });
  });
}
