import { ChangeDetectionStrategy, Component, input } from '@angular/core';

import { CompareTile } from '../../api/models/tuning-benchmark';
import { TranslatePipe } from '../../i18n/translate.pipe';
import { keepUnitsWithFigures } from '../format';
import { TestIdDirective } from '../test-id/test-id.directive';

/**
 * A CrystalDiskMark-style grid: per test, each result's headline figure as a big number in human units, its latency
 * under it, and against the baseline the change with the verdict's words (or that the runs are too few for one, or
 * that the ARC answered the read from RAM: muted, as neither judges anything).
 */
@Component({
  selector: 'tp-tile-grid',
  imports: [TestIdDirective, TranslatePipe],
  changeDetection: ChangeDetectionStrategy.OnPush,
  styles: `
    :host { display: grid; grid-template-columns: repeat(auto-fill, minmax(210px, 1fr)); gap: 10px; margin: 8px 0 14px; }
    .tile { background: var(--bg2); border: 1px solid var(--line); border-radius: var(--radius); padding: 10px 12px; }
    h3 { margin: 0 0 4px; font-size: 0.95em; color: var(--fg2); font-weight: 600; }
    .value { border-left: 4px solid; padding-left: 8px; margin-top: 8px; }
    .big { font-size: 1.9em; font-weight: 700; line-height: 1.1; color: var(--fg1); }
    .unit { color: var(--fg2); }
    .small { font-size: 0.85em; color: var(--fg2); }
    .change { font-size: 0.9em; font-weight: 600; }
    .change.BETTER { color: var(--ok); } .change.WORSE { color: var(--danger); }
    .change.NO_CHANGE, .change.INCONCLUSIVE, .change.INSUFFICIENT_RUNS, .change.FROM_RAM { color: var(--fg2); }
  `,
  template: `
    @for (tile of tiles(); track tile.key) {
      <section class="tile" [tpTest]="['tile', tile.key]" [attr.aria-label]="tile.title">
        <h3>{{ tile.title }}</h3>
        @for (v of tile.values; track v.configuration_id) {
          <div class="value" [style.border-color]="v.colour" tpTest="tile-value">
            <div><span class="big">{{ v.number }}</span>&ngsp;<span class="unit">{{ v.unit_word }}</span></div>
            @if (tile.values.length > 1) {
              <div class="small">{{ v.label }}@if (v.baseline) { ({{ 'baseline' | t }}) }</div>
            }
            @if (v.latency) { <div class="small">{{ keepUnits(v.latency) }}</div> }
            @if (v.change; as c) { <div class="change" [class]="c.verdict" tpTest="tile-change">{{ c.words }}</div> }
          </div>
        }
      </section>
    }
  `,
})
export class TileGridComponent {
  /** A latency line never ends between a figure and its unit ('21.9' then 'ms'). */
  protected readonly keepUnits = keepUnitsWithFigures;
  readonly tiles = input.required<CompareTile[]>();
}
