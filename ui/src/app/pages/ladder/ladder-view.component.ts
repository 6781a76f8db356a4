import { ChangeDetectionStrategy, Component, computed, input, output } from '@angular/core';
import { RouterLink } from '@angular/router';
import { MatButton } from '@angular/material/button';
import { MatTableModule } from '@angular/material/table';

import { Ladder, LadderLayer } from '../../api/models/tuning-ladder';
import { TranslatePipe } from '../../i18n/translate.pipe';
import { testNamesInWords } from '../../shared/benchmark-metrics';
import { TypedCellDef } from '../../shared/table/typed-cell';
import { formatDateTime, formatMBps } from '../../shared/format';
import { LAYER_WORDS, bottleneckWords, ladderBars, limits, nextStep, settingsThenWords } from './ladder-words';
import { TestIdDirective } from '../../shared/test-id/test-id.directive';

/** One ladder: the verdict first, the limiting layer per direction, the rungs with their bars, what to measure next. */
@Component({
  selector: 'tp-ladder-view',
  imports: [TestIdDirective, MatButton, MatTableModule, TypedCellDef, RouterLink, TranslatePipe],
  changeDetection: ChangeDetectionStrategy.OnPush,
  styleUrls: ['../../shared/table/data-table.scss'],
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
    <p class="banner info verdict" role="status" tpTest="ladder-verdict">{{ ladder().verdict }}</p>
    <dl class="sides">
      <dt>{{ 'Reads limited by' | t }}</dt>
      <dd tpTest="ladder-bottleneck-read">{{ sides().read.key | t: sides().read.params }}</dd>
      <dt>{{ 'Writes limited by' | t }}</dt>
      <dd tpTest="ladder-bottleneck-write">{{ sides().write.key | t: sides().write.params }}</dd>
    </dl>

    <div class="table-wrap" tabindex="0" role="region" [attr.aria-label]="'The ladder' | t">
      <!-- The rungs in the ladder's own order (disks up to the client): never sorted, the order is the point. -->
      <table mat-table class="stacked" tpTest="ladder-table" [dataSource]="ladder().layers">
        <ng-container matColumnDef="layer">
          <th mat-header-cell *matHeaderCellDef>{{ 'Layer' | t }}</th>
          <td mat-cell *matCellDef="let l; of: ladder().layers" [attr.data-label]="'Layer' | t">
            <div><strong>{{ layerWords[l.layer] | t }}</strong>
              @if (limitsHere(l)) { <span class="tag">{{ 'limits' | t }}</span> }</div>
            <div class="muted small">{{ l.name }}</div>
            @if (dataLossWords(l); as w) {
              <!-- Its write figure is faster than safe writes allow: said where the figure is, not only in the note. -->
              <div class="small">
                <span class="badge DANGEROUS" tpTest="ladder-data-loss" [attr.title]="w">{{ 'Not safe on power loss' | t }}</span>
                @if (!noteSaysDataLoss(l)) { <span tpTest="ladder-data-loss-words">{{ w }}</span> }</div>
            }
          </td>
        </ng-container>
        @for (d of directions; track d) {
          <ng-container [matColumnDef]="d">
            <th mat-header-cell *matHeaderCellDef>{{ (d === 'read' ? 'Read' : 'Write') | t }}</th>
            <td mat-cell *matCellDef="let l; of: ladder().layers; let i = index" [attr.data-label]="(d === 'read' ? 'Read' : 'Write') | t"
                [tpTest]="['ladder', d, i]">
              @let value = d === 'read' ? l.read_bytes_per_second : l.write_bytes_per_second;
              @let bar = d === 'read' ? bars()[i].read : bars()[i].write;
              <div class="figure">
                <span class="num">{{ value == null ? ('not measured' | t) : rate(value) }}</span>
                @if (bar != null) { <span class="track" aria-hidden="true"><span class="bar" [style.width.%]="bar" style="display: block"></span></span> }
              </div>
            </td>
          </ng-container>
        }
        <ng-container matColumnDef="measured">
          <th mat-header-cell *matHeaderCellDef>{{ 'Measured' | t }}</th>
          <td mat-cell *matCellDef="let l; of: ladder().layers" class="small nowrap" [attr.data-label]="'Measured' | t">{{ l.measured_at ? date(l.measured_at) : '—' }}</td>
        </ng-container>
        <ng-container matColumnDef="note">
          <th mat-header-cell *matHeaderCellDef>{{ 'Note' | t }}</th>
          <td mat-cell *matCellDef="let l; of: ladder().layers" class="small" [attr.data-label]="'Note' | t">{{ noteWords(l.note ?? '') }}
            @if (thenWords(l); as w) { <div class="banner warn" tpTest="ladder-settings-then">{{ w }}</div> }</td>
        </ng-container>
        <tr mat-header-row *matHeaderRowDef="columns"></tr>
        <tr mat-row *matRowDef="let l; columns: columns" [class.limits]="limitsHere(l)"
            [tpTest]="['ladder-row', l.layer, (l.protocol ? '-' + l.protocol : '')]"></tr>
        <tr class="mat-mdc-row" *matNoDataRow>
          <td [attr.colspan]="columns.length" class="muted" tpTest="ladder-empty">{{ 'Nothing measured for this pool yet.' | t }}</td>
        </tr>
      </table>
    </div>

    @if (steps().length) {
      <h2>{{ 'Next steps' | t }}</h2>
      <ol class="steps" tpTest="ladder-missing">
        @for (s of steps(); track s.words) {
          <li [tpTest]="['ladder-step', $index]">
            {{ s.words }}
            @if (s.place; as p) {
              @if ('route' in p) {
                <a matButton="text" [routerLink]="p.route" [tpTest]="['ladder-step-link', $index]">{{ 'Go there' | t }}</a>
              } @else {
                <button matButton="text" type="button" [tpTest]="['ladder-step-link', $index]" (click)="readHere.emit()">{{ 'Go there' | t }}</button>
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
  protected readonly columns = ['layer', 'read', 'write', 'measured', 'note'];
  protected readonly layerWords = LAYER_WORDS;
  protected readonly rate = formatMBps;
  protected readonly noteWords = testNamesInWords;
  protected readonly thenWords = settingsThenWords;
  protected readonly date = formatDateTime;
  protected readonly bars = computed(() => ladderBars(this.ladder().layers));
  protected readonly steps = computed(() => this.ladder().missing.map(nextStep));

  /** The POOL layer's settings that can lose data on power loss, in the server's words; null when none. */
  protected dataLossWords(layer: LadderLayer): string | null {
    const settings = layer.layer === 'POOL' ? layer.data_loss_settings ?? [] : [];
    return settings.length ? settings.map((d) => d.words).join('; ') : null;
  }

  /** The server's note already says it (this version's does): the tag's title names the settings, the row once. */
  protected noteSaysDataLoss(layer: LadderLayer): boolean {
    return (layer.note ?? '').includes('not safe on power loss');
  }

  protected limitsHere(layer: LadderLayer): boolean {
    return limits(this.ladder(), layer, 'read') || limits(this.ladder(), layer, 'write');
  }

  /** The limiting layer per direction in words (the server's own sentences are the verdict above). */
  protected readonly sides = computed(() => ({
    read: bottleneckWords(this.ladder().bottleneck.read),
    write: bottleneckWords(this.ladder().bottleneck.write),
  }));
}
