import { ChangeDetectionStrategy, Component, computed, input, output } from '@angular/core';
import { RouterLink } from '@angular/router';
import { MatButton } from '@angular/material/button';

import { Ladder } from '../../api/models/tuning-ladder';
import { TranslatePipe } from '../../i18n/translate.pipe';
import { testNamesInWords } from '../../shared/benchmark-metrics';
import { formatDateTime, formatMBps } from '../../shared/format';
import { LAYER_WORDS, bottleneckWords, ladderBars, limits, nextStep, settingsThenWords } from './ladder-words';

/** One ladder: the verdict first, the limiting layer per direction, the rungs with their bars, what to measure next. */
@Component({
  selector: 'tp-ladder-view',
  imports: [MatButton, RouterLink, TranslatePipe],
  changeDetection: ChangeDetectionStrategy.OnPush,
  styles: `
    .verdict { font-size: 1.15em; font-weight: 600; line-height: 1.4; }
    .sides { display: grid; grid-template-columns: max-content 1fr; gap: 4px 12px; margin: 0 0 12px; }
    .sides dt { color: var(--fg2); }
    .sides dd { margin: 0; }
    .figure { display: flex; align-items: center; gap: 8px; min-width: 180px; }
    .figure .num { white-space: nowrap; min-width: 88px; }
    .track { flex: 1; height: 12px; background: var(--bg3); border-radius: 3px; overflow: hidden; }
    .bar { height: 100%; background: var(--primary); }
    tr.limits .bar { background: var(--warn); }
    .tag { display: inline-block; margin-left: 6px; padding: 0 6px; border-radius: 3px; background: var(--warn-bg);
           border: 1px solid var(--warn); font-size: 0.85em; white-space: nowrap; }
    .small { font-size: 0.9em; }
    .nowrap { white-space: nowrap; }
    ol.steps li { margin: 6px 0; }
  `,
  template: `
    <p class="banner info verdict" role="status" data-test="ladder-verdict">{{ ladder().verdict }}</p>
    <dl class="sides">
      <dt>{{ 'Reads limited by' | t }}</dt>
      <dd data-test="ladder-bottleneck-read">{{ sides().read.key | t: sides().read.params }}</dd>
      <dt>{{ 'Writes limited by' | t }}</dt>
      <dd data-test="ladder-bottleneck-write">{{ sides().write.key | t: sides().write.params }}</dd>
    </dl>

    <div class="table-wrap" tabindex="0" role="region" [attr.aria-label]="'The ladder' | t">
      <table class="stacked" data-test="ladder-table">
        <thead><tr>
          <th>{{ 'Layer' | t }}</th><th>{{ 'Read' | t }}</th><th>{{ 'Write' | t }}</th><th>{{ 'Measured' | t }}</th><th>{{ 'Note' | t }}</th>
        </tr></thead>
        <tbody>
          @for (l of ladder().layers; track $index; let i = $index) {
            <tr [attr.data-test]="'ladder-row-' + l.layer + (l.protocol ? '-' + l.protocol : '')"
                [class.limits]="limits(ladder(), l, 'read') || limits(ladder(), l, 'write')">
              <td [attr.data-label]="'Layer' | t">
                <div><strong>{{ layerWords[l.layer] | t }}</strong>
                  @if (limits(ladder(), l, 'read') || limits(ladder(), l, 'write')) { <span class="tag">{{ 'limits' | t }}</span> }</div>
                <div class="muted small">{{ l.name }}</div>
              </td>
              @for (d of directions; track d) {
                @let value = d === 'read' ? l.read_bytes_per_second : l.write_bytes_per_second;
                @let bar = d === 'read' ? bars()[i].read : bars()[i].write;
                <td [attr.data-label]="(d === 'read' ? 'Read' : 'Write') | t" [attr.data-test]="'ladder-' + d + '-' + i">
                  <div class="figure">
                    <span class="num">{{ value == null ? ('not measured' | t) : rate(value) }}</span>
                    @if (bar != null) { <span class="track" aria-hidden="true"><span class="bar" [style.width.%]="bar" style="display: block"></span></span> }
                  </div>
                </td>
              }
              <td class="small nowrap" [attr.data-label]="'Measured' | t">{{ l.measured_at ? date(l.measured_at) : '—' }}</td>
              <td class="small" [attr.data-label]="'Note' | t">{{ noteWords(l.note ?? '') }}
                @if (thenWords(l); as w) { <div class="banner warn" data-test="ladder-settings-then">{{ w }}</div> }</td>
            </tr>
          } @empty {
            <tr><td colspan="5" class="muted" data-test="ladder-empty">{{ 'Nothing measured for this pool yet.' | t }}</td></tr>
          }
        </tbody>
      </table>
    </div>

    @if (steps().length) {
      <h2>{{ 'Next steps' | t }}</h2>
      <ol class="steps" data-test="ladder-missing">
        @for (s of steps(); track s.words) {
          <li [attr.data-test]="'ladder-step-' + $index">
            {{ s.words }}
            @if (s.place; as p) {
              @if ('route' in p) {
                <a matButton="text" [routerLink]="p.route" [attr.data-test]="'ladder-step-link-' + $index">{{ 'Go there' | t }}</a>
              } @else {
                <button matButton="text" type="button" [attr.data-test]="'ladder-step-link-' + $index" (click)="readHere.emit()">{{ 'Go there' | t }}</button>
              }
            }
            @if (s.method) { <div class="muted small">{{ 'From a script:' | t }} <code>{{ s.method }}</code></div> }
          </li>
        }
      </ol>
    }
  `,
})
export class LadderViewComponent {
  readonly ladder = input.required<Ladder>();
  /** A next step is this page's own "Read the disks": the page brings it into view. */
  readonly readHere = output();

  protected readonly directions = ['read', 'write'] as const;
  protected readonly layerWords = LAYER_WORDS;
  protected readonly rate = formatMBps;
  protected readonly noteWords = testNamesInWords;
  protected readonly thenWords = settingsThenWords;
  protected readonly date = formatDateTime;
  protected readonly limits = limits;
  protected readonly bars = computed(() => ladderBars(this.ladder().layers));
  protected readonly steps = computed(() => this.ladder().missing.map(nextStep));

  /** The limiting layer per direction in words (the server's own sentences are the verdict above). */
  protected readonly sides = computed(() => ({
    read: bottleneckWords(this.ladder().bottleneck.read),
    write: bottleneckWords(this.ladder().bottleneck.write),
  }));
}
