import { ChangeDetectionStrategy, Component, DestroyRef, ElementRef, afterNextRender, computed, inject, input, signal } from '@angular/core';

import { ChartLayout, CompareChart } from '../../api/models/tuning-benchmark';
import { TestIdDirective } from '../test-id/test-id.directive';

/** Of the server's layouts (one per width, narrowest first), the widest that fits `width`, else the narrowest. */
export function layoutFor(layouts: ChartLayout[], width: number): ChartLayout {
  return layouts.filter((l) => l.width <= width).at(-1) ?? layouts[0];
}

/**
 * One chart of the server's compare series, drawn as the server laid it out (core/report/chart_layout.py, the
 * report's layout) at the widest of its widths that fits the measured width: never scaled, so the text stays 12 px on
 * a phone too. Drawn in the theme's colours, the results in the colours the server gave them.
 */
@Component({
  selector: 'tp-series-chart',
  imports: [TestIdDirective],
  changeDetection: ChangeDetectionStrategy.OnPush,
  styles: `
    :host { display: block; width: 100%; overflow: hidden; }
    svg { display: block; }
    /* a halo of the card's colour: a grid or limit line crossing a name or value does not cut through it */
    text { fill: var(--fg1); font-size: 12px; font-family: inherit; paint-order: stroke; stroke: var(--bg2); stroke-width: 3px; stroke-linejoin: round; }
    .group { font-weight: 600; font-size: 13px; }
    .muted, .axis-label { fill: var(--fg2); }
    .grid { stroke: var(--line); }
    .whisker line { stroke: var(--fg1); stroke-width: 1.3; }
    circle { stroke: var(--fg1); stroke-width: 0.8; }
    .limit { stroke: var(--danger); stroke-width: 1.5; stroke-dasharray: 6 4; }
    .limit-label { fill: var(--danger); }
  `,
  template: `
    @let l = layout();
    @let series = chart().series;
    <svg [attr.width]="l.width" [attr.height]="l.height" [attr.viewBox]="'0 0 ' + l.width + ' ' + l.height"
         role="img" [attr.aria-label]="chart().description" tpTest="svg">
      <title>{{ chart().title }}</title>
      @for (t of l.ticks; track $index) {
        <line class="grid" [attr.x1]="t.x" [attr.x2]="t.x" [attr.y1]="l.plot_top" [attr.y2]="l.plot_bottom" />
        @if (t.label) { <text class="tick" [attr.x]="t.x" [attr.y]="l.tick_y" text-anchor="middle" tpTest="chart-tick">{{ t.label }}</text> }
      }
      <text class="axis-label" [attr.x]="l.axis_label_x" [attr.y]="l.axis_label_y" text-anchor="middle">{{ l.axis_label }}</text>
      <!-- the limit before the marks: where it is below a bar, the bar hides the line, not the other way -->
      @if (l.reference; as ref) {
        <g tpTest="chart-max-line">
          <line class="limit" [attr.x1]="ref.x" [attr.x2]="ref.x" [attr.y1]="ref.y1" [attr.y2]="ref.y2" />
          <text class="limit-label" [attr.x]="ref.x" [attr.y]="ref.label_y" [attr.text-anchor]="ref.anchor">{{ ref.label }}</text>
        </g>
      }
      @for (g of l.groups; track $index; let gi = $index) {
        <text class="group" x="8" [attr.y]="g.y" tpTest="chart-group">{{ g.label }}</text>
        <!-- rows in the chart's series order: the colour and the tooltip are the series' -->
        @for (r of g.rows; track $index; let si = $index) {
          <!-- the whole name: beside the mark, or on lines of its own above it -->
          <text [attr.x]="r.label_x" [attr.y]="r.label_y" [attr.text-anchor]="r.label_anchor" tpTest="chart-series-label">
            @for (line of r.label_lines; track $index) {
              <tspan [attr.x]="r.label_x" [attr.y]="r.label_y + $index * l.line_height">{{ line }}</tspan>
            }
          </text>
          <!-- a bar under its whisker (the part inside the bar shows), a dot over it (a narrow interval hides behind it) -->
          @if (r.bar_to !== null) {
            <rect [attr.x]="l.x0" [attr.y]="r.y - 6" [attr.width]="r.bar_to - l.x0" height="12" [attr.fill]="series[si].colour" tpTest="chart-mark">
              <title>{{ series[si].points[gi]?.title }}</title>
            </rect>
          }
          @if (r.whisker; as w) {
            <g class="whisker" tpTest="chart-whisker">
              <line [attr.x1]="w.x1" [attr.x2]="w.x2" [attr.y1]="r.y" [attr.y2]="r.y" />
              <line [attr.x1]="w.x1" [attr.x2]="w.x1" [attr.y1]="r.y - 4" [attr.y2]="r.y + 4" />
              <line [attr.x1]="w.x2" [attr.x2]="w.x2" [attr.y1]="r.y - 4" [attr.y2]="r.y + 4" />
            </g>
          }
          @if (r.dot_x !== null) {
            <circle [attr.cx]="r.dot_x" [attr.cy]="r.y" r="5" [attr.fill]="series[si].colour" tpTest="chart-mark"><title>{{ series[si].points[gi]?.title }}</title></circle>
          }
          <text [attr.x]="r.value_x" [attr.y]="r.y + 4" [class.muted]="r.bar_to === null && r.dot_x === null" tpTest="chart-value">{{ r.value }}</text>
        }
      }
    </svg>
  `,
})
export class SeriesChartComponent {
  readonly chart = input.required<CompareChart>();
  /** The chart laid out by the server at each width the panel may have (`chart_layouts[chart.id]`). */
  readonly layouts = input.required<ChartLayout[]>();
  /** The width to draw for until the element has been measured. */
  readonly initialWidth = input(640);
  private readonly measured = signal<number | null>(null);
  protected readonly layout = computed(() => layoutFor(this.layouts(), this.measured() ?? this.initialWidth()));

  constructor() {
    const host = inject<ElementRef<HTMLElement>>(ElementRef).nativeElement;
    const destroyRef = inject(DestroyRef);
    afterNextRender(() => {
      if (typeof ResizeObserver === 'undefined') {
        return; // no layout engine (unit tests): keep the initial width
      }
      const observer = new ResizeObserver(([entry]) => {
        const width = Math.floor(entry.contentRect.width);
        if (width > 0) {
          this.measured.set(width);
        }
      });
      observer.observe(host);
      destroyRef.onDestroy(() => observer.disconnect());
    });
  }
}
