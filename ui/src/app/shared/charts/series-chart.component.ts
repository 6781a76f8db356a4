import { ChangeDetectionStrategy, Component, DestroyRef, ElementRef, afterNextRender, computed, inject, input, signal } from '@angular/core';

import { CompareChart } from '../../api/models/tuning-benchmark';
import { LABEL_LINE, layoutChart } from './chart-layout';

/** Narrowest and widest layouts: below 300 px names and values no longer fit; above 900 px rows get hard to follow. */
const MIN_WIDTH = 300;
const MAX_WIDTH = 900;

/**
 * One chart of the server's compare series, drawn at the width it is given (measured, never scaled: the text stays
 * 12 px on a phone too), in the theme's colours, the results in the colours the server gave them.
 */
@Component({
  selector: 'tp-series-chart',
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
    <svg [attr.width]="l.width" [attr.height]="l.height" [attr.viewBox]="'0 0 ' + l.width + ' ' + l.height"
         role="img" [attr.aria-label]="chart().description" data-test="chart-svg">
      <title>{{ chart().title }}</title>
      @for (t of l.ticks; track $index) {
        <line class="grid" [attr.x1]="t.x" [attr.x2]="t.x" [attr.y1]="l.plotTop" [attr.y2]="l.plotBottom" />
        @if (t.label) { <text class="tick" [attr.x]="t.x" [attr.y]="l.tickY" text-anchor="middle" data-test="chart-tick">{{ t.label }}</text> }
      }
      <text class="axis-label" [attr.x]="l.axisLabelX" [attr.y]="l.axisLabelY" text-anchor="middle">{{ l.axisLabel }}</text>
      <!-- the limit before the marks: where it is below a bar, the bar hides the line, not the other way -->
      @if (l.reference; as ref) {
        <g data-test="chart-max-line">
          <line class="limit" [attr.x1]="ref.x" [attr.x2]="ref.x" [attr.y1]="ref.y1" [attr.y2]="ref.y2" />
          <text class="limit-label" [attr.x]="ref.x" [attr.y]="ref.labelY" [attr.text-anchor]="ref.anchor">{{ ref.label }}</text>
        </g>
      }
      @for (g of l.groups; track $index) {
        <text class="group" x="8" [attr.y]="g.y" data-test="chart-group">{{ g.label }}</text>
        @for (r of g.rows; track $index) {
          <!-- the whole name: beside the mark, or on lines of its own above it -->
          <text [attr.x]="r.labelX" [attr.y]="r.labelY" [attr.text-anchor]="r.labelAnchor" data-test="chart-series-label">
            @for (line of r.labelLines; track $index) {
              <tspan [attr.x]="r.labelX" [attr.y]="r.labelY + $index * lineHeight">{{ line }}</tspan>
            }
          </text>
          <!-- a bar under its whisker (the part inside the bar shows), a dot over it (a narrow interval hides behind it) -->
          @if (r.barTo !== null) {
            <rect [attr.x]="l.x0" [attr.y]="r.y - 6" [attr.width]="r.barTo - l.x0" height="12" [attr.fill]="r.colour" data-test="chart-mark">
              <title>{{ r.point?.title }}</title>
            </rect>
          }
          @if (r.whisker; as w) {
            <g class="whisker" data-test="chart-whisker">
              <line [attr.x1]="w.x1" [attr.x2]="w.x2" [attr.y1]="r.y" [attr.y2]="r.y" />
              <line [attr.x1]="w.x1" [attr.x2]="w.x1" [attr.y1]="r.y - 4" [attr.y2]="r.y + 4" />
              <line [attr.x1]="w.x2" [attr.x2]="w.x2" [attr.y1]="r.y - 4" [attr.y2]="r.y + 4" />
            </g>
          }
          @if (r.dotX !== null) {
            <circle [attr.cx]="r.dotX" [attr.cy]="r.y" r="5" [attr.fill]="r.colour" data-test="chart-mark"><title>{{ r.point?.title }}</title></circle>
          }
          <text [attr.x]="r.valueX" [attr.y]="r.y + 4" [class.muted]="r.barTo === null && r.dotX === null" data-test="chart-value">{{ r.value }}</text>
        }
      }
    </svg>
  `,
})
export class SeriesChartComponent {
  readonly chart = input.required<CompareChart>();
  /** The width to lay out for until the element has been measured. */
  readonly initialWidth = input(640);
  protected readonly lineHeight = LABEL_LINE;
  private readonly measured = signal<number | null>(null);
  protected readonly layout = computed(() => {
    const width = this.measured() ?? this.initialWidth();
    return layoutChart(this.chart(), Math.round(Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, width))));
  });

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
